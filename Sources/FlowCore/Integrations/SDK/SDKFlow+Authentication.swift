import PassAPI
import VSASimulator

extension SDKFlow.Reducer {
    // MARK: - D.1 getAuthentication

    mutating func getAuthentication(permissionAsked: Bool = false) -> [Effect] {
        if case .authenticated = state.basics.app.authentication {
            return [.record(.step(Steps.getAuthentication)), SDKFlow.authenticationStatus(true, .none)]
        }
        let undetermined = state.framework.access == .notDetermined || state.framework.access == nil
        if !permissionAsked, setup.asksPermission, undetermined {
            state.basics.app.activity = .signingIn
            return askPermission(then: .signIn)
        }
        state.basics.app.activity = .signingIn
        var effects: [Effect] = [.record(.step(Steps.getAuthentication))]
        guard let directory = state.directory else { return effects + finishIdle([]) }
        switch state.framework.access {
        case .granted:
            break
        case .notDetermined, nil:
            return effects + [status(.permissionUndetermined, .getAuthenticationRegularFlow)]
                + displayProviderDialog()
        case .denied, .restricted:
            return effects + [status(.permissionDenied, .getAuthenticationRegularFlow)]
                + displayProviderDialog()
        }
        // Seed 001, D.1: Apple's dialog only when the requestor has an MVPD with single sign-on.
        guard directory.mvpds.contains(where: ConfigurationDirectory.supportsAppleSSO) else {
            effects.append(.record(.note(.noProviderWithSingleSignOn)))
            return effects + displayProviderDialog()
        }
        let request = ApplePicker.request(
            for: directory, setup, videoTitle: state.basics.pendingTitle)
        state.phase = .applePicker(state.framework)
        effects.append(SDKFlow.callback(.presentTvProviderDialog))
        return effects + [.vsa(.metadata(request))]
    }

    /// Seed 004, step 4: each answer of Apple's picker and what the SDK does with it.
    mutating func applePickerAnswered(_ outcome: ApplePicker.Outcome) -> [Effect] {
        let directory = state.directory ?? .empty
        switch outcome {
        case .signedIn(let provider):
            guard let mvpd = directory.appleSSOMvpd(platformId: provider) else {
                let name = directory.mvpd(platformId: provider)?.displayName ?? provider
                return [status(.unsupportedProvider, .singleSignOnDisabled(mvpd: name))]
                    + displayProviderDialog()
            }
            return signInWithApple(mvpd)
        case .unsupportedProvider(let provider):
            guard let mvpd = directory.mvpd(platformId: provider) else {
                return [status(.unsupportedProvider, .notIntegrated(provider: provider, requestor: setup.requestor))]
                    + displayProviderDialog()
            }
            // In Apple's picker but without Apple SSO: no code; the SDK selects it silently.
            return [.record(.sdkCall(.setSelectedProvider(mvpd.id), silently: true))]
                + startRegularAuthentication(mvpd)
        case .otherProvider:
            return [dismissDialog, status(.otherProvider)] + displayProviderDialog()
        case .cancelled(let duringSignIn):
            return [dismissDialog, status(.cancelled, .applePickerCancelled(duringSignIn: duringSignIn))]
                + displayProviderDialog()
        case .permissionNotGranted(let error):
            return [status(.permissionDenied, .verbatim(error.message))] + displayProviderDialog()
        case .failed(let error):
            return [status(.metadataUnavailable, .verbatim(error.description))] + displayProviderDialog()
        case .noProvider:
            return finishIdle([SDKFlow.authenticationStatus(false, .userNotAuthenticated)])
        }
    }

    /// The provider supports Apple SSO. On a TV the seeds disagree, and the requestor's
    /// setting chooses: seed 004's silent exchange, or seed 001's registration code; the
    /// timeline names the source.
    mutating func signInWithApple(_ mvpd: MvpdConfiguration) -> [Effect] {
        var effects: [Effect] = []
        if setup.platform == .tvos {
            effects.append(.record(.note(.appleTVBehaviour(setup.sdkTVAppleSSO))))
            if setup.sdkTVAppleSSO == .registrationCode {
                return effects + [
                    .record(.sdkCall(.setSelectedProvider(mvpd.id), silently: true))
                ]
                    + startRegularAuthentication(mvpd)
            }
        }
        let (child, exchange) = SDKFlow.partnerExchange(setup).start(
            mvpd, silent: false, framework: state.framework)
        state.phase = .exchange(child)
        return effects + exchange
    }

    var dismissDialog: Effect { SDKFlow.callback(.dismissTvProviderDialog) }

    mutating func exchangeEnded(_ outcome: PartnerExchange.Outcome, _ exchange: PartnerExchange.State)
        -> [Effect]
    {
        if case .exchange(let latest) = state.phase { state.framework = latest.framework }
        switch outcome {
        case .authenticated(let id, let response):
            return authenticated(response, expected: id)
        case .frameworkFailed(let error):
            return [status(.metadataUnavailable, .verbatim(error.description))] + displayProviderDialog()
        case .noSAMLResponse:
            return [status(.metadataUnavailable, .noSAMLResponse)]
                + displayProviderDialog()
        case .fellBack(let session):
            let note = Remark.adobeAnswered(action: session.actionName.rawValue, reason: session.reasonType.rawValue)
            return [
                .record(.note(note)),
                .record(.sdkCall(.setSelectedProvider(exchange.mvpd.id), silently: true)),
            ] + startRegularAuthentication(exchange.mvpd)
        case .noProfile, .failed:
            return [.record(.note(.exchangeProducedNoToken))]
                + startRegularAuthentication(exchange.mvpd)
        }
    }
}
