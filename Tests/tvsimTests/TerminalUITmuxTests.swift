import Foundation
import Testing

/// The real terminal path: the built binary in tmux, driven with keys, resized, quit or
/// signalled, and the terminal checked afterwards (`stty` must show canonical mode and echo).
final class TmuxSession: @unchecked Sendable {
    let socket = "tvsim-test-\(UUID().uuidString.prefix(8))"
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tvsim-tmux-\(UUID().uuidString)")

    static var tmux: String? {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    init(arguments: [String], width: Int = 120, height: Int = 36, term: String = "xterm-256color") throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let binary = TVSimBinary.url.path
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            echo $$ > \(directory.path)/pid
            XDG_CONFIG_HOME=\(directory.path) TERM=\(term) \(binary) --device-state \(directory.path)/device.json \(quoted)
            echo EXITED $?
            stty -a > \(directory.path)/stty.txt
            sleep 60
            """
        try script.write(to: directory.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        // The tmux server outlives this call: it must not inherit a pipe we wait on.
        try run(
            ["new-session", "-d", "-s", "s", "-x", "\(width)", "-y", "\(height)", "sh \(directory.path)/run.sh"],
            capture: false)
    }

    deinit {
        _ = try? run(["kill-server"], capture: false)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs tmux with posix_spawn and waitpid: the tmux client forks a server that lives on,
    /// which Foundation's Process does not always reap.
    @discardableResult
    func run(_ arguments: [String], capture: Bool = true) throws -> String {
        let output = directory.appendingPathComponent("out-\(UUID().uuidString)").path
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(
            &actions, 1, capture ? output : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([Self.tmux!, "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, Self.tmux!, &actions, nil, argv, environ) == 0 else { return "" }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        defer { try? FileManager.default.removeItem(atPath: output) }
        return capture ? ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "") : ""
    }

    var screen: String { (try? run(["capture-pane", "-p", "-t", "s"])) ?? "" }

    func keys(_ keys: String...) throws { try run(["send-keys", "-t", "s"] + keys) }

    func resize(_ width: Int, _ height: Int) throws {
        try run(["resize-window", "-t", "s", "-x", "\(width)", "-y", "\(height)"])
    }

    func waitFor(_ text: String, seconds: Double = 15) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if screen.contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// The shell's `stty -a` after tvsim exited.
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

@Suite(.serialized) struct TerminalUITmuxTests {
    @Test func signInThroughAppleSSOThenQuitRestoresTheTerminal() async throws {
        guard TmuxSession.tmux != nil else {
            Issue.record("tmux is not installed; the terminal end-to-end test needs it")
            return
        }
        let session = try TmuxSession(arguments: [])
        #expect(await session.waitFor("Would Like Access"), "\(session.screen)")
        try session.keys("Enter")
        #expect(await session.waitFor("Sign in with your TV provider"), "\(session.screen)")
        try session.keys("Enter")
        #expect(await session.waitFor("⌕ Search"), "\(session.screen)")
        try session.keys("a", "u", "r", "Enter")
        #expect(await session.waitFor("Sign in to Aurora Cable"), "\(session.screen)")
        try session.resize(80, 24)
        #expect(await session.waitFor("Sign in to Aurora Cable"), "\(session.screen)")
        try session.resize(60, 20)
        #expect(await session.waitFor("Make the window larger"), "\(session.screen)")
        try session.resize(120, 36)
        try session.keys("F3", "Enter")
        #expect(await session.waitFor("Signed in · AuroraCable via Apple"), "\(session.screen)")
        #expect(session.screen.contains("C.12 create and retrieve profile"))
        try session.keys("q")
        #expect(await session.waitFor("EXITED 0"), "\(session.screen)")
        try? await Task.sleep(for: .milliseconds(300))
        #expect(TmuxSession.restored(session.sttyAfterExit), "\(session.sttyAfterExit)")
        #expect(!session.screen.contains("Orbit TV on iPhone"))
    }

    @Test(arguments: [(SIGTERM, "EXITED 143"), (SIGHUP, "EXITED 129"), (SIGINT, "EXITED 130")])
    func aSignalEndsTheUIAndRestoresTheTerminal(_ signal: Int32, _ exit: String) async throws {
        guard TmuxSession.tmux != nil else {
            Issue.record("tmux is not installed; the terminal end-to-end test needs it")
            return
        }
        let session = try TmuxSession(arguments: ["--platform", "tvos"])
        #expect(await session.waitFor("Would Like Access"), "\(session.screen)")
        let pid = try #require(session.tvsimPid)
        kill(pid, signal)
        #expect(await session.waitFor(exit), "\(session.screen)")
        try? await Task.sleep(for: .milliseconds(300))
        #expect(TmuxSession.restored(session.sttyAfterExit), "\(session.sttyAfterExit)")
    }

    @Test func aResizeStormDoesNotCrash() async throws {
        guard TmuxSession.tmux != nil else {
            Issue.record("tmux is not installed; the terminal end-to-end test needs it")
            return
        }
        let session = try TmuxSession(arguments: [])
        #expect(await session.waitFor("Would Like Access"), "\(session.screen)")
        for index in 0..<100 {
            try session.resize(60 + (index * 7) % 90, 15 + (index * 5) % 40)
        }
        try session.resize(120, 36)
        #expect(await session.waitFor("Would Like Access"), "\(session.screen)")
        // As a person would: the key comes once the window has stopped changing, not in the
        // middle of the last resizes still being delivered.
        try await Task.sleep(for: .milliseconds(500))
        try session.keys("Escape")
        #expect(await session.waitFor("Not signed in"), "\(session.screen)")
        try session.keys("q")
        #expect(await session.waitFor("EXITED 0"), "\(session.screen)")
    }

    @Test func theFirstFrameAndQuitDoNotWaitForTheBackEnd() async throws {
        guard TmuxSession.tmux != nil else {
            Issue.record("tmux is not installed; the terminal end-to-end test needs it")
            return
        }
        // A back end that accepts connections and never answers: the world cannot start for
        // as long as the admin client waits (10 s).
        let silent = try SilentListener()
        let session = try TmuxSession(arguments: ["--server", "http://127.0.0.1:\(silent.port)"])
        #expect(await session.waitFor("Starting the back end", seconds: 5), "\(session.screen)")
        try session.resize(80, 24)
        #expect(await session.waitFor("Starting the back end", seconds: 3), "\(session.screen)")
        let asked = Date()
        try session.keys("q")
        #expect(await session.waitFor("EXITED 0", seconds: 5), "\(session.screen)")
        #expect(Date().timeIntervalSince(asked) < 3)
        try? await Task.sleep(for: .milliseconds(300))
        #expect(TmuxSession.restored(session.sttyAfterExit), "\(session.sttyAfterExit)")
    }

    @Test func aDumbTerminalOrAnotherPlatformsDeviceFileIsRefusedWithAReason() async throws {
        guard TmuxSession.tmux != nil else {
            Issue.record("tmux is not installed; the terminal end-to-end test needs it")
            return
        }
        let dumb = try TmuxSession(arguments: [], term: "dumb")
        #expect(await dumb.waitFor("EXITED 1"), "\(dumb.screen)")
        #expect(dumb.screen.contains("needs a terminal that can move the cursor"))

        let iPhoneFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "iphone-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: iPhoneFile) }
        let reset = TVSimBinary.Running(["device", "reset", "--platform", "ios", "--device-state", iPhoneFile.path])
        #expect(await reset.waitForExit() == 0)
        let mismatch = try TmuxSession(arguments: ["--platform", "tvos", "--device-state", iPhoneFile.path])
        #expect(await mismatch.waitFor("EXITED 1"), "\(mismatch.screen)")
        #expect(mismatch.screen.contains("holds an iPhone, not an Apple TV"), "\(mismatch.screen)")
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
