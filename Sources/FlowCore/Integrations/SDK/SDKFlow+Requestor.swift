import PassAPI
import VSASimulator

extension SDKFlow.Reducer {
    // MARK: - P. The permission, asked by the app

    /// The app asks for the permission at launch, and again on sign-in while undetermined.
    mutating func askPermission(then action: AppAction) -> [Effect] {
        let (child, effects) = SDKFlow.framework(setup).checkAccess(state.framework, askProvider: false)
        state.phase = .askingPermission(action, child)
        return effects
    }

    mutating func permissionAnswered(_ known: FrameworkStatus, then action: AppAction) -> [Effect] {
        state.framework = known
        state.phase = .idle
        switch action {
        case .launch: return setRequestor()
        // Back in the foreground the app checks the authentication again.
        case .foreground:
            if let playing = state.basics.app.playing, playing.tokenNotAfter > 0 {
                return checkAuthorization(playing.resource)
            }
            return checkAuthentication()
        default: return getAuthentication(permissionAsked: true)
        }
    }

    // MARK: - B.2 setRequestor

    /// Seed 004, step 1: the app creates the AccessEnabler first.
    mutating func launch() -> [Effect] {
        state.basics.app.activity = .starting
        state.requestorReady = false
        return [.record(.sdkCall(.initialise, silently: false))] + askPermission(then: .launch)
    }

    mutating func setRequestor() -> [Effect] {
        state.phase = .registering
        var effects = [Effect.record(.step(Steps.setRequestor))]
        if !setup.waitsForSetRequestorComplete {
            effects += [
                .record(.sdkCall(.checkAuthentication, silently: false)),
                .record(.note(.sdkQueuesCheckAuthentication)),
            ]
        }
        let step = SDKFlow.registration.start(&state.registration)
        effects += step.effects
        return effects + (step.outcome.map { registered($0) } ?? [])
    }

    mutating func registered(_ outcome: ClientRegistration.Outcome) -> [Effect] {
        if case .failed(let failure) = outcome { return requestorFailed(failure) }
        state.phase = .retrievingConfiguration
        return [.call(.v2(.configuration))]
    }

    mutating func configurationRetrieved(_ configuration: ConfigurationResponse) -> [Effect] {
        state.directory = ConfigurationDirectory(configuration)
        guard let access = state.framework.access, access == .granted else {
            let situation = state.framework.access.flatMap(SingleSignOnRule.permission) ?? .permissionUndetermined
            return raised(situation, at: .setRequestor, .setRequestorFallsBack) + requestorComplete()
        }
        let (child, effects) = SDKFlow.framework(setup).askProvider(state.framework)
        state.phase = .askingProvider(child)
        return effects
    }

    /// The framework's answer to setRequestor's silent request: the exchange runs only when all
    /// seven conditions hold (seed 004, step 2); degradation and the SAML response are checked
    /// on the way.
    mutating func providerAnswered(_ known: FrameworkStatus) -> [Effect] {
        state.framework = known
        if let error = known.error {
            return raised(.frameworkFailed, at: .setRequestor, .setRequestorFailed(error: error.description))
                + requestorComplete()
        }
        guard let mvpd = state.directory?.appleSSOMvpd(platformId: known.providerId) else {
            return requestorComplete()
        }
        if let expiry = known.expiry, expiry <= context.now { return requestorComplete() }
        let (child, effects) = SDKFlow.partnerExchange(setup).start(mvpd, silent: true, framework: known)
        state.phase = .silentExchange(child)
        return effects
    }

    mutating func silentExchangeEnded(_ outcome: PartnerExchange.Outcome, _ exchange: PartnerExchange.State)
        -> [Effect]
    {
        switch outcome {
        case .authenticated(let id, let response):
            guard let profile = response.profiles[id] ?? response.profiles.values.first else {
                return requestorComplete()
            }
            if profile.type == .degraded {
                // One of the seven conditions: no silent exchange with a degraded provider. Adobe
                // answered without one and made the profile itself; checkAuthentication finds it.
                return [.record(.note(.degradedNoSilentExchange(mvpd: exchange.mvpd.displayName)))]
                    + requestorComplete()
            }
            state.basics.app.authentication = .authenticated(
                mvpd: id, type: profile.type, notAfter: profile.notAfter)
            return requestorComplete()
        case .frameworkFailed(let error):
            return raised(.frameworkFailed, at: .setRequestor, .setRequestorFailed(error: error.description))
                + requestorComplete()
        case .noSAMLResponse:
            return raised(.frameworkFailed, at: .setRequestor, .setRequestorNoSAMLResponse) + requestorComplete()
        case .fellBack(let session):
            let note = Remark.adobeAnsweredNoSilentExchange(
                action: session.actionName.rawValue, reason: session.reasonType.rawValue)
            return [.record(.note(note))] + requestorComplete()
        case .noProfile, .failed:
            return [.record(.note(.silentExchangeProducedNoToken))] + requestorComplete()
        }
    }

    mutating func requestorFailed(_ failure: PassErrorSummary) -> [Effect] {
        state.queued = []
        state.basics.dropPendingPlay()
        return finishIdle([
            status(.forConfigurationFailure(failure), .verbatim(failure.message)),
            SDKFlow.callback(.setRequestorComplete(.error)),
        ])
    }

    /// setRequestorComplete, then the app's checkAuthentication.
    mutating func requestorComplete() -> [Effect] {
        state.requestorReady = true
        let queued: [Effect] =
            setup.waitsForSetRequestorComplete
            ? [] : [.record(.note(.sdkRunsQueuedCheckAuthentication))]
        return [SDKFlow.callback(.setRequestorComplete(.success))] + queued
            + checkAuthentication()
    }

    // MARK: - B.3 checkAuthentication

    mutating func checkAuthentication() -> [Effect] {
        var effects: [Effect] = [.record(.step(Steps.checkAuthentication))]
        if case .authenticated(_, _, let notAfter) = state.basics.app.authentication, notAfter <= context.now {
            state.basics.app.authentication = .notAuthenticated
            state.basics.app.unlocked = [:]
            effects.append(.record(.note(.tokenLifetimeOver)))
            return finishIdle(effects + [SDKFlow.authenticationStatus(false, .userNotAuthenticated)])
        }
        effects += systemLevelCodes()
        state.phase = .checkingAuthentication
        return effects + [.call(.v2(.profiles(state.framework.partnerStatus)))]
    }

    /// Seed 004, step 3: the codes only a user signed in at system level gets.
    func systemLevelCodes() -> [Effect] {
        guard state.framework.signedInAtSystemLevel, let access = state.framework.access else { return [] }
        if let situation = SingleSignOnRule.permission(access) {
            let remark = Remark.checkAuthenticationPermission(denied: situation == .permissionDenied)
            return raised(situation, at: .checkAuthentication, remark)
        }
        guard let error = state.framework.error else { return [] }
        return raised(.frameworkFailed, at: .checkAuthentication, .checkAuthenticationFailed(error: error.description))
    }

    mutating func authenticationChecked(_ response: ProfilesResponse) -> [Effect] {
        if let (mvpd, profile) = response.preferred(partnerProviderMvpd: response.appleSSOMvpd) {
            state.basics.app.authentication = .authenticated(
                mvpd: mvpd, type: profile.type, notAfter: profile.notAfter)
            return announceAuthenticated(mvpd: mvpd, type: profile.type) + preauthorize()
        }
        state.basics.app.authentication = .notAuthenticated
        return finishIdle([SDKFlow.authenticationStatus(false, .userNotAuthenticated)]) + runQueued()
    }
}
