import PassAPI
import VSASimulator

/// The REST API V2 app with Apple SSO (Adobe's cookbook, phases A–E) as a pure reducer:
/// `reduce(state, event) -> (state, [effect])`. The app is what a careful integrator would
/// build: silent single sign-on at launch, Apple's picker on "Sign in", every fallback to the
/// app's own picker and basic authentication, decisions before play, logout.
public struct RestV2Flow: Sendable {
    public struct State: Sendable, Equatable {
        public let setup: AppSetup
        public internal(set) var app = AppModel()
        var phase: Phase = .idle
        var registered = false
        var tokenIssued = false
        /// What the framework last said.
        var access: VSASimulator.AccessStatus?
        var systemProvider: String?
        var systemExpiry: Int64?
        var directory: ConfigurationDirectory?
        /// A title the user wanted to play when sign-in started; played once signed in.
        var pendingPlay: String?

        public init(setup: AppSetup) {
            self.setup = setup
        }

        var partnerStatus: PartnerFrameworkStatus {
            .from(access: access, providerId: systemProvider, expiry: systemExpiry)
        }
    }

    enum Purpose: Sendable, Equatable {
        case launch
        case signIn
    }

    enum Phase: Sendable, Equatable {
        case idle
        case registering(Purpose)
        case requestingToken(Purpose)
        case checkingAccess(Purpose)
        case silentMetadata(Purpose)
        case loadingProfiles
        case loadingConfiguration
        case applePicker
        case partnerSession(MvpdConfiguration)
        case partnerMetadata(MvpdConfiguration, PartnerAuthenticationRequest)
        case partnerProfile(MvpdConfiguration)
        case loadingProfile(String)
        case mvpdPicker
        case creatingSession(MvpdConfiguration)
        case webLogin(SessionResponse)
        case secondScreen(RegistrationCode)
        case pollingAfterWebLogin(SessionResponse)
        case refreshingPartnerStatus(resource: String?)
        case preauthorizing
        case authorizing(String)
        case loggingOut(String)
        case notice
    }

    public static func reduce(_ state: State, _ event: Event) -> (State, [Effect]) {
        var flow = Reducer(state: state)
        let effects = flow.handle(event)
        return (flow.state, effects)
    }
}

/// The reducer's working copy; one method per decision so each reads as a cookbook step.
private struct Reducer {
    typealias Phase = RestV2Flow.Phase
    typealias Steps = RestV2Steps

    var state: RestV2Flow.State

    var setup: AppSetup { state.setup }

    mutating func handle(_ event: Event) -> [Effect] {
        switch (state.phase, event) {
        case (_, .user(let action)):
            return userAction(action)
        case (.registering(let purpose), .api(.registered)):
            state.registered = true
            return requestToken(purpose)
        case (.requestingToken(let purpose), .api(.tokenIssued)):
            state.tokenIssued = true
            return afterRegistration(purpose)
        case (.checkingAccess(let purpose), .access(let status, _)):
            return accessChecked(status, purpose: purpose)
        case (.silentMetadata(let purpose), .metadata(let result)):
            return silentMetadataReturned(result, purpose: purpose)
        case (.loadingProfiles, .api(.profiles(let response))):
            return profilesLoaded(response)
        case (.loadingConfiguration, .api(.configuration(let configuration))):
            return configurationLoaded(configuration)
        case (.applePicker, .metadata(let result)):
            return applePickerReturned(result)
        case (.partnerSession(let mvpd), .api(.session(let session))):
            return partnerSessionAnswered(session, mvpd: mvpd)
        case (.partnerMetadata(let mvpd, _), .metadata(let result)):
            return partnerMetadataReturned(result, mvpd: mvpd)
        case (.partnerProfile(let mvpd), .api(.profiles(let response))):
            return authenticated(with: response, expected: mvpd.id)
        case (.loadingProfile(let mvpd), .api(.profiles(let response))):
            return authenticated(with: response, expected: mvpd)
        case (.mvpdPicker, .answer(let answer)):
            return mvpdPickerAnswered(answer)
        case (.creatingSession(let mvpd), .api(.session(let session))):
            return sessionCreated(session, mvpd: mvpd)
        case (.webLogin(let session), .answer(let answer)):
            return webLoginAnswered(answer, session: session)
        case (.secondScreen, .answer(let answer)):
            return codeScreenAnswered(answer)
        case (.secondScreen(let code), .timer(.poll)), (.secondScreen(let code), .timer(.retryAfterThrottle)):
            return [.record(.step(Steps.pollProfile)), .call(.profileForCode(code.code))]
        case (.secondScreen(let code), .api(.profiles(let response))):
            return polled(response, code: code)
        case (.pollingAfterWebLogin(let session), .api(.profiles(let response))):
            return polledAfterWebLogin(response, session: session)
        case (.pollingAfterWebLogin(let session), .timer):
            return [.call(.profileForCode(session.code ?? ""))]
        case (.refreshingPartnerStatus(let resource), .metadata(let result)):
            return partnerStatusRefreshed(result, then: resource)
        case (.preauthorizing, .api(.decisions(let response))):
            return preauthorized(response)
        case (.authorizing(let resource), .api(.decisions(let response))):
            return authorized(response, resource: resource)
        case (.loggingOut(let mvpd), .api(.logout(let response))):
            return loggedOut(response, mvpd: mvpd)
        case (.notice, .answer(.noticeDismissed)):
            state.phase = .idle
            return [.showHome]
        case (_, .api(.failed(let failure))):
            return apiFailed(failure)
        default:
            return [.record(.note("Ignored \(Self.describe(event)) while \(Self.describe(state.phase))."))]
        }
    }

