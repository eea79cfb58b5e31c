import PassAPI
import VSASimulator

/// The streaming app on Adobe's AccessEnabler iOS/tvOS SDK, as seed 004 ("Apple SSO Cookbook
/// (iOS/tvOS SDK)") and seed 001 (the SDK's entitlement cookbook) describe it. The app calls the
/// SDK; the SDK calls back. Steps, with seed 001's ids:
///
///     P    the app asks for the TV Provider permission (seed 004, "Permission")
///     B.2  setRequestor: registration, configuration and, when all seven conditions hold, the
///          silent exchange of the system sign-in; codes VSA403, VSA404, APPL; setRequestorComplete
///     B.3  checkAuthentication: setAuthenticationStatus 1 or 0; VSA403, VSA404, APPL_ERROR only
///          when signed in at system level (seed 004, step 3)
///     D.1  getAuthentication: presentTvProviderDialog (when an MVPD supports single sign-on) and
///          Apple's picker; VSA403, VSA404, VSA503, N003, N004, N005 each followed by
///          displayProviderDialog (seed 004, step 4)
///     D.2  the SDK exchanges the Apple sign-in; setAuthenticationStatus(1)
///     C.2  displayProviderDialog → the app's picker → setSelectedProvider
///     C.3  navigateToUrl (iOS) / E.2 status REGCODE and polling (tvOS)
///     C.6  handleExternalURL when the web view reaches the SDK's redirect
///     C.7  checkPreauthorizedResources → preauthorizedResources
///     F.1  getAuthorization → setToken or tokenRequestFailed
///     M.1  getMetadata(tokenSource) → setMetadataStatus
///     I.1  logout; with Apple SSO, status VSA203: sign out in Settings
///
/// Calls the app makes before `setRequestorComplete` wait in the SDK's queue (seed 001, B.2).
enum SDKFlow: PhasedIntegration {
    typealias Steps = SDKSteps

    typealias State = FlowState<Phase, Memory>

    /// What the SDK remembers: what any app on Adobe Pass does, and its queue of early calls.
    @dynamicMemberLookup
    struct Memory: FlowMemory {
        var pass = PassMemory()
        /// `setRequestorComplete` was called: calls run at once from now on.
        var requestorReady = false
        /// Calls the app made while `setRequestor` ran.
        var queued: [AppAction] = []

        subscript<Value>(dynamicMember path: WritableKeyPath<PassMemory, Value>) -> Value {
            get { pass[keyPath: path] }
            set { pass[keyPath: path] = newValue }
        }
    }

    enum Phase: RestingPhase {
        case idle
        case askingPermission(AppAction, FrameworkAccess.State)
        // setRequestor
        case registering
        case loadingConfiguration
        case askingProvider(FrameworkAccess.State)
        case silentExchange(PartnerExchange.State)
        // checkAuthentication
        case checkingAuthentication
        // getAuthentication
        case applePicker(FrameworkStatus)
        case exchange(PartnerExchange.State)
        case providerDialog(AppPicker.State)
        case creatingSession(MvpdConfiguration)
        case webLogin(SessionResponse, WebLogin.State)
        case polling(mvpd: String?, CodePolling.State)
        case retrievingProfile(String)
        // Decisions
        case preauthorizing
        case refreshingStatus(String, FrameworkAccess.State)
        case authorizing(String)
        // logout
        case loggingOut(String)
        case logoutPage(WebLogin.State)
        case notice
    }

    /// Where the SDK's web view ends: `ADOBEPASS_REDIRECT_URL` (seed 001, C.5).
    static let redirectURL = "adobepass://ios.app"

    /// Where the MVPD login and logout end: the SDK's redirect in a web view, the app's custom
    /// scheme in an SFSafariViewController.
    static func redirect(_ setup: AppSetup) -> String {
        setup.usesSafariViewController ? setup.redirectUrl : redirectURL
    }

    /// `navigateToUrl` or, for an SFSafariViewController, `navigateToUrl:useSVC`.
    static func navigate(_ setup: AppSetup, _ url: String) -> Effect {
        setup.usesSafariViewController
            ? callback("navigateToUrl:useSVC", "\(url), true") : callback("navigateToUrl", url)
    }

    /// `sendTrackingData`, with the device fields every event ends with (reference C2):
    /// deviceType, clientType, os.
    static func track(_ event: String, _ data: [String], _ setup: AppSetup) -> Effect {
        let device = setup.platform == .ios ? ["mobile", "ios", "iOS"] : ["unknown", "ios", "tvOS"]
        let items = (data + device).map { $0 == "true" || $0 == "false" ? $0 : "\"\($0)\"" }
        return callback("sendTrackingData", "\(event), [\(items.joined(separator: ", "))]")
    }

