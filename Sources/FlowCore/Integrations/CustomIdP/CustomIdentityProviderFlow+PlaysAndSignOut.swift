import PassAPI
import VSASimulator

extension CustomIdentityProviderFlow.Reducer {
    // MARK: - P. Plays

    /// Titles play when the identity provider's tokens include them; no call is needed.
    mutating func decidePlay(_ resource: String) -> [Effect] {
        let step = Effect.record(.step(Steps.entitlements))
        guard state.entitlements.contains(resource) else {
            state.basics.app.deny(resource, code: "not_entitled", message: .notEntitled, signedOut: false)
            return finishIdle([
                step, .record(.decision(resource: resource, authorized: false, code: "not_entitled")),
                status(.authorizationDenied, .notEntitled),
            ])
        }
        state.basics.app.startPlaying(resource, tokenNotAfter: state.framework.expiry ?? 1)
        return finishIdle([step, .record(.decision(resource: resource, authorized: true, code: nil))])
    }

    // MARK: - L. Sign out

    /// Signing out forgets the tokens. Signed in through Apple, the user is also told that the
    /// device stays signed in to the TV provider until removed in Settings (VSA203).
    mutating func signOut() -> [Effect] {
        let viaApple: Bool =
            if case .authenticated(_, .appleSSO, _) = state.basics.app.authentication { true } else { false }
        guard state.basics.app.authentication.isAuthenticated else {
            return [.record(.note(.notSignedIn))]
        }
        state.basics.app = AppModel()
        state.basics.app.authentication = .notAuthenticated
        state.entitlements = []
        let step = Effect.record(.step(Steps.forgetTokens))
        guard viaApple else {
            return finishIdle([
                step, .record(.note(.ownTokensForgotten)),
            ])
        }
        state.phase = .notice
        return [step, status(.signOutInSettings), .show(.notice(state.basics.signOutNotice))]
    }

    // MARK: - Failures

    mutating func apiFailed(_ failure: PassErrorSummary) -> [Effect] {
        switch state.phase {
        case .askingInfo(let provider, let silent), .translating(let provider, let silent):
            let note = Effect.record(.note(.identityProviderRefused(message: failure.message)))
            return [note] + fallBack(silent: silent, provider: provider)
        case .exchangingCode, .requestingDeviceCode:
            state.basics.dropPendingPlay()
            return [.showHome]
                + finishIdle([
                    .record(.note(.ownSignInFailed(message: failure.message))), status(.notAuthenticated),
                ])
        default:
            return failedUnexpectedly(failure)
        }
    }
}