    // MARK: - User actions

    mutating func userAction(_ action: AppAction) -> [Effect] {
        guard state.phase == .idle || action == .launch else {
            return [.record(.note("The app is busy; \(action) waits until it is done."))]
        }
        switch action {
        case .launch:
            state.phase = .idle
            state.app.activity = "Starting"
            return startRegistration(.launch)
        case .signIn:
            guard !state.app.authentication.isAuthenticated else {
                return [.record(.note("Already signed in."))]
            }
            state.app.activity = "Signing in"
            return startRegistration(.signIn)
        case .play(let resource):
            return play(resource)
        case .signOut:
            guard case .authenticated(let mvpd, _, _) = state.app.authentication else {
                return [.record(.note("Not signed in; nothing to sign out of."))]
            }
            state.phase = .loggingOut(mvpd)
            state.app.activity = "Signing out"
            return [.record(.step(Steps.logout)), .call(.logout(mvpd: mvpd, redirectUrl: setup.redirectUrl))]
        }
    }

    mutating func play(_ resource: String) -> [Effect] {
        state.app.lastDenial = nil
        if setup.item(resource)?.free == true {
            state.app.playing = AppModel.Playback(resource: resource, tokenNotAfter: 0)
            return [.record(.note("\(resource) is free: it plays without authorization."))]
        }
        guard case .authenticated(let mvpd, let type, _) = state.app.authentication else {
            state.pendingPlay = resource
            return userAction(.signIn)
        }
        if type == .appleSSO {
            state.phase = .refreshingPartnerStatus(resource: resource)
            return [.record(.step(Steps.decisionPartnerStatus)), .vsa(.metadata(silentRequest()))]
        }
        return authorize(resource, mvpd: mvpd)
    }

    mutating func authorize(_ resource: String, mvpd: String) -> [Effect] {
        state.phase = .authorizing(resource)
        state.app.activity = "Authorizing"
        let status = isApple(mvpd) ? state.partnerStatus : nil
        return [.record(.step(Steps.authorize)), .call(.authorize(mvpd: mvpd, resources: [resource], status))]
    }

    func isApple(_ mvpd: String) -> Bool {
        if case .authenticated(let current, .appleSSO, _) = state.app.authentication { return current == mvpd }
        return false
    }

    // MARK: - A. Registration

    mutating func startRegistration(_ purpose: RestV2Flow.Purpose) -> [Effect] {
        if !state.registered {
            state.phase = .registering(purpose)
            return [.record(.step(Steps.registerClient)), .call(.register)]
        }
        if !state.tokenIssued { return requestToken(purpose) }
        return afterRegistration(purpose)
    }

