import PassAPI
import VSASimulator

extension RestV2Flow.Reducer {
    // MARK: - A. Registration

    /// A.3 renewed the token: the action the user took goes on.
    mutating func tokenRenewed(_ outcome: ClientRegistration.Outcome, then action: AppAction) -> [Effect] {
        state.phase = .idle
        guard case .ready = outcome else {
            if case .failed(let failure) = outcome { return apiFailed(failure) }
            return []
        }
        return userAction(action)
    }

    mutating func register(_ goal: Goal) -> [Effect] {
        state.phase = .registering(goal)
        let step =
            state.registration.tokenExpired(now: context.now)
            ? RestV2Flow.registration.renew(&state.registration)
            : RestV2Flow.registration.start(&state.registration)
        guard let outcome = step.outcome else { return step.effects }
        return step.effects + registered(outcome, goal: goal)
    }

    mutating func registered(_ outcome: ClientRegistration.Outcome, goal: Goal) -> [Effect] {
        guard case .ready = outcome else {
            if case .failed(let failure) = outcome { return apiFailed(failure) }
            return []
        }
        // Sign-in with the permission granted goes straight to the configuration (C.1); the
        // app asks again while the permission is undetermined.
        if goal == .signIn, state.framework.isGranted { return retrieveConfiguration(.signIn) }
        let (child, effects) = RestV2Flow.framework(setup).checkAccess(state.framework, askProvider: true)
        state.phase = .checkingFramework(goal, child)
        return effects
    }

    // MARK: - B. Check authentication

    /// The cookbook's advice for the foreground: the permission and the partner status again.
    mutating func checkFrameworkAgain() -> [Effect] {
        guard state.registration.tokenIssued else { return register(.launch) }
        let (child, effects) = RestV2Flow.framework(setup).checkAccess(state.framework, askProvider: true)
        state.phase = .checkingFramework(.foreground, child)
        return effects
    }

    /// B.2: what the framework said, validated as the cookbook asks.
    mutating func frameworkChecked(_ known: FrameworkStatus, goal: Goal) -> [Effect] {
        state.framework = known
        let instead: Remark = goal == .signIn ? .appPickerNext : .continuesWithoutSingleSignOn
        let effects = validate(Steps.validateSilentStatus) + frameworkAnswerStatus(known, instead: instead)
        switch goal {
        case .launch: return effects + retrieveProfiles()
        case .signIn: return effects + retrieveConfiguration(.signIn)
        case .foreground:
            // Signed in through Apple SSO, but the system no longer names a usable provider
            // (removed in Settings, expired): the profile may be gone, and B.3 says at once,
            // rather than at the next play.
            if case .authenticated(_, .appleSSO, _) = state.basics.app.authentication, !usableProvider {
                return effects + [.record(.note(.refreshedStatusNamesNoProvider))]
                    + retrieveProfiles()
            }
            // Signed in, the fresh status serves the next decisions (D.1, D.5).
            guard !state.basics.app.authentication.isAuthenticated else { return finishIdle(effects) }
            return effects + retrieveProfiles()
        }
    }

    /// B.3: GET /profiles with the partner status, so an Apple SSO profile can come back too.
    mutating func retrieveProfiles() -> [Effect] {
        state.phase = .retrievingProfiles
        return [.record(.step(Steps.retrieveProfiles)), .call(.v2(.profiles(sentStatus)))]
    }

    mutating func profilesRetrieved(_ response: ProfilesResponse) -> [Effect] {
        if let (mvpd, profile) = response.preferred(partnerProviderMvpd: response.appleSSOMvpd) {
            state.basics.app.authentication = .authenticated(
                mvpd: mvpd, type: profile.type, notAfter: profile.notAfter)
            return [.record(.step(Steps.selectProfile))] + degradedNotice(mvpd: mvpd, type: profile.type)
                + preauthorize()
        }
        state.basics.app.authentication = .notAuthenticated
        if usableProvider {
            // B.6: signed in at system level but no profile yet: single sign-on, silently.
            return [.record(.step(Steps.continuePartner))] + retrieveConfiguration(.launch)
        }
        return finishIdle([status(.notAuthenticated)])
    }

    // MARK: - C. Partner authentication

