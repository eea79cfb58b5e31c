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
enum RestV1Flow: PhasedIntegration {
    typealias Steps = RestV1Steps

    typealias State = FlowState<Phase, PassMemory>

    /// Back from the background: step 2 again.
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
        case fetchingConfiguration(Goal)
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
        case notice
    }

    /// Adobe's SAML issuer, which steps 2, 4 and 7 send as `channelIdentifier`.
    static let channelIdentifier = PartnerExchange.channelIdentifier

    static func published(_ effects: [Effect], _ state: State) -> [Effect] { markedAsAppDecisions(effects) }

    // MARK: - Parts, configured for this cookbook

    static let registration = ClientRegistration(registerStep: Steps.registerClient, tokenStep: Steps.retrieveToken)
    static let appPicker = AppPicker()
    static let webLogin = WebLogin()
    /// Polls tokens/authn: 404 (or 410 for an older token) means not yet.
    static let polling = CodePolling(
        pollCall: { _ in .v1AuthenticationToken },
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

    struct Reducer: AppActionReducer {
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
                return scope(ApplePicker(), known, as: { .applePicker($0) }, event) { $0.applePickerAnswered($1) }
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
            case (.fetchingConfiguration(let goal), .api(.configuration(let configuration))):
                return configurationFetched(configuration, goal: goal)
            case (.profileRequest(let mvpd, let silent), .api(.v1ProfileRequest(let request))):
                return forwardToPartner(request, mvpd: mvpd, silent: silent)
            case (.forwardingToPartner(let mvpd, let silent), .metadata(let result)):
                return partnerAnswered(result, mvpd: mvpd, silent: silent)
            case (.exchangingToken(_, let silent), .api(.v1TokenExchanged)):
                state.phase = .readingToken(.appleSSO, announce: !silent)
                return [.record(.step(Steps.tokenGenerated)), .record(.step(Steps.readAdobeToken))]
                    + [.call(.v1AuthenticationToken)]
            case (.creatingCode(let mvpd), .api(.v1RegistrationCode(let record))):
                return codeCreated(record, mvpd: mvpd)
            case (.preauthorizing, .api(.v1Preauthorized(let response))): return preauthorized(response)
            case (.authorizing(let resource), .api(.v1Authorized)):
                state.phase = .mediaToken(resource)
                return [.record(.step(Steps.mediaToken)), .call(.v1MediaToken(resource: resource))]
            case (.mediaToken(let resource), .api(.v1MediaToken(let token))):
                state.basics.app.startPlaying(resource, tokenNotAfter: token.expiresMilliseconds)
                return finishIdle([])
            case (.readingTokenSource(let mvpd), .api(.v1UserMetadata(let metadata))):
                return logout(mvpd: mvpd, appleSource: metadata.tokenSource == "Apple")
            case (.loggingOut(let appleSource), .api(.v1LoggedOut)): return loggedOut(appleSource: appleSource)
            case (.notice, .answer(.noticeDismissed)): return [.showHome] + finishIdle([])
            default: return nil
            }
        }

        // MARK: - User actions

        mutating func launchApp() -> [Effect] { register(.launch) }
        mutating func startSignIn() -> [Effect] { register(.signIn) }
        mutating func decide(toPlay resource: String) -> [Effect] { authorize(resource) }

        mutating func returnToForeground() -> [Effect] {
            guard state.registration.tokenIssued else { return register(.launch) }
            return checkFramework(.foreground)
        }

        // MARK: - 0. Registration

        mutating func register(_ goal: Goal) -> [Effect] {
            state.phase = .registering(goal)
            let step = RestV1Flow.registration.start(&state.registration)
            guard let outcome = step.outcome else { return step.effects }
            return step.effects + registered(outcome, goal: goal)
        }

        mutating func registered(_ outcome: ClientRegistration.Outcome, goal: Goal) -> [Effect] {
            if case .failed(let failure) = outcome { return apiFailed(failure) }
            switch goal {
            case .launch:
                // Step 1 on every launch: Adobe first, the framework only without a token.
                state.phase = .checkingAdobeToken
                return [.record(.step(Steps.checkAdobeToken)), .call(.v1CheckAuthentication)]
            case .signIn:
                if state.framework.isGranted { return fetchConfiguration(.signIn) }
                return checkFramework(.signIn)
            case .foreground:
                return checkFramework(.foreground)
            }
        }

        // MARK: - 1. The Adobe token

        mutating func adobeTokenChecked(_ valid: Bool) -> [Effect] {
            guard valid else {
                state.basics.app.authentication = .notAuthenticated
                return checkFramework(.launch)
            }
            state.phase = .readingToken(.regular, announce: false)
            return [.record(.step(Steps.readAdobeToken)), .call(.v1AuthenticationToken)]
        }

        mutating func tokenRead(_ lookup: V1TokenLookup, type: ProfileType, announce: Bool) -> [Effect] {
            guard case .found(let token) = lookup else {
                let note = Effect.record(.note("No authentication token came back (\(lookup))."))
                return finishIdle([note, status(.notAuthenticated)])
            }
            return authenticated(token, type: type)
        }

        mutating func authenticated(_ token: V1AuthenticationToken, type: ProfileType) -> [Effect] {
            state.basics.app.authentication = .authenticated(
                mvpd: token.mvpd, type: type, notAfter: token.expiresMilliseconds)
            return [.showHome] + preauthorize()
        }

        // MARK: - 2. The framework, silently

        mutating func checkFramework(_ goal: Goal) -> [Effect] {
            let (child, effects) = RestV1Flow.framework(setup).checkAccess(state.framework, askProvider: true)
            state.phase = .checkingFramework(goal, child)
            return effects
        }

        mutating func frameworkChecked(_ known: FrameworkStatus, goal: Goal) -> [Effect] {
            state.framework = known
            let instead =
                goal == .signIn ? "Step 10: the regular workflow." : "The app continues without single sign-on."
            var effects = frameworkAnswerStatus(known, instead: instead)
            switch goal {
            case .signIn: return effects + fetchConfiguration(.signIn)
            case .foreground where state.basics.app.authentication.isAuthenticated:
                return finishIdle(effects)
            case .launch, .foreground:
                guard known.validation(now: context.now) == .valid else {
                    if case .expired = known.validation(now: context.now) {
                        effects.append(.record(.note("Step 5: the system sign-in has expired.")))
                    }
                    return finishIdle(effects + [status(.notAuthenticated)])
                }
                return effects
                    + [.record(.note("The device is signed in to a TV provider: single sign-on is tried silently."))]
                    + fetchConfiguration(.launch)
            }
        }

        // MARK: - 3, 4. Configuration and Apple's picker

        mutating func fetchConfiguration(_ goal: Goal) -> [Effect] {
            if let directory = state.directory, goal == .signIn { return startPartnerSSO(directory) }
            state.phase = .fetchingConfiguration(goal)
            return [.record(.step(Steps.fetchConfiguration)), .call(.v1Configuration)]
        }

        mutating func configurationFetched(_ configuration: ConfigurationResponse, goal: Goal) -> [Effect] {
            let directory = ConfigurationDirectory(configuration)
            state.directory = directory
            switch goal {
            case .signIn: return startPartnerSSO(directory)
            case .launch, .foreground:
                guard let mvpd = directory.appleSSOMvpd(platformId: state.framework.providerId) else {
                    return finishIdle([status(.notAuthenticated)])
                }
                return requestProfile(mvpd, silent: true)
            }
        }

        /// Step 4; without the permission, step 10.
        mutating func startPartnerSSO(_ directory: ConfigurationDirectory) -> [Effect] {
            guard state.framework.isGranted else { return regularWorkflow(preselected: nil) }
            let request = ApplePicker.request(
                for: directory, setup, videoTitle: state.basics.pendingTitle,
                channelIdentifier: RestV1Flow.channelIdentifier)
            state.phase = .applePicker(state.framework)
            return [.record(.step(Steps.interactivePartnerStatus)), .vsa(.metadata(request))]
        }

        /// Steps 4 and 5 as the seed's code has them: only a provider id whose sign-in has not
        /// expired continues with single sign-on; error 1 with a known provider goes straight to
        /// its login; anything else goes to the regular workflow.
        mutating func applePickerAnswered(_ outcome: ApplePicker.Outcome) -> [Effect] {
            if case .applePicker(let known) = state.phase { state.framework = known }
            state.phase = .idle
            let directory = state.directory ?? .empty
            switch outcome {
            case .signedIn(let provider):
                if case .expired = state.framework.validation(now: context.now) {
                    return [.record(.note("Step 5: the sign-in's authenticationExpirationDate is past."))]
                        + regularWorkflow(preselected: nil)
                }
                guard let mvpd = directory.mvpd(platformId: provider) else {
                    return [status(.unsupportedProvider, "\(provider) is not integrated with \(setup.requestor).")]
                        + regularWorkflow(preselected: nil)
                }
                guard ConfigurationDirectory.supportsAppleSSO(mvpd) else {
                    return [status(.unsupportedProvider, "\(mvpd.displayName) does not support single sign-on here.")]
                        + startRegularAuthentication(mvpd)
                }
                return requestProfile(mvpd, silent: false)
            case .unsupportedProvider(let provider):
                guard let mvpd = directory.mvpd(platformId: provider) else {
                    return [status(.unsupportedProvider, "\(provider) is not supported by \(setup.requestor).")]
                        + regularWorkflow(preselected: nil)
                }
                return [status(.unsupportedProvider, "\(mvpd.displayName) is not onboarded: straight to its login.")]
                    + startRegularAuthentication(mvpd)
            case .otherProvider:
                return [status(.otherProvider)] + regularWorkflow(preselected: nil)
            case .cancelled(let duringSignIn):
                let cancelled = ApplePicker.cancelled(duringSignIn: duringSignIn)
                return [status(.cancelled, cancelled + ": the regular workflow (step 10).")]
                    + regularWorkflow(preselected: nil)
            case .noProvider:
                return [.record(.note("The framework answered without a provider: the regular workflow."))]
                    + regularWorkflow(preselected: nil)
            case .permissionNotGranted(let error):
                return [status(.permissionDenied, error.message)] + regularWorkflow(preselected: nil)
            case .failed(let error):
                return [status(.forFrameworkError(error), error.description)]
                    + regularWorkflow(preselected: nil)
            }
        }

        // MARK: - 5–9. The partner exchange

        /// Steps 5 and 6: the platformMappingId maps to the MVPD id V1 calls need.
        mutating func requestProfile(_ mvpd: MvpdConfiguration, silent: Bool) -> [Effect] {
            state.phase = .profileRequest(mvpd, silent: silent)
            let provider = mvpd.platformMappingId ?? state.framework.providerId ?? mvpd.id
            return [
                .record(.step(Steps.loginSucceeded)),
                .record(
                    .note(
                        "The framework signed in to \(provider); the configuration maps that platformMappingId to the MVPD \(mvpd.id)."
                    )),
                .record(.step(Steps.profileRequest)), .call(.v1ProfileRequest(mvpd: mvpd.id)),
            ]
        }

        /// Step 7 never shows the picker: the provider is already chosen.
        mutating func forwardToPartner(_ request: String, mvpd: MvpdConfiguration, silent: Bool) -> [Effect] {
            state.phase = .forwardingToPartner(mvpd, silent: silent)
            let metadata = MetadataRequest(
                isInterruptionAllowed: false, verificationToken: request,
                attributeNames: mvpd.requiredMetadataFields ?? [], includeAccountProviderIdentifier: true,
                includeAuthenticationExpirationDate: true, channelIdentifier: RestV1Flow.channelIdentifier)
            return [.record(.step(Steps.forwardToPartner)), .vsa(.metadata(metadata))]
        }

        mutating func partnerAnswered(_ result: Result<AccountMetadata, VSError>, mvpd: MvpdConfiguration, silent: Bool)
            -> [Effect]
        {
            switch result {
            case .success(let metadata):
                guard let saml = metadata.samlAttributeQueryResponse else {
                    let effects = [status(.appleError, "The framework returned no SAML response.")]
                    return effects
                        + (silent ? finishIdle([status(.notAuthenticated)]) : regularWorkflow(preselected: mvpd.id))
                }
                state.framework.expiry = metadata.authenticationExpirationDate ?? state.framework.expiry
                state.phase = .exchangingToken(mvpd, silent: silent)
                let encoded = SAMLResponseEncoding.encoded(saml)
                return [
                    .record(.step(Steps.tokenExchange)), .call(.v1TokenExchange(mvpd: mvpd.id, samlResponse: encoded)),
                ]
            case .failure(let error):
                if silent {
                    return [status(.forFrameworkError(error), error.description)]
                        + finishIdle([status(.notAuthenticated)])
                }
                state.phase = .applePicker(state.framework)
                return applePickerAnswered(ApplePicker.outcome(result))
            }
        }

        // MARK: - 10. The regular workflow

        mutating func regularWorkflow(preselected: String?) -> [Effect] {
            guard let directory = state.directory else { return fetchConfiguration(.signIn) }
            state.phase = .appPicker(directory.mvpds.map(\.id))
            return [.record(.step(Steps.appPicker)), .show(.mvpdPicker(directory.mvpds, preselected: preselected))]
        }

        mutating func appPickerAnswered(_ outcome: AppPicker.Outcome) -> [Effect] {
            guard case .chosen(let id) = outcome, let mvpd = state.directory?.mvpd(id: id) else {
                return signInAbandoned("The app's MVPD picker was cancelled.")
            }
            return startRegularAuthentication(mvpd)
        }

        mutating func startRegularAuthentication(_ mvpd: MvpdConfiguration) -> [Effect] {
            state.phase = .creatingCode(mvpd)
            return [.record(.step(Steps.regularAuthentication)), .call(.v1CreateRegistrationCode(mvpd: mvpd.id))]
        }

        mutating func codeCreated(_ record: V1RegistrationCode, mvpd: MvpdConfiguration) -> [Effect] {
            switch setup.platform {
            case .ios:
                let url = RestV1Flow.authenticateURL(
                    requestor: setup.requestor, mvpd: mvpd.id, code: record.code, domainName: setup.domainName,
                    redirectUrl: setup.redirectUrl)
                let (stopAt, effects) = WebLogin.open(url, stopAt: setup.redirectUrl)
                state.phase = .webLogin(mvpd.id, stopAt)
                return [.record(.step(Steps.webLogin))] + effects
            case .tvos:
                let screen = RegistrationCode(
                    code: record.code, activationPath: "/activate", notAfter: record.expires, mvpd: mvpd.id,
                    status: RegistrationCode.waiting)
                // The app, not the service, notices a V1 code's end: its lifetime arms a timer.
                let lifetime = Double(max(0, record.expires - record.generated)) / 1000
                let (child, effects) = CodePolling.show(
                    screen, handle: record.code, interval: setup.pollingInterval, lifetime: lifetime)
                state.phase = .polling(mvpd: mvpd.id, child)
                return [.record(.step(Steps.showCode)), status(.registrationCode, record.code)] + effects
            }
        }

        mutating func webLoginAnswered(_ outcome: WebLogin.Outcome, mvpd: String) -> [Effect] {
            guard case .returned = outcome else { return signInAbandoned("The MVPD login was closed.") }
            let (child, effects) = RestV1Flow.polling.pollNow(handle: mvpd, interval: setup.pollingInterval)
            state.phase = .polling(mvpd: mvpd, child)
            return [.showHome] + effects
        }

        mutating func pollingEnded(_ outcome: CodePolling.Outcome, mvpd: String?) -> [Effect] {
            switch outcome {
            case .signedIn(.v1AuthenticationToken(.found(let token))):
                return authenticated(token, type: .regular)
            case .signedIn:
                return finishIdle([])
            case .newCodeRequested:
                guard let mvpd = mvpd.flatMap({ state.directory?.mvpd(id: $0) }) else { return finishIdle([]) }
                return startRegularAuthentication(mvpd)
            case .closed: return codeScreenEnded(closed: true, reason: "")
            case .gaveUp(let reason): return codeScreenEnded(closed: false, reason: reason)
            }
        }

        // MARK: - 11. Authorization

        mutating func preauthorize() -> [Effect] {
            guard state.basics.app.authentication.isAuthenticated, !state.basics.protectedTitles.isEmpty else {
                return afterPreauthorization()
            }
            state.phase = .preauthorizing
            return [
                .record(.step(Steps.preauthorize)), .call(.v1Preauthorize(resources: state.basics.protectedTitles)),
            ]
        }

        mutating func preauthorized(_ response: V1PreauthorizeResponse) -> [Effect] {
            state.basics.app.recordPreauthorization(response.resources.map { ($0.id, $0.authorized) })
            return afterPreauthorization()
        }

        mutating func afterPreauthorization() -> [Effect] {
            guard let resource = state.basics.pendingPlay, state.basics.app.authentication.isAuthenticated else {
                return finishIdle([])
            }
            state.basics.pendingPlay = nil
            return authorize(resource)
        }

        mutating func authorize(_ resource: String) -> [Effect] {
            state.phase = .authorizing(resource)
            state.basics.app.activity = "Authorizing"
            return [.record(.step(Steps.authorize)), .call(.v1Authorize(resource: resource))]
        }

        // MARK: - L. Logout

        mutating func signOut() -> [Effect] {
            guard case .authenticated(let mvpd, _, _) = state.basics.app.authentication else {
                return [.record(.note("Not signed in; nothing to sign out of."))]
            }
            state.phase = .readingTokenSource(mvpd)
            state.basics.app.activity = "Signing out"
            return [.record(.step(Steps.tokenSource)), .call(.v1UserMetadata)]
        }

        mutating func logout(mvpd: String, appleSource: Bool) -> [Effect] {
            switch setup.platform {
            case .tvos:
                state.phase = .loggingOut(appleSource: appleSource)
                return [.record(.step(Steps.logout)), .call(.v1Logout)]
            case .ios:
                // A web view, so that the MVPD's session ends too.
                let url =
                    "/api/v1/logout?requestor_id=\(RestV1Flow.queryEncoded(setup.requestor))&redirect_url=\(RestV1Flow.queryEncoded(setup.redirectUrl))"
                let (stopAt, page) = WebLogin.open(url, stopAt: setup.redirectUrl)
                state.phase = .logoutPage(appleSource: appleSource, stopAt)
                return [
                    .record(.step(Steps.logout)),
                    .record(.note("Opening the logout page in a web view, so the MVPD session ends too.")),
                ] + page
            }
        }

        mutating func loggedOut(appleSource: Bool) -> [Effect] {
            state.basics.app = AppModel()
            state.basics.app.authentication = .notAuthenticated
            guard appleSource else { return finishIdle([.record(.note("Adobe's authentication token is gone."))]) }
            state.phase = .notice
            return [status(.signOutInSettings), .show(.notice(state.basics.signOutNotice))]
        }

        // MARK: - Failures

        mutating func apiFailed(_ failure: PassErrorSummary) -> [Effect] {
            switch state.phase {
            case .fetchingConfiguration:
                return configurationFailed(failure)
            case .profileRequest(let mvpd, let silent), .exchangingToken(let mvpd, let silent):
                let note = Effect.record(.note("Single sign-on failed (\(failure.message))."))
                if silent { return [note] + finishIdle([status(.notAuthenticated)]) }
                return [note] + startRegularAuthentication(mvpd)
            case .checkingAdobeToken:
                state.basics.app.authentication = .notAuthenticated
                return finishIdle([.record(.note("checkauthn failed (\(failure.message))."))])
            case .readingToken:
                return finishIdle([.record(.note("The token could not be read (\(failure.message))."))])
            case .authorizing(let resource), .mediaToken(let resource):
                let signedOut: Bool = if case .enhanced(_, .authentication) = failure.kind { true } else { false }
                state.basics.app.deny(
                    resource, code: failure.enhancedCode ?? "error", message: failure.message, signedOut: signedOut,
                    lock: false)
                return finishIdle([status(.authorizationDenied, failure.message)] + Decisions.signInAgain(signedOut))
            case .readingTokenSource(let mvpd):
                return [.record(.note("tokenSource is unknown (\(failure.message)); logging out anyway."))]
                    + logout(mvpd: mvpd, appleSource: false)
            case .loggingOut(let appleSource):
                return [.record(.note("The logout failed (\(failure.message))."))] + loggedOut(appleSource: appleSource)
            default:
                return failedUnexpectedly(failure)
            }
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
        return "/api/v1/authenticate?" + query.map { "\($0.0)=\(queryEncoded($0.1))" }.joined(separator: "&")
    }

    static func queryEncoded(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
