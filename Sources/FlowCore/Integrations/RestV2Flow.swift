import PassAPI
import VSASimulator

/// The streaming app on Adobe Pass REST API V2 with Apple single sign-on, as seed 002 ("Apple SSO
/// cookbook (REST API V2)") lays it out. Phases follow the cookbook:
///
///     A.1  retrieve client credentials            A.3  retrieve access token
///     B.1  retrieve partner framework status      B.2  validate it (permission, provider, expiry)
///     B.3  retrieve profiles (with the status)    B.5  select a profile → D
///     B.6  no profile: continue with partner authentication
///     C.1  retrieve configuration                 C.3  partner framework status, interactive (Apple's picker)
///     C.4  validate it                            C.5  retrieve partner authentication request
///     C.7  authorize: continue with decisions     C.8  continue with basic authentication
///     C.10 complete MVPD authentication with the framework (the SAML request as verificationToken)
///     C.11 validate it (the SAML response too)    C.12 create and retrieve the profile (SAMLResponse)
///     BA   basic authentication: the app's picker, POST /sessions, web login (iOS) or code (tvOS),
///          GET /profiles/code/{code}
///     D.1  partner status → D.3 preauthorize      D.5 partner status → D.7 authorize
///     E.1  initiate logout                        E.2  next action (partner_logout: Settings)
///
/// The SDK's status codes mark the app's equivalent decision points (VSA403 where the permission is
/// denied, N003 for "Other TV Provider", …); Adobe's REST API sends none of them.
enum RestV2Flow: PhasedIntegration {
    typealias Steps = RestV2Steps

    typealias State = FlowState<Phase, PassMemory>

    /// Back from the background: B.1 again.
    typealias Goal = AppGoal

    /// What the app does once the partner status is fresh (D.1/D.5).
    enum Decision: Sendable, Equatable {
        case preauthorize
        case authorize(String)
    }

    enum Phase: RestingPhase {
        case idle
        // A
        case registering(Goal)
        /// A.3 again: the access token expired; the action waits for the new one.
        case renewingToken(AppAction)
        // B
        case checkingFramework(Goal, FrameworkAccess.State)
        case retrievingProfiles
        // C
        case retrievingConfiguration(Goal)
        case applePicker(FrameworkStatus)
        case partnerExchange(PartnerExchange.State)
        case retrievingProfile(String)
        // Basic authentication
        case appPicker(AppPicker.State)
        case creatingSession(MvpdConfiguration)
        case webLogin(SessionResponse, WebLogin.State)
        case polling(mvpd: String?, CodePolling.State)
        // D
        case refreshingStatus(Decision, FrameworkAccess.State)
        case preauthorizing
        case authorizing(String)
        // E
        case loggingOut(String)
        case logoutPage(WebLogin.State)
        case notice
    }

    static func published(_ effects: [Effect], _ state: State) -> [Effect] { markedAsAppDecisions(effects) }

    // MARK: - Parts, configured for this cookbook

    static let registration = ClientRegistration(registerStep: Steps.registerClient, tokenStep: Steps.retrieveToken)
    static let appPicker = AppPicker()
    static let webLogin = WebLogin()
    static let polling = CodePolling.profilesForCode(pollStep: Steps.pollProfile)
    static let decisions = Decisions(
        narration: .init(
            preauthorizing: [.record(.step(Steps.preauthorize))], authorizing: [.record(.step(Steps.authorize))],
            preauthorized: { _ in [] }, permitted: { _, _ in [] }, denied: { _, _ in [] }))

    static func partnerExchange(_ setup: AppSetup) -> PartnerExchange {
        PartnerExchange(
            steps: .init(
                request: Steps.partnerRequest, alreadyAuthenticated: Steps.continueDecisions,
                authenticate: Steps.partnerAuthentication,
                validate: setup.validatesPartnerStatus ? Steps.validatePartnerResponse : nil,
                createProfile: Steps.partnerProfile),
            domainName: setup.domainName, redirectUrl: setup.redirectUrl)
    }

