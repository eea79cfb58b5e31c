import PassAPI

/// Preauthorization and authorization on REST API V2's decisions endpoints, which the REST API
/// V2 app and the SDK (the same service underneath) both use. The integration says how each
/// moment is told: a cookbook step, or an SDK call and its callback.
struct Decisions {
    struct Narration {
        var preauthorizing: [Effect]
        var authorizing: [Effect]
        var preauthorized: @Sendable ([String]) -> [Effect]
        var permitted: @Sendable (_ resource: String, _ token: String) -> [Effect]
        var denied: @Sendable (_ resource: String, _ description: String) -> [Effect]
    }

    let narration: Narration

    func preauthorize(mvpd: String, resources: [String], _ status: PartnerFrameworkStatus?) -> [Effect] {
        narration.preauthorizing + [.call(.v2(.preauthorize(mvpd: mvpd, resources: resources, status)))]
    }

    func authorize(_ resource: String, mvpd: String, _ status: PartnerFrameworkStatus?) -> [Effect] {
        narration.authorizing + [.call(.v2(.authorize(mvpd: mvpd, resources: [resource], status)))]
    }

    func preauthorized(_ response: DecisionsResponse, app: inout AppModel) -> [Effect] {
        app.recordPreauthorization(response.decisions.map { ($0.resource, $0.authorized) })
        return narration.preauthorized(response.decisions.filter(\.authorized).map(\.resource))
    }

    func authorized(_ response: DecisionsResponse, resource: String, app: inout AppModel) -> [Effect] {
        guard let decision = response.decisions.first(where: { $0.resource == resource }) ?? response.decisions.first
        else { return [] }
        if decision.authorized, let token = decision.token {
            app.startPlaying(resource, tokenNotAfter: token.notAfter)
            return narration.permitted(resource, token.serializedToken)
        }
        let error = decision.error
        let message = error?.details ?? error?.message
        let signedOut = error?.action == .authentication
        app.deny(
            resource, code: error?.code ?? "denied", message: message.map(Remark.verbatim) ?? .notAuthorized,
            signedOut: signedOut)
        // The SDK's callback carries its own words when the service gave none.
        return [.record(.status(.authorizationDenied, details: error.map { .verbatim($0.description) }))]
            + narration.denied(resource, message ?? "Not authorized.") + Self.signInAgain(signedOut)
    }

    /// The authorization call itself failed (an error body instead of decisions).
    func authorizationFailed(_ failure: PassErrorSummary, resource: String, app: inout AppModel) -> [Effect] {
        let (status, signedOut) = Self.recordFailedAuthorization(failure, resource: resource, app: &app)
        return [.record(.status(status, details: .verbatim(failure.message)))]
            + narration.denied(resource, failure.message) + Self.signInAgain(signedOut)
    }

    /// A failed authorization call on the app: the title does not play, and the subscriber reads
    /// what an app says. A refusal the service explains (a 4xx with its code) is shown with its
    /// words; a server that failed to decide (5xx, no answer, an unreadable one) is the SDK's
    /// internal error, Z500, and the app says to try again rather than show the service's code.
    /// Returns the code raised and whether the refusal signed the user out.
    static func recordFailedAuthorization(_ failure: PassErrorSummary, resource: String, app: inout AppModel)
        -> (status: StatusCode, signedOut: Bool)
    {
        let signedOut: Bool = if case .enhanced(_, .authentication) = failure.kind { true } else { false }
        guard !Self.isServerFailure(failure) else {
            app.deny(resource, code: "", message: .cannotCheckAccessNow, signedOut: false, lock: false)
            return (.authorizationInternalError, false)
        }
        app.deny(
            resource, code: failure.enhancedCode?.description ?? "error", message: .verbatim(failure.message),
            signedOut: signedOut,
            lock: false)
        return (.authorizationDenied, signedOut)
    }

    /// The service failed to decide: a 5xx, no answer, or one that could not be read.
    static func isServerFailure(_ failure: PassErrorSummary) -> Bool {
        switch failure.kind {
        case .transport, .malformed: true
        case .enhanced, .plain, .registration, .throttled, .unexpectedStatus: (failure.httpStatus ?? 500) >= 500
        }
    }

    /// The profile is missing or expired: the user must sign in again.
    static func signInAgain(_ signedOut: Bool) -> [Effect] {
        signedOut ? [.record(.status(.notAuthenticated, details: .signInAgain))] : []
    }
}
