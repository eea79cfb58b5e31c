import Conformance
import Simulation
import Testing

@testable import PassMockServer

/// The audit recognises a call by `Conformance/Rules/operations.json`; the mock names its own
/// endpoints by `MockOperation`. The two must name each call alike, or an audit of the mock's
/// journal and the journal's own operations would disagree.
@Suite struct AuditOperationTableTests {
    /// `{serviceProvider}` and `{sp}` are both one segment.
    static func segments(_ path: String) -> [String] {
        path.split(separator: "/").map { $0.hasPrefix("{") ? "{}" : String($0) }
    }

    @Test func everyCallTheAuditRecognisesIsAnEndpointOfTheMockByTheSameName() {
        let routes = MockServer.routes(backend: MockBackend(dashboard: .builtIn, clock: VirtualClock(), seed: 1))
        let table = RuleCatalog.builtIn.operations.entries
        #expect(table.count >= 30)
        for entry in table {
            let endpoint = routes.first {
                $0.method == entry.method && Self.segments($0.path) == Self.segments(entry.path)
            }
            #expect(
                endpoint?.operation == entry.operation,
                "\(entry.method) \(entry.path): the audit says \(entry.operation), the mock \(endpoint?.operation ?? "nothing")"
            )
        }
    }
}
