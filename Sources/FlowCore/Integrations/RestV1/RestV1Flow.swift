import Foundation
import PassAPI
import VSASimulator

/// The streaming app on Adobe Pass REST API V1 with Apple single sign-on, as seed 000 ("Guía de
/// Apple SSO (API de REST V1)") lays it out:
///
///     0.1/0.2 client credentials and access token (the DCR Bearer token V1 calls carry)
///     1   is there a valid Adobe authentication token? (checkauthn; on every launch)
///     2   is the user signed in through partner SSO? (permission, silent metadata request)
///     3   fetch Adobe configuration
///     4   initiate partner SSO with the configuration (Apple's picker)
///     5   is the login successful? (a provider id, an expiry not past; platformMappingId → MVPD id)
///     6   obtain a profile request from Adobe for the MVPD
///     7   forward it to the framework (verificationToken, requiredMetadataFields)
///     8   exchange the SAML response for an Adobe token (cleaned, Base64, URL-encoded once)
///     9   was the token generated? (204 No Content)
///     10  regular authentication: the app's picker, a registration code, web login or second screen
///     11  authorization: authorize, then the short media token
///     L   logout: tokenSource, then DELETE (tvOS) or the logout page in a web view (iOS)
///
/// Steps 2, 4 and 7 set `channelIdentifier` to Adobe's SAML issuer, as the seed's code does. The
/// SDK's status codes mark the app's equivalent decision points; REST API V1 sends none of them.
enum RestV1Flow: IntegrationFlow {
    typealias Steps = RestV1Steps

    typealias Memory = PassMemory

    /// Why the checks start; back from the background, step 2 runs again.
    typealias Goal = AppGoal

    enum Phase: RestingPhase {
        case idle
        case registering(Goal)
        // 1
        case checkingAdobeToken
        case readingToken(ProfileType, announce: Bool)
        // 2
        case checkingFramework(Goal, FrameworkAccess.State)
        // 3, 4
        case retrievingConfiguration(Goal)
        case applePicker(FrameworkStatus)
        // 6–9
        case profileRequest(MvpdConfiguration, silent: Bool)
        case forwardingToPartner(MvpdConfiguration, silent: Bool)
        case exchangingToken(MvpdConfiguration, silent: Bool)
        // 10
        case appPicker(AppPicker.State)
        case creatingCode(MvpdConfiguration)
        case webLogin(String, WebLogin.State)
        case polling(mvpd: String?, CodePolling.State)
        // 11
        case preauthorizing
        case authorizing(String)
        case mediaToken(String)
        // L
        case readingTokenSource(String)
        case loggingOut(appleSource: Bool)
        case logoutPage(appleSource: Bool, WebLogin.State)
        /// Seed 000's logout: the prompt to sign out in Settings comes before the logout call.
        case settingsPrompt(mvpd: String)
    }

    /// Adobe's SAML issuer, which steps 2, 4 and 7 send as `channelIdentifier`.
    static let channelIdentifier = PartnerExchange.channelIdentifier

    static func published(_ effects: [Effect], before: State, after: State) -> [Effect] {
        markedAsAppDecisions(effects)
    }

    // MARK: - Parts, configured for this cookbook

    static let registration = ClientRegistration(registerStep: Steps.registerClient, tokenStep: Steps.retrieveToken)
    static let appPicker = AppPicker()
    static let webLogin = WebLogin()
    /// Polls tokens/authn: 404 (or 410 for an older token) means not yet.
    static let polling = CodePolling(
        pollCall: { _ in .v1(.authenticationToken) },
        interpret: { result in
            guard case .v1AuthenticationToken(let lookup) = result else { return nil }
            if case .found = lookup { return .signedIn }
            return .pending(slowDown: false)
        },
        pollStep: Steps.retrieveAdobeToken)

    static func framework(_ setup: AppSetup) -> FrameworkAccess {
        FrameworkAccess(
            prompt: setup.asksPermission, channelIdentifier: channelIdentifier, accessStep: Steps.silentPartnerStatus)
    }

    struct Reducer: PartnerSignInReducer {
        typealias Goal = RestV1Flow.Goal
        typealias Steps = RestV1Flow.Steps

        var state: State
        let context: FlowContext

