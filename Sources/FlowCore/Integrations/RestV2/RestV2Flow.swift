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
enum RestV2Flow: IntegrationFlow {
    typealias Steps = RestV2Steps

    typealias Memory = PassMemory

    /// Why the checks start; back from the background, B.1 runs again.
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
        /// C.3 on the way to the launch's single sign-on: the device is signed in at system level,
        /// so the framework answers without showing anything.
        case launchPartnerStatus(MvpdConfiguration, FrameworkStatus)
        case partnerExchange(PartnerExchange.State)
        case retrievingProfile(String)
        // Basic authentication
        case appPicker(AppPicker.State)
        case creatingSession(MvpdConfiguration)
        /// C.8 with `resume`: the partner request's session, completed with what it missed.
        case resumingSession(MvpdConfiguration)
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

    static func published(_ effects: [Effect], before: State, after: State) -> [Effect] {
        markedAsAppDecisions(effects)
    }

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
            domainName: setup.sendsFallbackParameters ? setup.domainName : nil,
            redirectUrl: setup.sendsFallbackParameters ? setup.redirectUrl : nil, interruptsWhenSilent: true)
    }

    static func framework(
        _ setup: AppSetup, accessStep: CookbookStep = Steps.silentPartnerStatus, providerStep: CookbookStep? = nil
    ) -> FrameworkAccess {
        FrameworkAccess(prompt: setup.asksPermission, accessStep: accessStep, providerStep: providerStep)
    }

    struct Reducer: PartnerSignInReducer {
        typealias Goal = RestV2Flow.Goal
        typealias Decision = RestV2Flow.Decision
        typealias Steps = RestV2Flow.Steps

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
                return scope(ApplePicker(), known, as: { .applePicker($0) }, event, keeping: \.state.framework) {
                    $0.applePickerAnswered($1)
                }
            case .launchPartnerStatus(let mvpd, let known):
                return scope(
                    ApplePicker(), known, as: { .launchPartnerStatus(mvpd, $0) }, event, keeping: \.state.framework
                ) { $0.launchPartnerStatusAnswered($1, expected: mvpd) }
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
            case (.resumingSession(let mvpd), .api(.session(let session))): return sessionResumed(session, mvpd: mvpd)
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

        static let configurationCall = (call: APICall.v2(.configuration), step: Steps.retrieveConfiguration)
        static let applePickerStep = Steps.interactivePartnerStatus
        static let channelIdentifier: String? = nil
        static func retrievingConfiguration(_ goal: AppGoal) -> Phase { .retrievingConfiguration(goal) }
        static func applePicker(_ framework: FrameworkStatus) -> Phase { .applePicker(framework) }

        mutating func launchApp() -> [Effect] {
            // An app that does not keep its access token asks a new one at every launch.
            if !setup.keepsAccessToken { state.registration.tokenIssued = false }
            return register(.launch)
        }
        mutating func startSignIn() -> [Effect] { register(.signIn) }
        mutating func decide(toPlay resource: String) -> [Effect] { authorize(resource) }
        mutating func returnToForeground() -> [Effect] { checkFrameworkAgain() }
    }
}
