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
///     D.1  getAuthentication (E.1 on tvOS, C.1 without Apple SSO): presentTvProviderDialog (when
///          an MVPD supports single sign-on) and Apple's picker; VSA403, VSA404, VSA503, N003,
///          N004, N005 each followed by displayProviderDialog (seed 004, step 4)
///     D.2  the SDK exchanges the Apple sign-in; setAuthenticationStatus(1)
///     C.2  displayProviderDialog → the app's picker → setSelectedProvider
///     C.3  navigateToUrl (iOS) / E.2 status REGCODE and polling (tvOS)
///     C.6  handleExternalURL when the web view reaches the SDK's redirect
///     C.7  checkPreauthorizedResources → preauthorizedResources (D.4, E.4 after Apple SSO)
///     F.1  getAuthorization → setToken or tokenRequestFailed
///     M.1  getMetadata(tokenSource) → setMetadataStatus
///     I.1  logout; with Apple SSO, status VSA203: sign out in Settings
///
/// Calls the app makes before `setRequestorComplete` wait in the SDK's queue (seed 001, B.2).
enum SDKFlow: IntegrationFlow {
    typealias Steps = SDKSteps

    /// What the SDK remembers: what any app on Adobe Pass does, and its queue of early calls.
    @dynamicMemberLookup
    struct Memory: FlowMemory {
        var pass = PassMemory()
        /// `setRequestorComplete` was called: calls run at once from now on.
        var requestorReady = false
        /// Calls the app made while `setRequestor` ran.
        var queued: [AppAction] = []
        /// The last sign-in went through seed 001's Apple SSO flow on a TV with its registration
        /// code (E.2), though its token is the MVPD's: E.4 numbers the preauthorization after it.
        var signedInByAppleSSOCode = false

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
        case retrievingConfiguration
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
        /// F.3: the app's verifier checks the token `setToken` gave, before the title plays.
        case verifyingMediaToken(String)
        // logout
        case loggingOut(String)
        /// The logout page in a web view; after an Apple SSO logout (iOS), then the VSA203 prompt.
        case logoutPage(WebLogin.State, thenSettingsNotice: Bool)
        case notice
    }

    /// Where the SDK's web view ends: `ADOBEPASS_REDIRECT_URL` (seed 001, C.5).
    static let redirectURL = "adobepass://ios.app"

    /// Where the MVPD login and logout end: the SDK's redirect in a web view, the app's custom
    /// scheme in an SFSafariViewController.
    static func redirect(_ setup: AppSetup) -> String {
        setup.usesSafariViewController ? setup.redirectUrl : redirectURL
    }

    /// The service's MVPD logout page, as the SDK opens it for a token the service's logout
    /// answer gives no page for (an Apple SSO one): through the MVPD's logout to the redirect.
    static func mvpdLogoutURL(mvpd: String, _ setup: AppSetup) -> String {
        WebLogin.pageURL(
            Endpoint.webLogout.path,
            [
                ("noflash", "true"), ("mso_id", mvpd), ("requestor_id", setup.requestor),
                ("redirect_url", redirect(setup)),
            ])
    }

    /// `navigateToUrl` or, for an SFSafariViewController, `navigateToUrl:useSVC`.
    static func navigate(_ setup: AppSetup, _ url: String) -> Effect {
        callback(.navigateToUrl(url, useSVC: setup.usesSafariViewController))
    }

