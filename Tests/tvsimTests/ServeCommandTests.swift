import Foundation
import MockBackendAPI
import PassClient
import Simulation
import Subprocess
import Synchronization
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// Runs the built `tvsim` binary as a user would.
/// Runs the tasks that read a started `tvsim`'s output, on one thread of its own.
final class OutputReaderExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = OutputReaderExecutor()
    private let queue = DispatchQueue(label: "tvsim-tests.output-reader")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

enum TVSimBinary {
    /// `tvsim serve --port 0` with `extra` arguments, once it listens, and the port it took.
    static func serve(_ extra: [String] = [], fileLimit: Int? = nil) async throws -> (Running, Int) {
        let server = Running(["serve", "--port", "0"] + extra, fileLimit: fileLimit)
        #expect(await server.waitFor("Press Ctrl-C to stop."), "\(server.text.suffix(600))")
        let port = try #require(server.text.firstMatch(of: /listening on http:\/\/127\.0\.0\.1:(\d+)/)?.1)
        return (server, try #require(Int(port)))
    }

    static var url: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tvsim")
    }

    /// The environment of every `tvsim` the tests start: English, whatever the machine's locale
    /// (`LANG=es_ES` would otherwise translate what they read). Set per process, never on the
    /// test process itself, whose other tests run meanwhile.
    static let environment = Environment.inherit.updating(["LC_ALL": "C.UTF-8"])

    /// A running `tvsim`, started with swift-subprocess, its output (standard error included)
    /// collected as it comes.
    final class Running: Sendable {
        private struct State {
            var pid: pid_t?
            var output: [UInt8] = []
            var exitStatus: Int32?
        }

        /// Shared with the task that runs the process.
        private final class Shared: Sendable {
            let state = Mutex(State())
        }

        private let shared = Shared()

        /// Runs `tvsim arguments`; with `fileLimit`, under `ulimit -n fileLimit` (the process
        /// keeps its pid: the shell execs it); `environment` changes the inherited variables. The
        /// language is English unless a test says otherwise, whatever the machine's locale.
        init(_ arguments: [String], fileLimit: Int? = nil, environment: [String: String] = [:]) {
            let variables = ["LC_ALL": "C.UTF-8"].merging(environment) { _, asked in asked }
            let updates = Dictionary(
                uniqueKeysWithValues: variables.map { (Environment.Key(stringLiteral: $0.key), Optional($0.value)) })
            let shared = self.shared
            let (executable, arguments) =
                fileLimit.map { limit in
                    ("/bin/sh", ["-c", "ulimit -n \(limit) && exec \"$0\" \"$@\"", TVSimBinary.url.path] + arguments)
                } ?? (TVSimBinary.url.path, arguments)
            // On a thread of its own: synchronous tests that keep the cooperative threads busy
            // for seconds must not keep the output from being read while a test waits for it.
            Task.detached(executorPreference: OutputReaderExecutor.shared) {
                let status: Int32
                do {
                    let result = try await Subprocess.run(
                        .path(FilePath(executable)), arguments: Arguments(arguments),
                        environment: .inherit.updating(updates), input: .none, output: .sequence,
                        error: .combinedWithOutput
                    ) { execution in
                        shared.state.withLock { $0.pid = execution.processIdentifier.value }
                        for try await chunk in execution.standardOutput {
                            chunk.withUnsafeBytes { bytes in shared.state.withLock { $0.output += bytes } }
                        }
                    }
                    status = result.terminationStatus.shellCode
                } catch {
                    shared.state.withLock { $0.output += Array("tvsim could not be run: \(error)\n".utf8) }
                    status = 127
                }
                shared.state.withLock { $0.exitStatus = status }
            }
        }

        deinit {
            // A test that stops early leaves no process behind.
            shared.state.withLock { state in
                if state.exitStatus == nil, let pid = state.pid { kill(pid, SIGKILL) }
            }
        }

        var text: String { shared.state.withLock { String(decoding: $0.output, as: UTF8.self) } }

        /// The process id, once it has started.
        var pid: pid_t? { shared.state.withLock { $0.pid } }

        /// Sends `signal` once the process has started.
        func signal(_ signal: Int32) async {
            for _ in 0..<500 {
                if let pid = shared.state.withLock({ $0.pid }) {
                    kill(pid, signal)
                    return
                }
                try? await Task.sleep(for: .milliseconds(10))
            }
        }