    /// C.4: where each answer of Apple's picker leads.
    mutating func applePickerAnswered(_ outcome: ApplePicker.Outcome) -> [Effect] {
        let directory = state.directory ?? .empty
        switch outcome {
        case .signedIn(let provider):
            let checked = validate(Steps.validateInteractiveStatus)
            guard !setup.validatesPartnerStatus || usableProvider else {
                return checked + showAppPicker(preselected: nil)
            }
            guard let mvpd = directory.mvpd(platformId: provider) else {
                return checked
                    + raised(
                        .providerNotEnabled, at: .getAuthentication,
                        .notIntegrated(provider: provider, requestor: setup.requestor))
                    + showAppPicker(preselected: nil)
            }
            guard ConfigurationDirectory.supportsAppleSSO(mvpd) else {
                return checked
                    + raised(.providerNotEnabled, at: .getAuthentication, .noSingleSignOnHere(mvpd: mvpd.displayName))
                    + loginWithoutSingleSignOn(mvpd)
            }
            return checked + requestPartnerAuthentication(mvpd, silent: false)
        case .noProvider:
            return finishIdle([status(.notAuthenticated, .noProvider)])
        case .cancelled(let duringSignIn):
            // As the SDK (seed 004, step 4) and REST API V1 (seed 000, step 4) do: the app's own
            // picker follows; seed 002 says nothing of a cancel.
            return raised(.pickerCancelled, at: .getAuthentication, .applePickerCancelled(duringSignIn: duringSignIn))
                + showAppPicker(preselected: nil)
        case .otherProvider:
            return raised(.otherProvider, at: .getAuthentication) + showAppPicker(preselected: nil)
        case .unsupportedProvider(let provider):
            return unsupportedProviderAnswered(provider)
        case .permissionNotGranted(let error):
            return applePickerFailed(permission: error, framework: nil)
        case .failed(let error):
            return applePickerFailed(permission: nil, framework: error)
        }
    }

    /// A provider the app knows but cannot sign in through Apple: its login, without the picker.
    mutating func loginWithoutSingleSignOn(_ mvpd: MvpdConfiguration) -> [Effect] {
        startBasicAuthentication(mvpd)
    }

    /// C.5 → C.13: the partner exchange. The launch's single sign-on (B.6) goes through C.3 and
    /// C.4 first, as seed 002 has every partner authentication do.
    mutating func requestPartnerAuthentication(_ mvpd: MvpdConfiguration, silent: Bool) -> [Effect] {
        guard !silent else { return launchPartnerStatus(mvpd) }
        return startPartnerExchange(mvpd, silent: false)
    }

    mutating func startPartnerExchange(_ mvpd: MvpdConfiguration, silent: Bool) -> [Effect] {
        let (child, effects) = RestV2Flow.partnerExchange(setup).start(
            mvpd, silent: silent, framework: state.framework)
        state.phase = .partnerExchange(child)
        return effects
    }

    /// C.3 at launch, with interruption allowed as the seed says; on a device signed in at system
    /// level the framework answers at once.
    mutating func launchPartnerStatus(_ mvpd: MvpdConfiguration) -> [Effect] {
        let request = ApplePicker.request(for: state.directory ?? .empty, setup, videoTitle: nil)
        state.phase = .launchPartnerStatus(mvpd, state.framework)
        return [.record(.step(Steps.interactivePartnerStatus)), .vsa(.metadata(request))]
    }

    /// C.4 at launch: the exchange runs only with a valid status for the MVPD the launch found;
    /// anything else ends the attempt, as the silent exchange's own failures do.
    mutating func launchPartnerStatusAnswered(_ outcome: ApplePicker.Outcome, expected mvpd: MvpdConfiguration)
        -> [Effect]
    {
        let checked = validate(Steps.validateInteractiveStatus)
        switch outcome {
        case .signedIn(let provider) where provider == mvpd.platformMappingId && usableProvider:
            return checked + startPartnerExchange(mvpd, silent: true)
        case .failed(let error):
            return checked + raised(.frameworkFailed, at: .checkAuthentication, .verbatim(error.description))
                + finishIdle([status(.notAuthenticated)])
        case .permissionNotGranted:
            let situation = state.framework.access.flatMap(SingleSignOnRule.permission) ?? .permissionDenied
            return checked + raised(situation, at: .checkAuthentication) + finishIdle([status(.notAuthenticated)])
        default:
            return checked + finishIdle([status(.notAuthenticated)])
        }
    }

