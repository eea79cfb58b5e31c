import PassAPI
import VSASimulator

extension RestV2Flow.Reducer {
    // MARK: - E. Logout

    mutating func signOut() -> [Effect] {
        guard case .authenticated(let mvpd, _, _) = state.basics.app.authentication else {
            return [.record(.note(.notSignedIn))]
        }
        state.phase = .loggingOut(mvpd)
        state.basics.app.activity = .signingOut
        return [.record(.step(Steps.logout)), .call(.v2(.logout(mvpd: mvpd, redirectUrl: setup.redirectUrl)))]
    }

    mutating func loggedOut(_ response: LogoutResponse, mvpd: String) -> [Effect] {
        state.basics.app = AppModel()
        state.basics.app.authentication = .notAuthenticated
        var effects: [Effect] = [.record(.step(Steps.logoutAction))]
        let action = response.logouts[mvpd]
        switch action?.actionName {
        case .partnerLogout:
            state.phase = .notice
            return effects + [status(.signOutInSettings), .show(.notice(state.basics.signOutNotice))]
        case .logout:
            if let url = action?.url, setup.platform == .ios {
                let (stopAt, page) = WebLogin.open(url, stopAt: setup.redirectUrl)
                state.phase = .logoutPage(stopAt)
                return effects + [.record(.note(.mvpdLogoutInHiddenWebView))] + page
            }
            effects.append(
                .record(.note(.televisionKeepsProviderSession(profile: true)))
            )
        default:
            break
        }
        return finishIdle(effects)
    }

    // MARK: - Failures

    mutating func apiFailed(_ failure: PassErrorSummary) -> [Effect] {
        switch state.phase {
        case .retrievingConfiguration:
            return configurationFailed(failure)
        case .retrievingProfiles:
            state.basics.app.authentication = .notAuthenticated
            return finishIdle([.record(.note(.profilesUnreadable(message: failure.message)))])
        case .authorizing(let resource):
            return finishIdle(
                RestV2Flow.decisions.authorizationFailed(failure, resource: resource, app: &state.basics.app))
        default:
            return failedUnexpectedly(failure)
        }
    }
}
