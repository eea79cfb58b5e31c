import PassAPI
import VSASimulator

extension SDKFlow.Reducer {
    // MARK: - H.1 / I.1 logout

    /// Seed 001 has two logouts: H for a token of the MVPD's own login, I for an Apple SSO one.
    mutating func logout() -> [Effect] {
        guard case .authenticated(let mvpd, let type, _) = state.basics.app.authentication else {
            return [.record(.note(.notSignedIn))]
        }
        state.phase = .loggingOut(mvpd)
        state.basics.app.activity = .signingOut
        let step = type == .appleSSO ? Steps.logout : Steps.logoutWithoutAppleSSO
        return [.record(.step(step)), .call(.v2(.logout(mvpd: mvpd, redirectUrl: SDKFlow.redirect(setup))))]
    }

    mutating func loggedOut(_ response: LogoutResponse, mvpd: String) -> [Effect] {
        state.basics.app = AppModel()
        state.basics.app.authentication = .notAuthenticated
        let action = response.logouts[mvpd]
        let signedOut = SDKFlow.authenticationStatus(false, .logout)
        switch action?.actionName {
        case .partnerLogout where setup.platform == .ios:
            // Seed 004, logout (line 166): on iOS/iPadOS the SDK's logout "would facilitate session
            // clean-up on the MVPD side": the MVPD's logout page, then the prompt of VSA203.
            let url = SDKFlow.mvpdLogoutURL(mvpd: mvpd, setup)
            return [status(.signOutInSettings), signedOut] + openLogoutPage(url, thenSettingsNotice: true)
        case .partnerLogout:
            // On tvOS it "would not" (line 162): only the prompt.
            state.phase = .notice
            return [status(.signOutInSettings), signedOut, .show(.notice(state.basics.signOutNotice))]
        case .logout:
            if let url = action?.url, setup.platform == .ios {
                // Seed 001, H.1: the logout page in a hidden web view, to its redirect.
                return [signedOut] + openLogoutPage(url, thenSettingsNotice: false)
            }
            return finishIdle([
                signedOut,
                .record(.note(.televisionKeepsProviderSession(profile: false))),
            ])
        default:
            return finishIdle([signedOut])
        }
    }

    /// `navigateToUrl` with a logout page, which the web view follows to the SDK's redirect.
    mutating func openLogoutPage(_ url: String, thenSettingsNotice: Bool) -> [Effect] {
        let (stopAt, page) = WebLogin.open(url, stopAt: SDKFlow.redirect(setup))
        state.phase = .logoutPage(stopAt, thenSettingsNotice: thenSettingsNotice)
        return [SDKFlow.navigate(setup, url)] + page
    }

    mutating func logoutPageAnswered(_ outcome: WebLogin.Outcome, thenSettingsNotice: Bool) -> [Effect] {
        var effects: [Effect] = [.showHome]
        if case .returned(let url) = outcome {
            effects += [
                .record(.sdkCall(.handleExternalURL(url), silently: false)), .record(.step(Steps.logoutPageDone)),
            ]
        }
        guard thenSettingsNotice else { return effects + finishIdle([]) }
        state.phase = .notice
        return effects + [.show(.notice(state.basics.signOutNotice))]
    }

    // MARK: - Failures

    mutating func apiFailed(_ failure: PassErrorSummary) -> [Effect] {
        switch state.phase {
        case .registering, .retrievingConfiguration:
            return requestorFailed(failure)
        case .checkingAuthentication:
            state.basics.app.authentication = .notAuthenticated
            return finishIdle([
                .record(.note(.profilesUnreadable(message: failure.message))),
                SDKFlow.authenticationStatus(false, .generic),
            ]) + runQueued()
        case .authorizing(let resource):
            return finishIdle(
                SDKFlow.decisions.authorizationFailed(failure, resource: resource, app: &state.basics.app))
        case .verifyingMediaToken(let resource):
            // A verifier that cannot answer verifies nothing: the title does not play.
            mediaTokenRefused(resource, status: MediaTokenVerification.Status.errorUnknown.rawValue)
            return finishIdle([
                .record(
                    .note(
                        .mediaTokenChecked(
                            status: MediaTokenVerification.Status.errorUnknown.rawValue, message: failure.message)))
            ])
        default:
            return failedUnexpectedly(failure)
        }
    }

    // MARK: - Helpers

    /// The first call the app queued while setRequestor ran (the others follow as each ends).
    mutating func runQueued() -> [Effect] {
        guard state.phase == .idle, !state.queued.isEmpty else { return [] }
        let action = state.queued.removeFirst()
        return [.record(.note(.sdkRunsQueued(action)))] + userAction(action)
    }
}