    static func framework(_ setup: AppSetup, providerStep: CookbookStep? = nil) -> FrameworkAccess {
        FrameworkAccess(prompt: setup.asksPermission, accessStep: Steps.silentPartnerStatus, providerStep: providerStep)
    }

    struct Reducer: AppActionReducer {
        var state: State
        let context: FlowContext

        /// Events that belong to the part the current phase runs.
        mutating func runPart(_ event: Event) -> [Effect]? {
            switch state.phase {
            case .renewingToken(let action):
                return runRegistration(RestV2Flow.registration, at: \.state.registration, event) {
                    $0.tokenRenewed($1, then: action)
                }
            case .registering(let goal):
                return runRegistration(RestV2Flow.registration, at: \.state.registration, event) {
                    $0.registered($1, goal: goal)
                }
            case .checkingFramework(let goal, let child):
                return scope(RestV2Flow.framework(setup), child, as: { .checkingFramework(goal, $0) }, event) {
                    $0.frameworkChecked($1, goal: goal)
                }
            case .applePicker(let known):
                return scope(ApplePicker(), known, as: { .applePicker($0) }, event) { $0.applePickerAnswered($1) }
            case .appPicker(let listed):
                return scope(RestV2Flow.appPicker, listed, as: { .appPicker($0) }, event) { $0.appPickerAnswered($1) }
            case .webLogin(let session, let stopAt):
                return scope(RestV2Flow.webLogin, stopAt, as: { .webLogin(session, $0) }, event) {
                    $0.webLoginAnswered($1, session: session)
                }
            case .polling(let mvpd, let child):
                return scope(RestV2Flow.polling, child, as: { .polling(mvpd: mvpd, $0) }, event) {
                    $0.pollingEnded($1, mvpd: mvpd)
                }
            case .partnerExchange(let child):
                return scope(RestV2Flow.partnerExchange(setup), child, as: { .partnerExchange($0) }, event) {
                    $0.partnerExchangeEnded($1, child)
                }
            case .refreshingStatus(let decision, let child):
                return scope(RestV2Flow.framework(setup), child, as: { .refreshingStatus(decision, $0) }, event) {
                    $0.statusRefreshed($1, then: decision)
                }
            case .logoutPage(let stopAt):
                return scope(RestV2Flow.webLogin, stopAt, as: { .logoutPage($0) }, event) { reducer, _ in
                    [.showHome] + reducer.finishIdle([])
                }
            default:
                return apiAnswer(event)
            }
        }

        /// Answers of single calls, by the phase that made them.
        mutating func apiAnswer(_ event: Event) -> [Effect]? {
            switch (state.phase, event) {
            case (.retrievingProfiles, .api(.profiles(let response))): return profilesRetrieved(response)
            case (.retrievingConfiguration(let goal), .api(.configuration(let configuration))):
                return configurationRetrieved(configuration, goal: goal)
            case (.retrievingProfile(let mvpd), .api(.profiles(let response))):
                return authenticated(response, expected: mvpd)
            case (.creatingSession(let mvpd), .api(.session(let session))): return sessionCreated(session, mvpd: mvpd)
            case (.preauthorizing, .api(.decisions(let response))):
                let effects = RestV2Flow.decisions.preauthorized(response, app: &state.basics.app)
                return effects + afterPreauthorization()
            case (.authorizing(let resource), .api(.decisions(let response))):
                return finishIdle(RestV2Flow.decisions.authorized(response, resource: resource, app: &state.basics.app))
            case (.loggingOut(let mvpd), .api(.logout(let response))): return loggedOut(response, mvpd: mvpd)
            case (.notice, .answer(.noticeDismissed)): return [.showHome] + finishIdle([])
            default: return nil
            }
        }

        // MARK: - User actions

        /// A.3 first when the access token has expired: the action waits for the new one.
        mutating func userAction(_ action: AppAction) -> [Effect] {
            if state.phase == .idle, action != .launch, state.registration.tokenExpired(now: context.now) {
                state.phase = .renewingToken(action)
                return RestV2Flow.registration.renew(&state.registration).effects
            }
            return takeAction(action)
        }

