import FlowCore
import Foundation
import Testing

@testable import FlowRuntime

/// REST API V1 end to end: catalog scenarios written for REST API V2, played by the rest-v1 app
/// against the embedded mock. The outcome must be the same; the cookbook steps differ by API,
/// and the runner records only V2 decisions, so a permitted play is checked in the timeline.
@Suite struct RestV1ScenarioTests {
    @Test(arguments: [
        "rest-v2-ios-apple-sso", "rest-v2-tvos-apple-sso", "rest-v2-ios-n003-web-login",
        "rest-v2-tvos-n003-second-screen", "rest-v2-ios-regular-logout",
    ])
    func theV2OutcomeHoldsOverV1(_ name: String) async throws {
        var scenario = try Scenario.parse(try #require(ScenarioCatalog.named(name)).text, file: name)
        scenario.integration = .restV1
        scenario.expect.steps = nil
        let plays = scenario.expect.decisions ?? []
        scenario.expect.decisions = nil
        let result = await ScenarioRunner().run(scenario)
        #expect(result.passed, "\(name) over rest-v1: \(result.failures.joined(separator: "; "))")
        let titles = result.timeline.map(\.title)
        #expect(titles.contains { $0.hasPrefix("GET /api/v1/checkauthn") })
        if plays.contains(where: { $0.hasPrefix("permit") }) {
            #expect(titles.contains("GET /api/v1/authorize → 200"), "\(titles)")
            #expect(titles.contains("GET /api/v1/tokens/media → 200"), "\(titles)")
        }
    }
}
