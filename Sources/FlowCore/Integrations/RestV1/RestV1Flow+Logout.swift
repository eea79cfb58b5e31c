import PassAPI
import VSASimulator

extension RestV1Flow.Reducer {
    // MARK: - L. Logout

    mutating func signOut() -> [Effect] {
        guard case .authenticated(let mvpd, _, _) = state.basics.app.authentication else {
            return [.record(.note(.notSignedIn))]
        }
        state.phase = .readingTokenSource(mvpd)
        state.basics.app.activity = .signingOut
        return [.record(.step(Steps.tokenSource)), .call(.v1(.userMetadata))]
    }

    /// Seed 000: the app reads `tokenSource`, prompts the user to sign out in Settings when it is
    /// Apple (VSA203), and then logs out.
    mutating func tokenSourceRead(mvpd: String, appleSource: Bool) -> [Effect] {
        guard appleSource else { return logout(mvpd: mvpd, appleSource: false) }
        state.phase = .settingsPrompt(mvpd: mvpd)
        return [status(.signOutInSettings), .show(.notice(state.basics.signOutNotice))]
    }

    mutating func logout(mvpd: String, appleSource: Bool) -> [Effect] {
        switch setup.platform {
        case .tvos:
            state.phase = .loggingOut(appleSource: appleSource)
            return [.record(.step(Steps.logout)), .call(.v1(.logout))]
        case .ios:
            // A web view, so that the MVPD's session ends too.
            let url = WebLogin.pageURL(
                Endpoint.v1LogoutInBrowser.path,
                [("requestor_id", setup.requestor), ("redirect_url", setup.redirectUrl)])
            let (stopAt, page) = WebLogin.open(url, stopAt: setup.redirectUrl)
            state.phase = .logoutPage(appleSource: appleSource, stopAt)
            return [
                .record(.step(Steps.logout)),
                .record(.note(.logoutPageInWebView)),
            ] + page
        }
    }

    /// The user was already prompted to sign out in Settings, before the call (Apple source).
    mutating func loggedOut(appleSource: Bool) -> [Effect] {
        state.basics.app = AppModel()
        state.basics.app.authentication = .notAuthenticated
        return finishIdle([.record(.note(.adobeTokenGone))])
    }

    // MARK: - Failures

    /// Steps 6–9 failed: signed out after a silent attempt, else the regular workflow (step 10).
    /// `code` is the SDK's code for the failure, shown only after the user's own sign-in.
    mutating func singleSignOnFailed(
        _ failure: PassErrorSummary, mvpd: MvpdConfiguration, silent: Bool, code: [Effect] = []
    ) -> [Effect] {
        let note = Effect.record(.note(.singleSignOnFailed(message: failure.message)))
        if silent { return [note] + finishIdle([status(.notAuthenticated)]) }
        return [note] + code + startRegularAuthentication(mvpd)
    }

    mutating func apiFailed(_ failure: PassErrorSummary) -> [Effect] {
        switch state.phase {
        case .retrievingConfiguration:
            return configurationFailed(failure)
        case .profileRequest(let mvpd, let silent):
            // Adobe refusing the profile request (400) means single sign-on is not enabled for
            // this requestor and MVPD: the SDK's N004 (seed 004, step 4).
            let code = failure.httpStatus == 400 ? raised(.providerNotEnabled, at: .getAuthentication) : []
            return singleSignOnFailed(failure, mvpd: mvpd, silent: silent, code: code)
        case .exchangingToken(let mvpd, let silent):
            return singleSignOnFailed(failure, mvpd: mvpd, silent: silent)
        case .checkingAdobeToken:
            state.basics.app.authentication = .notAuthenticated
            return finishIdle([.record(.note(.checkAuthenticationCallFailed(message: failure.message)))])
        case .readingToken:
            return finishIdle([.record(.note(.tokenUnreadable(message: failure.message)))])
        case .authorizing(let resource), .mediaToken(let resource):
            let (code, signedOut) = Decisions.recordFailedAuthorization(
                failure, resource: resource, app: &state.basics.app)
            return finishIdle([status(code, .verbatim(failure.message))] + Decisions.signInAgain(signedOut))
        case .readingTokenSource(let mvpd):
            return [.record(.note(.tokenSourceUnknown(message: failure.message)))]
                + logout(mvpd: mvpd, appleSource: false)
        case .loggingOut(let appleSource):
            return [.record(.note(.logoutFailed(message: failure.message)))] + loggedOut(appleSource: appleSource)
        default:
            return failedUnexpectedly(failure)
        }
    }
}