    /// `sendTrackingData`, with the device fields every event ends with (reference C2):
    /// deviceType, clientType, os.
    static func track(_ event: String, _ data: [String], _ setup: AppSetup) -> Effect {
        let device = setup.platform == .ios ? ["mobile", "ios", "iOS"] : ["unknown", "ios", "tvOS"]
        return callback(.sendTrackingData(event: event, data: data + device))
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
    static func published(_ effects: [Effect], before: State, after: State) -> [Effect] {
        withTracking(withStatusCallbacks(effects), before: before, after: after)
    }

    /// The MVPD and hashed user id of the user signed in, or two empty values when no one is:
    /// with no user, no user id (not the digest of an empty one).
    static func trackedUser(_ state: State) -> [String]? {
        guard case .authenticated(let mvpd, _, _) = state.basics.app.authentication else { return nil }
        return [mvpd, guid(mvpd)]
    }

    /// `sendTrackingData` follows the calls seed 001 lists (checkAuthentication,
    /// getAuthentication, getAuthorization, checkAuthorization, setSelectedProvider), once each
    /// has its answer: the authentication status, the token or its failure, the selection. An
    /// authorization event names the user the call was made for: a refusal may sign them out.
    static func withTracking(_ effects: [Effect], before: State, after state: State) -> [Effect] {
        let setup = state.basics.setup
        let signedIn = trackedUser(state) ?? ["", ""]
        let caller = trackedUser(before) ?? signedIn
        return effects.flatMap { effect -> [Effect] in
            guard case .record(let note) = effect else { return [effect] }
            switch note {
            case .callback(.setAuthenticationStatus(let success, let error)) where error != .logout:
                let data = success ? ["true"] + signedIn + ["false"] : ["false", "", "", "false"]
                return [effect, track("TRACKING_AUTHENTICATION", data, setup)]
            case .callback(.setToken):
                let data = ["true"] + caller + ["false", "", ""]
                return [effect, track("TRACKING_AUTHORIZATION", data, setup)]
            case .callback(.tokenRequestFailed):
                let data = ["false"] + caller + ["false", "USER_NOT_AUTHORIZED_ERROR", ""]
                return [effect, track("TRACKING_AUTHORIZATION", data, setup)]
            case .sdkCall(.setSelectedProvider(let selected?), _):
                return [effect, track("TRACKING_GET_SELECTED_PROVIDER", [selected], setup)]
            default:
                return [effect]
            }
        }
    }

    /// Every status code reaches the app through its `status:` callback too.
    static func withStatusCallbacks(_ effects: [Effect]) -> [Effect] {
        effects.flatMap { effect -> [Effect] in
            guard case .record(.status(let code, let details, _)) = effect else { return [effect] }
            var registrationCode: String?
            if code == .registrationCode, case .verbatim(let shown)? = details { registrationCode = shown }
            return [effect, callback(.status(code, registrationCode: registrationCode))]
        }
    }

    // MARK: - Parts, configured for the SDK

    static let registration = ClientRegistration(registerStep: nil, tokenStep: nil)
    static let appPicker = AppPicker()
    static let webLogin = WebLogin()
    static let polling = CodePolling.profilesForCode(pollStep: nil)
    static let decisions = Decisions(
        narration: .init(
            // The step depends on the sign-in before it: the reducer records it (C.7, D.4, E.4).
            preauthorizing: [],
            authorizing: [],
            preauthorized: { [callback(.preauthorizedResources($0))] },
            permitted: { resource, token in [callback(.setToken(token: token, resource: resource))] },
            denied: { resource, description in
                [callback(.tokenRequestFailed(resource: resource, description: description))]
            }))

    static func framework(_ setup: AppSetup) -> FrameworkAccess {
        FrameworkAccess(prompt: setup.asksPermission)
    }

    static func partnerExchange(_ setup: AppSetup) -> PartnerExchange {
        PartnerExchange(
            steps: .init(request: Steps.partnerExchange), domainName: setup.domainName, redirectUrl: redirect(setup))
    }

    static func callback(_ callback: SDKCallback) -> Effect { .record(.callback(callback)) }

    static func authenticationStatus(_ authenticated: Bool, _ error: SDKCallback.AuthenticationError) -> Effect {
        callback(.setAuthenticationStatus(authenticated: authenticated, error))
    }

    struct Reducer: PhasedReducer {
        typealias Steps = SDKFlow.Steps

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
                return scope(ApplePicker(), known, as: { .applePicker($0) }, event, keeping: \.state.framework) {
                    $0.applePickerAnswered($1)
                }
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
            case .logoutPage(let stopAt, let thenSettingsNotice):
                return scope(
                    SDKFlow.webLogin, stopAt, as: { .logoutPage($0, thenSettingsNotice: thenSettingsNotice) }, event
                ) { reducer, outcome in
                    reducer.logoutPageAnswered(outcome, thenSettingsNotice: thenSettingsNotice)
                }
            default:
                return apiAnswer(event)
            }
        }

        mutating func apiAnswer(_ event: Event) -> [Effect]? {
            switch (state.phase, event) {
            case (.retrievingConfiguration, .api(.configuration(let configuration))):
                return configurationRetrieved(configuration)
            case (.checkingAuthentication, .api(.profiles(let response))): return authenticationChecked(response)
            case (.creatingSession(let mvpd), .api(.session(let session))): return sessionCreated(session, mvpd: mvpd)
            case (.retrievingProfile(let mvpd), .api(.profiles(let response))):
                return authenticated(response, expected: mvpd)
            case (.preauthorizing, .api(.decisions(let response))):
                return SDKFlow.decisions.preauthorized(response, app: &state.basics.app) + afterPreauthorization()
            case (.authorizing(let resource), .api(.decisions(let response))):
                return authorized(response, resource: resource)
            case (.verifyingMediaToken(let resource), .api(.mediaTokenVerified(let verification))):
                return mediaTokenVerified(verification, resource: resource)
            case (.loggingOut(let mvpd), .api(.logout(let response))): return loggedOut(response, mvpd: mvpd)
            case (.notice, .answer(.noticeDismissed)): return [.showHome] + finishIdle([])
            default: return nil
            }
        }

        // MARK: - The app's calls

        mutating func userAction(_ action: AppAction) -> [Effect] {
            if action == .launch { return launch() }
            guard state.phase == .idle else {
                guard !state.requestorReady else { return [.record(.note(.busy(ignoring: action)))] }
                // Seed 001, B.2: calls made before setRequestorComplete wait in the SDK's queue.
                state.queued.append(action)
                return [.record(.note(.sdkQueues(action)))]
            }
            switch action {
            case .launch: return launch()
            case .signIn: return getAuthentication()
            case .play(let resource):
                return play(resource, signIn: { $0.getAuthentication() }, decide: { $0.getAuthorization($1) })
            case .signOut: return logout()
            case .foreground:
                guard state.requestorReady else { return launch() }
                state.basics.app.activity = .checking
                return askPermission(then: .foreground)
            }
        }
    }
}