    mutating func requestToken(_ purpose: RestV2Flow.Purpose) -> [Effect] {
        state.phase = .requestingToken(purpose)
        return [.record(.step(Steps.retrieveToken)), .call(.token)]
    }

    mutating func afterRegistration(_ purpose: RestV2Flow.Purpose) -> [Effect] {
        switch purpose {
        case .launch:
            state.phase = .checkingAccess(.launch)
            return [.record(.step(Steps.silentPartnerStatus)), .vsa(.checkAccessStatus(prompt: true))]
        case .signIn:
            if state.access == .granted { return loadConfiguration() }
            // Ask again: a dismissed alert leaves the permission undetermined.
            state.phase = .checkingAccess(.signIn)
            return [.vsa(.checkAccessStatus(prompt: true))]
        }
    }

    // MARK: - B. Check authentication

    mutating func accessChecked(_ status: VSASimulator.AccessStatus, purpose: RestV2Flow.Purpose) -> [Effect] {
        state.access = status
        switch (status, purpose) {
        case (.granted, _):
            state.phase = .silentMetadata(purpose)
            return [.vsa(.metadata(silentRequest()))]
        case (_, .launch):
            return [.record(.status(accessCode(status), details: "The app continues without single sign-on."))]
                + loadProfiles()
        case (_, .signIn):
            return [.record(.status(accessCode(status), details: "Falling back to the app's own MVPD picker."))]
                + loadConfiguration()
        }
    }

    func accessCode(_ status: VSASimulator.AccessStatus) -> StatusCode {
        status == .notDetermined ? .permissionUndetermined : .permissionDenied
    }

    func silentRequest() -> MetadataRequest {
        MetadataRequest(
            isInterruptionAllowed: false, includeAccountProviderIdentifier: true,
            includeAuthenticationExpirationDate: true)
    }

    mutating func silentMetadataReturned(_ result: Result<AccountMetadata, VSError>, purpose: RestV2Flow.Purpose)
        -> [Effect]
    {
        var effects: [Effect] = []
        switch result {
        case .success(let metadata):
            state.systemProvider = metadata.accountProviderIdentifier
            state.systemExpiry = metadata.authenticationExpirationDate
        case .failure(let error):
            state.systemProvider = error.unsupportedProviderIdentifier
            state.systemExpiry = nil
            let code: StatusCode =
                error.code == .unsupportedProvider ? .unsupportedProvider : .forMetadataError(error.code.rawValue)
            effects.append(.record(.status(code, details: error.description)))
        }
        switch purpose {
        case .launch: return effects + loadProfiles()
        case .signIn: return effects + loadConfiguration()
        }
    }

    mutating func loadProfiles() -> [Effect] {
        state.phase = .loadingProfiles
        return [.record(.step(Steps.retrieveProfiles)), .call(.profiles(state.partnerStatus))]
    }

    mutating func profilesLoaded(_ response: ProfilesResponse) -> [Effect] {
        let systemMvpd = state.systemProvider.flatMap { provider in
            response.profiles.first { $0.value.type == .appleSSO && $0.value.issuer == "Apple" }?.key
                ?? (response.profiles.keys.contains(provider) ? provider : nil)
        }
        if let (mvpd, profile) = response.preferred(partnerProviderMvpd: systemMvpd) {
            state.app.authentication = .authenticated(mvpd: mvpd, type: profile.type, notAfter: profile.notAfter)
            return [.record(.step(Steps.selectProfile))] + preauthorize()
        }
        state.app.authentication = .notAuthenticated
        if state.access == .granted, state.systemProvider != nil {
            state.app.activity = "Signing in with your TV provider"
            return [.record(.step(Steps.continuePartner))] + loadConfiguration()
        }
        return finishIdle([.record(.status(.notAuthenticated, details: nil))])
    }

    // MARK: - C. Partner authentication

    mutating func loadConfiguration() -> [Effect] {
        state.phase = .loadingConfiguration
        return [.record(.step(Steps.retrieveConfiguration)), .call(.configuration)]
    }