    /// The hashed user id the tracking events carry; the SDK knows the user only through the
    /// MVPD, so a stable digest of it stands in.
    static func guid(_ mvpd: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in mvpd.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// The SDK calls the app back: each status code also as a `status:` callback, and the
    /// tracking events after the calls seed 001 lists.
    static func published(_ effects: [Effect], _ state: State) -> [Effect] {
        withTracking(withStatusCallbacks(effects), state)
    }

    /// `sendTrackingData` follows the calls seed 001 lists (checkAuthentication,
    /// getAuthentication, getAuthorization, checkAuthorization, setSelectedProvider), once each
    /// has its answer: the authentication status, the token or its failure, the selection.
    static func withTracking(_ effects: [Effect], _ state: State) -> [Effect] {
        let setup = state.basics.setup
        var mvpd = ""
        if case .authenticated(let id, _, _) = state.basics.app.authentication { mvpd = id }
        return effects.flatMap { effect -> [Effect] in
            guard case .record(let note) = effect else { return [effect] }
            switch note {
            case .callback("setAuthenticationStatus", let arguments) where !arguments.contains("Logout"):
                let success = arguments.hasPrefix("1")
                let data = success ? ["true", mvpd, guid(mvpd), "false"] : ["false", "", "", "false"]
                return [effect, track("TRACKING_AUTHENTICATION", data, setup)]
            case .callback("setToken", _):
                let data = ["true", mvpd, guid(mvpd), "false", "", ""]
                return [effect, track("TRACKING_AUTHORIZATION", data, setup)]
            case .callback("tokenRequestFailed", _):
                let data = ["false", mvpd, guid(mvpd), "false", "USER_NOT_AUTHORIZED_ERROR", ""]
                return [effect, track("TRACKING_AUTHORIZATION", data, setup)]
            case .sdkCall("setSelectedProvider", let selected, _) where selected != "nil":
                return [effect, track("TRACKING_GET_SELECTED_PROVIDER", [selected], setup)]
            default:
                return [effect]
            }
        }
    }

    /// Every status code reaches the app through its `status:` callback too.
    static func withStatusCallbacks(_ effects: [Effect]) -> [Effect] {
        effects.flatMap { effect -> [Effect] in
            guard case .record(.status(let code, let details)) = effect else { return [effect] }
            let extra = code == .registrationCode ? ", code=\(details ?? "")" : ""
            let arguments = "errorId=\(code.id), level=\(code.level.rawValue)\(extra)"
            return [effect, .record(.callback(name: "status", arguments: arguments))]
        }
    }

    // MARK: - Parts, configured for the SDK

    static let registration = ClientRegistration(registerStep: nil, tokenStep: nil)
    static let appPicker = AppPicker()
    static let webLogin = WebLogin()
    static let polling = CodePolling.profilesForCode(pollStep: nil)
    static let decisions = Decisions(
        narration: .init(
            preauthorizing: [.record(.step(Steps.checkPreauthorizedResources))],
            authorizing: [],
            preauthorized: { [callback("preauthorizedResources", "[\($0.joined(separator: ", "))]")] },
            permitted: { resource, token in [callback("setToken", "\(token.prefix(16))…, \(resource)")] },
            denied: { resource, description in
                [callback("tokenRequestFailed", "\(resource), USER_NOT_AUTHORIZED_ERROR, \"\(description)\"")]
            }))

    static func framework(_ setup: AppSetup) -> FrameworkAccess {
        FrameworkAccess(prompt: setup.asksPermission)
    }

    static func partnerExchange(_ setup: AppSetup) -> PartnerExchange {
        PartnerExchange(
            steps: .init(request: Steps.partnerExchange), domainName: setup.domainName, redirectUrl: redirect(setup))
    }

    static func callback(_ name: String, _ arguments: String) -> Effect {
        .record(.callback(name: name, arguments: arguments))
    }

    static func authenticationStatus(_ authenticated: Bool, _ code: String) -> Effect {
        callback("setAuthenticationStatus", "\(authenticated ? 1 : 0), \"\(code)\"")
    }

    struct Reducer: PhasedReducer {
        var state: State
        let context: FlowContext

        mutating func runPart(_ event: Event) -> [Effect]? {
            switch state.phase {
            case .registering:
                return runRegistration(SDKFlow.registration, at: \.state.registration, event) { $0.registered($1) }
            case .askingPermission(let action, let child):
                return scope(SDKFlow.framework(setup), child, as: { .askingPermission(action, $0) }, event) {
                    $0.permissionAnswered($1, then: action)
                }
            case .askingProvider(let child):
                return scope(SDKFlow.framework(setup), child, as: { .askingProvider($0) }, event) {
                    $0.providerAnswered($1)
                }
            case .silentExchange(let child):
                return scope(SDKFlow.partnerExchange(setup), child, as: { .silentExchange($0) }, event) {
                    $0.silentExchangeEnded($1, child)
                }
            case .applePicker(let known):
                return scope(ApplePicker(), known, as: { .applePicker($0) }, event) { $0.applePickerAnswered($1) }
            case .exchange(let child):
                return scope(SDKFlow.partnerExchange(setup), child, as: { .exchange($0) }, event) {
                    $0.exchangeEnded($1, child)
                }
            case .providerDialog(let listed):
                return scope(SDKFlow.appPicker, listed, as: { .providerDialog($0) }, event) {
                    $0.providerSelected($1)
                }
            case .webLogin(let session, let stopAt):
                return scope(SDKFlow.webLogin, stopAt, as: { .webLogin(session, $0) }, event) {
                    $0.webViewAnswered($1, session: session)
                }
            case .polling(let mvpd, let child):
                return scope(SDKFlow.polling, child, as: { .polling(mvpd: mvpd, $0) }, event) {
                    $0.pollingEnded($1, mvpd: mvpd)
                }
            case .refreshingStatus(let resource, let child):
                return scope(SDKFlow.framework(setup), child, as: { .refreshingStatus(resource, $0) }, event) {
                    $0.statusRefreshed($1, then: resource)
                }
            case .logoutPage(let stopAt):
                return scope(SDKFlow.webLogin, stopAt, as: { .logoutPage($0) }, event) { reducer, outcome in
                    reducer.logoutPageAnswered(outcome)
                }
            default:
                return apiAnswer(event)
            }
        }

        mutating func apiAnswer(_ event: Event) -> [Effect]? {
            switch (state.phase, event) {
            case (.loadingConfiguration, .api(.configuration(let configuration))):
                return configurationLoaded(configuration)
            case (.checkingAuthentication, .api(.profiles(let response))): return authenticationChecked(response)
            case (.creatingSession(let mvpd), .api(.session(let session))): return sessionCreated(session, mvpd: mvpd)
            case (.retrievingProfile(let mvpd), .api(.profiles(let response))):
                return authenticated(response, expected: mvpd)
            case (.preauthorizing, .api(.decisions(let response))):
                return SDKFlow.decisions.preauthorized(response, app: &state.basics.app) + afterPreauthorization()
            case (.authorizing(let resource), .api(.decisions(let response))):
                return finishIdle(SDKFlow.decisions.authorized(response, resource: resource, app: &state.basics.app))
            case (.loggingOut(let mvpd), .api(.logout(let response))): return loggedOut(response, mvpd: mvpd)
            case (.notice, .answer(.noticeDismissed)): return [.showHome] + finishIdle([])
            default: return nil
            }
        }

        // MARK: - The app's calls

        mutating func userAction(_ action: AppAction) -> [Effect] {
            if action == .launch { return launch() }
            guard state.phase == .idle else {
                guard !state.requestorReady else { return [.record(.note("The app is busy; \(action) is ignored."))] }
                // Seed 001, B.2: calls made before setRequestorComplete wait in the SDK's queue.
                state.queued.append(action)
                return [.record(.note("setRequestor is still running: the SDK queues \(action)."))]
            }
            switch action {
            case .launch: return launch()
            case .signIn: return getAuthentication()
            case .play(let resource):
                return play(resource, signIn: { $0.getAuthentication() }, decide: { $0.getAuthorization($1) })
            case .signOut: return logout()
            case .foreground:
                guard state.requestorReady else { return launch() }
                state.basics.app.activity = "Checking"
                return askPermission(then: .foreground)
            }
        }

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

        mutating func launch() -> [Effect] {
            state.basics.app.activity = "Starting"
            state.requestorReady = false
            return askPermission(then: .launch)
        }

        mutating func setRequestor() -> [Effect] {
            state.phase = .registering
            var effects = [Effect.record(.step(Steps.setRequestor))]
            if !setup.waitsForSetRequestorComplete {
                effects += [
                    .record(.sdkCall(name: "checkAuthentication", arguments: "", silently: false)),
                    .record(.note("setRequestor is still running: the SDK queues checkAuthentication.")),
                ]
            }
            let step = SDKFlow.registration.start(&state.registration)
            effects += step.effects
            return effects + (step.outcome.map { registered($0) } ?? [])
        }

        mutating func registered(_ outcome: ClientRegistration.Outcome) -> [Effect] {
            if case .failed(let failure) = outcome { return requestorFailed(failure) }
            state.phase = .loadingConfiguration
            return [.call(.configuration)]
        }

        mutating func configurationLoaded(_ configuration: ConfigurationResponse) -> [Effect] {
            state.directory = ConfigurationDirectory(configuration)
            guard let access = state.framework.access, access == .granted else {
                let code: StatusCode =
                    state.framework.access == .notDetermined ? .permissionUndetermined : .permissionDenied
                return [status(code, "setRequestor: the SDK falls back to the regular authentication flow.")]
                    + requestorComplete()
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
                return [status(.appleShortError, "setRequestor: \(error.description)")] + requestorComplete()
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
                    // One of the seven conditions: no silent exchange with a degraded provider.
                    return [.record(.note("\(exchange.mvpd.displayName) is degraded: no silent exchange."))]
                        + requestorComplete()
                }
                state.basics.app.authentication = .authenticated(
                    mvpd: id, type: profile.type, notAfter: profile.notAfter)
                return requestorComplete()
            case .frameworkFailed(let error):
                return [status(.appleShortError, "setRequestor: \(error.description)")] + requestorComplete()
            case .noSAMLResponse:
                return [status(.appleShortError, "setRequestor: the framework returned no SAML response.")]
                    + requestorComplete()
            case .fellBack(let session):
                let note =
                    "Adobe answered \(session.actionName.rawValue) (\(session.reasonType.rawValue)): no silent exchange."
                return [.record(.note(note))] + requestorComplete()
            case .noProfile, .failed:
                return [.record(.note("The silent exchange did not produce a token."))] + requestorComplete()
            }
        }

        mutating func requestorFailed(_ failure: PassErrorSummary) -> [Effect] {
            let code: StatusCode =
                failure.enhancedCode == "invalid_parameter_service_provider"
                ? .invalidRequestor : .serverError(failure.httpStatus ?? 500)
            state.queued = []
            state.basics.dropPendingPlay()
            return finishIdle([
                status(code, failure.message), SDKFlow.callback("setRequestorComplete", "ACCESS_ENABLER_STATUS_ERROR"),
            ])
        }

        /// setRequestorComplete, then the app's checkAuthentication.
        mutating func requestorComplete() -> [Effect] {
            state.requestorReady = true
            let queued: [Effect] =
                setup.waitsForSetRequestorComplete
                ? [] : [.record(.note("setRequestorComplete: the SDK runs the queued checkAuthentication."))]
            return [SDKFlow.callback("setRequestorComplete", "ACCESS_ENABLER_STATUS_SUCCESS")] + queued
                + checkAuthentication()
        }

        // MARK: - B.3 checkAuthentication

        mutating func checkAuthentication() -> [Effect] {
            var effects: [Effect] = [.record(.step(Steps.checkAuthentication))]
            if case .authenticated(_, _, let notAfter) = state.basics.app.authentication, notAfter <= context.now {
                state.basics.app.authentication = .notAuthenticated
                state.basics.app.unlocked = [:]
                effects.append(.record(.note("The authentication token's TTL has passed.")))
                return finishIdle(effects + [SDKFlow.authenticationStatus(false, "User Not Authenticated Error")])
            }
            effects += systemLevelCodes()
            state.phase = .checkingAuthentication
            return effects + [.call(.profiles(state.framework.partnerStatus))]
        }

        /// Seed 004, step 3: the codes only a user signed in at system level gets.
        func systemLevelCodes() -> [Effect] {
            guard state.framework.signedInAtSystemLevel else { return [] }
            switch state.framework.access {
            case .denied, .restricted:
                return [status(.permissionDenied, "checkAuthentication: signed in at system level, permission denied.")]
            case .notDetermined:
                return [
                    status(
                        .permissionUndetermined,
                        "checkAuthentication: signed in at system level, permission undetermined.")
                ]
            case .granted:
                guard let error = state.framework.error else { return [] }
                return [status(.appleError, "checkAuthentication: \(error.description)")]
            case nil:
                return []
            }
        }

        mutating func authenticationChecked(_ response: ProfilesResponse) -> [Effect] {
            if let (mvpd, profile) = response.preferred(partnerProviderMvpd: response.appleSSOMvpd) {
                state.basics.app.authentication = .authenticated(
                    mvpd: mvpd, type: profile.type, notAfter: profile.notAfter)
                return announceAuthenticated(mvpd: mvpd, type: profile.type) + preauthorize()
            }
            state.basics.app.authentication = .notAuthenticated
            return finishIdle([SDKFlow.authenticationStatus(false, "User Not Authenticated Error")]) + runQueued()
        }

        // MARK: - D.1 getAuthentication

        mutating func getAuthentication(permissionAsked: Bool = false) -> [Effect] {
            if case .authenticated = state.basics.app.authentication {
                return [.record(.step(Steps.getAuthentication)), SDKFlow.authenticationStatus(true, "")]
            }
            let undetermined = state.framework.access == .notDetermined || state.framework.access == nil
            if !permissionAsked, setup.asksPermission, undetermined {
                state.basics.app.activity = "Signing in"
                return askPermission(then: .signIn)
            }
            state.basics.app.activity = "Signing in"
            var effects: [Effect] = [.record(.step(Steps.getAuthentication))]
            guard let directory = state.directory else { return effects + finishIdle([]) }
            switch state.framework.access {
            case .granted:
                break
            case .notDetermined, nil:
                return effects + [status(.permissionUndetermined, "getAuthentication: regular flow.")]
                    + displayProviderDialog()
            case .denied, .restricted:
                return effects + [status(.permissionDenied, "getAuthentication: regular flow.")]
                    + displayProviderDialog()
            }
            // Seed 001, D.1: Apple's dialog only when the requestor has an MVPD with single sign-on.
            guard directory.mvpds.contains(where: ConfigurationDirectory.supportsAppleSSO) else {
                effects.append(.record(.note("No MVPD of this requestor supports single sign-on: the regular flow.")))
                return effects + displayProviderDialog()
            }
            let request = ApplePicker.request(
                for: directory, setup, videoTitle: state.basics.pendingTitle)
            state.phase = .applePicker(state.framework)
            effects.append(SDKFlow.callback("presentTvProviderDialog", "VSViewServiceHostViewController"))
            return effects + [.vsa(.metadata(request))]
        }

        /// Seed 004, step 4: each answer of Apple's picker and what the SDK does with it.
        mutating func applePickerAnswered(_ outcome: ApplePicker.Outcome) -> [Effect] {
            if case .applePicker(let known) = state.phase { state.framework = known }
            state.phase = .idle
            let directory = state.directory ?? .empty
            switch outcome {
            case .signedIn(let provider):
                guard let mvpd = directory.appleSSOMvpd(platformId: provider) else {
                    let name = directory.mvpd(platformId: provider)?.displayName ?? provider
                    return [status(.unsupportedProvider, "\(name): integration or single sign-on disabled.")]
                        + displayProviderDialog()
                }
                return signInWithApple(mvpd)
            case .unsupportedProvider(let provider):
                guard let mvpd = directory.mvpd(platformId: provider) else {
                    return [status(.unsupportedProvider, "\(provider) is not integrated with \(setup.requestor).")]
                        + displayProviderDialog()
                }
                // In Apple's picker but without Apple SSO: no code; the SDK selects it silently.
                return [.record(.sdkCall(name: "setSelectedProvider", arguments: mvpd.id, silently: true))]
                    + startRegularAuthentication(mvpd)
            case .otherProvider:
                return [dismissDialog, status(.otherProvider)] + displayProviderDialog()
            case .cancelled(let duringSignIn):
                return [dismissDialog, status(.cancelled, ApplePicker.cancelled(duringSignIn: duringSignIn) + ".")]
                    + displayProviderDialog()
            case .permissionNotGranted(let error):
                return [status(.permissionDenied, error.message)] + displayProviderDialog()
            case .failed(let error):
                return [status(.metadataUnavailable, error.description)] + displayProviderDialog()
            case .noProvider:
                return finishIdle([SDKFlow.authenticationStatus(false, "User Not Authenticated Error")])
            }
        }

        /// The provider supports Apple SSO. On a TV the seeds disagree, and the requestor's
        /// setting chooses: seed 004's silent exchange, or seed 001's registration code; the
        /// timeline names the source.
        mutating func signInWithApple(_ mvpd: MvpdConfiguration) -> [Effect] {
            var effects: [Effect] = []
            if setup.platform == .tvos {
                effects.append(.record(.note("Apple TV, \(setup.sdkTVAppleSSO.source).")))
                if setup.sdkTVAppleSSO == .registrationCode {
                    return effects + [
                        .record(.sdkCall(name: "setSelectedProvider", arguments: mvpd.id, silently: true))
                    ]
                        + startRegularAuthentication(mvpd)
                }
            }
            let (child, exchange) = SDKFlow.partnerExchange(setup).start(
                mvpd, silent: false, framework: state.framework)
            state.phase = .exchange(child)
            return effects + exchange
        }

        var dismissDialog: Effect { SDKFlow.callback("dismissTvProviderDialog", "VSViewServiceHostViewController") }

        mutating func exchangeEnded(_ outcome: PartnerExchange.Outcome, _ exchange: PartnerExchange.State)
            -> [Effect]
        {
            if case .exchange(let latest) = state.phase { state.framework = latest.framework }
            switch outcome {
            case .authenticated(let id, let response):
                return authenticated(response, expected: id)
            case .frameworkFailed(let error):
                return [status(.metadataUnavailable, error.description)] + displayProviderDialog()
            case .noSAMLResponse:
                return [status(.metadataUnavailable, "The framework returned no SAML response.")]
                    + displayProviderDialog()
            case .fellBack(let session):
                let note = "Adobe answered \(session.actionName.rawValue) (\(session.reasonType.rawValue))."
                return [
                    .record(.note(note)),
                    .record(.sdkCall(name: "setSelectedProvider", arguments: exchange.mvpd.id, silently: true)),
                ] + startRegularAuthentication(exchange.mvpd)
            case .noProfile, .failed:
                return [.record(.note("The exchange did not produce a token."))]
                    + startRegularAuthentication(exchange.mvpd)
            }
        }

        // MARK: - C. The regular flow

        mutating func displayProviderDialog() -> [Effect] {
            guard let directory = state.directory else { return finishIdle([]) }
            state.phase = .providerDialog(directory.mvpds.map(\.id))
            return [
                .record(.step(Steps.displayProviderDialog)),
                SDKFlow.callback("displayProviderDialog", "[\(directory.mvpds.count) MVPD objects]"),
                .show(.mvpdPicker(directory.mvpds, preselected: nil)),
            ]
        }

        mutating func providerSelected(_ outcome: AppPicker.Outcome) -> [Effect] {
            guard case .chosen(let id) = outcome, let mvpd = state.directory?.mvpd(id: id) else {
                state.basics.dropPendingPlay()
                return [.showHome, .record(.sdkCall(name: "setSelectedProvider", arguments: "nil", silently: false))]
                    + finishIdle([
                        status(.cancelled, "The app's MVPD picker was cancelled."),
                        SDKFlow.authenticationStatus(false, "Provider not Selected Error"),
                    ])
            }
            return [.record(.sdkCall(name: "setSelectedProvider", arguments: mvpd.id, silently: false))]
                + startRegularAuthentication(mvpd)
        }

        mutating func startRegularAuthentication(_ mvpd: MvpdConfiguration) -> [Effect] {
            state.phase = .creatingSession(mvpd)
            return [
                .call(.createSession(mvpd: mvpd.id, domainName: setup.domainName, redirectUrl: SDKFlow.redirect(setup)))
            ]
        }

        mutating func sessionCreated(_ session: SessionResponse, mvpd: MvpdConfiguration) -> [Effect] {
            if session.actionName == .authorize {
                let id = session.mvpd ?? mvpd.id
                state.phase = .retrievingProfile(id)
                return [.call(.profileForMvpd(id, nil))]
            }
            guard let code = session.code, let url = session.url else {
                return finishIdle([.record(.note("The session has no code; sign-in cannot continue."))])
            }
            switch setup.platform {
            case .ios:
                let (stopAt, effects) = WebLogin.open(url, stopAt: SDKFlow.redirect(setup))
                state.phase = .webLogin(session, stopAt)
                return [.record(.step(Steps.navigateToUrl)), SDKFlow.navigate(setup, url)] + effects
            case .tvos:
                let screen = RegistrationCode(code, of: session, mvpd: mvpd.id)
                let (child, effects) = CodePolling.show(screen, handle: code, interval: setup.pollingInterval)
                state.phase = .polling(mvpd: mvpd.id, child)
                return [.record(.step(Steps.registrationCode)), status(.registrationCode, code)] + effects
            }
        }

        mutating func webViewAnswered(_ outcome: WebLogin.Outcome, session: SessionResponse) -> [Effect] {
            guard case .returned(let url) = outcome else {
                state.basics.dropPendingPlay()
                return [.showHome, .record(.sdkCall(name: "setSelectedProvider", arguments: "nil", silently: false))]
                    + finishIdle([
                        status(.cancelled, "The MVPD login was closed."),
                        SDKFlow.authenticationStatus(false, "User not Authenticated Error"),
                    ])
            }
            let (child, effects) = SDKFlow.polling.pollNow(handle: session.code ?? "", interval: setup.pollingInterval)
            state.phase = .polling(mvpd: session.mvpd, child)
            return [
                .showHome, .record(.step(Steps.handleExternalURL)),
                .record(.sdkCall(name: "handleExternalURL", arguments: url, silently: false)),
            ]
                + effects
        }

        mutating func pollingEnded(_ outcome: CodePolling.Outcome, mvpd: String?) -> [Effect] {
            switch outcome {
            case .signedIn(.profiles(let response)): return authenticated(response, expected: mvpd)
            case .signedIn: return finishIdle([])
            case .newCodeRequested:
                guard let mvpd = mvpd.flatMap({ state.directory?.mvpd(id: $0) }) else { return finishIdle([]) }
                return startRegularAuthentication(mvpd)
            case .closed:
                state.basics.dropPendingPlay()
                return [.showHome]
                    + finishIdle([
                        status(.cancelled, "The code screen was closed."),
                        SDKFlow.authenticationStatus(false, "User not Authenticated Error"),
                    ])
            case .gaveUp(let reason):
                state.basics.dropPendingPlay()
                return finishIdle([
                    .record(.note(reason)), SDKFlow.authenticationStatus(false, "User not Authenticated Error"),
                ])
            }
        }

        mutating func authenticated(_ response: ProfilesResponse, expected mvpd: String?) -> [Effect] {
            guard let (id, profile) = response.preferred(partnerProviderMvpd: mvpd) else {
                return finishIdle([SDKFlow.authenticationStatus(false, "User not Authenticated Error")])
            }
            state.basics.app.authentication = .authenticated(mvpd: id, type: profile.type, notAfter: profile.notAfter)
            return [.showHome] + announceAuthenticated(mvpd: id, type: profile.type) + preauthorize()
        }

        /// setAuthenticationStatus(1), and the token source the app reads with getMetadata.
        func announceAuthenticated(mvpd: String, type: ProfileType) -> [Effect] {
            var effects: [Effect] = []
            if type == .degraded { effects.append(status(.degraded, "\(mvpd) is degraded.")) }
            effects.append(SDKFlow.authenticationStatus(true, ""))
            // The app shows who the user signed in with: getSelectedProvider → selectedProvider.
            effects.append(.record(.sdkCall(name: "getSelectedProvider", arguments: "", silently: false)))
            effects.append(SDKFlow.callback("selectedProvider", mvpd))
            effects.append(.record(.step(Steps.getMetadata)))
            effects.append(SDKFlow.callback("setMetadataStatus", "tokenSource=\(type == .appleSSO ? "Apple" : mvpd)"))
            return effects
        }

        // MARK: - C.7 / F.1 Decisions

        mutating func preauthorize() -> [Effect] {
            guard case .authenticated(let mvpd, _, _) = state.basics.app.authentication,
                !state.basics.protectedTitles.isEmpty
            else { return afterPreauthorization() }
            state.phase = .preauthorizing
            return SDKFlow.decisions.preauthorize(
                mvpd: mvpd, resources: state.basics.protectedTitles, decisionPartnerStatus)
        }

        mutating func afterPreauthorization() -> [Effect] {
            if let resource = state.basics.pendingPlay, state.basics.app.authentication.isAuthenticated {
                state.basics.pendingPlay = nil
                return getAuthorization(resource)
            }
            return finishIdle([]) + runQueued()
        }

        var decisionPartnerStatus: PartnerFrameworkStatus? {
            if case .authenticated(_, .appleSSO, _) = state.basics.app.authentication {
                return state.framework.partnerStatus
            }
            return nil
        }

        /// F.1: with an Apple SSO token, the SDK refreshes the partner status before it asks.
        mutating func getAuthorization(_ resource: String) -> [Effect] {
            state.basics.app.activity = "Authorizing"
            let step = Effect.record(.step(Steps.getAuthorization))
            guard decisionPartnerStatus != nil else { return [step] + authorize(resource) }
            let (child, effects) = SDKFlow.framework(setup).askProvider(state.framework)
            state.phase = .refreshingStatus(resource, child)
            return [step] + effects
        }

        /// Back in the foreground with a title playing: may it go on? Never starts authentication.
        mutating func checkAuthorization(_ resource: String) -> [Effect] {
            let step = Effect.record(.step(Steps.checkAuthorization))
            guard state.basics.app.authentication.isAuthenticated else {
                state.basics.app.playing = nil
                return finishIdle([
                    step,
                    SDKFlow.callback(
                        "tokenRequestFailed", "\(resource), USER_NOT_AUTHORIZED_ERROR, \"User Not Authenticated Error\""
                    ),
                ])
            }
            state.basics.app.activity = "Authorizing"
            guard decisionPartnerStatus != nil else { return [step] + authorize(resource) }
            let (child, effects) = SDKFlow.framework(setup).askProvider(state.framework)
            state.phase = .refreshingStatus(resource, child)
            return [step] + effects
        }

        mutating func statusRefreshed(_ known: FrameworkStatus, then resource: String) -> [Effect] {
            state.framework = known
            return authorize(resource)
        }

        mutating func authorize(_ resource: String) -> [Effect] {
            guard case .authenticated(let mvpd, _, _) = state.basics.app.authentication else { return finishIdle([]) }
            state.phase = .authorizing(resource)
            return SDKFlow.decisions.authorize(resource, mvpd: mvpd, decisionPartnerStatus)
        }

        // MARK: - I.1 logout

        mutating func logout() -> [Effect] {
            guard case .authenticated(let mvpd, _, _) = state.basics.app.authentication else {
                return [.record(.note("Not signed in; nothing to sign out of."))]
            }
            state.phase = .loggingOut(mvpd)
            state.basics.app.activity = "Signing out"
            return [.record(.step(Steps.logout)), .call(.logout(mvpd: mvpd, redirectUrl: SDKFlow.redirect(setup)))]
        }

        mutating func loggedOut(_ response: LogoutResponse, mvpd: String) -> [Effect] {
            state.basics.app = AppModel()
            state.basics.app.authentication = .notAuthenticated
            let action = response.logouts[mvpd]
            let signedOut = SDKFlow.authenticationStatus(false, "Logout")
            switch action?.actionName {
            case .partnerLogout:
                state.phase = .notice
                return [status(.signOutInSettings), signedOut, .show(.notice(state.basics.signOutNotice))]
            case .logout:
                if let url = action?.url, setup.platform == .ios {
                    // Seed 001, H.1: the logout page in a hidden web view, to its redirect.
                    let (stopAt, page) = WebLogin.open(url, stopAt: SDKFlow.redirect(setup))
                    state.phase = .logoutPage(stopAt)
                    return [signedOut, SDKFlow.navigate(setup, url)] + page
                }
                return finishIdle([
                    signedOut,
                    .record(.note("A TV opens no web view: the MVPD session is left as is; the token is gone.")),
                ])
            default:
                return finishIdle([signedOut])
            }
        }

        mutating func logoutPageAnswered(_ outcome: WebLogin.Outcome) -> [Effect] {
            guard case .returned(let url) = outcome else { return [.showHome] + finishIdle([]) }
            return [
                .showHome, .record(.sdkCall(name: "handleExternalURL", arguments: url, silently: false)),
                .record(.step(Steps.handleExternalURL)),
            ]
                + finishIdle([])
        }

        // MARK: - Failures

        mutating func apiFailed(_ failure: PassErrorSummary) -> [Effect] {
            switch state.phase {
            case .registering, .loadingConfiguration:
                return requestorFailed(failure)
            case .checkingAuthentication:
                state.basics.app.authentication = .notAuthenticated
                return finishIdle([
                    .record(.note("Profiles could not be read (\(failure.message)).")),
                    SDKFlow.authenticationStatus(false, "Generic Authentication Error"),
                ]) + runQueued()
            case .authorizing(let resource):
                return finishIdle(
                    SDKFlow.decisions.authorizationFailed(failure, resource: resource, app: &state.basics.app))
            default:
                return failedUnexpectedly(failure)
            }
        }

        // MARK: - Helpers

        /// The first call the app queued while setRequestor ran (the others follow as each ends).
        mutating func runQueued() -> [Effect] {
            guard state.phase == .idle, !state.queued.isEmpty else { return [] }
            let action = state.queued.removeFirst()
            return [.record(.note("setRequestorComplete: the SDK runs the queued \(action)."))] + userAction(action)
        }

    }
}
