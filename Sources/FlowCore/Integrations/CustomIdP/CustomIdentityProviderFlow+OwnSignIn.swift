import Foundation
import PassAPI
import VSASimulator

extension CustomIdentityProviderFlow.Reducer {
    // MARK: - F. The app's own sign-in

    mutating func ownSignIn(provider: String?) -> [Effect] {
        state.basics.app.activity = .signingIn
        let step = Effect.record(.step(Steps.ownSignIn))
        switch setup.platform {
        case .ios: return [step] + openWebSignIn(provider: provider)
        case .tvos: return [step] + requestDeviceCode()
        }
    }

    mutating func openWebSignIn(provider: String?) -> [Effect] {
        state.signIns += 1
        // A fresh `state` per attempt, so that the app accepts only the redirect it asked for.
        let nonce = "\(setup.requestor.lowercased())-\(state.signIns)"
        let url = CustomIdentityProviderPaths.login(
            requestor: setup.requestor, redirectURI: setup.redirectUrl, state: nonce, provider: provider)
        let (stopAt, effects) = WebLogin.open(url, stopAt: setup.redirectUrl)
        state.phase = .webLogin(expectedState: nonce, stopAt)
        return [.record(.step(Steps.webSignIn))] + effects
    }

    mutating func webLoginAnswered(_ outcome: WebLogin.Outcome, expectedState: String) -> [Effect] {
        guard case .returned(let url) = outcome else { return signInClosed(.signInPageClosed) }
        let query = URLComponents(string: url)?.queryItems ?? []
        let value = { (name: String) in query.first { $0.name == name }?.value }
        guard value("state") == expectedState, let code = value("code") else {
            state.basics.dropPendingPlay()
            return [.showHome]
                + finishIdle([
                    .record(.note(.redirectWithoutCode)),
                    status(.notAuthenticated),
                ])
        }
        state.phase = .exchangingCode
        return [
            .showHome, .record(.step(Steps.exchangeCode)),
            .call(.customIdP(.exchange(code: code, redirectURI: setup.redirectUrl))),
        ]
    }

    mutating func requestDeviceCode() -> [Effect] {
        state.phase = .requestingDeviceCode
        return [.call(.customIdP(.deviceCode))]
    }

    /// The code screen the REST flows use, with the identity provider's verification address.
    mutating func deviceCodeReceived(_ grant: CustomDeviceAuthorization, receivedAt: Int64) -> [Effect] {
        let screen = RegistrationCode(
            code: grant.userCode, activationPath: grant.verificationUri,
            notAfter: receivedAt + Int64(grant.expiresIn) * 1000, mvpd: nil)
        let (child, effects) = CodePolling.show(
            screen, handle: grant.deviceCode, interval: grant.interval, lifetime: Double(grant.expiresIn))
        state.phase = .polling(child)
        return [.record(.step(Steps.showDeviceCode)), status(.registrationCode, .verbatim(grant.userCode))] + effects
    }

    mutating func pollingEnded(_ outcome: CodePolling.Outcome) -> [Effect] {
        switch outcome {
        case .signedIn(.customTokens(let tokens)): return authenticated(tokens, type: .regular, announce: true)
        case .signedIn: return finishIdle([])
        case .newCodeRequested: return requestDeviceCode()
        case .closed: return codeScreenEnded(gaveUp: nil)
        case .gaveUp(let reason): return codeScreenEnded(gaveUp: reason)
        }
    }
}
