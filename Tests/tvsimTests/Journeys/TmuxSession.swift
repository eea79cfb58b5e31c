import Foundation
import Subprocess
import Synchronization
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

    /// Called once the session is gone (a journey's place is given back).
    private let onEnd: @Sendable () -> Void

    private init(onEnd: @escaping @Sendable () -> Void) { self.onEnd = onEnd }

    /// Starts tvsim with `arguments` in a new tmux server of its own.
    /// `deviceState`: give the terminal UI a device file of the test's own (`tvsim watch`
    /// simulates no device and takes none). `environment`: variables to set for tvsim.
    /// `program`: another program to run in tvsim's place (a player of what tvsim recorded).
    static func start(
        arguments: [String], width: Int = 120, height: Int = 36, term: String = "xterm-256color",
        deviceState: Bool = true, environment: [String: String] = [:], program: String? = nil,
        onEnd: @escaping @Sendable () -> Void = {}
    )
        async throws -> TmuxSession
    {
        let session = TmuxSession(onEnd: onEnd)
        try session.writeScript(
            arguments: arguments, term: term, deviceState: deviceState, environment: environment,
            program: program ?? TVSimBinary.url.path)
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

    private func writeScript(
        arguments: [String], term: String, deviceState: Bool, environment: [String: String], program binary: String
    ) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let device = deviceState ? "--device-state \(directory.path)/device.json " : ""
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)' " }.joined()
        let script = """
            echo $$ > \(directory.path)/pid
            # Ctrl-C reaches tvsim (as SIGINT to the foreground group); the shell lives on to report.
            trap : INT
            # The test runner may set NO_COLOR; a journey sees the colours a user would, unless it
            # sets NO_COLOR itself.
            unset NO_COLOR
            cd \(directory.path)
            XDG_CONFIG_HOME=\(directory.path) TERM=\(term) LC_ALL=C.UTF-8 \(variables)\(binary) \(device)\(quoted)
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
        onEnd()
    }

    /// Runs the tmux client with swift-subprocess and returns what it printed.
    @discardableResult
    /// Runs tmux on this session's server. A tmux whose end is never reported (seen once under
    /// heavy load) fails the journey after `seconds` instead of hanging the whole suite.
    func run(_ arguments: [String], capture: Bool = true, seconds: Double = 30) async throws -> String {
        try await Self.within(seconds, what: "tmux \(arguments.first ?? "")") {
            try await self.runTmux(arguments, capture: capture)
        }
    }

    struct TimedOut: Error, CustomStringConvertible {
        let what: String
        let seconds: Double
        var description: String { "\(what) did not finish within \(seconds) s" }
    }

    /// `body`'s result, or `TimedOut` after `seconds`; a body that never ends is left behind.
    static func within<T: Sendable>(
        _ seconds: Double, what: String, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let pending = Mutex<CheckedContinuation<T, any Error>?>(continuation)
            let finish: @Sendable (Result<T, any Error>) -> Void = { result in
                pending.withLock { waiting in
                    waiting?.resume(with: result)
                    waiting = nil
                }
            }
            Task {
                do { finish(.success(try await body())) } catch { finish(.failure(error)) }
            }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                finish(.failure(TimedOut(what: what, seconds: seconds)))
            }
        }
    }

    private func runTmux(_ arguments: [String], capture: Bool) async throws -> String {
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
