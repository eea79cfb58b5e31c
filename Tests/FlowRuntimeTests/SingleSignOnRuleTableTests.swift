import FlowCore
import Testing
import VSASimulator

@testable import FlowRuntime

/// `SingleSignOnRule` over every situation × integration × platform: for each cell, the built-in
/// scenario that meets the situation, run end to end, shows the code the rule gives (the code the
/// SDK raises there), or, where the SDK raises none, not the code a reader might expect instead.
@Suite struct SingleSignOnRuleTableTests {
    /// One situation at one point of the journey, and the scenario of each column.
    struct Row: Sendable, CustomTestStringConvertible {
        let situation: SingleSignOnRule.Situation
        let point: SingleSignOnRule.Point
        /// Where the rule gives no code: the code that must not appear either.
        let notRaised: StatusCode?
        /// One scenario per column, in `columns` order.
        let scenarios: [String]

        var testDescription: String { "\(situation) at \(point)" }
        var code: StatusCode? { SingleSignOnRule.code(for: situation, at: point) }
    }

    static let columns: [(Integration, DevicePlatform)] = [
        (.sdk, .ios), (.sdk, .tvos), (.restV2, .ios), (.restV2, .tvos), (.restV1, .ios), (.restV1, .tvos),
        (.customIdP, .ios), (.customIdP, .tvos),
    ]

    /// Scenario names as `{i}-{p}-…`: the same suffix in every column.
    static func each(_ suffix: String) -> [String] {
        columns.map { "\($0.0.rawValue)-\($0.1.rawValue)-\(suffix)" }
    }

    static let rows: [Row] = [
        // The launch (setRequestor; a REST or own-IdP app's first check) and the sign-in.
        Row(
            situation: .permissionDenied, point: .setRequestor, notRaised: nil,
            scenarios: [
                "sdk-ios-vsa403", "sdk-tvos-vsa403", "rest-v2-ios-vsa403-denied", "rest-v2-tvos-vsa403-restricted",
                "rest-v1-ios-vsa403-denied", "rest-v1-tvos-vsa403-restricted", "custom-idp-ios-vsa403-denied",
                "custom-idp-tvos-vsa403-restricted",
            ]),
        Row(
            situation: .permissionUndetermined, point: .getAuthentication, notRaised: nil,
            scenarios: [
                "sdk-ios-vsa404", "sdk-tvos-vsa404", "rest-v2-ios-vsa404-dismissed", "rest-v2-tvos-vsa404-not-allowed",
                "rest-v1-ios-vsa404-dismissed", "rest-v1-tvos-vsa404-not-allowed", "custom-idp-ios-vsa404-dismissed",
                "custom-idp-tvos-vsa404-not-allowed",
            ]),
        Row(situation: .frameworkFailed, point: .setRequestor, notRaised: nil, scenarios: each("vsa503-rejected")),
        Row(
            situation: .frameworkFailed, point: .checkAuthentication, notRaised: nil,
            scenarios: ["sdk-ios-appl-framework-error", "sdk-tvos-appl-framework-error"]
                + each("appl-error-launch").dropFirst(2)),
        Row(
            situation: .frameworkFailed, point: .getAuthentication, notRaised: nil,
            scenarios: ["sdk-ios-vsa503", "sdk-tvos-vsa503"] + each("vsa503-provider-down").dropFirst(2)),
        Row(
            situation: .otherProvider, point: .getAuthentication, notRaised: nil,
            scenarios: [
                "sdk-ios-n003", "sdk-tvos-n003", "rest-v2-ios-n003-web-login", "rest-v2-tvos-n003-second-screen",
                "rest-v1-ios-n003-web-login", "rest-v1-tvos-n003-second-screen", "custom-idp-ios-n003-other-provider",
                "custom-idp-tvos-n003-other-provider",
            ]),
        Row(
            situation: .providerNotEnabled, point: .getAuthentication, notRaised: nil,
            scenarios: [
                "sdk-ios-n004-sso-disabled", "sdk-tvos-n004-sso-disabled", "rest-v2-ios-sso-disabled-requestor",
                "rest-v2-tvos-sso-disabled-integration", "rest-v1-ios-sso-disabled-requestor",
                "rest-v1-tvos-sso-disabled-integration", "custom-idp-ios-declined-provider",
                "custom-idp-tvos-declined-provider",
            ]),
        Row(
            situation: .providerWithoutAppleSSO, point: .getAuthentication, notRaised: .unsupportedProvider,
            scenarios: each("picker-only-no-code")),
        Row(
            situation: .pickerCancelled, point: .getAuthentication, notRaised: nil,
            scenarios: [
                "sdk-ios-n005", "sdk-tvos-n005", "rest-v2-ios-n005-apple-picker", "rest-v2-tvos-n005-app-picker",
                "rest-v1-ios-n005-apple-picker", "rest-v1-tvos-n005-app-picker", "custom-idp-ios-n005-cancel",
                "custom-idp-tvos-n005-cancel",
            ]),
        Row(
            situation: .signInClosed, point: .getAuthentication, notRaised: .cancelled,
            // The own-IdP app on iPhone closes its own sign-in page, named so since before.
            scenarios: each("sign-in-closed-no-code").map {
                $0 == "custom-idp-ios-sign-in-closed-no-code" ? "custom-idp-ios-sign-in-page-closed" : $0
            }),
    ]

    @Test func everySituationHasARowAndEveryRowACellPerIntegrationAndPlatform() throws {
        #expect(Set(Self.rows.map(\.situation)) == Set(SingleSignOnRule.Situation.allCases))
        #expect(
            Set(Self.rows.filter { $0.situation == .frameworkFailed }.map(\.point))
                == Set(SingleSignOnRule.Point.allCases), "the framework failing has a code at every point")
        for row in Self.rows {
            #expect(row.scenarios.count == Self.columns.count, "\(row.testDescription)")
            for (name, (integration, platform)) in zip(row.scenarios, Self.columns) {
                let scenario = try #require(ScenarioCatalog.named(name), "no built-in scenario \(name)")
                let parsed = try Scenario.parse(scenario.text, file: name)
                #expect(
                    parsed.integration == integration && parsed.platform == platform,
                    "\(name) is not \(integration) \(platform)")
            }
            #expect(
                (row.code == nil) == (row.notRaised != nil), "\(row.testDescription): a code, or the one not raised")
        }
    }

    @Test(arguments: rows)
    func theScenarioOfEachCellShowsTheRulesCode(_ row: Row) async throws {
        for name in row.scenarios {
            let file = try #require(ScenarioCatalog.named(name))
            let result = await ScenarioRunner().run(try Scenario.parse(file.text, file: name))
            #expect(result.passed, "\(name): \(result.failures.joined(separator: "; "))")
            let shown = result.timeline.compactMap(\.status?.id)
            if let code = row.code {
                #expect(shown.contains(code.id), "\(name) shows \(shown), not \(code.id)")
            }
            if let absent = row.notRaised {
                #expect(!shown.contains(absent.id), "\(name) shows \(absent.id), which the SDK does not raise here")
            }
        }
    }
}
