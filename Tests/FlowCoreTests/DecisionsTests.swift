import PassAPI
import Testing

@testable import FlowCore

/// The decisions part on its own: the calls it makes, what a permit, a deny and a failed call do
/// to the home screen, and when the user must sign in again.
@Suite struct DecisionsTests {
    static let decisions = Decisions(
        narration: .init(
            preauthorizing: [.record(.note(.verbatim("preauthorizing")))],
            authorizing: [.record(.note(.verbatim("authorizing")))],
            preauthorized: { [.record(.note(.verbatim("unlocked \($0.joined(separator: ","))")))] },
            permitted: { resource, token in [.record(.note(.verbatim("playing \(resource) with \(token)")))] },
            denied: { resource, message in [.record(.note(.verbatim("denied \(resource): \(message)")))] }))

    static func decision(_ resource: String, authorized: Bool, error: EnhancedError? = nil) -> Decision {
        Decision(
            resource: resource, serviceProvider: "ORBIT", mvpd: "Cascade", source: .mvpd, authorized: authorized,
            token: authorized
                ? MediaToken(notBefore: Fixture.now, notAfter: Fixture.later, serializedToken: "TOKEN") : nil,
            error: error)
    }

    static func signedIn() -> AppModel {
        var app = AppModel()
        app.authentication = .authenticated(mvpd: "Cascade", type: .regular, notAfter: Fixture.later)
        return app
    }

    @Test func theCallsCarryTheResourcesAndThePartnerStatus() {
        let status = Fixture.known(.granted).partnerStatus
        #expect(
            Self.decisions.preauthorize(mvpd: "Cascade", resources: ["a", "b"], status)
                == [
                    .record(.note(.verbatim("preauthorizing"))),
                    .call(.v2(.preauthorize(mvpd: "Cascade", resources: ["a", "b"], status))),
                ])
        #expect(
            Self.decisions.authorize("a", mvpd: "Cascade", nil)
                == [
                    .record(.note(.verbatim("authorizing"))),
                    .call(.v2(.authorize(mvpd: "Cascade", resources: ["a"], nil))),
                ])
    }

    @Test func preauthorizationMarksEveryTitle() {
        var app = Self.signedIn()
        let response = DecisionsResponse(decisions: [
            Self.decision("a", authorized: true), Self.decision("b", authorized: false),
        ])
        #expect(Self.decisions.preauthorized(response, app: &app) == [.record(.note(.verbatim("unlocked a")))])
        var expected = Self.signedIn()
        expected.unlocked = ["a": true, "b": false]
        #expect(app == expected)
    }

    @Test func aPermitPlaysUntilTheMediaTokenEnds() {
        var app = Self.signedIn()
        let response = DecisionsResponse(decisions: [Self.decision("a", authorized: true)])
        #expect(
            Self.decisions.authorized(response, resource: "a", app: &app)
                == [.record(.note(.verbatim("playing a with TOKEN")))])
        var expected = Self.signedIn()
        expected.unlocked = ["a": true]
        expected.playing = AppModel.Playback(resource: "a", tokenNotAfter: Fixture.later)
        #expect(app == expected)
    }

    @Test func aDenyLocksTheTitleAndAnAuthenticationDenySignsOut() {
        let parental = EnhancedError(
            .authorizationDeniedByParentalControls, details: "TV-MA is above TV-PG.", trace: "t")
        var app = Self.signedIn()
        let locked = Self.decisions.authorized(
            DecisionsResponse(decisions: [Self.decision("a", authorized: false, error: parental)]), resource: "a",
            app: &app)
        #expect(
            locked == [
                .record(.status(.authorizationDenied, details: .verbatim(parental.description))),
                .record(.note(.verbatim("denied a: TV-MA is above TV-PG."))),
            ])
        var expected = Self.signedIn()
        expected.unlocked = ["a": false]
        expected.lastDenial = AppModel.Denial(
            resource: "a", code: parental.code, message: .verbatim("TV-MA is above TV-PG."))
        #expect(app == expected)

        let expired = EnhancedError(.authenticatedProfileExpired, trace: "t")
        #expect(expired.action == .authentication)
        var signedOut = Self.signedIn()
        let effects = Self.decisions.authorized(
            DecisionsResponse(decisions: [Self.decision("a", authorized: false, error: expired)]), resource: "a",
            app: &signedOut)
        #expect(effects.last == .record(.status(.notAuthenticated, details: .signInAgain)))
        #expect(signedOut.authentication == .notAuthenticated)
        #expect(signedOut.unlocked.isEmpty)
    }

    /// A call refused with a 4xx and its code: Z100 with the service's words and code.
    @Test func aRefusedCallDeniesWithoutLockingTheTitle() {
        var app = Self.signedIn()
        let failure = PassErrorSummary(
            kind: .enhanced(.v2(.invalidParameterResources), action: .none), httpStatus: 400,
            message: "invalid_parameter_resources: The resource is unknown.")
        #expect(
            Self.decisions.authorizationFailed(failure, resource: "a", app: &app) == [
                .record(.status(.authorizationDenied, details: .verbatim(failure.message))),
                .record(.note(.verbatim("denied a: \(failure.message)"))),
            ])
        var expected = Self.signedIn()
        expected.lastDenial = AppModel.Denial(
            resource: "a", code: "invalid_parameter_resources", message: .verbatim(failure.message))
        #expect(app == expected)
    }

    /// A server that failed to decide (a 5xx or no answer): the SDK's internal error, Z500, and
    /// the app's own words on screen, with no service code.
    @Test(arguments: [
        PassErrorSummary(
            kind: .enhanced(.v2(.internalServerError), action: .retry), httpStatus: 503,
            message: "internal_server_error: Injected fault."),
        PassErrorSummary(kind: .transport, httpStatus: nil, message: "no response"),
    ])
    func aServerFailureIsAnInternalErrorInTheAppsWords(_ failure: PassErrorSummary) {
        var app = Self.signedIn()
        #expect(
            Self.decisions.authorizationFailed(failure, resource: "a", app: &app) == [
                .record(.status(.authorizationInternalError, details: .verbatim(failure.message))),
                .record(.note(.verbatim("denied a: \(failure.message)"))),
            ])
        var expected = Self.signedIn()
        expected.lastDenial = AppModel.Denial(resource: "a", code: "", message: .cannotCheckAccessNow)
        #expect(app == expected)
    }

    @Test func anAnswerWithoutDecisionsChangesNothing() {
        var app = Self.signedIn()
        #expect(Self.decisions.authorized(DecisionsResponse(decisions: []), resource: "a", app: &app).isEmpty)
        #expect(app == Self.signedIn())
    }
}
