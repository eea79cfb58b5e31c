import FlowRuntime
import Foundation
import Localization
import PassMockServer

/// Everything `tvsim-bench` measures, in order, with the settings the targets are stated for.
public struct BenchmarkSuite: Sendable {
    public struct Settings: Sendable {
        /// The `tvsim` binary to start in a pseudo-terminal and as `tvsim serve`.
        public var executable: String
        /// `tvsim-bench` itself, which serves the framework's floor.
        public var benchExecutable: String
        public var kinds: [BenchmarkKind] = BenchmarkKind.standard
        public var startupRuns = 20
        public var serverDuration: Duration = .seconds(10)
        public var connections = 64
        public var memoryRequests = 1_000_000
        public var soakMinutes = 10
        public var soakClients = 100
        /// The language of the terminal UI in the startup, input and memory figures.
        public var language: Language = .english

        public init(executable: String, benchExecutable: String) {
            self.executable = executable
            self.benchExecutable = benchExecutable
        }
    }

    let settings: Settings

    public init(settings: Settings) {
        self.settings = settings
    }

    /// Runs the selected benchmarks, telling `progress` what is starting.
    public func run(progress: @Sendable (String) -> Void) async throws -> [BenchmarkRow] {
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tvsim-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workspace) }
        let terminal = TerminalBenchmarks(
            executable: settings.executable, workspace: workspace, language: settings.language)
        let server = ServerBenchmarks(executable: settings.executable, benchExecutable: settings.benchExecutable)
        var rows: [BenchmarkRow] = []
        for kind in settings.kinds {
            switch kind {
            case .startup:
                progress("startup: \(settings.startupRuns) launches in a pseudo-terminal")
                rows += try await terminal.startup(runs: settings.startupRuns)
            case .input:
                progress("input: Apple's picker, selection moves and a search")
                let dashboard = workspace.appendingPathComponent("large-picker.json")
                let providers = try LargePickerDashboard.write(to: dashboard)
                rows += try terminal.input(dashboard: dashboard, providers: providers)
            case .scenarios:
                progress("scenarios: the whole catalog on the virtual clock")
                rows += try await Self.scenarios()
            case .audit:
                progress("audit: the catalog's REST runs as one large HAR, read and audited")
                rows += try await AuditBenchmark.run(executable: settings.executable)
            case .server:
                progress("server: \(settings.connections) connections, \(settings.serverDuration) per route")
                rows += try await server.throughput(
                    duration: settings.serverDuration, connections: settings.connections)
            case .limits:
                progress("limits: tvsim serve held at its file-descriptor limit")
                rows += try await server.atTheFileLimit()
            case .memory:
                progress("memory: the terminal UI through Apple SSO, then \(settings.memoryRequests) server requests")
                rows += try terminal.peakMemoryThroughAppleSSO()
                rows += try await server.memory(requests: settings.memoryRequests, connections: settings.connections)
            case .soak:
                progress("soak: \(settings.soakClients) polling clients for \(settings.soakMinutes) min")
                rows += try await SoakBenchmark(executable: settings.executable).run(
                    minutes: settings.soakMinutes, clients: settings.soakClients, progress: progress)
            }
        }
        return rows
    }

    /// Every catalog scenario headless, one after another; wall time per scenario.
    static func scenarios() async throws -> [BenchmarkRow] {
        let catalog = try ScenarioCatalog.all()
        var times: [Double] = []
        var failed = 0
        for scenario in catalog {
            let result = await ScenarioRunner(launcher: WorldLauncher(host: EmbeddedBackendHost())).run(scenario)
            times.append(result.elapsedMilliseconds)
            if !result.passed { failed += 1 }
        }
        let total = times.reduce(0, +)
        return [
            BenchmarkRow(
                .scenarios, "one catalog scenario (median)", Statistics.median(times) ?? 0, "ms", target: .under(40),
                detail:
                    "\(catalog.count) scenarios, p90 \(BenchmarkRow.format(Statistics.percentile(times, 90) ?? 0)) ms, max \(BenchmarkRow.format(times.max() ?? 0)) ms, \(failed) failed"
            ),
            BenchmarkRow(.scenarios, "the whole catalog", total, "ms"),
        ]
    }
}
