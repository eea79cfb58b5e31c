import PassAPI
import VSASimulator

extension SDKFlow.Reducer {
    // MARK: - D.1 getAuthentication

    mutating func getAuthentication(permissionAsked: Bool = false) -> [Effect] {
        if case .authenticated(_, let type, _) = state.basics.app.authentication {
            let appleSSO = type == .appleSSO || state.signedInByAppleSSOCode
            let step = Steps.getAuthentication(appleSSO: appleSSO, on: setup.platform)
            return [.record(.step(step)), SDKFlow.authenticationStatus(true, .none)]
        }
        let undetermined = state.framework.access == .notDetermined || state.framework.access == nil
        if !permissionAsked, setup.asksPermission, undetermined {
            state.basics.app.activity = .signingIn
            return askPermission(then: .signIn)
        }
        state.basics.app.activity = .signingIn
        let regularFlow: [Effect] = [.record(.step(Steps.getAuthentication))]
        guard let directory = state.directory else { return regularFlow + finishIdle([]) }
        if let situation = SingleSignOnRule.permission(state.framework.access ?? .notDetermined) {
            return regularFlow + raised(situation, at: .getAuthentication, .getAuthenticationRegularFlow)
                + displayProviderDialog()
        }
        // Seed 001, D.1: Apple's dialog only when the requestor has an MVPD with single sign-on;
        // else the flow without it, C.
        guard directory.mvpds.contains(where: ConfigurationDirectory.supportsAppleSSO) else {
            return regularFlow + [.record(.note(.noProviderWithSingleSignOn))] + displayProviderDialog()
        }
        let request = ApplePicker.request(
            for: directory, setup, videoTitle: state.basics.pendingTitle)
        state.phase = .applePicker(state.framework)
        return [
            .record(.step(Steps.getAuthentication(appleSSO: true, on: setup.platform))),
            SDKFlow.callback(.presentTvProviderDialog), .vsa(.metadata(request)),
        ]
    }

    /// Seed 004, step 4: each answer of Apple's picker and what the SDK does with it.
    mutating func applePickerAnswered(_ outcome: ApplePicker.Outcome) -> [Effect] {
        let directory = state.directory ?? .empty
        switch outcome {
        case .signedIn(let provider):
            guard let mvpd = directory.appleSSOMvpd(platformId: provider) else {
                let name = directory.mvpd(platformId: provider)?.displayName ?? provider
                return raised(.providerNotEnabled, at: .getAuthentication, .singleSignOnDisabled(mvpd: name))
                    + displayProviderDialog()
            }
            return signInWithApple(mvpd)
        case .unsupportedProvider(let provider):
            guard let mvpd = directory.mvpd(platformId: provider) else {
                return raised(
                    .providerNotEnabled, at: .getAuthentication,
                    .notIntegrated(provider: provider, requestor: setup.requestor))
                    + displayProviderDialog()
            }
            // In Apple's picker but without Apple SSO: no code; the SDK selects it silently.
            return raised(.providerWithoutAppleSSO, at: .getAuthentication)
                + [.record(.sdkCall(.setSelectedProvider(mvpd.id), silently: true))]
                + startRegularAuthentication(mvpd)
        case .otherProvider:
            return [dismissDialog] + raised(.otherProvider, at: .getAuthentication) + displayProviderDialog()
        case .cancelled(let duringSignIn):
            return [dismissDialog]
                + raised(.pickerCancelled, at: .getAuthentication, .applePickerCancelled(duringSignIn: duringSignIn))
                + displayProviderDialog()
        case .permissionNotGranted(let error):
            return permissionRefused(state.framework, error) + displayProviderDialog()
        case .failed(let error):
            return raised(.frameworkFailed, at: .getAuthentication, .verbatim(error.description))
                + displayProviderDialog()
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
                state.signedInByAppleSSOCode = true
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
            return raised(.frameworkFailed, at: .getAuthentication, .verbatim(error.description))
                + displayProviderDialog()
        case .noSAMLResponse:
            return raised(.frameworkFailed, at: .getAuthentication, .noSAMLResponse) + displayProviderDialog()
        case .fellBack(let session):
            let note = Remark.adobeAnswered(action: session.actionName.rawValue, reason: session.reasonType.rawValue)
            // Integration or single sign-on disabled for this requestor: N004 and the regular flow
            // from the SDK's own picker (seed 004, step 4).
            if session.reasonType == .configurationFallback {
                return [.record(.note(note))] + raised(.providerNotEnabled, at: .getAuthentication)
                    + displayProviderDialog()
            }
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
