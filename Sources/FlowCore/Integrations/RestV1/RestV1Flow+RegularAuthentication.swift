import PassAPI
import VSASimulator

extension RestV1Flow.Reducer {
    // MARK: - 10. The regular workflow

    mutating func showAppPicker(preselected: String?) -> [Effect] {
        guard let directory = state.directory else { return retrieveConfiguration(.signIn) }
        state.phase = .appPicker(directory.mvpds.map(\.id))
        return [.record(.step(Steps.appPicker)), .show(.mvpdPicker(directory.mvpds, preselected: preselected))]
    }

    mutating func appPickerAnswered(_ outcome: AppPicker.Outcome) -> [Effect] {
        guard case .chosen(let id) = outcome, let mvpd = state.directory?.mvpd(id: id) else {
            return appPickerCancelled()
        }
        return startRegularAuthentication(mvpd)
    }

    mutating func startRegularAuthentication(_ mvpd: MvpdConfiguration) -> [Effect] {
        state.phase = .creatingCode(mvpd)
        return [.record(.step(Steps.regularAuthentication)), .call(.v1(.createRegistrationCode(mvpd: mvpd.id)))]
    }

    mutating func codeCreated(_ record: V1RegistrationCode, mvpd: MvpdConfiguration) -> [Effect] {
        switch setup.platform {
        case .ios:
            let url = RestV1Flow.authenticateURL(
                requestor: setup.requestor, mvpd: mvpd.id, code: record.code, domainName: setup.domainName,
                redirectUrl: setup.redirectUrl)
            let (stopAt, effects) = WebLogin.open(url, stopAt: setup.redirectUrl)
            state.phase = .webLogin(mvpd.id, stopAt)
            return [.record(.step(Steps.webLogin))] + effects
        case .tvos:
            let screen = RegistrationCode(
                code: record.code, activationPath: Endpoint.activationPage.path, notAfter: record.expires, mvpd: mvpd.id
            )
            // The app, not the service, notices a V1 code's end: its lifetime arms a timer.
            let lifetime = Double(max(0, record.expires - record.generated)) / 1000
            let (child, effects) = CodePolling.show(
                screen, handle: record.code, interval: setup.pollingInterval, lifetime: lifetime)
            state.phase = .polling(mvpd: mvpd.id, child)
            return [.record(.step(Steps.showCode)), status(.registrationCode, .verbatim(record.code))] + effects
        }
    }

    mutating func webLoginAnswered(_ outcome: WebLogin.Outcome, mvpd: String) -> [Effect] {
        guard case .returned = outcome else { return signInClosed(.mvpdLoginClosed) }
        let (child, effects) = RestV1Flow.polling.pollNow(handle: mvpd, interval: setup.pollingInterval)
        state.phase = .polling(mvpd: mvpd, child)
        return [.showHome] + effects
    }

    mutating func pollingEnded(_ outcome: CodePolling.Outcome, mvpd: String?) -> [Effect] {
        switch outcome {
        case .signedIn(.v1AuthenticationToken(.found(let token))):
            return authenticated(token, type: .regular)
        case .signedIn:
            return finishIdle([])
        case .newCodeRequested:
            guard let mvpd = mvpd.flatMap({ state.directory?.mvpd(id: $0) }) else { return finishIdle([]) }
            return startRegularAuthentication(mvpd)
        case .closed: return codeScreenEnded(gaveUp: nil)
        case .gaveUp(let reason): return codeScreenEnded(gaveUp: reason)
        }
    }
}
