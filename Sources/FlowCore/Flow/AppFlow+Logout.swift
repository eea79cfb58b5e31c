import PassAPI

/// Phase E (REST) and `logout` (SDK).
extension FlowReducer {
    mutating func signOut() -> [Effect] {
        guard case .authenticated(let mvpd, _, _) = state.app.authentication else {
            return [.record(.note("Not signed in; nothing to sign out of."))]
        }
        if isV1 { return v1SignOut(mvpd: mvpd) }
        if isCustom { return customSignOut() }
        state.phase = .loggingOut(mvpd)
        state.app.activity = "Signing out"
        return tell(.loggingOut) + [.call(.logout(mvpd: mvpd, redirectUrl: setup.redirectUrl))]
    }

    mutating func loggedOut(_ response: LogoutResponse, mvpd: String) -> [Effect] {
        state.app = AppModel()
        state.app.authentication = .notAuthenticated
        var effects = tell(.logoutAction)
        let action = response.logouts[mvpd]
        switch action?.actionName {
        case .partnerLogout:
            state.phase = .notice
            effects.append(status(.signOutInSettings))
            effects += tell(.authenticationStatus(false, "Logout"))
            let notice = Notice(
                title: "Signed out of \(setup.identity.displayName)",
                message: "You are still signed in to your TV provider on this device. "
                    + "To sign out everywhere, go to \(setup.platform.settingsPath).")
            return effects + [.show(.notice(notice))]
        case .logout:
            effects += tell(.authenticationStatus(false, "Logout"))
            if let url = action?.url, setup.platform == .ios {
                state.phase = .logoutPage
                return effects + tell(.openingLogoutPage(url)) + [.show(.webLogin(url: url, stopAt: setup.redirectUrl))]
            }
            effects.append(
                .record(.note("A TV opens no web view: the MVPD session is left as is; the Adobe profile is gone.")))
        default:
            effects += tell(.authenticationStatus(false, "Logout"))
        }
        return finishIdle(effects)
    }
}
