import Foundation
import PassAPI

/// The app's own account sign-in, where every fallback of a custom identity provider leads: on
/// an iPhone the identity provider's page in a web view and the code exchange; on a TV a device
/// code (RFC 8628) on screen while the app polls the token endpoint.
extension FlowReducer {
    mutating func dispatchCustomOwnSignIn(_ event: Event) -> [Effect]? {
        switch (state.phase, event) {
        case (.customWebLogin(let expected), .answer(let answer)):
            return customWebLoginAnswered(answer, expectedState: expected)
        case (.customExchanging, .api(.customTokens(let tokens))):
            return customAuthenticated(tokens, type: .regular, announce: true)
        case (.customRequestingCode, .api(.customDeviceCode(let grant, let receivedAt))):
            return customDeviceCodeReceived(grant, receivedAt: receivedAt)
        case (.secondScreen, .timer(.poll)):
            guard let polling = state.customPolling else { return [] }
            return tell(.polling) + [.call(.customPollDeviceToken(deviceCode: polling.deviceCode))]
        case (.secondScreen(let code), .api(.customDevicePending(let slowDown))):
            return customStillPending(code, slowDown: slowDown)
        case (.secondScreen(let code), .timer(.codeExpiry)), (.secondScreen(let code), .api(.customDeviceCodeExpired)):
            return [.cancelTimer(.codeExpiry)]
                + stopPolling(
                    code, status: "This code has expired. Get a new code to try again.",
                    note: "The device code expired; polling stops.")
        case (.secondScreen, .api(.customTokens(let tokens))):
            return [.cancelTimer(.poll), .cancelTimer(.codeExpiry)]
                + customAuthenticated(tokens, type: .regular, announce: true)
        case (.secondScreen(let code), .answer(.newCodeRequested)):
            return [
                .cancelTimer(.poll), .cancelTimer(.codeExpiry),
                .record(.note("A new code replaces \(code.code); its polling stops.")),
            ] + customRequestDeviceCode()
        default: return nil
        }
    }

    /// `provider` (an Apple catalog or MVPD id) preselects the TV provider on the sign-in page.
    mutating func customOwnSignIn(provider: String?) -> [Effect] {
        state.app.activity = "Signing in"
        switch setup.platform {
        case .ios: return tell(.continuingWithBasic) + customWebLogin(provider: provider)
        case .tvos: return tell(.continuingWithBasic) + customRequestDeviceCode()
        }
    }

    mutating func customWebLogin(provider: String?) -> [Effect] {
        state.customSignIns += 1
        // A fresh `state` per attempt, so that the app accepts only the redirect it asked for.
        let nonce = "\(setup.requestor.lowercased())-\(state.customSignIns)"
        let url = CustomIdentityProviderPaths.login(
            requestor: setup.requestor, redirectURI: setup.redirectUrl, state: nonce, provider: provider)
        state.phase = .customWebLogin(state: nonce)
        return tell(.openingWebLogin(url)) + [.show(.webLogin(url: url, stopAt: setup.redirectUrl))]
    }

    mutating func customWebLoginAnswered(_ answer: ScreenAnswer, expectedState: String) -> [Effect] {
        guard case .webLoginFinished(let url) = answer else {
            state.pendingPlay = nil
            return [.showHome] + finishIdle([status(.cancelled, "The sign-in page was closed.")])
        }
        let query = URLComponents(string: url)?.queryItems ?? []
        let value = { (name: String) in query.first { $0.name == name }?.value }
        guard value("state") == expectedState, let code = value("code") else {
            state.pendingPlay = nil
            return [.showHome]
                + finishIdle([
                    .record(.note("The redirect carries no code for this sign-in; the app ignores it.")),
                    status(.notAuthenticated),
                ])
        }
        state.phase = .customExchanging
        return [.showHome] + tell(.webLoginReturned(url)) + [
            .call(.customExchange(code: code, redirectURI: setup.redirectUrl))
        ]
    }

    mutating func customRequestDeviceCode() -> [Effect] {
        state.phase = .customRequestingCode
        return [.call(.customDeviceCode)]
    }

    /// The code screen the REST flows use, with the identity provider's verification address.
    mutating func customDeviceCodeReceived(_ grant: CustomDeviceAuthorization, receivedAt: Int64) -> [Effect] {
        state.customPolling = AppFlow.CustomPolling(deviceCode: grant.deviceCode, interval: grant.interval)
        state.pollFailures = 0
        let screen = RegistrationCode(
            code: grant.userCode, activationPath: grant.verificationUri,
            notAfter: receivedAt + Int64(grant.expiresIn) * 1000, mvpd: nil,
            status: "Waiting for sign-in on another device")
        state.phase = .secondScreen(screen)
        return tell(.showingCode(grant.userCode)) + [
            status(.registrationCode, grant.userCode), .show(.registrationCode(screen)),
            .startTimer(.poll, seconds: Double(grant.interval)),
            .startTimer(.codeExpiry, seconds: Double(grant.expiresIn)),
        ]
    }

    mutating func customStillPending(_ code: RegistrationCode, slowDown: Bool) -> [Effect] {
        guard var polling = state.customPolling else { return [] }
        state.pollFailures = 0
        var effects: [Effect] = []
        if slowDown {
            // RFC 8628: after slow_down every later poll waits five seconds more.
            polling.interval += 5
            state.customPolling = polling
            effects.append(.record(.note("slow_down: polling every \(polling.interval) s from now on.")))
        }
        var screen = code
        screen.polls += 1
        state.phase = .secondScreen(screen)
        return effects + [.show(.registrationCode(screen)), .startTimer(.poll, seconds: Double(polling.interval))]
    }
}
