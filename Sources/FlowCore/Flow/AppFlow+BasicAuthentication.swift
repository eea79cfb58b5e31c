import PassAPI

/// The regular flow: the app's own MVPD picker, the session, the web login on iOS, the
/// registration code with polling on tvOS.
extension FlowReducer {
    mutating func showMvpdPicker(preselected: String?) -> [Effect] {
        if isCustom { return customOwnSignIn(provider: preselected) }
        guard let directory = state.directory else { return loadConfiguration(.signIn) }
        state.phase = .mvpdPicker
        return tell(.showingAppPicker(directory.mvpds)) + [
            .show(.mvpdPicker(directory.mvpds, preselected: preselected))
        ]
    }

    mutating func mvpdPickerAnswered(_ answer: ScreenAnswer) -> [Effect] {
        guard case .mvpdChosen(let id) = answer, let mvpd = state.directory?.mvpd(id: id) else {
            state.pendingPlay = nil
            return [.showHome] + tell(.selectedProvider(nil))
                + finishIdle(
                    [status(.cancelled, "The app's MVPD picker was cancelled.")]
                        + tell(.authenticationStatus(false, "Provider not Selected Error")))
        }
        return tell(.selectedProvider(mvpd.id)) + startBasicAuthentication(mvpd)
    }

    mutating func startBasicAuthentication(_ mvpd: MvpdConfiguration) -> [Effect] {
        state.phase = .creatingSession(mvpd)
        if isV1 { return tell(.creatingSession) + [.call(.v1CreateRegistrationCode(mvpd: mvpd.id))] }
        return tell(.creatingSession) + [
            .call(.createSession(mvpd: mvpd.id, domainName: setup.domainName, redirectUrl: setup.redirectUrl))
        ]
    }

    mutating func sessionCreated(_ session: SessionResponse, mvpd: MvpdConfiguration) -> [Effect] {
        if session.actionName == .authorize {
            let id = session.mvpd ?? mvpd.id
            var effects: [Effect] = []
            if session.reasonType == .degraded {
                effects.append(.record(.note("\(mvpd.displayName) is degraded: Adobe authenticates without it.")))
            }
            state.phase = .loadingProfile(id)
            return effects + [.call(.profileForMvpd(id, nil))]
        }
        guard let code = session.code, let url = session.url else {
            return finishIdle([.record(.note("The session has no code; sign-in cannot continue."))])
        }
        switch setup.platform {
        case .ios:
            state.phase = .webLogin(session)
            return tell(.openingWebLogin(url)) + [.show(.webLogin(url: url, stopAt: setup.redirectUrl))]
        case .tvos:
            let screen = RegistrationCode(
                code: code, activationPath: "/activate", notAfter: Int64(session.notAfter ?? "") ?? 0, mvpd: mvpd.id,
                status: "Waiting for sign-in on another device")
            state.phase = .secondScreen(screen)
            return tell(.showingCode(code)) + [
                status(.registrationCode, code), .show(.registrationCode(screen)),
                .startTimer(.poll, seconds: Double(setup.pollingInterval)),
            ]
        }
    }

    mutating func webLoginAnswered(_ answer: ScreenAnswer, session: SessionResponse) -> [Effect] {
        guard case .webLoginFinished = answer else {
            state.pendingPlay = nil
            return [.showHome] + tell(.selectedProvider(nil))
                + finishIdle(
                    [status(.cancelled, "The MVPD login was closed.")]
                        + tell(.authenticationStatus(false, "User not Authenticated Error")))
        }
        // Only after the redirect URL loads does the app poll for the profile (A7.2).
        state.phase = .pollingAfterWebLogin(session)
        return [.showHome] + tell(.webLoginReturned(setup.redirectUrl)) + tell(.polling) + [
            .call(.profileForCode(session.code ?? ""))
        ]
    }

    mutating func polledAfterWebLogin(_ response: ProfilesResponse, session: SessionResponse) -> [Effect] {
        state.pollFailures = 0
        guard response.profiles.isEmpty else { return authenticated(response, expected: session.mvpd, announce: true) }
        return [.startTimer(.poll, seconds: Double(setup.pollingInterval))]
    }

    mutating func codeScreenAnswered(_ answer: ScreenAnswer) -> [Effect] {
        guard case .secondScreen(let code) = state.phase else { return [] }
        switch answer {
        case .newCodeRequested:
            guard let mvpd = code.mvpd.flatMap({ state.directory?.mvpd(id: $0) }) else { return [] }
            return [.cancelTimer(.poll), .record(.note("A new code replaces \(code.code); its polling stops."))]
                + startBasicAuthentication(mvpd)
        case .codeScreenClosed:
            state.pendingPlay = nil
            return [.cancelTimer(.poll), .cancelTimer(.codeExpiry), .showHome]
                + finishIdle(
                    [status(.cancelled, "The code screen was closed.")]
                        + tell(.authenticationStatus(false, "User not Authenticated Error")))
        default:
            return []
        }
    }

    mutating func polled(_ response: ProfilesResponse, code: RegistrationCode) -> [Effect] {
        state.pollFailures = 0
        guard response.profiles.isEmpty else { return authenticated(response, expected: code.mvpd, announce: true) }
        var screen = code
        screen.polls += 1
        state.phase = .secondScreen(screen)
        return [.show(.registrationCode(screen)), .startTimer(.poll, seconds: Double(setup.pollingInterval))]
    }

    // MARK: - Authenticated

    mutating func authenticated(_ response: ProfilesResponse, expected mvpd: String?, announce: Bool) -> [Effect] {
        guard let (id, profile) = response.preferred(partnerProviderMvpd: mvpd) else {
            return finishIdle([status(.notAuthenticated, "No profile came back.")])
        }
        state.app.authentication = .authenticated(mvpd: id, type: profile.type, notAfter: profile.notAfter)
        let told = announce ? announceAuthenticated(mvpd: id, type: profile.type) : []
        return [.cancelTimer(.poll), .showHome] + told + preauthorize()
    }

    /// What the SDK tells the app once authenticated: the status, and the token source the app
    /// reads with getMetadata.
    func announceAuthenticated(mvpd: String, type: ProfileType) -> [Effect] {
        var effects: [Effect] = []
        if type == .degraded { effects.append(status(.degraded, "\(mvpd) is degraded.")) }
        effects += tell(.authenticationStatus(true, ""))
        effects += tell(.tokenSource(type == .appleSSO ? "Apple" : mvpd))
        return effects
    }
}
