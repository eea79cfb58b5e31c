/// Dynamic client registration: client credentials once (kept forever), then an access token
/// (kept for its lifetime). REST API V2, REST API V1 and the SDK all start with it; each names
/// the two calls after its own cookbook.
struct ClientRegistration: FlowPart {
    /// What the app keeps between runs of the part.
    struct State: Sendable, Equatable {
        var registered = false
        var tokenIssued = false
        /// When the access token runs out, epoch milliseconds.
        var tokenExpiresAt: Int64?

        /// The token is gone or about to go (the same five seconds' margin the client keeps).
        func tokenExpired(now: Int64) -> Bool {
            guard tokenIssued, let tokenExpiresAt else { return false }
            return tokenExpiresAt - now <= 5_000
        }
    }

    enum Outcome: Equatable {
        case ready
        case failed(PassErrorSummary)
    }

    /// The steps to name; nil where the cookbook does not show the call (the SDK does it inside
    /// `setRequestor`).
    let registerStep: CookbookStep?
    let tokenStep: CookbookStep?

    func start(_ state: inout State) -> PartStep<Outcome> {
        if !state.registered { return PartStep(note(registerStep) + [.call(.register)]) }
        if !state.tokenIssued { return PartStep(note(tokenStep) + [.call(.token)]) }
        return .done(.ready)
    }

    /// The access token ran out: only the token is asked for again (A.3), never new credentials.
    func renew(_ state: inout State) -> PartStep<Outcome> {
        state.tokenIssued = false
        state.tokenExpiresAt = nil
        let note = Effect.record(.note(.accessTokenExpired))
        let step = start(&state)
        return PartStep([note] + step.effects, outcome: step.outcome)
    }

    func reduce(_ state: inout State, _ event: Event, _ context: FlowContext) -> PartStep<Outcome>? {
        switch event {
        case .api(.registered):
            state.registered = true
            return start(&state)
        case .api(.tokenIssued(let expiresAt)):
            state.tokenIssued = true
            state.tokenExpiresAt = expiresAt
            return .done(.ready)
        case .api(.failed(let failure)):
            return .done(.failed(failure))
        default:
            return nil
        }
    }

    private func note(_ step: CookbookStep?) -> [Effect] {
        step.map { [.record(.step($0))] } ?? []
    }
}
