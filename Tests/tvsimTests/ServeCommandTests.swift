import Foundation
import PassClient
import Simulation
import Testing

/// Runs the built `tvsim` binary as a user would.
enum TVSimBinary {
    static var url: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tvsim")
    }

    /// A running process with its output collected in a file. Started with posix_spawn and
    /// reaped with waitpid rather than Foundation's Process, whose exit monitoring and pipe
    /// handlers stalled now and then while several test suites started processes at once.
    final class Running: @unchecked Sendable {
        let pid: pid_t
        private let outputPath: String
        private let lock = NSLock()
        private var exitStatus: Int32?

        init(_ arguments: [String]) throws {
            outputPath =
                FileManager.default.temporaryDirectory
                .appendingPathComponent("tvsim-output-\(UUID().uuidString)").path
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            let executable = TVSimBinary.url.path
            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var child: pid_t = 0
            let status = posix_spawn(&child, executable, &actions, nil, argv, environ)
            guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
            pid = child
        }

        deinit {
            if exitStatus == nil {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
            try? FileManager.default.removeItem(atPath: outputPath)
        }

        var text: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

        func signal(_ signal: Int32) { kill(pid, signal) }

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
                if let status = reap() { return status }
                try? await Task.sleep(for: .milliseconds(10))
            }
            kill(pid, SIGTERM)
            return nil
        }

        private func reap() -> Int32? {
            lock.withLock {
                if let exitStatus { return exitStatus }
                var status: Int32 = 0
                guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
                let signalled = status & 0x7F
                exitStatus = signalled == 0 ? (status >> 8) & 0xFF : 128 + signalled
                return exitStatus
            }
        }
    }
}

@Suite(.serialized) struct ServeCommandTests {
    @Test func servePrintsWhatAUserNeedsLogsRequestsAndStopsOnSIGTERM() async throws {
        let running = try TVSimBinary.Running(["serve", "--port", "0"])
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
        #expect(await running.waitFor("GET /__tvsim/info  200"))
        running.signal(SIGTERM)
        #expect(await running.waitForExit(seconds: 20) == 0, "\(running.text.suffix(600))")
        #expect(running.text.contains("tvsim serve: stopped"))
    }

    @Test func serveStopsCleanlyOnSIGINT() async throws {
        let running = try TVSimBinary.Running(["serve", "--quiet"])
        #expect(await running.waitFor("Press Ctrl-C to stop."))
        running.signal(SIGINT)
        #expect(await running.waitForExit() == 0)
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
        let running = try TVSimBinary.Running(["serve", "--config", path])
        #expect(await running.waitForExit() != 0)
        #expect(running.text.contains("\(path):3:"))
        #expect(running.text.contains("field 'mvpds[0].degradation'"))
    }

    @Test func printConfigEmitsALoadableDashboard() async throws {
        let running = try TVSimBinary.Running(["serve", "--print-config"])
        #expect(await running.waitForExit() == 0)
        let object = try JSONSerialization.jsonObject(with: Data(running.text.utf8)) as? [String: Any]
        #expect((object?["mvpds"] as? [Any])?.count == 44)
    }
}