    mutating func configurationLoaded(_ configuration: ConfigurationResponse) -> [Effect] {
        let directory = ConfigurationDirectory(configuration)
        state.directory = directory
        guard state.access == .granted else { return showMvpdPicker(preselected: nil) }
        var request = MetadataRequest(
            isInterruptionAllowed: true, includeAccountProviderIdentifier: true,
            includeAuthenticationExpirationDate: true)
        if setup.filtersSupportedProviders {
            request.supportedAccountProviderIdentifiers = directory.applePickerIds
        }
        request.featuredAccountProviderIdentifiers = setup.featuredProviders.filter {
            !setup.filtersSupportedProviders || directory.applePickerIds.contains($0)
        }
        request.localizedVideoTitle = state.pendingPlay.flatMap { setup.item($0)?.title }
        state.phase = .applePicker
        return [.record(.step(Steps.interactivePartnerStatus)), .vsa(.metadata(request))]
    }

    mutating func applePickerReturned(_ result: Result<AccountMetadata, VSError>) -> [Effect] {
        guard let directory = state.directory else { return finishIdle([]) }
        switch result {
        case .success(let metadata):
            guard let provider = metadata.accountProviderIdentifier else {
                return finishIdle([.record(.status(.notAuthenticated, details: "The framework returned no provider."))])
            }
            state.systemProvider = provider
            state.systemExpiry = metadata.authenticationExpirationDate
            guard let mvpd = directory.mvpd(platformId: provider) else {
                return [
                    .record(
                        .status(.unsupportedProvider, details: "\(provider) is not integrated with \(setup.requestor).")
                    )
                ]
                    + showMvpdPicker(preselected: nil)
            }
            guard ConfigurationDirectory.supportsAppleSSO(mvpd) else {
                return [
                    .record(
                        .status(
                            .unsupportedProvider, details: "\(mvpd.displayName) does not support single sign-on here."))
                ]
                    + startBasicAuthentication(mvpd)
            }
            return requestPartnerAuthentication(mvpd)
        case .failure(let error):
            return pickerFailed(error, directory: directory)
        }
    }

    mutating func pickerFailed(_ error: VSError, directory: ConfigurationDirectory) -> [Effect] {
        switch error.code {
        case .userCancelled:
            state.pendingPlay = nil
            return finishIdle([.record(.status(.cancelled, details: "Apple's picker was cancelled."))])
        case .unsupportedProvider:
            guard let provider = error.unsupportedProviderIdentifier else {
                return [.record(.status(.otherProvider, details: nil))] + showMvpdPicker(preselected: nil)
            }
            if let mvpd = directory.mvpd(platformId: provider) {
                // Known to the app but not single sign-on: straight to its own login.
                return [
                    .record(.status(.unsupportedProvider, details: "\(mvpd.displayName): going straight to its login."))
                ]
                    + startBasicAuthentication(mvpd)
            }
            return [
                .record(.status(.unsupportedProvider, details: "\(provider) is not supported by \(setup.requestor)."))
            ]
                + showMvpdPicker(preselected: nil)
        case .accessNotGranted:
            return [.record(.status(.permissionDenied, details: error.message))] + showMvpdPicker(preselected: nil)
        default:
            return [.record(.status(.forMetadataError(error.code.rawValue), details: error.description))]
                + showMvpdPicker(preselected: nil)
        }
    }

    mutating func requestPartnerAuthentication(_ mvpd: MvpdConfiguration) -> [Effect] {
        state.phase = .partnerSession(mvpd)
        return [
            .record(.step(Steps.partnerRequest)),
            .call(.partnerSession(state.partnerStatus, domainName: setup.domainName, redirectUrl: setup.redirectUrl)),
        ]
    }

    mutating func partnerSessionAnswered(_ session: SessionResponse, mvpd: MvpdConfiguration) -> [Effect] {
        switch session.actionName {
        case .partnerProfile:
            guard let request = session.authenticationRequest else { return startBasicAuthentication(mvpd) }
            state.phase = .partnerMetadata(mvpd, request)
            let metadata = MetadataRequest(
                isInterruptionAllowed: true, verificationToken: request.request,
                attributeNames: request.attributesNames,
                includeAccountProviderIdentifier: true, includeAuthenticationExpirationDate: true,
                channelIdentifier: "https://saml.sp.auth.adobe.com")
            return [.record(.step(Steps.partnerAuthentication)), .vsa(.metadata(metadata))]
        case .authorize:
            state.phase = .loadingProfile(session.mvpd ?? mvpd.id)
            return [
                .record(.step(Steps.continueDecisions)),
                .call(.profileForMvpd(session.mvpd ?? mvpd.id, state.partnerStatus)),
            ]
        case .authenticate, .resume, .retry:
            let reason = "Adobe answered \(session.actionName.rawValue) (\(session.reasonType.rawValue))."
            return [.record(.step(Steps.continueBasic)), .record(.note(reason))] + continueBasic(session, mvpd: mvpd)
        }
    }

