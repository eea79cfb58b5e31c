import Conformance
import FlowRuntime
import Foundation
import PassAPI
import PassMockServer

/// `tvsim audit` on a large HAR: the catalog's REST API V2 and V1 runs, each written as many
/// pages (one client each), read from HAR text and audited; wall time of each half.
enum AuditBenchmark {
    /// How many times each run is repeated in the HAR, each copy a page (a client) of its own.
    static let copies = 20

    static func run() async throws -> [BenchmarkRow] {
        let catalog = try ScenarioCatalog.all().filter { $0.integration == .restV2 || $0.integration == .restV1 }
        var runs: [HARDocument.Run] = []
        for scenario in catalog {
            let result = await ScenarioRunner(launcher: WorldLauncher(host: EmbeddedBackendHost())).run(scenario)
            for copy in 1...copies {
                runs.append(
                    HARDocument.Run(id: "\(scenario.name)-\(copy)", title: scenario.name, entries: result.timeline))
            }
        }
        let har = try HARDocument.data(runs)
        let clock = ContinuousClock()
        var exchanges: [HTTPExchange] = []
        let reading = try clock.measure { exchanges = try HARDocument.read(har, file: "benchmark.har") }
        var audits: [ClientAudit] = []
        let auditing = clock.measure { audits = Audit.run(exchanges) }
        let detail = "\(exchanges.count) exchanges, \(audits.count) clients, \(har.count / 1_000_000) MB"
        return [
            BenchmarkRow(.audit, "read a HAR", reading.milliseconds, "ms", detail: detail),
            BenchmarkRow(.audit, "audit its clients", auditing.milliseconds, "ms", detail: detail),
            BenchmarkRow(
                .audit, "audit throughput", Double(exchanges.count) / max(auditing.seconds, 1e-9), "exchanges/s"),
        ]
    }
}