        /// Waits up to `seconds` for `needle` to appear in the output.
        func waitFor(_ needle: String, seconds: Double = 10) async -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if text.contains(needle) { return true }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return text.contains(needle)
        }

        /// The exit status (128 + the signal for a killed process), or nil if it is still
        /// running after `seconds`, in which case it is terminated.
        func waitForExit(seconds: Double = 30) async -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let status = shared.state.withLock({ $0.exitStatus }) { return status }
                try? await Task.sleep(for: .milliseconds(10))
            }
            await signal(SIGTERM)
            return nil
        }

    }
}

@Suite(.serialized) struct ServeCommandTests {
    @Test func servePrintsWhatAUserNeedsLogsRequestsAndStopsOnSIGTERM() async throws {
        let running = TVSimBinary.Running(["serve", "--port", "0"])
        #expect(await running.waitFor("Press Ctrl-C to stop."))
        let banner = running.text
        let base = try #require(banner.firstMatch(of: /listening on (http:\/\/127\.0\.0\.1:\d+)/)?.1)
        #expect(banner.contains("requestor          ORBIT (Orbit TV)"))
        #expect(banner.contains("software statement ey"))
        #expect(banner.contains("persona            demo / demo"))
        let browser = WebBrowser(clock: SystemClock(), observer: nil, stopAt: [])
        guard case .page(let page) = try await browser.open("\(base)/__tvsim/info") else {
            Issue.record("no answer from \(base)")
            return
        }
        #expect(page.status == 200)
        let info = try #require(try JSONSerialization.jsonObject(with: Data(page.html.utf8)) as? [String: Any])
        #expect((info["requestors"] as? [[String: Any]])?.first?["id"] as? String == "ORBIT")
        // A client's call is logged; the admin read before it is not.
        _ = try await browser.open("\(base)/api/v2/ORBIT/configuration")
        #expect(await running.waitFor("GET /api/v2/ORBIT/configuration  401"))
        #expect(!running.text.contains("GET /__tvsim/info"))
        await running.signal(SIGTERM)
        #expect(await running.waitForExit(seconds: 20) == 0, "\(running.text.suffix(600))")
        #expect(running.text.contains("tvsim serve: stopped"))
    }

    @Test func serveStopsCleanlyOnSIGINT() async throws {
        let running = TVSimBinary.Running(["serve", "--quiet"])
        #expect(await running.waitFor("Press Ctrl-C to stop."))
        await running.signal(SIGINT)
        #expect(await running.waitForExit() == 0)
    }

    /// The threads that serve connections: any number from 1 to 256 serves, the same; others are
    /// refused, naming the option.
    @Test func threadsServeWithinTheirRangeAndAreRefusedBeyondIt() async throws {
        for wrong in ["0", "257"] {
            let running = TVSimBinary.Running(["serve", "--threads", wrong])
            #expect(await running.waitForExit() != 0)
            #expect(running.text.contains("--threads must be between 1 and 256"), "\(running.text)")
        }
        let (server, port) = try await TVSimBinary.serve(["--quiet", "--threads", "3"])
        let answer = try AdminHardeningTests.exchange(
            port: port, ["GET /api/v2/ORBIT/configuration HTTP/1.1", "Host: 127.0.0.1:\(port)"])
        #expect(answer.status == 401, "\(answer.text.prefix(300))")
        await server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 20) == 0)
    }

    @Test func aBrokenDashboardFileIsReportedWithFileLineAndField() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).json")
            .path
        let text = """
            {
              "requestors": [{ "id": "APP", "name": "App", "softwareStatement": { "softwareId": "app" } }],
              "mvpds": [{ "id": "One", "displayName": "One", "degradation": "Sometimes" }]
            }
            """
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let running = TVSimBinary.Running(["serve", "--config", path])
        #expect(await running.waitForExit() != 0)
        #expect(running.text.contains("\(path):3:"))
        #expect(running.text.contains("field 'mvpds[0].degradation'"))
    }

    @Test func printConfigEmitsALoadableDashboard() async throws {
        let running = TVSimBinary.Running(["serve", "--print-config"])
        #expect(await running.waitForExit() == 0)
        let object = try JSONSerialization.jsonObject(with: Data(running.text.utf8)) as? [String: Any]
        #expect((object?["mvpds"] as? [Any])?.count == Dashboard.builtIn.mvpds.count)
    }
}

extension TerminationStatus {
    /// The status as a shell reports it: the exit code, or 128 + the signal that ended it.
    var shellCode: Int32 {
        switch self {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
    }
}
