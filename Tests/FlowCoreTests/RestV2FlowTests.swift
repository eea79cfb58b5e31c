import PassAPI
import Testing
import VSASimulator

@testable import FlowCore

/// REST API V2 against seed 002, phases A–E.
@Suite struct RestV2FlowTests {
    typealias Store = TestStore<RestV2Flow>
    typealias F = Fixture
    typealias Steps = RestV2Steps

    /// A code raised at the app's decision point (the SDK's vocabulary, marked as such).
    static func decision(_ code: StatusCode, _ details: Remark? = nil) -> Effect {
        F.status(code, details, origin: .appDecision)
    }

    static func checking(_ goal: RestV2Flow.Goal, _ known: FrameworkStatus = FrameworkStatus()) -> RestV2Flow.Phase {
        .checkingFramework(goal, FrameworkAccess.State(waiting: .access(thenAskProvider: true), known: known))
    }

    /// A through A.3, then B.1's permission check.
    static func registered(_ store: Store) {
        store.send(.user(.launch), [F.step(Steps.registerClient), .call(.register)]) {
            $0.basics.app.activity = .starting
            $0.phase = .registering(.launch)
        }
        store.send(.api(.registered), [F.step(Steps.retrieveToken), .call(.token)]) {
            $0.registration.registered = true
        }
        store.send(
            .api(.tokenIssued(expiresAt: F.tokenExpiry)),
            [F.step(Steps.silentPartnerStatus), .vsa(.checkAccessStatus(prompt: true))]
        ) {
            $0.registration.tokenIssued = true
            $0.registration.tokenExpiresAt = F.tokenExpiry
            $0.phase = checking(.launch)
        }
    }

    /// An app that does not keep its access token asks a new one at the next launch, though the
    /// last is valid (the misbehaviour `tvsim audit` warns of); the credentials stay.
    @Test func anAppThatKeepsNoTokenAsksOneAtEveryLaunch() {
        var setup = F.setup()
        setup.keepsAccessToken = false
        var state = RestV2Flow.initialState(setup)
        state.registration = ClientRegistration.State(
            registered: true, tokenIssued: true, tokenExpiresAt: F.tokenExpiry)
        let store = Store(state: state)
        store.send(.user(.launch), [F.step(Steps.retrieveToken), .call(.token)]) {
            $0.registration.tokenIssued = false
            $0.basics.app.activity = .starting
            $0.phase = .registering(.launch)
        }
        store.skipOutstanding()
    }

