import Foundation
import PassClient
import Simulation
import Testing

/// Runs the built `tvsim` binary as a user would.
enum TVSimBinary {
    static var url: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tvsim")
    }

    /// A running process with its output collected as it arrives.
    final class Running: @unchecked Sendable {
        let process = Process()
        private let output = Pipe()
        private let lock = NSLock()
        private var collected = Data()

        init(_ arguments: [String]) throws {
            process.executableURL = TVSimBinary.url
            process.arguments = arguments
            process.standardOutput = output
            process.standardError = output
            output.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard let self else { return }
                self.lock.withLock { self.collected.append(data) }
            }
            try process.run()
        }

        var text: String { lock.withLock { String(decoding: collected, as: UTF8.self) } }

        /// Waits up to `seconds` for `needle` to appear in the output.
        func waitFor(_ needle: String, seconds: Double = 10) async -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if text.contains(needle) { return true }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return text.contains(needle)
        }

        func waitForExit(seconds: Double = 10) async -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if !process.isRunning {
                    // Collect what is still in the pipe after the process ended.
                    output.fileHandleForReading.readabilityHandler = nil
                    let rest = output.fileHandleForReading.readDataToEndOfFile()
                    lock.withLock { collected.append(rest) }
                    return process.terminationStatus
                }
                try? await Task.sleep(for: .milliseconds(20))
            }
            process.terminate()
            return nil
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
        running.process.terminate()
        #expect(await running.waitForExit(seconds: 20) == 0)
        #expect(running.text.contains("tvsim serve: stopped"))
    }

    @Test func serveStopsCleanlyOnSIGINT() async throws {
        let running = try TVSimBinary.Running(["serve", "--quiet"])
        #expect(await running.waitFor("Press Ctrl-C to stop."))
        running.process.interrupt()
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