        mutating func runPart(_ event: Event) -> [Effect]? {
            switch state.phase {
            case .registering(let goal):
                return runRegistration(RestV1Flow.registration, at: \.state.registration, event) {
                    $0.registered($1, goal: goal)
                }
            case .checkingFramework(let goal, let child):
                return scope(RestV1Flow.framework(setup), child, as: { .checkingFramework(goal, $0) }, event) {
                    $0.frameworkChecked($1, goal: goal)
                }
            case .applePicker(let known):
                return scope(ApplePicker(), known, as: { .applePicker($0) }, event, keeping: \.state.framework) {
                    $0.applePickerAnswered($1)
                }
            case .appPicker(let listed):
                return scope(RestV1Flow.appPicker, listed, as: { .appPicker($0) }, event) { $0.appPickerAnswered($1) }
            case .webLogin(let mvpd, let stopAt):
                return scope(RestV1Flow.webLogin, stopAt, as: { .webLogin(mvpd, $0) }, event) {
                    $0.webLoginAnswered($1, mvpd: mvpd)
                }
            case .polling(let mvpd, let child):
                return scope(RestV1Flow.polling, child, as: { .polling(mvpd: mvpd, $0) }, event) {
                    $0.pollingEnded($1, mvpd: mvpd)
                }
            case .logoutPage(let appleSource, let stopAt):
                return scope(RestV1Flow.webLogin, stopAt, as: { .logoutPage(appleSource: appleSource, $0) }, event) {
                    reducer, _ in [.showHome] + reducer.loggedOut(appleSource: appleSource)
                }
            default:
                return apiAnswer(event)
            }
        }

        mutating func apiAnswer(_ event: Event) -> [Effect]? {
            switch (state.phase, event) {
            case (.checkingAdobeToken, .api(.v1AuthenticationChecked(let valid))): return adobeTokenChecked(valid)
            case (.readingToken(let type, let announce), .api(.v1AuthenticationToken(let lookup))):
                return tokenRead(lookup, type: type, announce: announce)
            case (.retrievingConfiguration(let goal), .api(.configuration(let configuration))):
                return configurationRetrieved(configuration, goal: goal)
            case (.profileRequest(let mvpd, let silent), .api(.v1ProfileRequest(let request))):
                return forwardToPartner(request, mvpd: mvpd, silent: silent)
            case (.forwardingToPartner(let mvpd, let silent), .metadata(let result)):
                return partnerAnswered(result, mvpd: mvpd, silent: silent)
            case (.exchangingToken(_, let silent), .api(.v1TokenExchanged)):
                state.phase = .readingToken(.appleSSO, announce: !silent)
                return [.record(.step(Steps.tokenGenerated)), .record(.step(Steps.readAdobeToken))]
                    + [.call(.v1(.authenticationToken))]
            case (.creatingCode(let mvpd), .api(.v1RegistrationCode(let record))):
                return codeCreated(record, mvpd: mvpd)
            case (.preauthorizing, .api(.v1Preauthorized(let response))): return preauthorized(response)
            case (.authorizing(let resource), .api(.v1Authorized)):
                state.phase = .mediaToken(resource)
                return [.record(.step(Steps.mediaToken)), .call(.v1(.mediaToken(resource: resource)))]
            case (.mediaToken(let resource), .api(.v1MediaToken(let token))):
                state.basics.app.startPlaying(resource, tokenNotAfter: token.expiresMilliseconds)
                return finishIdle([])
            case (.readingTokenSource(let mvpd), .api(.v1UserMetadata(let metadata))):
                return tokenSourceRead(mvpd: mvpd, appleSource: metadata.tokenSource == "Apple")
            case (.loggingOut(let appleSource), .api(.v1LoggedOut)): return loggedOut(appleSource: appleSource)
            case (.settingsPrompt(let mvpd), .answer(.noticeDismissed)):
                return [.showHome] + logout(mvpd: mvpd, appleSource: true)
            default: return nil
            }
        }

        // MARK: - User actions

        static let configurationCall = (call: APICall.v1(.configuration), step: Steps.retrieveConfiguration)
        static let applePickerStep = Steps.interactivePartnerStatus
        static let channelIdentifier: String? = RestV1Flow.channelIdentifier
        static func retrievingConfiguration(_ goal: AppGoal) -> Phase { .retrievingConfiguration(goal) }
        static func applePicker(_ framework: FrameworkStatus) -> Phase { .applePicker(framework) }

        mutating func launchApp() -> [Effect] { register(.launch) }
        mutating func startSignIn() -> [Effect] { register(.signIn) }
        mutating func decide(toPlay resource: String) -> [Effect] { authorize(resource) }

        mutating func returnToForeground() -> [Effect] {
            guard state.registration.tokenIssued else { return register(.launch) }
            return checkFramework(.foreground)
        }
    }

    /// `redirect_url` goes last, as the V1 documentation requires.
    static func authenticateURL(requestor: String, mvpd: String, code: String, domainName: String, redirectUrl: String)
        -> String
    {
        let query = [
            ("requestor_id", requestor), ("mso_id", mvpd), ("reg_code", code), ("domain_name", domainName),
            ("noflash", "true"), ("no_iframe", "true"), ("redirect_url", redirectUrl),
        ]
        return WebLogin.pageURL(Endpoint.v1Authenticate.path, query)
    }
}
