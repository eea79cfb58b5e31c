import PassAPI
import VSASimulator

/// The streaming app as a pure reducer, `reduce(state, event) -> (state, [effect])`, in either
/// integration:
///
/// - `rest-v2`: Adobe's REST API V2 Apple SSO cookbook, phases A (registration), B (check
///   authentication), C (partner authentication, with every fallback to basic authentication),
///   D (decisions) and E (logout).
/// - `sdk`: the AccessEnabler facade over the same service: `setRequestor` with its silent
///   exchange, `checkAuthentication`, `getAuthentication`, `getAuthorization`,
///   `checkPreauthorizedResources`, `getMetadata` and `logout`, with their callbacks.
///
/// Both share the decisions the cookbooks prescribe; they differ in order at launch, in what the
/// app is told, and in where a cancelled Apple picker leads.
public enum AppFlow {
    public struct State: Sendable, Equatable {
        public let setup: AppSetup
        public internal(set) var app = AppModel()
        var phase: Phase = .idle
        var registered = false
        var tokenIssued = false
        var access: VSASimulator.AccessStatus?
        var systemProvider: String?
        var systemExpiry: Int64?
        var directory: ConfigurationDirectory?
        var pendingPlay: String?
        /// Polls in a row that failed; polling gives up after a few.
        var pollFailures = 0
        /// REST API V1: step 1 (is there an Adobe token?) was answered at this launch.
        var adobeTokenChecked = false
        /// Custom identity provider: the titles its tokens include.
        var customEntitlements: Set<String> = []
        /// Custom identity provider: web sign-ins started, to give each its own `state`.
        var customSignIns = 0
        /// Custom identity provider: the device code being polled, and how often.
        var customPolling: CustomPolling?

        public init(setup: AppSetup) {
            self.setup = setup
        }

        var partnerStatus: PartnerFrameworkStatus {
            .from(access: access, providerId: systemProvider, expiry: systemExpiry)
        }

        var isSDK: Bool { setup.integration == .sdk }
    }

    enum Goal: Sendable, Equatable {
        case launch
        case signIn
    }

    enum Phase: Sendable, Equatable {
        case idle
        case registering(Goal)
        case requestingToken(Goal)
        case checkingAccess(Goal)
        case silentMetadata(Goal)
        case checkingProfiles
        case loadingConfiguration(Goal)
        case partnerSession(MvpdConfiguration, silent: Bool)
        case partnerMetadata(MvpdConfiguration, silent: Bool)
        case partnerProfile(MvpdConfiguration, silent: Bool)
        case loadingProfile(String)
        case applePicker
        case mvpdPicker
        case creatingSession(MvpdConfiguration)
        case webLogin(SessionResponse)
        case pollingAfterWebLogin(SessionResponse)
        case secondScreen(RegistrationCode)
        case refreshingPartnerStatus(String)
        case preauthorizing
        case authorizing(String)
        case loggingOut(String)
        case logoutPage
        case notice
        // REST API V1
        case v1ReadingToken(type: ProfileType, announce: Bool)
        case v1WebLogin(String)
        case v1PollingAfterWebLogin(String)
        case v1MediaToken(String)
        case v1ReadingTokenSource(String)
        case v1LoggingOut(appleSource: Bool)
        case v1LogoutPage(appleSource: Bool)
        // Custom identity provider
        case customInfo(provider: String, silent: Bool)
        case customMetadata(provider: String, silent: Bool)
        case customTranslate(provider: String, silent: Bool)
        case customWebLogin(state: String)
        case customExchanging
        case customRequestingCode
    }

    /// A TV's device-code grant: the secret code it polls with, and the seconds between polls.
    struct CustomPolling: Sendable, Equatable {
        let deviceCode: String
        var interval: Int
    }

    public static func reduce(_ state: State, _ event: Event) -> (State, [Effect]) {
        var reducer = FlowReducer(state: state)
        let effects = reducer.handle(event)
        return (reducer.state, effects)
    }

    /// The reducer packaged for the runtime.
    public struct Machine: FlowMachine {
        public private(set) var state: State

        public init(setup: AppSetup) {
            state = State(setup: setup)
        }

        public var setup: AppSetup { state.setup }
        public var app: AppModel { state.app }

        public mutating func handle(_ event: Event) -> [Effect] {
            let (next, effects) = AppFlow.reduce(state, event)
            state = next
            return effects
        }
    }
}

/// The reducer's working copy. The dispatch is here; each phase of the cookbook has its own file.
struct FlowReducer {
    typealias Phase = AppFlow.Phase
    typealias Goal = AppFlow.Goal

    var state: AppFlow.State

    var setup: AppSetup { state.setup }

    func tell(_ moment: Moment) -> [Effect] {
        moment.notes(setup.integration).map { .record($0) }
    }

    func status(_ code: StatusCode, _ details: String? = nil) -> Effect {
        .record(.status(code, details: details))
    }

    /// Every status code reaches an SDK app through its `status:` callback too.
    func withStatusCallbacks(_ effects: [Effect]) -> [Effect] {
        guard state.isSDK else { return effects }
        return effects.flatMap { effect -> [Effect] in
            guard case .record(.status(let code, let details)) = effect else { return [effect] }
            let extra = code == .registrationCode ? ", code=\(details ?? "")" : ""
            let arguments = "errorId=\(code.id), level=\(code.level.rawValue)\(extra)"
            return [effect, .record(.callback(name: "status", arguments: arguments))]
        }
    }

    mutating func handle(_ event: Event) -> [Effect] {
        withStatusCallbacks(dispatch(event))
    }