    /// A fallback session from the partner endpoint: use it if it is complete, else start over.
    mutating func continueBasic(_ session: SessionResponse, mvpd: MvpdConfiguration) -> [Effect] {
        guard session.actionName == .authenticate, session.code != nil else { return startBasicAuthentication(mvpd) }
        return sessionCreated(session, mvpd: mvpd)
    }

    mutating func partnerMetadataReturned(_ result: Result<AccountMetadata, VSError>, mvpd: MvpdConfiguration)
        -> [Effect]
    {
        switch result {
        case .success(let metadata):
            guard let saml = metadata.samlAttributeQueryResponse else {
                return [.record(.status(.appleError, details: "The framework returned no SAML response."))]
                    + showMvpdPicker(preselected: mvpd.id)
            }
            state.systemExpiry = metadata.authenticationExpirationDate ?? state.systemExpiry
            state.phase = .partnerProfile(mvpd)
            return [
                .record(.step(Steps.partnerProfile)),
                .call(.partnerProfile(samlResponse: SAMLResponseEncoding.encoded(saml), state.partnerStatus)),
            ]
        case .failure(let error):
            return pickerFailed(error, directory: state.directory ?? ConfigurationDirectory(empty: ()))
        }
    }

    // MARK: - Basic authentication (the regular flow)

    mutating func showMvpdPicker(preselected: String?) -> [Effect] {
        guard let directory = state.directory else { return loadConfiguration() }
        state.phase = .mvpdPicker
        return [.record(.step(Steps.appPicker)), .show(.mvpdPicker(directory.mvpds, preselected: preselected))]
    }

