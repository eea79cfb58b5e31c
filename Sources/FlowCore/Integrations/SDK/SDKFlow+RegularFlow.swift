import PassAPI
import VSASimulator

extension SDKFlow.Reducer {
    // MARK: - C. The regular flow

    mutating func displayProviderDialog() -> [Effect] {
        state.signedInByAppleSSOCode = false
        guard let directory = state.directory else { return finishIdle([]) }
        state.phase = .providerDialog(directory.mvpds.map(\.id))
        return [
            .record(.step(Steps.displayProviderDialog)),
            SDKFlow.callback(.displayProviderDialog(mvpdCount: directory.mvpds.count)),
            .show(.mvpdPicker(directory.mvpds, preselected: nil)),
        ]
    }

    mutating func providerSelected(_ outcome: AppPicker.Outcome) -> [Effect] {
        guard case .chosen(let id) = outcome, let mvpd = state.directory?.mvpd(id: id) else {
            state.basics.dropPendingPlay()
            return [.showHome, .record(.sdkCall(.setSelectedProvider(nil), silently: false))]
                + finishIdle(
                    raised(.pickerCancelled, at: .getAuthentication, .appPickerCancelled) + [
                        SDKFlow.authenticationStatus(false, .providerNotSelected)
                    ])
        }
        return [.record(.sdkCall(.setSelectedProvider(mvpd.id), silently: false))]
            + startRegularAuthentication(mvpd)
    }

    mutating func startRegularAuthentication(_ mvpd: MvpdConfiguration) -> [Effect] {
        state.phase = .creatingSession(mvpd)
        return [
            .call(
                .v2(.createSession(mvpd: mvpd.id, domainName: setup.domainName, redirectUrl: SDKFlow.redirect(setup))))
        ]
    }

    mutating func sessionCreated(_ session: SessionResponse, mvpd: MvpdConfiguration) -> [Effect] {
        if session.actionName == .authorize {
            let id = session.mvpd ?? mvpd.id
            state.phase = .retrievingProfile(id)
            return [.call(.v2(.profileForMvpd(id, nil)))]
        }
        guard let code = session.code, let url = session.url else {
            return finishIdle([.record(.note(.sessionHasNoCode))])
        }
        switch setup.platform {
        case .ios:
            let (stopAt, effects) = WebLogin.open(url, stopAt: SDKFlow.redirect(setup))
            state.phase = .webLogin(session, stopAt)
            return [.record(.step(Steps.navigateToUrl)), SDKFlow.navigate(setup, url)] + effects
        case .tvos:
            let screen = RegistrationCode(code, of: session, mvpd: mvpd.id)
            let (child, effects) = CodePolling.show(screen, handle: code, interval: setup.pollingInterval)
            state.phase = .polling(mvpd: mvpd.id, child)
            return [.record(.step(Steps.registrationCode)), status(.registrationCode, .verbatim(code))] + effects
        }
    }

    mutating func webViewAnswered(_ outcome: WebLogin.Outcome, session: SessionResponse) -> [Effect] {
        guard case .returned(let url) = outcome else {
            state.basics.dropPendingPlay()
            return [.showHome, .record(.sdkCall(.setSelectedProvider(nil), silently: false))]
                + finishIdle(
                    raised(.signInClosed, at: .getAuthentication) + [
                        .record(.note(.mvpdLoginClosed)),
                        SDKFlow.authenticationStatus(false, .notAuthenticatedAfterSignIn),
                    ])
        }
        let (child, effects) = SDKFlow.polling.pollNow(handle: session.code ?? "", interval: setup.pollingInterval)
        state.phase = .polling(mvpd: session.mvpd, child)
        return [
            .showHome, .record(.step(Steps.handleExternalURL)),
            .record(.sdkCall(.handleExternalURL(url), silently: false)),
        ]
            + effects
    }

    mutating func pollingEnded(_ outcome: CodePolling.Outcome, mvpd: String?) -> [Effect] {
        switch outcome {
        case .signedIn(.profiles(let response)): return authenticated(response, expected: mvpd)
        case .signedIn: return finishIdle([])
        case .newCodeRequested:
            guard let mvpd = mvpd.flatMap({ state.directory?.mvpd(id: $0) }) else { return finishIdle([]) }
            return startRegularAuthentication(mvpd)
        case .closed:
            state.basics.dropPendingPlay()
            return [.showHome]
                + finishIdle(
                    raised(.signInClosed, at: .getAuthentication) + [
                        .record(.note(.codeScreenClosed)),
                        SDKFlow.authenticationStatus(false, .notAuthenticatedAfterSignIn),
                    ])
        case .gaveUp(let reason):
            state.basics.dropPendingPlay()
            return finishIdle([
                .record(.note(reason)), SDKFlow.authenticationStatus(false, .notAuthenticatedAfterSignIn),
            ])
        }
    }

    mutating func authenticated(_ response: ProfilesResponse, expected mvpd: String?) -> [Effect] {
        guard let (id, profile) = response.preferred(partnerProviderMvpd: mvpd) else {
            return finishIdle([SDKFlow.authenticationStatus(false, .notAuthenticatedAfterSignIn)])
        }
        state.basics.app.authentication = .authenticated(mvpd: id, type: profile.type, notAfter: profile.notAfter)
        return [.showHome] + announceAuthenticated(mvpd: id, type: profile.type) + preauthorize()
    }

    /// setAuthenticationStatus(1), and the token source the app reads with getMetadata.
    func announceAuthenticated(mvpd: String, type: ProfileType) -> [Effect] {
        var effects: [Effect] = []
        if type == .degraded { effects.append(status(.degraded, .degraded(mvpd: mvpd))) }
        effects.append(SDKFlow.authenticationStatus(true, .none))
        // The app shows who the user signed in with: getSelectedProvider → selectedProvider.
        effects.append(.record(.sdkCall(.getSelectedProvider, silently: false)))
        effects.append(SDKFlow.callback(.selectedProvider(mvpd)))
        effects.append(.record(.step(Steps.getMetadata)))
        effects.append(SDKFlow.callback(.setMetadataStatus(tokenSource: type == .appleSSO ? "Apple" : mvpd)))
        return effects
    }
}