        mutating func launchApp() -> [Effect] { register(.launch) }
        mutating func startSignIn() -> [Effect] { register(.signIn) }
        mutating func decide(toPlay resource: String) -> [Effect] { authorize(resource) }
        mutating func returnToForeground() -> [Effect] { checkFrameworkAgain() }

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
            let instead =
                goal == .signIn
                ? "Falling back to the app's own MVPD picker." : "The app continues without single sign-on."
            let effects = validate(Steps.validateSilentStatus) + frameworkAnswerStatus(known, instead: instead)
            switch goal {
            case .launch: return effects + retrieveProfiles()
            case .signIn: return effects + retrieveConfiguration(.signIn)
            case .foreground:
                // Signed in through Apple SSO, but the system no longer names a usable provider
                // (removed in Settings, expired): the profile may be gone, and B.3 says at once,
                // rather than at the next play.
                if case .authenticated(_, .appleSSO, _) = state.basics.app.authentication, !usableProvider {
                    return effects + [.record(.note("The refreshed partner status names no usable provider."))]
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
            return [.record(.step(Steps.retrieveProfiles)), .call(.profiles(sentStatus))]
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

        mutating func retrieveConfiguration(_ goal: Goal) -> [Effect] {
            if let directory = state.directory, goal == .signIn { return startInteractive(directory) }
            state.phase = .retrievingConfiguration(goal)
            return [.record(.step(Steps.retrieveConfiguration)), .call(.configuration)]
        }

        mutating func configurationRetrieved(_ configuration: ConfigurationResponse, goal: Goal) -> [Effect] {
            let directory = ConfigurationDirectory(configuration)
            state.directory = directory
            switch goal {
            case .signIn: return startInteractive(directory)
            case .launch, .foreground:
                guard let mvpd = directory.appleSSOMvpd(platformId: state.framework.providerId) else {
                    return finishIdle([status(.notAuthenticated)])
                }
                return requestPartnerAuthentication(mvpd, silent: true)
            }
        }

        /// C.3: Apple's picker when the permission allows it; otherwise the app's own picker.
        mutating func startInteractive(_ directory: ConfigurationDirectory) -> [Effect] {
            guard state.framework.isGranted else { return showAppPicker(preselected: nil) }
            let request = ApplePicker.request(
                for: directory, setup, videoTitle: state.basics.pendingTitle)
            state.phase = .applePicker(state.framework)
            return [.record(.step(Steps.interactivePartnerStatus)), .vsa(.metadata(request))]
        }

        /// C.4: where each answer of Apple's picker leads.
        mutating func applePickerAnswered(_ outcome: ApplePicker.Outcome) -> [Effect] {
            if case .applePicker(let known) = state.phase { state.framework = known }
            state.phase = .idle
            let directory = state.directory ?? .empty
            switch outcome {
            case .signedIn(let provider):
                let checked = validate(Steps.validateInteractiveStatus)
                guard !setup.validatesPartnerStatus || usableProvider else {
                    return checked + showAppPicker(preselected: nil)
                }
                guard let mvpd = directory.mvpd(platformId: provider) else {
                    return checked
                        + [status(.unsupportedProvider, "\(provider) is not integrated with \(setup.requestor).")]
                        + showAppPicker(preselected: nil)
                }
                guard ConfigurationDirectory.supportsAppleSSO(mvpd) else {
                    return checked
                        + [status(.unsupportedProvider, "\(mvpd.displayName) does not support single sign-on here.")]
                        + loginDirectly(mvpd)
                }
                return checked + requestPartnerAuthentication(mvpd, silent: false)
            case .noProvider:
                return finishIdle([status(.notAuthenticated, "The framework answered without a provider.")])
            case .cancelled(let duringSignIn):
                return applePickerCancelled(duringSignIn: duringSignIn)
            case .otherProvider:
                return [status(.otherProvider)] + showAppPicker(preselected: nil)
            case .unsupportedProvider(let provider):
                guard let mvpd = directory.mvpd(platformId: provider) else {
                    return [status(.unsupportedProvider, "\(provider) is not supported by \(setup.requestor).")]
                        + showAppPicker(preselected: nil)
                }
                return [
                    status(
                        .unsupportedProvider,
                        "\(mvpd.displayName) does not support single sign-on: straight to its login.")
                ] + loginDirectly(mvpd)
            case .permissionNotGranted(let error):
                return [status(.permissionDenied, error.message)] + showAppPicker(preselected: nil)
            case .failed(let error):
                return [status(.forFrameworkError(error), error.description)]
                    + showAppPicker(preselected: nil)
            }
        }

        /// A provider the app knows but cannot sign in through Apple: its login, without the picker.
        mutating func loginDirectly(_ mvpd: MvpdConfiguration) -> [Effect] {
            startBasicAuthentication(mvpd)
        }

        /// C.5 → C.13: the partner exchange.
        mutating func requestPartnerAuthentication(_ mvpd: MvpdConfiguration, silent: Bool) -> [Effect] {
            let (child, effects) = RestV2Flow.partnerExchange(setup).start(
                mvpd, silent: silent, framework: state.framework)
            state.phase = .partnerExchange(child)
            return effects
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
                    return finishIdle([status(.notAuthenticated, "No profile came back.")])
                }
                state.basics.app.authentication = .authenticated(
                    mvpd: id, type: profile.type, notAfter: profile.notAfter)
                return (silent ? [] : [.showHome]) + degradedNotice(mvpd: id, type: profile.type) + preauthorize()
            case .fellBack(let session):
                // C.8: Adobe refused partner SSO (`pfs_fallback`, `configuration_fallback`, …).
                let reason = Effect.record(
                    .note("Adobe answered \(session.actionName.rawValue) (\(session.reasonType.rawValue))."))
                if silent { return [reason] + finishIdle([status(.notAuthenticated)]) }
                let basic = [Effect.record(.step(Steps.continueBasic)), reason]
                guard session.actionName == .authenticate, session.code != nil else {
                    return basic + startBasicAuthentication(mvpd)
                }
                return basic + sessionCreated(session, mvpd: mvpd)
            case .noSAMLResponse:
                let effects = [status(.appleError, "The framework returned no SAML response.")]
                if silent { return effects + finishIdle([status(.notAuthenticated)]) }
                return effects + showAppPicker(preselected: mvpd.id)
            case .frameworkFailed(let error):
                if silent {
                    return [status(.forFrameworkError(error), error.description)]
                        + finishIdle([status(.notAuthenticated)])
                }
                return applePickerAnswered(ApplePicker.outcome(.failure(error)))
            case .noProfile:
                let note = Effect.record(.note("Adobe created no Apple SSO profile."))
                return [note] + (silent ? finishIdle([status(.notAuthenticated)]) : startBasicAuthentication(mvpd))
            case .failed(let failure):
                let note = Effect.record(.note("Single sign-on failed (\(failure.message))."))
                if silent { return [note] + finishIdle([status(.notAuthenticated)]) }
                return [note, .record(.step(Steps.continueBasic))] + startBasicAuthentication(mvpd)
            }
        }

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
                return signInAbandoned("The app's MVPD picker was cancelled.")
            }
            return startBasicAuthentication(mvpd)
        }

        mutating func startBasicAuthentication(_ mvpd: MvpdConfiguration) -> [Effect] {
            state.phase = .creatingSession(mvpd)
            return [
                .record(.step(Steps.createSession)),
                .call(.createSession(mvpd: mvpd.id, domainName: setup.domainName, redirectUrl: setup.redirectUrl)),
            ]
        }

        mutating func sessionCreated(_ session: SessionResponse, mvpd: MvpdConfiguration) -> [Effect] {
            if session.actionName == .authorize {
                var effects: [Effect] = []
                if session.reasonType == .degraded {
                    effects.append(.record(.note("\(mvpd.displayName) is degraded: Adobe authenticates without it.")))
                }
                let id = session.mvpd ?? mvpd.id
                state.phase = .retrievingProfile(id)
                return effects + [.call(.profileForMvpd(id, nil))]
            }
            guard let code = session.code, let url = session.url else {
                return finishIdle([.record(.note("The session has no code; sign-in cannot continue."))])
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
                return [.record(.step(Steps.showCode)), status(.registrationCode, code)] + effects
            }
        }

        mutating func webLoginAnswered(_ outcome: WebLogin.Outcome, session: SessionResponse) -> [Effect] {
            guard case .returned = outcome else { return signInAbandoned("The MVPD login was closed.") }
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
            case .closed: return codeScreenEnded(closed: true, reason: "")
            case .gaveUp(let reason): return codeScreenEnded(closed: false, reason: reason)
            }
        }

        mutating func authenticated(_ response: ProfilesResponse, expected mvpd: String?) -> [Effect] {
            guard let (id, profile) = response.preferred(partnerProviderMvpd: mvpd) else {
                return finishIdle([status(.notAuthenticated, "No profile came back.")])
            }
            state.basics.app.authentication = .authenticated(mvpd: id, type: profile.type, notAfter: profile.notAfter)
            return [.showHome] + degradedNotice(mvpd: id, type: profile.type) + preauthorize()
        }

        func degradedNotice(mvpd: String, type: ProfileType) -> [Effect] {
            type == .degraded ? [status(.degraded, "\(mvpd) is degraded.")] : []
        }

        // MARK: - D. Decisions

        var selectedAppleProfile: Bool {
            if case .authenticated(_, .appleSSO, _) = state.basics.app.authentication { return true }
            return false
        }

        /// The partner status a decision carries: only with an Apple SSO profile.
        var decisionPartnerStatus: PartnerFrameworkStatus? {
            selectedAppleProfile ? sentStatus : nil
        }

        // MARK: - The app's validation of the framework's answers (B.2, C.4, D.2, D.6)

        /// Whether the framework's provider may be used: valid, or (for an app that skips the
        /// validation) merely present.
        var usableProvider: Bool {
            setup.validatesPartnerStatus
                ? state.framework.validation(now: context.now) == .valid : state.framework.providerId != nil
        }

        /// The `AP-Partner-Framework-Status` the app sends: a validating app never sends a provider
        /// whose sign-in has expired.
        var sentStatus: PartnerFrameworkStatus {
            guard setup.validatesPartnerStatus, case .expired = state.framework.validation(now: context.now) else {
                return state.framework.partnerStatus
            }
            var usable = state.framework
            usable.providerId = nil
            usable.expiry = nil
            return usable.partnerStatus
        }

        /// The validation step, with why the status cannot be used when the device is signed in
        /// at system level but its answer fails (a missing permission has its own code).
        func validate(_ step: CookbookStep) -> [Effect] {
            guard setup.validatesPartnerStatus else { return [] }
            let validation = state.framework.validation(now: context.now)
            guard case .expired = validation else { return [.record(.step(step))] }
            return [.record(.step(step)), .record(.note("\(step.id): \(validation.explanation); it is not used."))]
        }

        /// D.1 → D.3, or D.3 alone when the profile is not an Apple SSO one.
        mutating func preauthorize() -> [Effect] {
            guard state.basics.app.authentication.isAuthenticated, !state.basics.protectedTitles.isEmpty else {
                return afterPreauthorization()
            }
            return refreshThen(.preauthorize, step: Steps.decisionPartnerStatus)
        }

        /// D.5 → D.7, or D.7 alone.
        mutating func authorize(_ resource: String) -> [Effect] {
            state.basics.app.activity = "Authorizing"
            return refreshThen(.authorize(resource), step: Steps.authorizationPartnerStatus)
        }

        mutating func refreshThen(_ decision: Decision, step: CookbookStep) -> [Effect] {
            guard selectedAppleProfile else { return decide(decision) }
            let (child, effects) = RestV2Flow.framework(setup, providerStep: step).askProvider(state.framework)
            state.phase = .refreshingStatus(decision, child)
            return effects
        }

        /// D.2 / D.6: an Apple SSO profile is used only with a valid status; otherwise the user
        /// signs in again.
        mutating func statusRefreshed(_ known: FrameworkStatus, then decision: Decision) -> [Effect] {
            state.framework = known
            guard state.basics.app.authentication.isAuthenticated else { return finishIdle([]) }
            guard setup.validatesPartnerStatus else { return decide(decision) }
            let step: CookbookStep =
                decision == .preauthorize ? Steps.validateDecisionStatus : Steps.validateAuthorizationStatus
            let validation = known.validation(now: context.now)
            guard validation == .valid else {
                state.basics.app.authentication = .notAuthenticated
                state.basics.app.unlocked = [:]
                state.basics.pendingPlay = nil
                return finishIdle([
                    .record(.step(step)),
                    .record(.note("\(step.id): \(validation.explanation): the Apple SSO profile cannot be used.")),
                    status(.notAuthenticated, "Sign in again to play."),
                ])
            }
            return [.record(.step(step))] + decide(decision)
        }

        mutating func decide(_ decision: Decision) -> [Effect] {
            guard case .authenticated(let mvpd, _, _) = state.basics.app.authentication else { return finishIdle([]) }
            switch decision {
            case .preauthorize:
                state.phase = .preauthorizing
                return RestV2Flow.decisions.preauthorize(
                    mvpd: mvpd, resources: state.basics.protectedTitles, decisionPartnerStatus)
            case .authorize(let resource):
                state.phase = .authorizing(resource)
                return RestV2Flow.decisions.authorize(resource, mvpd: mvpd, decisionPartnerStatus)
            }
        }

        /// A title chosen before sign-in plays now.
        mutating func afterPreauthorization() -> [Effect] {
            guard let resource = state.basics.pendingPlay, state.basics.app.authentication.isAuthenticated else {
                return finishIdle([])
            }
            state.basics.pendingPlay = nil
            return authorize(resource)
        }

        // MARK: - E. Logout

        mutating func signOut() -> [Effect] {
            guard case .authenticated(let mvpd, _, _) = state.basics.app.authentication else {
                return [.record(.note("Not signed in; nothing to sign out of."))]
            }
            state.phase = .loggingOut(mvpd)
            state.basics.app.activity = "Signing out"
            return [.record(.step(Steps.logout)), .call(.logout(mvpd: mvpd, redirectUrl: setup.redirectUrl))]
        }

        mutating func loggedOut(_ response: LogoutResponse, mvpd: String) -> [Effect] {
            state.basics.app = AppModel()
            state.basics.app.authentication = .notAuthenticated
            var effects: [Effect] = [.record(.step(Steps.logoutAction))]
            let action = response.logouts[mvpd]
            switch action?.actionName {
            case .partnerLogout:
                state.phase = .notice
                return effects + [status(.signOutInSettings), .show(.notice(state.basics.signOutNotice))]
            case .logout:
                if let url = action?.url, setup.platform == .ios {
                    let (stopAt, page) = WebLogin.open(url, stopAt: setup.redirectUrl)
                    state.phase = .logoutPage(stopAt)
                    return effects + [.record(.note("Opening the MVPD logout page in a hidden web view."))] + page
                }
                effects.append(
                    .record(.note("A TV opens no web view: the MVPD session is left as is; the Adobe profile is gone."))
                )
            default:
                break
            }
            return finishIdle(effects)
        }

        // MARK: - Failures

        mutating func apiFailed(_ failure: PassErrorSummary) -> [Effect] {
            switch state.phase {
            case .retrievingConfiguration:
                return configurationFailed(failure)
            case .retrievingProfiles:
                state.basics.app.authentication = .notAuthenticated
                return finishIdle([.record(.note("Profiles could not be read (\(failure.message))."))])
            case .authorizing(let resource):
                return finishIdle(
                    RestV2Flow.decisions.authorizationFailed(failure, resource: resource, app: &state.basics.app))
            default:
                return failedUnexpectedly(failure)
            }
        }

        // MARK: - Helpers

    }
}

/// How an event or a phase is named in a note about an ignored event.
func describe(_ value: some Any) -> String { String("\(value)".prefix(80)) }

extension Effect {
    /// A status code raised by a REST or custom app: marked as the SDK's code for the decision.
    var atAppDecision: Effect {
        guard case .record(.status(let code, let details)) = self else { return self }
        return .record(.status(code.atAppDecision, details: details))
    }
}