    mutating func dispatch(_ event: Event) -> [Effect] {
        if case .user(let action) = event { return userAction(action) }
        if isV1, let effects = dispatchV1(event) { return effects }
        if isCustom, let effects = dispatchCustom(event) { return effects }
        switch (state.phase, event) {
        case (_, .user(let action)): return userAction(action)
        case (.registering(let goal), .api(.registered)):
            state.registered = true
            return requestToken(goal)
        case (.requestingToken(let goal), .api(.tokenIssued)):
            state.tokenIssued = true
            return afterRegistration(goal)
        case (.checkingAccess(let goal), .access(let access, _)): return accessChecked(access, goal: goal)
        case (.silentMetadata(let goal), .metadata(let result)): return silentMetadataReturned(result, goal: goal)
        case (.checkingProfiles, .api(.profiles(let response))): return profilesChecked(response)
        case (.loadingConfiguration(let goal), .api(.configuration(let configuration))):
            return configurationLoaded(configuration, goal: goal)
        case (.applePicker, .metadata(let result)): return applePickerReturned(result)
        case (.partnerSession(let mvpd, let silent), .api(.session(let session))):
            return partnerSessionAnswered(session, mvpd: mvpd, silent: silent)
        case (.partnerMetadata(let mvpd, let silent), .metadata(let result)):
            return partnerMetadataReturned(result, mvpd: mvpd, silent: silent)
        case (.partnerProfile(let mvpd, let silent), .api(.profiles(let response))):
            return partnerProfileCreated(response, mvpd: mvpd, silent: silent)
        case (.loadingProfile(let mvpd), .api(.profiles(let response))):
            return authenticated(response, expected: mvpd, announce: true)
        case (.mvpdPicker, .answer(let answer)): return mvpdPickerAnswered(answer)
        case (.creatingSession(let mvpd), .api(.session(let session))): return sessionCreated(session, mvpd: mvpd)
        case (.webLogin(let session), .answer(let answer)): return webLoginAnswered(answer, session: session)
        case (.pollingAfterWebLogin(let session), .api(.profiles(let response))):
            return polledAfterWebLogin(response, session: session)
        case (.pollingAfterWebLogin(let session), .timer):
            return tell(.polling) + [.call(.profileForCode(session.code ?? ""))]
        case (.secondScreen, .answer(let answer)): return codeScreenAnswered(answer)
        case (.secondScreen(let code), .timer):
            return tell(.polling) + [.call(.profileForCode(code.code))]
        case (.secondScreen(let code), .api(.profiles(let response))): return polled(response, code: code)
        case (.refreshingPartnerStatus(let resource), .metadata(let result)):
            return partnerStatusRefreshed(result, then: resource)
        case (.preauthorizing, .api(.decisions(let response))): return preauthorized(response)
        case (.authorizing(let resource), .api(.decisions(let response))):
            return authorized(response, resource: resource)
        case (.loggingOut(let mvpd), .api(.logout(let response))): return loggedOut(response, mvpd: mvpd)
        case (.logoutPage, .answer):
            return finishIdle([])
        case (.notice, .answer(.noticeDismissed)):
            return [.showHome] + finishIdle([])
        case (_, .api(.failed(let failure))): return apiFailed(failure)
        default:
            return [.record(.note("Ignored \(Self.describe(event)) while \(Self.describe(state.phase))."))]
        }
    }

    // MARK: - User actions

    mutating func userAction(_ action: AppAction) -> [Effect] {
        guard state.phase == .idle || action == .launch else {
            return [.record(.note("The app is busy; \(action) is ignored."))]
        }
        switch action {
        case .launch:
            state.app.activity = "Starting"
            return startRegistration(.launch)
        case .signIn:
            guard !state.app.authentication.isAuthenticated else { return [.record(.note("Already signed in."))] }
            state.app.activity = "Signing in"
            return startRegistration(.signIn)
        case .play(let resource):
            return play(resource)
        case .signOut:
            return signOut()
        }
    }

    // MARK: - A. Registration

    mutating func startRegistration(_ goal: Goal) -> [Effect] {
        // An app with its own identity provider has nothing to register at Adobe.
        if isCustom { return afterRegistration(goal) }
        if !state.registered {
            state.phase = .registering(goal)
            return tell(.registering) + [.call(.register)]
        }
        if !state.tokenIssued { return requestToken(goal) }
        return afterRegistration(goal)
    }

    mutating func requestToken(_ goal: Goal) -> [Effect] {
        state.phase = .requestingToken(goal)
        return tell(.requestingToken) + [.call(.token)]
    }

    mutating func afterRegistration(_ goal: Goal) -> [Effect] {
        // V1's step 1 asks Adobe for a token before the framework is asked anything.
        if isV1, goal == .launch, !state.adobeTokenChecked { return checkProfiles() }
        if goal == .signIn, state.access == .granted { return loadConfiguration(.signIn) }
        // The app asks for the permission at launch, and again on sign-in while undetermined.
        state.phase = .checkingAccess(goal)
        return tell(.checkingPartnerStatus) + [.vsa(.checkAccessStatus(prompt: setup.asksPermission))]
    }

    // MARK: - Shared finishing

    mutating func finishIdle(_ effects: [Effect]) -> [Effect] {
        state.phase = .idle
        state.app.activity = nil
        if state.app.authentication == .unknown { state.app.authentication = .notAuthenticated }
        return effects
    }

    static func describe(_ event: Event) -> String { String("\(event)".prefix(80)) }
    static func describe(_ phase: Phase) -> String { String("\(phase)".prefix(60)) }
}