    /// Launched with the permission granted, not signed in anywhere.
    static func launchedSignedOut(_ platform: DevicePlatform = .ios) -> Store {
        let store = Store(F.setup(platform))
        registered(store)
        store.send(.access(.granted, nil, signedInAtSystemLevel: false), [.vsa(.metadata(F.silentRequest))]) {
            $0.phase = .checkingFramework(
                .launch, FrameworkAccess.State(waiting: .provider, known: F.known(.granted)))
        }
        store.send(
            .metadata(.success(AccountMetadata())),
            [
                F.step(Steps.validateSilentStatus), F.step(Steps.retrieveProfiles),
                .call(.v2(.profiles(F.known(.granted).partnerStatus))),
            ]
        ) {
            $0.framework = F.known(.granted)
            $0.phase = .retrievingProfiles
        }
        store.send(.api(.profiles(F.noProfiles)), [decision(.notAuthenticated)]) {
            $0.basics.app.authentication = .notAuthenticated
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        return store
    }

    /// Launched signed out, then Sign in: C.1, then C.3 with Apple's picker on screen.
    static func atApplesPicker() -> Store {
        let store = launchedSignedOut()
        store.send(.user(.signIn), [F.step(Steps.retrieveConfiguration), .call(.v2(.configuration))]) {
            $0.basics.app.activity = .signingIn
            $0.phase = .retrievingConfiguration(.signIn)
        }
        store.send(
            .api(.configuration(F.configuration())),
            [F.step(Steps.interactivePartnerStatus), .vsa(.metadata(F.pickerRequest()))]
        ) {
            $0.directory = F.directory
            $0.phase = .applePicker(F.known(.granted))
        }
        return store
    }

    @Test func aDeniedPermissionIsVSA403AndProfilesAreStillRetrieved() {
        let store = Store(F.setup())
        Self.registered(store)
        let denied = VSError(.accessNotGranted, message: "no")
        store.send(
            .access(.denied, denied, signedInAtSystemLevel: true),
            [
                F.step(Steps.validateSilentStatus),
                Self.decision(.permissionDenied, .continuesWithoutSingleSignOn),
                F.step(Steps.retrieveProfiles), .call(.v2(.profiles(F.known(.denied).partnerStatus))),
            ]
        ) {
            $0.framework = FrameworkStatus(access: .denied, error: denied, signedInAtSystemLevel: true)
            $0.phase = .retrievingProfiles
        }
        store.send(
            .api(.profiles(F.profiles("Cascade", .regular))),
            [
                F.step(Steps.selectProfile), F.step(Steps.preauthorize),
                .call(.v2(.preauthorize(mvpd: "Cascade", resources: ["show"], nil))),
            ]
        ) {
            $0.basics.app.authentication = .authenticated(mvpd: "Cascade", type: .regular, notAfter: F.later)
            $0.phase = .preauthorizing
        }
        let permit = Decision(
            resource: "show", serviceProvider: "APP", mvpd: "Cascade", source: .mvpd, authorized: true)
        store.send(.api(.decisions(DecisionsResponse(decisions: [permit]))), []) {
            $0.basics.app.unlocked = ["show": true]
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    @Test func aSystemSignInWithoutAProfileContinuesWithPartnerAuthenticationSilently() {
        let store = Store(F.setup())
        Self.registered(store)
        store.send(.access(.granted, nil, signedInAtSystemLevel: true), [.vsa(.metadata(F.silentRequest))]) {
            $0.phase = .checkingFramework(
                .launch, FrameworkAccess.State(waiting: .provider, known: F.known(.granted, signedIn: true)))
        }
        let known = F.known(.granted, provider: "p.aurora", expiry: F.later, signedIn: true)
        store.send(
            .metadata(
                .success(AccountMetadata(accountProviderIdentifier: "p.aurora", authenticationExpirationDate: F.later))),
            [
                F.step(Steps.validateSilentStatus), F.step(Steps.retrieveProfiles),
                .call(.v2(.profiles(known.partnerStatus))),
            ]
        ) {
            $0.framework = known
            $0.phase = .retrievingProfiles
        }
        store.send(
            .api(.profiles(F.noProfiles)),
            [F.step(Steps.continuePartner), F.step(Steps.retrieveConfiguration), .call(.v2(.configuration))]
        ) {
            $0.basics.app.authentication = .notAuthenticated
            $0.phase = .retrievingConfiguration(.launch)
        }
        // C.3 with interruption allowed, as the seed has every partner authentication do; the
        // device is signed in, so the framework answers at once.
        store.send(
            .api(.configuration(F.configuration())),
            [F.step(Steps.interactivePartnerStatus), .vsa(.metadata(F.pickerRequest()))]
        ) {
            $0.directory = F.directory
            $0.phase = .launchPartnerStatus(F.aurora, known)
        }
        store.send(
            .metadata(
                .success(AccountMetadata(accountProviderIdentifier: "p.aurora", authenticationExpirationDate: F.later))),
            [
                F.step(Steps.validateInteractiveStatus), F.step(Steps.partnerRequest),
                .call(.v2(.partnerSession(known.partnerStatus, domainName: "app.example", redirectUrl: "app://done"))),
            ]
        ) {
            $0.phase = .partnerExchange(
                PartnerExchange.State(mvpd: F.aurora, silent: true, stage: .requesting, framework: known))
        }
        // pfs_fallback: Adobe refuses partner SSO; at launch the user simply stays signed out.
        let fallback = F.session(.authenticate, .interactive, reason: .pfsFallback)
        store.send(
            .api(.session(fallback)),
            [F.note(.adobeAnswered(action: "authenticate", reason: "pfs_fallback")), Self.decision(.notAuthenticated)]
        ) {
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    @Test func otherTVProviderIsN003AndTheAppsOwnPicker() {
        let store = Self.atApplesPicker()
        let other = VSError(.unsupportedProvider, message: "Other")
        let mvpds = F.directory.mvpds
        store.send(
            .metadata(.failure(other)),
            [Self.decision(.otherProvider), F.step(Steps.appPicker), .show(.mvpdPicker(mvpds, preselected: nil))]
        ) {
            $0.framework.error = other
            $0.phase = .appPicker(mvpds.map(\.id))
        }
        store.send(
            .answer(.mvpdChosen("Cascade")),
            [
                F.step(Steps.createSession),
                .call(.v2(.createSession(mvpd: "Cascade", domainName: "app.example", redirectUrl: "app://done"))),
            ]
        ) { $0.phase = .creatingSession(F.cascade) }
        let session = F.session(.authenticate, .interactive, code: "ABC123", mvpd: "Cascade")
        let url = "/api/v2/authenticate/APP/ABC123"
        store.send(.api(.session(session)), [F.step(Steps.webLogin), .show(.webLogin(url: url, stopAt: "app://done"))])
        {
            $0.phase = .webLogin(session, "app://done")
        }
        // BA.3 only once the web view reached the redirect URL.
        store.send(
            .answer(.webLoginFinished(url: "app://done")),
            [.showHome, F.step(Steps.pollProfile), .call(.v2(.profileForCode("ABC123")))]
        ) { $0.phase = .polling(mvpd: "Cascade", CodePolling.State(screen: nil, handle: "ABC123", interval: 4)) }
        store.send(.api(.profiles(F.noProfiles)), [.startTimer(.poll, seconds: 4)])
        store.send(.timer(.poll), [F.step(Steps.pollProfile), .call(.v2(.profileForCode("ABC123")))])
        store.send(
            .api(.profiles(F.profiles("Cascade", .regular))),
            [
                .cancelTimer(.poll), .cancelTimer(.codeExpiry), .showHome, F.step(Steps.preauthorize),
                .call(.v2(.preauthorize(mvpd: "Cascade", resources: ["show"], nil))),
            ]
        ) {
            $0.basics.app.authentication = .authenticated(mvpd: "Cascade", type: .regular, notAfter: F.later)
            $0.phase = .preauthorizing
        }
        store.send(
            .api(.failed(PassErrorSummary(kind: .transport, httpStatus: nil, message: "no response"))),
            [
                .showHome, F.note(.failed(phase: "preauthorizing", message: "no response")),
            ]
        ) {
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    /// As the SDK and REST API V1 do (seed 004, step 4; seed 000, step 4): N005, then the app's
    /// own picker.
    @Test func cancellingApplesPickerIsN005AndTheAppsPickerFollows() {
        let store = Self.atApplesPicker()
        let cancel = VSError(.userCancelled, message: "cancel")
        store.send(
            .metadata(.failure(cancel)),
            [
                Self.decision(.cancelled, .applePickerCancelled(duringSignIn: false)), F.step(Steps.appPicker),
                .show(.mvpdPicker(F.directory.mvpds, preselected: nil)),
            ]
        ) {
            $0.framework.error = cancel
            $0.phase = .appPicker(F.directory.mvpds.map(\.id))
        }
        store.finish()
    }

    /// The provider's sign-in that follows the picker, cancelled, is told apart from the picker.
    @Test func cancellingTheProvidersSignInSaysSo() {
        let store = Self.atApplesPicker()
        let cancel = VSError(.userCancelled, message: "cancel", cancelledScreen: .providerSignIn)
        store.send(
            .metadata(.failure(cancel)),
            [
                Self.decision(.cancelled, .applePickerCancelled(duringSignIn: true)), F.step(Steps.appPicker),
                .show(.mvpdPicker(F.directory.mvpds, preselected: nil)),
            ]
        ) {
            $0.framework.error = cancel
            $0.phase = .appPicker(F.directory.mvpds.map(\.id))
        }
        store.finish()
    }

    /// D.5 starts with the permission (seed 002: "only if the user allows").
    static func playAsksThePermission(_ store: Store) {
        let prompt = store.state.basics.setup.asksPermission
        store.send(
            .user(.play("show")),
            [F.step(Steps.authorizationPartnerStatus), .vsa(.checkAccessStatus(prompt: prompt))]
        ) {
            $0.basics.app.activity = .authorizing
            $0.phase = .refreshingStatus(
                .authorize("show"), FrameworkAccess.State(waiting: .access(thenAskProvider: true), known: $0.framework))
        }
    }

    /// D.5: the permission, then the provider only if the user still allows it.
    static func playChecksThePermissionFirst(_ store: Store) {
        playAsksThePermission(store)
        store.send(.access(.granted, nil, signedInAtSystemLevel: true), [.vsa(.metadata(F.silentRequest))]) {
            var known = $0.framework
            known.signedInAtSystemLevel = true
            $0.phase = .refreshingStatus(.authorize("show"), FrameworkAccess.State(waiting: .provider, known: known))
        }
    }

    /// The permission withdrawn in Settings: no metadata request, and the Apple SSO profile is
    /// not used (D.6).
    @Test func aPlayWithThePermissionWithdrawnAsksTheFrameworkNothingMore() {
        var state = RestV2Flow.initialState(F.setup())
        state.basics.app.authentication = .authenticated(mvpd: "Aurora", type: .appleSSO, notAfter: F.later)
        state.framework = F.known(.granted, provider: "p.aurora", expiry: F.later)
        let store = Store(state: state)
        Self.playAsksThePermission(store)
        let refused = VSError(.accessNotGranted, message: "denied")
        store.send(
            .access(.denied, refused, signedInAtSystemLevel: true),
            [
                F.step(Steps.validateAuthorizationStatus),
                F.note(.appleProfileUnusable(step: "D.6", .permissionNotGranted)),
                Self.decision(.notAuthenticated, .signInAgain),
            ]
        ) {
            $0.framework = F.known(.denied, signedIn: true)
            $0.framework.error = refused
            $0.basics.app.authentication = .notAuthenticated
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    @Test func applePlaysRefreshAtD5AndD6RejectsARemovedProvider() {
        var state = RestV2Flow.initialState(F.setup())
        state.basics.app.authentication = .authenticated(mvpd: "Aurora", type: .appleSSO, notAfter: F.later)
        state.framework = F.known(.granted, provider: "p.aurora", expiry: F.later)
        state.registration = ClientRegistration.State(registered: true, tokenIssued: true)
        let store = Store(state: state)
        Self.playChecksThePermissionFirst(store)
        // The user removed the provider in Settings: the refreshed status has no provider, so D.6
        // rejects it and the Apple SSO profile is not used.
        store.send(
            .metadata(.success(AccountMetadata())),
            [
                F.step(Steps.validateAuthorizationStatus),
                F.note(.appleProfileUnusable(step: "D.6", .noProvider)),
                Self.decision(.notAuthenticated, .signInAgain),
            ]
        ) {
            $0.framework = F.known(.granted, signedIn: true)
            $0.basics.app.authentication = .notAuthenticated
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    @Test func anAppThatSkipsD6SendsTheRefreshedStatusAndAdobeDecides() {
        var setup = F.setup()
        setup.validatesPartnerStatus = false
        var state = RestV2Flow.initialState(setup)
        state.basics.app.authentication = .authenticated(mvpd: "Aurora", type: .appleSSO, notAfter: F.later)
        state.framework = F.known(.granted, provider: "p.aurora", expiry: F.later)
        let store = Store(state: state)
        Self.playChecksThePermissionFirst(store)
        let refreshed = F.known(.granted, signedIn: true)
        store.send(
            .metadata(.success(AccountMetadata())),
            [
                F.step(Steps.authorize),
                .call(.v2(.authorize(mvpd: "Aurora", resources: ["show"], refreshed.partnerStatus))),
            ]
        ) {
            $0.framework = refreshed
            $0.phase = .authorizing("show")
        }
        let missing = EnhancedError(.authenticatedProfileMissing, trace: "t")
        let deny = Decision(
            resource: "show", serviceProvider: "APP", mvpd: "Aurora", source: .mvpd, authorized: false, error: missing)
        store.send(
            .api(.decisions(DecisionsResponse(decisions: [deny]))),
            [
                Self.decision(.authorizationDenied, .verbatim(missing.description)),
                Self.decision(.notAuthenticated, .signInAgain),
            ]
        ) {
            $0.basics.app.lastDenial = AppModel.Denial(
                resource: "show", code: "authenticated_profile_missing", message: .verbatim(missing.message))
            $0.basics.app.authentication = .notAuthenticated
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    @Test func b2RejectsAnExpiredSignInAndTheAppSendsNoProvider() {
        let store = Store(F.setup())
        Self.registered(store)
        store.send(.access(.granted, nil, signedInAtSystemLevel: false), [.vsa(.metadata(F.silentRequest))]) {
            $0.phase = .checkingFramework(.launch, FrameworkAccess.State(waiting: .provider, known: F.known(.granted)))
        }
        let expired = F.now - 60_000
        let known = F.known(.granted, provider: "p.aurora", expiry: expired)
        store.send(
            .metadata(
                .success(AccountMetadata(accountProviderIdentifier: "p.aurora", authenticationExpirationDate: expired))),
            [
                F.step(Steps.validateSilentStatus),
                F.note(.partnerStatusUnused(step: "B.2", .expired)),
                F.step(Steps.retrieveProfiles), .call(.v2(.profiles(F.known(.granted).partnerStatus))),
            ]
        ) {
            $0.framework = known
            $0.phase = .retrievingProfiles
        }
        // No B.6: the expired sign-in is not tried silently.
        store.send(.api(.profiles(F.noProfiles)), [Self.decision(.notAuthenticated)]) {
            $0.basics.app.authentication = .notAuthenticated
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    @Test func signingOutOfAnAppleProfileIsVSA203WithTheSettingsNotice() {
        var state = RestV2Flow.initialState(F.setup(.tvos))
        state.basics.app.authentication = .authenticated(mvpd: "Aurora", type: .appleSSO, notAfter: F.later)
        let store = Store(state: state)
        store.send(
            .user(.signOut),
            [F.step(Steps.logout), .call(.v2(.logout(mvpd: "Aurora", redirectUrl: "app://done")))]
        ) {
            $0.basics.app.activity = .signingOut
            $0.phase = .loggingOut("Aurora")
        }
        let logout = LogoutResponse(logouts: [
            "Aurora": MvpdLogout(actionName: .partnerLogout, actionType: .partnerInteractive, mvpd: "Aurora")
        ])
        let notice = Notice(
            key: "notice.signOut", values: ["app": "App"], keyedValues: ["settings": "settings.title.tvos"])
        store.send(
            .api(.logout(logout)),
            [F.step(Steps.logoutAction), Self.decision(.signOutInSettings), .show(.notice(notice))]
        ) {
            $0.basics.app = AppModel()
            $0.basics.app.authentication = .notAuthenticated
            $0.phase = .notice
        }
        store.send(.answer(.noticeDismissed), [.showHome]) { $0.phase = .idle }
        store.finish()
    }
}

@Suite struct RestV2ForegroundTests {
    typealias Store = TestStore<RestV2Flow>
    typealias F = Fixture
    typealias Steps = RestV2Steps

    /// Signed in through Apple SSO, a foreground whose fresh status is not valid (here the
    /// permission was withdrawn) asks B.3 again, which no longer returns the Apple SSO profile.
    @Test func theForegroundChecksThePermissionAgainAndDropsAnAppleSSOProfileWithoutIt() {
        var state = RestV2Flow.initialState(F.setup())
        state.registration = ClientRegistration.State(registered: true, tokenIssued: true)
        state.basics.app.authentication = .authenticated(mvpd: "Aurora", type: .appleSSO, notAfter: F.later)
        state.framework = F.known(.granted, provider: "p.aurora", expiry: F.later)
        let store = Store(state: state)
        let known = state.framework
        store.send(.user(.foreground), [F.step(Steps.silentPartnerStatus), .vsa(.checkAccessStatus(prompt: true))]) {
            $0.phase = .checkingFramework(
                .foreground, FrameworkAccess.State(waiting: .access(thenAskProvider: true), known: known))
        }
        let denied = VSError(.accessNotGranted, message: "no")
        let fresh = FrameworkStatus(access: .denied, error: denied, signedInAtSystemLevel: true)
        store.send(
            .access(.denied, denied, signedInAtSystemLevel: true),
            [
                F.step(Steps.validateSilentStatus),
                F.status(.permissionDenied, .continuesWithoutSingleSignOn, origin: .appDecision),
                F.note(.refreshedStatusNamesNoProvider),
                F.step(Steps.retrieveProfiles), .call(.v2(.profiles(fresh.partnerStatus))),
            ]
        ) {
            $0.framework = fresh
            $0.phase = .retrievingProfiles
        }
        store.send(.api(.profiles(F.noProfiles)), [F.status(.notAuthenticated, origin: .appDecision)]) {
            $0.basics.app.authentication = .notAuthenticated
            $0.phase = .idle
        }
        store.finish()
    }

    /// Signed in another way (a regular profile), the foreground only refreshes the status.
    @Test func aRegularProfileKeepsItsSessionAtTheForeground() {
        var state = RestV2Flow.initialState(F.setup())
        state.registration = ClientRegistration.State(registered: true, tokenIssued: true)
        state.basics.app.authentication = .authenticated(mvpd: "Cascade", type: .regular, notAfter: F.later)
        let store = Store(state: state)
        store.send(.user(.foreground), [F.step(Steps.silentPartnerStatus), .vsa(.checkAccessStatus(prompt: true))]) {
            $0.phase = .checkingFramework(
                .foreground, FrameworkAccess.State(waiting: .access(thenAskProvider: true), known: state.framework))
        }
        store.send(.access(.granted, nil, signedInAtSystemLevel: false), [.vsa(.metadata(F.silentRequest))]) {
            $0.phase = .checkingFramework(
                .foreground, FrameworkAccess.State(waiting: .provider, known: F.known(.granted)))
        }
        store.send(.metadata(.success(AccountMetadata())), [F.step(Steps.validateSilentStatus)]) {
            $0.framework = F.known(.granted)
            $0.phase = .idle
        }
        store.finish()
    }
}

@Suite struct RestV2AccessTokenTests {
    typealias Store = TestStore<RestV2Flow>
    typealias F = Fixture
    typealias Steps = RestV2Steps

    @Test func anExpiredAccessTokenIsRenewedAtA3BeforeTheActionGoesOn() {
        var state = RestV2Flow.initialState(F.setup())
        state.registration = ClientRegistration.State(registered: true, tokenIssued: true, tokenExpiresAt: F.now - 1)
        state.basics.app.authentication = .authenticated(mvpd: "Cascade", type: .regular, notAfter: F.later)
        let store = Store(state: state)
        store.send(
            .user(.play("show")),
            [
                F.note(.accessTokenExpired),
                F.step(Steps.retrieveToken), .call(.token),
            ]
        ) {
            $0.registration.tokenIssued = false
            $0.registration.tokenExpiresAt = nil
            $0.phase = .renewingToken(.play("show"))
        }
        store.send(
            .api(.tokenIssued(expiresAt: F.tokenExpiry)),
            [F.step(Steps.authorize), .call(.v2(.authorize(mvpd: "Cascade", resources: ["show"], nil)))]
        ) {
            $0.registration.tokenIssued = true
            $0.registration.tokenExpiresAt = F.tokenExpiry
            $0.basics.app.activity = .authorizing
            $0.phase = .authorizing("show")
        }
        store.skipOutstanding()
    }
}

@Suite struct RestV2PartnerTests {
    typealias Store = TestStore<RestV2Flow>
    typealias F = Fixture
    typealias Steps = RestV2Steps

    static func decision(_ code: StatusCode, _ details: Remark? = nil) -> Effect {
        F.status(code, details, origin: .appDecision)
    }

    /// Signed out, configuration loaded, Apple's picker on screen.
    static func atApplePicker(_ setup: AppSetup = F.setup()) -> Store {
        var state = RestV2Flow.initialState(setup)
        state.registration = ClientRegistration.State(
            registered: true, tokenIssued: true, tokenExpiresAt: F.tokenExpiry)
        state.framework = F.known(.granted)
        state.directory = F.directory
        state.basics.app.authentication = .notAuthenticated
        state.basics.app.activity = .signingIn
        state.phase = .applePicker(F.known(.granted))
        return Store(state: state, awaiting: [.vsa(.metadata(F.pickerRequest()))])
    }

    @Test func c4RejectsAnAnswerWhoseSignInHasExpired() {
        let store = Self.atApplePicker()
        let expired = F.now - 1
        let mvpds = F.directory.mvpds
        store.send(
            .metadata(
                .success(AccountMetadata(accountProviderIdentifier: "p.aurora", authenticationExpirationDate: expired))),
            [
                F.step(Steps.validateInteractiveStatus),
                F.note(.partnerStatusUnused(step: "C.4", .expired)),
                F.step(Steps.appPicker), .show(.mvpdPicker(mvpds, preselected: nil)),
            ]
        ) {
            $0.framework = F.known(.granted, provider: "p.aurora", expiry: expired)
            $0.phase = .appPicker(mvpds.map(\.id))
        }
        store.finish()
    }

    @Test func adobeRefusingThePartnerResponseAtC13ContinuesWithBasicAuthenticationC8() {
        let store = Self.atApplePicker()
        let known = F.known(.granted, provider: "p.aurora", expiry: F.later)
        store.send(
            .metadata(
                .success(AccountMetadata(accountProviderIdentifier: "p.aurora", authenticationExpirationDate: F.later))),
            [
                F.step(Steps.validateInteractiveStatus), F.step(Steps.partnerRequest),
                .call(.v2(.partnerSession(known.partnerStatus, domainName: "app.example", redirectUrl: "app://done"))),
            ]
        ) {
            $0.framework = known
            $0.phase = .partnerExchange(
                PartnerExchange.State(mvpd: F.aurora, silent: false, stage: .requesting, framework: known))
        }
        let request = MetadataRequest(
            isInterruptionAllowed: true, verificationToken: "PHNhbWw+", attributeNames: ["uid"],
            includeAccountProviderIdentifier: true, includeAuthenticationExpirationDate: true,
            channelIdentifier: PartnerExchange.channelIdentifier)
        store.send(
            .api(.session(F.session(.partnerProfile, mvpd: "Aurora", request: F.samlRequest))),
            [F.step(Steps.partnerAuthentication), .vsa(.metadata(request))]
        ) {
            $0.phase = .partnerExchange(
                PartnerExchange.State(mvpd: F.aurora, silent: false, stage: .authenticating, framework: known))
        }
        store.send(
            .metadata(
                .success(AccountMetadata(accountProviderIdentifier: "p.aurora", samlAttributeQueryResponse: "<R/>"))),
            [
                F.step(Steps.validatePartnerResponse), F.step(Steps.partnerProfile),
                .call(.v2(.partnerProfile(samlResponse: SAMLResponseEncoding.encoded("<R/>"), known.partnerStatus))),
            ]
        ) {
            $0.phase = .partnerExchange(
                PartnerExchange.State(mvpd: F.aurora, silent: false, stage: .creatingProfile, framework: known))
        }
        let refused = PassErrorSummary(
            kind: .enhanced(.v2(.invalidHeaderPfsProviderInfoExpired), action: .none), httpStatus: 400,
            message: "invalid_header_pfs_provider_info_expired: expired")
        store.send(
            .api(.failed(refused)),
            [
                F.note(.singleSignOnFailed(message: "invalid_header_pfs_provider_info_expired: expired")),
                F.step(Steps.continueBasic), F.step(Steps.createSession),
                .call(.v2(.createSession(mvpd: "Aurora", domainName: "app.example", redirectUrl: "app://done"))),
            ]
        ) { $0.phase = .creatingSession(F.aurora) }
        store.skipOutstanding()
    }
}

extension RestV2PartnerTests {
    /// C.8 with `resume`: an app that left the fallback's parameters out of C.5 completes Adobe's
    /// session with them, and learns from the answer why single sign-on was refused.
    @Test func aResumeFallbackCompletesAdobesSessionInsteadOfOpeningAnother() {
        var setup = F.setup()
        setup.sendsFallbackParameters = false
        let store = Self.atApplePicker(setup)
        let known = F.known(.granted, provider: "p.aurora", expiry: F.later)
        store.send(
            .metadata(
                .success(AccountMetadata(accountProviderIdentifier: "p.aurora", authenticationExpirationDate: F.later))),
            [
                F.step(Steps.validateInteractiveStatus), F.step(Steps.partnerRequest),
                .call(.v2(.partnerSession(known.partnerStatus, domainName: nil, redirectUrl: nil))),
            ]
        ) {
            $0.framework = known
            $0.phase = .partnerExchange(
                PartnerExchange.State(mvpd: F.aurora, silent: false, stage: .requesting, framework: known))
        }
        store.send(
            .api(.session(F.session(.resume, reason: .missingParametersFallback, code: "ABC", mvpd: "Aurora"))),
            [
                F.step(Steps.continueBasic),
                F.note(.adobeAnswered(action: "resume", reason: "missing_parameters_fallback")),
                F.note(.resumesSession),
                .call(
                    .v2(
                        .resumeSession(
                            code: "ABC", mvpd: "Aurora", domainName: "app.example", redirectUrl: "app://done"))),
            ]
        ) { $0.phase = .resumingSession(F.aurora) }
        let resumed = F.session(
            .authenticate, .interactive, reason: .configurationFallback, code: "ABC", mvpd: "Aurora")
        store.send(
            .api(.session(resumed)),
            [
                F.note(.adobeAnswered(action: "authenticate", reason: "configuration_fallback")),
                Self.decision(.unsupportedProvider), F.step(Steps.webLogin),
                .show(.webLogin(url: "/api/v2/authenticate/APP/ABC", stopAt: "app://done")),
            ]
        ) { $0.phase = .webLogin(resumed, "app://done") }
        store.finish()
    }
}

@Suite struct AppModelTests {
    /// The marks of what the signed-in user may play do not outlive the sign-in.
    @Test func losingTheAuthenticationClearsThePreauthorizationMarks() {
        var app = AppModel()
        app.authentication = .authenticated(mvpd: "Aurora", type: .appleSSO, notAfter: 1)
        app.unlocked = ["deep-space": true, "orbit-sports": false]
        app.authentication = .authenticated(mvpd: "Aurora", type: .appleSSO, notAfter: 2)
        #expect(app.unlocked.count == 2, "a renewed sign-in keeps them")
        app.authentication = .notAuthenticated
        #expect(app.unlocked.isEmpty)
    }
}
