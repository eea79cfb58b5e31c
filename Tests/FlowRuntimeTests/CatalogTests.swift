import FlowCore
import Foundation
import Testing

@testable import FlowRuntime

/// The whole built-in catalog, end to end: embedded mock on loopback, virtual clock, scripted user.
@Suite struct CatalogTests {
    static let names = ScenarioCatalog.files.map(\.name)
    /// The integrations the catalog covers on both platforms.
    static let cataloguedIntegrations: [Integration] = [.restV2, .sdk, .restV1, .customIdP]

    @Test func theCatalogParsesAndCoversBothPlatformsAndIntegrations() throws {
        let scenarios = try ScenarioCatalog.all()
        #expect(scenarios.count >= 30)
        #expect(Set(scenarios.map(\.name)).count == scenarios.count)
        for platform in ["ios", "tvos"] {
            for integration in Self.cataloguedIntegrations {
                #expect(scenarios.contains { $0.platform.rawValue == platform && $0.integration == integration })
            }
        }
        let codes = Set(scenarios.flatMap { $0.expect.codes ?? [] })
        for code in [
            "VSA403", "VSA404", "VSA503", "APPL_ERROR", "N000", "N003", "N004", "N005", "VSA203", "Z100", "REGCODE",
            "N010",
        ] {
            #expect(codes.contains(code), "no scenario expects \(code)")
        }
        for file in ScenarioCatalog.files {
            #expect(try Scenario.parse(file.text, file: file.name).name == file.name)
        }
    }

    /// Every code of the journey, raised by a passing scenario in every integration on both
    /// platforms (the scenarios themselves pass in `scenarioPasses`).
    @Test func everyCellOfTheCodeMatrixHasAScenario() throws {
        let matrix = CodeMatrix(try ScenarioCatalog.all())
        #expect(matrix.empty.isEmpty, "cells without a scenario: \(matrix.empty)")
        #expect(CodeMatrix.cells.count == 64)
    }

    @Test func theMatrixNoticesACellThatEmpties() throws {
        let catalog = try ScenarioCatalog.all()
        let withoutTVOSVSA503 = catalog.filter {
            !($0.platform == .tvos && $0.expect.codes?.contains("VSA503") == true)
        }
        let matrix = CodeMatrix(withoutTVOSVSA503)
        #expect(matrix.empty.count == 4)
        #expect(matrix.empty.allSatisfy { $0.platform == .tvos && $0.code == "VSA503" })
        #expect(matrix.table.count == 9)
        #expect(matrix.table[2].hasPrefix("rest-v2 tvos"))
        #expect(matrix.table[2].contains("—"))
    }

    @Test(arguments: names)
    func scenarioPasses(_ name: String) async throws {
        let file = try #require(ScenarioCatalog.named(name))
        let scenario = try Scenario.parse(file.text, file: name)
        let result = await ScenarioRunner().run(scenario)
        #expect(result.passed, "\(name): \(result.failures.joined(separator: "; "))")
    }

    @Test func mentionsAndExactListsFailWithAClearReason() async throws {
        var scenario = try ScenarioCatalog.resolve("sdk-ios-calls-before-set-requestor-complete")
        scenario.expect.mentions = ["B.3 checkAuthentication", "B.2 setRequestor"]
        scenario.expect.callbacks = ["setRequestorComplete"]
        let result = await ScenarioRunner().run(scenario)
        #expect(
            result.failures.contains(
                "the timeline does not mention 'B.2 setRequestor' where expected (mentions are checked in order)"))
        #expect(result.failures.contains { $0.hasPrefix("callbacks setRequestorComplete did not happen exactly") })
    }

    @Test func aWrongExpectationFailsWithAClearReason() async throws {
        var scenario = try ScenarioCatalog.resolve("rest-v2-ios-n005-apple-picker")
        scenario.expect.codes = ["N000", "N003"]
        scenario.expect.authenticated = true
        let result = await ScenarioRunner().run(scenario)
        #expect(!result.passed)
        #expect(result.failures.contains("codes were [N000, N005], expected [N000, N003]"))
        #expect(result.failures.contains("the user is not authenticated"))
    }

    @Test func aStepThatDoesNotFitTheScreenIsReported() async throws {
        var scenario = try ScenarioCatalog.resolve("rest-v2-ios-n005-apple-picker")
        scenario.steps = [.app(.launch), .permission(true), .app(.signIn), .choose("Cascade")]
        scenario.expect.codes = nil
        scenario.expect.authenticated = nil
        let result = await ScenarioRunner().run(scenario)
        #expect(result.failures.first == "step 4 'choose Cascade' does not fit Apple's TV provider picker")
    }

    @Test func runsAreDeterministic() async throws {
        let scenario = try ScenarioCatalog.resolve("rest-v2-tvos-code-expiry")
        let first = await ScenarioRunner().run(scenario)
        let second = await ScenarioRunner().run(scenario)
        let titles = { (result: ScenarioResult) in
            result.timeline.map {
                "\($0.time) \($0.kind) \($0.title.replacingOccurrences(of: #":\d+/"#, with: ":PORT/", options: .regularExpression))"
            }
        }
        #expect(titles(first) == titles(second))
        #expect(first.codes == second.codes)
    }
}
