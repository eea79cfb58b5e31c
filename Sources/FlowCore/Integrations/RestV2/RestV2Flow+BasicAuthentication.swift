import PassAPI
import VSASimulator

extension RestV2Flow.Reducer {
    // MARK: - Basic authentication

    mutating func showAppPicker(preselected: String?) -> [Effect] {
        guard let directory = state.directory else { return retrieveConfiguration(.signIn) }
        state.phase = .appPicker(directory.mvpds.map(\.id))
        return [
            .record(.step(Steps.appPicker)), .show(.mvpdPicker(directory.mvpds, preselected: preselected)),
        ]
    }

    mutating func appPickerAnswered(_ outcome: AppPicker.Outcome) -> [Effect] {
        guard case .chosen(let id) = outcome, let mvpd = state.directory?.mvpd(id: id) else {
            return appPickerCancelled()
        }
        return startBasicAuthentication(mvpd)
    }

    mutating func startBasicAuthentication(_ mvpd: MvpdConfiguration) -> [Effect] {
        state.phase = .creatingSession(mvpd)
        return [
            .record(.step(Steps.createSession)),
            .call(.v2(.createSession(mvpd: mvpd.id, domainName: setup.domainName, redirectUrl: setup.redirectUrl))),
        ]
    }

    mutating func sessionCreated(_ session: SessionResponse, mvpd: MvpdConfiguration) -> [Effect] {
        if session.actionName == .authorize {
            var effects: [Effect] = []
            if session.reasonType == .degraded {
                effects.append(.record(.note(.degradedWithoutProvider(mvpd: mvpd.displayName))))
            }
            let id = session.mvpd ?? mvpd.id
            state.phase = .retrievingProfile(id)
            return effects + [.call(.v2(.profileForMvpd(id, nil)))]
        }
        guard let code = session.code, let url = session.url else {
            return finishIdle([.record(.note(.sessionHasNoCode))])
        }
        switch setup.platform {
        case .ios:
            let (stopAt, effects) = WebLogin.open(url, stopAt: setup.redirectUrl)
            state.phase = .webLogin(session, stopAt)
            return [.record(.step(Steps.webLogin))] + effects
        case .tvos:
            let screen = RegistrationCode(code, of: session, mvpd: mvpd.id)
            let (child, effects) = CodePolling.show(screen, handle: code, interval: setup.pollingInterval)
            state.phase = .polling(mvpd: mvpd.id, child)
            return [.record(.step(Steps.showCode)), status(.registrationCode, .verbatim(code))] + effects
        }
    }

    mutating func webLoginAnswered(_ outcome: WebLogin.Outcome, session: SessionResponse) -> [Effect] {
        guard case .returned = outcome else { return signInClosed(.mvpdLoginClosed) }
        // Only after the redirect URL loads does the app poll for the profile.
        let (child, effects) = RestV2Flow.polling.pollNow(
            handle: session.code ?? "", interval: setup.pollingInterval)
        state.phase = .polling(mvpd: session.mvpd, child)
        return [.showHome] + effects
    }

    mutating func pollingEnded(_ outcome: CodePolling.Outcome, mvpd: String?) -> [Effect] {
        switch outcome {
        case .signedIn(.profiles(let response)):
            return authenticated(response, expected: mvpd)
        case .signedIn:
            return finishIdle([])
        case .newCodeRequested:
            guard let mvpd = mvpd.flatMap({ state.directory?.mvpd(id: $0) }) else { return finishIdle([]) }
            return startBasicAuthentication(mvpd)
        case .closed: return codeScreenEnded(gaveUp: nil)
        case .gaveUp(let reason): return codeScreenEnded(gaveUp: reason)
        }
    }

    mutating func authenticated(_ response: ProfilesResponse, expected mvpd: String?) -> [Effect] {
        guard let (id, profile) = response.preferred(partnerProviderMvpd: mvpd) else {
            return finishIdle([status(.notAuthenticated, .noProfile)])
        }
        state.basics.app.authentication = .authenticated(mvpd: id, type: profile.type, notAfter: profile.notAfter)
        return [.showHome] + degradedNotice(mvpd: id, type: profile.type) + preauthorize()
    }

    func degradedNotice(mvpd: String, type: ProfileType) -> [Effect] {
        type == .degraded ? [status(.degraded, .degraded(mvpd: mvpd))] : []
    }
}
