import Foundation
import Subprocess
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// The real terminal path: the built binary in tmux, driven with keys, resized, quit or
/// signalled, and the terminal checked afterwards (`stty` must show canonical mode and echo).
final class TmuxSession: @unchecked Sendable {
    let socket = "tvsim-test-\(UUID().uuidString.prefix(8))"
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tvsim-tmux-\(UUID().uuidString)")

    /// The pane as last captured, for failure messages (which cannot wait).
    private(set) var lastScreen = ""
    /// The tmux server, stopped with the session.
    private var serverPid: pid_t?

    private init() {}

    /// Starts tvsim with `arguments` in a new tmux server of its own.
    /// `deviceState`: give the terminal UI a device file of the test's own (`tvsim watch`
    /// simulates no device and takes none).
    static func start(
        arguments: [String], width: Int = 120, height: Int = 36, term: String = "xterm-256color",
        deviceState: Bool = true
    )
        async throws -> TmuxSession
    {
        let session = TmuxSession()
        try session.writeScript(arguments: arguments, term: term, deviceState: deviceState)
        // The tmux server outlives this call: it inherits no pipe that anyone waits on.
        try await session.run(
            [
                "new-session", "-d", "-s", "s", "-x", "\(width)", "-y", "\(height)",
                "sh \(session.directory.path)/run.sh",
            ],
            capture: false)
        let pid = try await session.run(["display-message", "-p", "#{pid}"])
        session.serverPid = pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines))
        return session
    }

    private func writeScript(arguments: [String], term: String, deviceState: Bool) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let binary = TVSimBinary.url.path
        let device = deviceState ? "--device-state \(directory.path)/device.json " : ""
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            echo $$ > \(directory.path)/pid
            cd \(directory.path)
            XDG_CONFIG_HOME=\(directory.path) TERM=\(term) LC_ALL=C.UTF-8 \(binary) \(device)\(quoted)
            status=$?
            stty -a > \(directory.path)/stty.partial && mv \(directory.path)/stty.partial \(directory.path)/stty.txt
            echo EXITED $status
            sleep 60
            """
        try script.write(to: directory.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
    }

    deinit {
        // SIGTERM ends the tmux server and hangs up its pane, as `kill-server` does.
        if let serverPid { kill(serverPid, SIGTERM) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs the tmux client with swift-subprocess and returns what it printed.
    @discardableResult
    func run(_ arguments: [String], capture: Bool = true) async throws -> String {
        let executable = Executable.path(FilePath(try OutsideTool.tmux.require()))
        let all = Arguments(["-L", socket] + arguments)
        guard capture else {
            _ = try await Subprocess.run(executable, arguments: all, output: .discarded, error: .discarded)
            return ""
        }
        let result = try await Subprocess.run(
            executable, arguments: all, output: .string(limit: 1 << 20), error: .discarded)
        return result.standardOutput
    }

    /// Captures the pane.
    func screen() async -> String {
        lastScreen = (try? await run(["capture-pane", "-p", "-t", "s"])) ?? ""
        return lastScreen
    }

    func keys(_ keys: String...) async throws { try await run(["send-keys", "-t", "s"] + keys) }

    func resize(_ width: Int, _ height: Int) async throws {
        try await run(["resize-window", "-t", "s", "-x", "\(width)", "-y", "\(height)"])
    }

    func waitFor(_ text: String, seconds: Double = 15) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if await screen().contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// Waits until tvsim has drawn a whole frame at `width`×`height`: the header line, whose
    /// clock ends at the right edge, spans the window, so every resize before has been handled.
    func waitForFrame(width: Int, height: Int, seconds: Double = 15) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let lines = await screen().split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count >= height, let header = lines.first, header.hasSuffix("UTC"), header.count >= width - 1 {
                return true
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// The shell's `stty -a` after tvsim exited (written before the shell prints `EXITED`).
    var sttyAfterExit: String {
        (try? String(contentsOf: directory.appendingPathComponent("stty.txt"), encoding: .utf8)) ?? ""
    }

    /// The pid of the shell that runs tvsim; tvsim is its only child.
    var tvsimPid: Int32? {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("pid"), encoding: .utf8),
            let shell = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }

    static func restored(_ stty: String) -> Bool {
        let words = Set(stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        return words.contains("icanon") && words.contains("echo") && !words.contains("-icanon")
    }
}

@Suite(.serialized, .needs(.tmux)) struct TerminalUITmuxTests {
    /// `tvsim watch` beside the README's curl calls: each call with its cookbook step, the
    /// session started without the profile check marked, the client's summary, then quit.
    @Test(.needs(.curl, .jq)) func watchShowsTheReadmeCurlCallsLiveWithTheirFindings() async throws {
        let session = try await TmuxSession.start(arguments: ["watch", "--port", "0"], deviceState: false)
        #expect(await session.waitFor("Point the app under test at"), "\(session.lastScreen)")
        let base = try #require(
            (await session.screen()).firstMatch(of: /(http:\/\/127\.0\.0\.1:\d+)/)?.1, "\(session.lastScreen)")
        let readme = try String(
            contentsOf: DocumentationTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = DocumentationTests.shellBlocks(in: readme).filter { $0.contains("$BASE") }
        let calls = blocks.filter { $0.contains("/o/client/register") || $0.contains("/api/v2/ORBIT/sessions") }
        try #require(calls.count == 2, "the README's registration and session examples")
        let script =
            "set -eu\nBASE=\(base)\n"
            + calls.joined(separator: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("BASE=") }
            .joined(separator: "\n")
        let run = try await Subprocess.run(
            .path(FilePath("/bin/bash")), arguments: ["-c", script], output: .string(limit: 1 << 20),
            error: .combinedWithOutput)
        #expect(run.terminationStatus.isSuccess, "\(run.standardOutput)")
        #expect(await session.waitFor("✗ V2-ORDER-PROFILES-FIRST"), "\(session.lastScreen)")
        // The client's summary follows its calls in the same poll, maybe a frame later.
        #expect(await session.waitFor("errors 1 · warnings 0"), "\(session.lastScreen)")
        let screen = await session.screen()
        for text in ["A.1 dcr.register", "POST /o/client/register → 201", "C.1 configuration", "BA.1 sessions.create"] {
            #expect(screen.contains(text), "\(screen)")
        }
        #expect(screen.contains("rest-v2 · 4 calls"), "\(screen)")
        #expect(screen.contains("errors 1 · warnings 0"), "\(screen)")
        try await session.resize(80, 24)
        #expect(await session.waitForFrame(width: 80, height: 24), "\(session.lastScreen)")
        try await session.keys("q")
        #expect(await session.waitFor("EXITED 0"), "\(session.lastScreen)")
        #expect(TmuxSession.restored(session.sttyAfterExit), "\(session.sttyAfterExit)")
    }

    @Test func signInThroughAppleSSOThenQuitRestoresTheTerminal() async throws {
        let session = try await TmuxSession.start(arguments: [])
        #expect(await session.waitFor("Would Like Access"), "\(session.lastScreen)")
        try await session.keys("Enter")
        #expect(await session.waitFor("Sign in with your TV provider"), "\(session.lastScreen)")
        try await session.keys("Enter")
        #expect(await session.waitFor("⌕ Search"), "\(session.lastScreen)")
        try await session.keys("a", "u", "r", "Enter")
        #expect(await session.waitFor("Sign in to Aurora Cable"), "\(session.lastScreen)")
        try await session.resize(80, 24)
        #expect(await session.waitFor("Sign in to Aurora Cable"), "\(session.lastScreen)")
        try await session.resize(60, 20)
        #expect(await session.waitFor("Make the window larger"), "\(session.lastScreen)")
        try await session.resize(120, 36)
        try await session.keys("F3", "Enter")
        #expect(await session.waitFor("Signed in · Aurora Cable via"), "\(session.lastScreen)")
        #expect((await session.screen()).contains("C.12 create and retrieve profile"))
        try await session.keys("q")
        #expect(await session.waitFor("EXITED 0"), "\(session.lastScreen)")
        #expect(TmuxSession.restored(session.sttyAfterExit), "\(session.sttyAfterExit)")
        #expect(!(await session.screen()).contains("Orbit TV on iPhone"))
    }

    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func homeAndEndMoveThePickerWhateverTheTerminalName(_ term: String) async throws {
        let session = try await TmuxSession.start(arguments: [], term: term)
        #expect(await session.waitFor("Would Like Access"), "\(session.lastScreen)")
        try await session.keys("Enter")
        #expect(await session.waitFor("Sign in with your TV provider"), "\(session.lastScreen)")
        try await session.keys("Enter")
        #expect(await session.waitFor("⌕ Search"), "\(session.lastScreen)")
        try await session.keys("End")
        #expect(await session.waitFor("› Other TV Provider"), "\(session.lastScreen)")
        try await session.keys("Home")
        #expect(await session.waitFor("› Aurora Cable"), "\(session.lastScreen)")
        // Cancel: N005, then the app's own picker, whose cancel ends the sign-in.
        try await session.keys("Escape")
        #expect(await session.waitFor("Choose your TV provider"), "\(session.lastScreen)")
        try await session.keys("Escape")
        #expect(await session.waitFor("Not signed in"), "\(session.lastScreen)")
        try await session.keys("q")
        #expect(await session.waitFor("EXITED 0"), "\(session.lastScreen)")
    }

    @Test func aLiveSessionIsRecordedWithRecord() async throws {
        let cast = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString).cast")
        defer { try? FileManager.default.removeItem(at: cast) }
        let session = try await TmuxSession.start(arguments: ["--record", cast.path], width: 100, height: 30)
        #expect(await session.waitFor("Would Like Access"), "\(session.lastScreen)")
        try await session.keys("Enter")
        #expect(await session.waitFor("Sign in with your TV provider"), "\(session.lastScreen)")
        try await session.keys("q")
        #expect(await session.waitFor("EXITED 0"), "\(session.lastScreen)")
        let recorded = try RecordedCast(contentsOf: cast.path)
        #expect(recorded.width == 100 && recorded.height == 30)
        #expect(recorded.text.contains("Would Like Access") && recorded.text.contains("Not signed in"))
        if let asciinema = try await RecordedCast.readByAsciinema(cast.path) {
            #expect(asciinema == recorded, "asciinema reads the file otherwise")
        }
    }

    @Test(arguments: [(SIGTERM, "EXITED 143"), (SIGHUP, "EXITED 129"), (SIGINT, "EXITED 130"), (SIGQUIT, "EXITED 131")])
    func aSignalEndsTheUIAndRestoresTheTerminal(_ signal: Int32, _ exit: String) async throws {
        let session = try await TmuxSession.start(arguments: ["--platform", "tvos"])
        #expect(await session.waitFor("Would Like Access"), "\(session.lastScreen)")
        let pid = try #require(session.tvsimPid)
        kill(pid, signal)
        #expect(await session.waitFor(exit), "\(session.lastScreen)")
        #expect(TmuxSession.restored(session.sttyAfterExit), "\(session.sttyAfterExit)")
    }

    @Test func aResizeStormDoesNotCrash() async throws {
        let session = try await TmuxSession.start(arguments: [])
        #expect(await session.waitFor("Would Like Access"), "\(session.lastScreen)")
        for index in 0..<100 {
            try await session.resize(60 + (index * 7) % 90, 15 + (index * 5) % 40)
        }
        try await session.resize(120, 36)
        // As a person would: the key comes once the window has stopped changing, when the
        // frame of the last size is drawn.
        #expect(await session.waitForFrame(width: 120, height: 36), "\(session.lastScreen)")
        #expect(session.lastScreen.contains("Would Like Access"), "\(session.lastScreen)")
        try await session.keys("Escape")
        #expect(await session.waitFor("Not signed in"), "\(session.lastScreen)")
        try await session.keys("q")
        #expect(await session.waitFor("EXITED 0"), "\(session.lastScreen)")
    }

    @Test func theFirstFrameAndQuitDoNotWaitForTheBackEnd() async throws {
        // A back end that accepts connections and never answers: the world cannot start for
        // as long as the admin client waits (10 s).
        let silent = try SilentListener()
        let session = try await TmuxSession.start(arguments: ["--server", "http://127.0.0.1:\(silent.port)"])
        #expect(await session.waitFor("Starting the back end", seconds: 5), "\(session.lastScreen)")
        try await session.resize(80, 24)
        #expect(await session.waitFor("Starting the back end", seconds: 3), "\(session.lastScreen)")
        try await session.keys("q")
        // Gone before the admin client gives up on the silent back end (10 s): quit did not
        // wait for it.
        #expect(await session.waitFor("EXITED 0", seconds: 8), "\(session.lastScreen)")
        #expect(TmuxSession.restored(session.sttyAfterExit), "\(session.sttyAfterExit)")
    }

    @Test func aDumbTerminalOrAnotherPlatformsDeviceFileIsRefusedWithAReason() async throws {
        let dumb = try await TmuxSession.start(arguments: [], term: "dumb")
        #expect(await dumb.waitFor("EXITED 1"), "\(dumb.lastScreen)")
        #expect((await dumb.screen()).contains("needs a terminal that can move the cursor"))

        let iPhoneFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "iphone-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: iPhoneFile) }
        let reset = TVSimBinary.Running(["device", "reset", "--platform", "ios", "--device-state", iPhoneFile.path])
        #expect(await reset.waitForExit() == 0)
        let mismatch = try await TmuxSession.start(arguments: ["--platform", "tvos", "--device-state", iPhoneFile.path])
        #expect(await mismatch.waitFor("EXITED 1"), "\(mismatch.lastScreen)")
        #expect((await mismatch.screen()).contains("holds an iPhone, not an Apple TV"), "\(mismatch.lastScreen)")
    }
}

/// A TCP socket on loopback that accepts connections (the kernel does) and never reads them.
final class SilentListener {
    let descriptor: Int32
    let port: Int

    init() throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}