    mutating func partnerExchangeEnded(_ outcome: PartnerExchange.Outcome, _ exchange: PartnerExchange.State)
        -> [Effect]
    {
        let mvpd = exchange.mvpd
        let silent = exchange.silent
        if case .partnerExchange(let latest) = state.phase { state.framework = latest.framework }
        switch outcome {
        case .authenticated(let id, let response):
            guard let profile = response.profiles[id] ?? response.profiles.values.first else {
                return finishIdle([status(.notAuthenticated, .noProfile)])
            }
            state.basics.app.authentication = .authenticated(
                mvpd: id, type: profile.type, notAfter: profile.notAfter)
            return (silent ? [] : [.showHome]) + degradedNotice(mvpd: id, type: profile.type) + preauthorize()
        case .fellBack(let session):
            // C.8: Adobe refused partner SSO (`pfs_fallback`, `configuration_fallback`, …).
            let reason = Effect.record(
                .note(.adobeAnswered(action: session.actionName.rawValue, reason: session.reasonType.rawValue)))
            if silent { return [reason] + finishIdle([status(.notAuthenticated)]) }
            // Single sign-on disabled for this requestor and MVPD: the SDK's N004 (seed 004,
            // step 4); the REST app goes on with basic authentication (seed 002, C.8).
            let basic = [Effect.record(.step(Steps.continueBasic)), reason] + fallbackCode(session)
            switch (session.actionName, session.code) {
            case (.authenticate, .some): return basic + sessionCreated(session, mvpd: mvpd)
            case (.resume, .some(let code)), (.retry, .some(let code)): return basic + resumeSession(code, mvpd: mvpd)
            default: return basic + startBasicAuthentication(mvpd)
            }
        case .noSAMLResponse:
            // Silent single sign-on runs at launch, on a device signed in at system level.
            let effects = raised(
                .frameworkFailed, at: silent ? .checkAuthentication : .getAuthentication, .noSAMLResponse)
            if silent { return effects + finishIdle([status(.notAuthenticated)]) }
            return effects + showAppPicker(preselected: mvpd.id)
        case .frameworkFailed(let error):
            if silent {
                return raised(.frameworkFailed, at: .checkAuthentication, .verbatim(error.description))
                    + finishIdle([status(.notAuthenticated)])
            }
            state.phase = .idle
            return applePickerAnswered(ApplePicker.outcome(.failure(error)))
        case .noProfile:
            // Adobe's basic profile retrieval (seed 002, C.13) found none: as after a refusal,
            // basic authentication follows (C.8).
            let note = Effect.record(.note(.noAppleProfile))
            if silent { return [note] + finishIdle([status(.notAuthenticated)]) }
            return [note, .record(.step(Steps.continueBasic))] + startBasicAuthentication(mvpd)
        case .failed(let failure):
            let note = Effect.record(.note(.singleSignOnFailed(message: failure.message)))
            if silent { return [note] + finishIdle([status(.notAuthenticated)]) }
            return [note, .record(.step(Steps.continueBasic))] + startBasicAuthentication(mvpd)
        }
    }

    /// Single sign-on disabled for this requestor and MVPD: the SDK's N004 (seed 004, step 4);
    /// the REST app goes on with basic authentication (seed 002, C.8).
    func fallbackCode(_ session: SessionResponse) -> [Effect] {
        session.reasonType == .configurationFallback ? raised(.providerNotEnabled, at: .getAuthentication) : []
    }

    /// C.8 with `resume`: the partner request left out what only a fallback needs, so Adobe's
    /// session misses it; the app completes that session instead of opening another.
    mutating func resumeSession(_ code: String, mvpd: MvpdConfiguration) -> [Effect] {
        state.phase = .resumingSession(mvpd)
        return [
            .record(.note(.resumesSession)),
            .call(
                .v2(
                    .resumeSession(
                        code: code, mvpd: mvpd.id, domainName: setup.domainName, redirectUrl: setup.redirectUrl))),
        ]
    }

    mutating func sessionResumed(_ session: SessionResponse, mvpd: MvpdConfiguration) -> [Effect] {
        let reason: [Effect] =
            session.reasonType == .none
            ? []
            : [.record(.note(.adobeAnswered(action: session.actionName.rawValue, reason: session.reasonType.rawValue)))]
        return reason + fallbackCode(session) + sessionCreated(session, mvpd: mvpd)
    }
}
