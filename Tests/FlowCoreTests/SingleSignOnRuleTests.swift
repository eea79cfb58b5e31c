import Testing

@testable import FlowCore

/// The one rule from situation to code (seed 004), as a table: every situation at every point of
/// the SDK's journey, with the code the SDK raises there, or none.
@Suite struct SingleSignOnRuleTests {
    typealias Rule = SingleSignOnRule

    static let table:
        [(Rule.Situation, setRequestor: StatusCode?, checkAuthentication: StatusCode?, getAuthentication: StatusCode?)] =
            [
                (.permissionDenied, .permissionDenied, .permissionDenied, .permissionDenied),
                (.permissionUndetermined, .permissionUndetermined, .permissionUndetermined, .permissionUndetermined),
                (.frameworkFailed, .appleShortError, .appleError, .metadataUnavailable),
                (.otherProvider, nil, nil, .otherProvider),
                (.providerNotEnabled, nil, nil, .unsupportedProvider),
                (.providerWithoutAppleSSO, nil, nil, nil),
                (.pickerCancelled, nil, nil, .cancelled),
                (.signInClosed, nil, nil, nil),
            ]

    @Test func everySituationAtEveryPoint() {
        #expect(Self.table.map(\.0) == Rule.Situation.allCases, "the table covers every situation, in order")
        for (situation, setRequestor, checkAuthentication, getAuthentication) in Self.table {
            #expect(Rule.code(for: situation, at: .setRequestor) == setRequestor, "\(situation) at setRequestor")
            #expect(
                Rule.code(for: situation, at: .checkAuthentication) == checkAuthentication,
                "\(situation) at checkAuthentication")
            #expect(
                Rule.code(for: situation, at: .getAuthentication) == getAuthentication,
                "\(situation) at getAuthentication")
        }
    }

    @Test func aPermissionThatIsNotGrantedIsItsSituation() {
        #expect(Rule.permission(.granted) == nil)
        #expect(Rule.permission(.notDetermined) == .permissionUndetermined)
        #expect(Rule.permission(.denied) == .permissionDenied)
        #expect(Rule.permission(.restricted) == .permissionDenied)
    }
}