    mutating func mvpdPickerAnswered(_ answer: ScreenAnswer) -> [Effect] {
        switch answer {
        case .mvpdChosen(let id):
            guard let mvpd = state.directory?.mvpd(id: id) else { return showMvpdPicker(preselected: nil) }
            return startBasicAuthentication(mvpd)
        default:
            state.pendingPlay = nil
            return finishIdle([.record(.status(.cancelled, details: "The app's MVPD picker was cancelled."))])
        }
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
            state.phase = .loadingProfile(session.mvpd ?? mvpd.id)
            return [.call(.profileForMvpd(session.mvpd ?? mvpd.id, nil))]
        }
        guard let code = session.code, let url = session.url else {
            return finishIdle([.record(.note("The session has no code; sign-in cannot continue."))])
        }
        switch setup.platform {
        case .ios:
            state.phase = .webLogin(session)
            return [.record(.step(Steps.webLogin)), .show(.webLogin(url: url, stopAt: setup.redirectUrl))]
        case .tvos:
            let screen = RegistrationCode(
                code: code, activationPath: "/activate", notAfter: Int64(session.notAfter ?? "") ?? 0, mvpd: mvpd.id,
                status: "Waiting for sign-in on another device")
            state.phase = .secondScreen(screen)
            return [
                .record(.step(Steps.showCode)), .record(.status(.registrationCode, details: code)),
                .show(.registrationCode(screen)), .startTimer(.poll, seconds: Double(setup.pollingInterval)),
            ]
        }
    }

    mutating func webLoginAnswered(_ answer: ScreenAnswer, session: SessionResponse) -> [Effect] {
        switch answer {
        case .webLoginFinished:
            state.phase = .pollingAfterWebLogin(session)
            return [.showHome, .record(.step(Steps.pollProfile)), .call(.profileForCode(session.code ?? ""))]
        default:
            state.pendingPlay = nil
            return finishIdle([.record(.status(.cancelled, details: "The MVPD login was closed."))])
        }
    }

    mutating func polledAfterWebLogin(_ response: ProfilesResponse, session: SessionResponse) -> [Effect] {
        guard response.profiles.isEmpty else { return authenticated(with: response, expected: session.mvpd) }
        return [.startTimer(.poll, seconds: Double(setup.pollingInterval))]
    }

    mutating func codeScreenAnswered(_ answer: ScreenAnswer) -> [Effect] {
        guard case .secondScreen(let code) = state.phase else { return [] }
        switch answer {
        case .newCodeRequested:
            guard let mvpd = code.mvpd.flatMap({ state.directory?.mvpd(id: $0) }) else { return [] }
            return [
                .cancelTimer(.poll), .record(.note("A new code replaces \(code.code); polling stops for the old one.")),
            ]
                + startBasicAuthentication(mvpd)
        case .codeScreenClosed:
            state.pendingPlay = nil
            return [.cancelTimer(.poll)]
                + finishIdle([.record(.status(.cancelled, details: "The code screen was closed."))])
        default:
            return []
        }
    }

    mutating func polled(_ response: ProfilesResponse, code: RegistrationCode) -> [Effect] {
        guard response.profiles.isEmpty else { return authenticated(with: response, expected: code.mvpd) }
        var screen = code
        screen.polls += 1
        state.phase = .secondScreen(screen)
        return [.show(.registrationCode(screen)), .startTimer(.poll, seconds: Double(setup.pollingInterval))]
    }

    // MARK: - Authenticated

    mutating func authenticated(with response: ProfilesResponse, expected mvpd: String?) -> [Effect] {
        guard let (id, profile) = response.preferred(partnerProviderMvpd: mvpd) else {
            return finishIdle([.record(.status(.notAuthenticated, details: "No profile came back."))])
        }
        state.app.authentication = .authenticated(mvpd: id, type: profile.type, notAfter: profile.notAfter)
        var effects: [Effect] = [.cancelTimer(.poll), .showHome]
        effects += preauthorize()
        return effects
    }

    // MARK: - D. Decisions

    mutating func preauthorize() -> [Effect] {
        guard case .authenticated(let mvpd, _, _) = state.app.authentication else { return finishIdle([]) }
        let resources = setup.catalog.filter { !$0.free }.map(\.id)
        guard !resources.isEmpty else { return finishIdle([]) }
        state.phase = .preauthorizing
        // Preauthorize allows a handful of titles per call (five by default); the catalog is small.
        let status = isApple(mvpd) ? state.partnerStatus : nil
        return [
            .record(.step(Steps.preauthorize)),
            .call(.preauthorize(mvpd: mvpd, resources: Array(resources.prefix(5)), status)),
        ]
    }

    mutating func preauthorized(_ response: DecisionsResponse) -> [Effect] {
        for decision in response.decisions { state.app.unlocked[decision.resource] = decision.authorized }
        if let resource = state.pendingPlay, case .authenticated(let mvpd, _, _) = state.app.authentication {
            state.pendingPlay = nil
            return authorize(resource, mvpd: mvpd)
        }
        return finishIdle([])
    }

    mutating func partnerStatusRefreshed(_ result: Result<AccountMetadata, VSError>, then resource: String?) -> [Effect]
    {
        if case .success(let metadata) = result {
            state.systemProvider = metadata.accountProviderIdentifier
            state.systemExpiry = metadata.authenticationExpirationDate
        } else {
            state.systemProvider = nil
        }
        guard let resource, case .authenticated(let mvpd, _, _) = state.app.authentication else {
            return finishIdle([])
        }
        return authorize(resource, mvpd: mvpd)
    }

    mutating func authorized(_ response: DecisionsResponse, resource: String) -> [Effect] {
        guard let decision = response.decisions.first(where: { $0.resource == resource }) ?? response.decisions.first
        else {
            return finishIdle([])
        }
        state.app.unlocked[resource] = decision.authorized
        if decision.authorized, let token = decision.token {
            state.app.playing = AppModel.Playback(resource: resource, tokenNotAfter: token.notAfter)
            return finishIdle([.record(.note("Permit: playing \(resource) with a media token."))])
        }
        let error = decision.error
        state.app.lastDenial = AppModel.Denial(
            resource: resource, code: error?.code ?? "denied",
            message: error?.details ?? error?.message ?? "Not authorized.")
        var effects: [Effect] = [.record(.status(.authorizationDenied, details: error.map(\.description)))]
        if error?.action == .authentication {
            // The profile is gone or expired: the user must sign in again.
            state.app.authentication = .notAuthenticated
            effects.append(.record(.status(.notAuthenticated, details: "Sign in again to play.")))
        }
        return finishIdle(effects)
    }

    // MARK: - E. Logout

    mutating func loggedOut(_ response: LogoutResponse, mvpd: String) -> [Effect] {
        state.app = AppModel()
        state.app.authentication = .notAuthenticated
        var effects: [Effect] = [.record(.step(Steps.logoutAction))]
        switch response.logouts[mvpd]?.actionName {
        case .partnerLogout:
            state.phase = .notice
            return effects + [
                .record(.status(.signOutInSettings, details: nil)),
                .show(
                    .notice(
                        Notice(
                            title: "Signed out of \(setup.identity.displayName)",
                            message: "You are still signed in to your TV provider on this device. "
                                + "To sign out everywhere, go to \(setup.platform.settingsPath)."))),
            ]
        case .logout:
            if let url = response.logouts[mvpd]?.url, setup.platform == .ios {
                effects.append(.record(.note("Opening the MVPD logout page in a hidden web view.")))
                effects.append(.show(.webLogin(url: url, stopAt: setup.redirectUrl)))
                state.phase = .webLogin(
                    SessionResponse(
                        actionName: .authenticate, actionType: .interactive, reasonType: .none, sessionId: "logout",
                        serviceProvider: setup.requestor))
                return effects
            }
            effects.append(.record(.note("The MVPD session is not cleared from a TV; the Adobe profile is gone.")))
        default:
            break
        }
        return finishIdle(effects)
    }

    // MARK: - Failures

    mutating func apiFailed(_ failure: PassErrorSummary) -> [Effect] {
        switch (state.phase, failure.kind) {
        case (.secondScreen, .throttled(let seconds)):
            return [
                .record(.note("Throttled: polling again in \(max(1, seconds)) s.")),
                .startTimer(.retryAfterThrottle, seconds: Double(max(1, seconds))),
            ]
        case (.secondScreen(let code), .enhanced(let errorCode, _)) where errorCode == "invalid_authentication_session":
            var screen = code
            screen.status = "This code has expired. Get a new code to try again."
            state.phase = .secondScreen(screen)
            return [
                .cancelTimer(.poll), .record(.note("The code expired; polling stops.")),
                .show(.registrationCode(screen)),
            ]
        case (.secondScreen, _):
            return [
                .record(.note("Polling failed (\(failure.message)); trying again.")),
                .startTimer(.poll, seconds: Double(setup.pollingInterval)),
            ]
        case (.loadingConfiguration, _):
            let code: StatusCode =
                failure.enhancedCode == "invalid_parameter_service_provider"
                ? .invalidRequestor : .serverError(failure.httpStatus ?? 500)
            state.pendingPlay = nil
            return finishIdle([.record(.status(code, details: failure.message))])
        case (.partnerProfile(let mvpd), _), (.partnerSession(let mvpd), _):
            return [
                .record(.note("Single sign-on failed (\(failure.message)); using \(mvpd.displayName)'s own login."))
            ]
                + startBasicAuthentication(mvpd)
        default:
            state.pendingPlay = nil
            return finishIdle([.record(.note("\(Self.describe(state.phase)) failed: \(failure.message)"))])
        }
    }

    mutating func finishIdle(_ effects: [Effect]) -> [Effect] {
        state.phase = .idle
        state.app.activity = nil
        if state.app.authentication == .unknown { state.app.authentication = .notAuthenticated }
        return effects
    }

    static func describe(_ event: Event) -> String { "\(event)".prefix(80).description }
    static func describe(_ phase: Phase) -> String { "\(phase)".prefix(60).description }
}

extension ConfigurationDirectory {
    init(empty: Void) {
        mvpds = []
    }
}
