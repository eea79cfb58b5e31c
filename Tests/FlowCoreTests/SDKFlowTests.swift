import PassAPI
import Testing
import VSASimulator

@testable import FlowCore

/// The AccessEnabler SDK against seeds 004 and 001: which call raises which code, which
/// callbacks follow, and in what order.
@Suite struct SDKFlowTests {
    typealias Store = TestStore<SDKFlow>
    typealias F = Fixture
    typealias Steps = SDKSteps

    static func askingPermission(_ action: AppAction, _ known: FrameworkStatus = FrameworkStatus())
        -> SDKFlow.Phase
    {
        .askingPermission(action, FrameworkAccess.State(waiting: .access(thenAskProvider: false), known: known))
    }

    static let requestorComplete = F.callback(.setRequestorComplete(.success))
    static let notAuthenticated = F.callback(.setAuthenticationStatus(authenticated: false, .userNotAuthenticated))
    static let present = F.callback(.presentTvProviderDialog)
    static let dismiss = F.callback(.dismissTvProviderDialog)

    /// `sendTrackingData` after a failed authentication status.
    static func signedOutTracking(_ platform: DevicePlatform = .ios) -> Effect {
        SDKFlow.track("TRACKING_AUTHENTICATION", ["false", "", "", "false"], F.setup(platform, .sdk))
    }

    static func signedInTracking(_ mvpd: String, _ platform: DevicePlatform = .ios) -> Effect {
        SDKFlow.track("TRACKING_AUTHENTICATION", ["true", mvpd, SDKFlow.guid(mvpd), "false"], F.setup(platform, .sdk))
    }

    static func selectionTracking(_ mvpd: String, _ platform: DevicePlatform = .ios) -> Effect {
        SDKFlow.track("TRACKING_GET_SELECTED_PROVIDER", [mvpd], F.setup(platform, .sdk))
    }

    static func statusCallback(_ code: StatusCode) -> Effect {
        F.callback(.status(code, registrationCode: nil))
    }

    /// Launch up to setRequestor's configuration, with the permission answered `access`.
    static func throughConfiguration(
        _ store: Store, access: VSASimulator.AccessStatus, signedIn: Bool = false
    ) {
        store.send(
            .user(.launch), [.record(.sdkCall(.initialise, silently: false)), .vsa(.checkAccessStatus(prompt: true))]
        ) {
            $0.basics.app.activity = .starting
            $0.phase = askingPermission(.launch)
        }
        store.send(
            .access(access, nil, signedInAtSystemLevel: signedIn), [F.step(Steps.setRequestor), .call(.register)]
        ) {
            $0.framework = F.known(access, signedIn: signedIn)
            $0.phase = .registering
        }
        store.send(.api(.registered), [.call(.token)]) { $0.registration.registered = true }
        store.send(.api(.tokenIssued(expiresAt: F.tokenExpiry)), [.call(.v2(.configuration))]) {
            $0.registration.tokenIssued = true
            $0.registration.tokenExpiresAt = F.tokenExpiry
            $0.phase = .retrievingConfiguration
        }
    }

    /// A launch with the permission granted and no system sign-in, ending signed out.
    static func launchedSignedOut(_ setup: AppSetup = F.setup(.ios, .sdk)) -> Store {
        let store = Store(setup)
        throughConfiguration(store, access: .granted)
        store.send(.api(.configuration(F.configuration())), [.vsa(.metadata(F.silentRequest))]) {
            $0.directory = F.directory
            $0.phase = .askingProvider(FrameworkAccess.State(waiting: .provider, known: F.known(.granted)))
        }
        let status = F.known(.granted).partnerStatus
        store.send(
            .metadata(.success(AccountMetadata())),
            [requestorComplete, F.step(Steps.checkAuthentication), .call(.v2(.profiles(status)))]
        ) {
            $0.requestorReady = true
            $0.phase = .checkingAuthentication
        }
        store.send(.api(.profiles(F.noProfiles)), [notAuthenticated, signedOutTracking()]) {
            $0.basics.app.authentication = .notAuthenticated
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        return store
    }

    @Test func aSignedOutLaunchGivesStatusZeroAndNoCode() {
        let store = Self.launchedSignedOut()
        store.finish()
    }

    @Test func setRequestorRaisesVSA403AndCheckAuthenticationNothingMoreWhenSignedOut() {
        let store = Store(F.setup(.ios, .sdk))
        Self.throughConfiguration(store, access: .denied)
        let code = StatusCode.permissionDenied
        store.send(
            .api(.configuration(F.configuration())),
            [
                F.status(code, .setRequestorFallsBack),
                Self.statusCallback(code), Self.requestorComplete, F.step(Steps.checkAuthentication),
                .call(.v2(.profiles(F.known(.denied).partnerStatus))),
            ]
        ) {
            $0.directory = F.directory
            $0.requestorReady = true
            $0.phase = .checkingAuthentication
        }
        store.send(.api(.profiles(F.noProfiles)), [Self.notAuthenticated, Self.signedOutTracking()]) {
            $0.basics.app.authentication = .notAuthenticated
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    @Test func checkAuthenticationRaisesVSA404OnlyWhenSignedInAtSystemLevel() {
        let store = Store(F.setup(.tvos, .sdk))
        Self.throughConfiguration(store, access: .notDetermined, signedIn: true)
        let code = StatusCode.permissionUndetermined
        store.send(
            .api(.configuration(F.configuration())),
            [
                F.status(code, .setRequestorFallsBack),
                Self.statusCallback(code), Self.requestorComplete, F.step(Steps.checkAuthentication),
                F.status(code, .checkAuthenticationPermission(denied: false)),
                Self.statusCallback(code), .call(.v2(.profiles(F.known(.notDetermined, signedIn: true).partnerStatus))),
            ]
        ) {
            $0.directory = F.directory
            $0.requestorReady = true
            $0.phase = .checkingAuthentication
        }
        store.send(.api(.profiles(F.noProfiles)), [Self.notAuthenticated, Self.signedOutTracking(.tvos)]) {
            $0.basics.app.authentication = .notAuthenticated
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    @Test func otherTVProviderDismissesTheDialogThenN003AndDisplayProviderDialog() {
        let store = Self.launchedSignedOut()
        store.send(
            .user(.signIn),
            [F.step(Steps.getAuthenticationWithAppleSSO), Self.present, .vsa(.metadata(F.pickerRequest()))]
        ) {
            $0.basics.app.activity = .signingIn
            $0.phase = .applePicker(F.known(.granted))
        }
        let other = VSError(.unsupportedProvider, message: "Other")
        let mvpds = F.directory.mvpds
        store.send(
            .metadata(.failure(other)),
            [
                Self.dismiss, F.status(.otherProvider), Self.statusCallback(.otherProvider),
                F.step(Steps.displayProviderDialog), F.callback(.displayProviderDialog(mvpdCount: 3)),
                .show(.mvpdPicker(mvpds, preselected: nil)),
            ]
        ) {
            $0.framework.error = other
            $0.phase = .providerDialog(mvpds.map(\.id))
        }
        store.send(
            .answer(.mvpdPickerCancelled),
            [
                .showHome, .record(.sdkCall(.setSelectedProvider(nil), silently: false)),
                F.status(.cancelled, .appPickerCancelled), Self.statusCallback(.cancelled),
                F.callback(.setAuthenticationStatus(authenticated: false, .providerNotSelected)),
                Self.signedOutTracking(),
            ]
        ) {
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    @Test func aPickerOnlyProviderRaisesNoCodeAndIsSelectedSilently() {
        let store = Self.launchedSignedOut()
        store.send(
            .user(.signIn),
            [F.step(Steps.getAuthenticationWithAppleSSO), Self.present, .vsa(.metadata(F.pickerRequest()))]
        ) {
            $0.basics.app.activity = .signingIn
            $0.phase = .applePicker(F.known(.granted))
        }
        let pickerOnly = VSError(.unsupportedProvider, unsupportedProviderIdentifier: "p.bluebonnet", message: "x")
        store.send(
            .metadata(.failure(pickerOnly)),
            [
                .record(.sdkCall(.setSelectedProvider("Bluebonnet"), silently: true)),
                Self.selectionTracking("Bluebonnet"),
                .call(
                    .v2(
                        .createSession(
                            mvpd: "Bluebonnet", domainName: "app.example", redirectUrl: "adobepass://ios.app"))),
            ]
        ) {
            $0.framework.providerId = "p.bluebonnet"
            $0.framework.error = pickerOnly
            $0.phase = .creatingSession(F.bluebonnet)
        }
        let session = F.session(.authenticate, .interactive, code: "ABC123", mvpd: "Bluebonnet")
        let url = "/api/v2/authenticate/APP/ABC123"
        store.send(
            .api(.session(session)),
            [
                F.step(Steps.navigateToUrl), F.callback(.navigateToUrl(url, useSVC: false)),
                .show(.webLogin(url: url, stopAt: "adobepass://ios.app")),
            ]
        ) { $0.phase = .webLogin(session, "adobepass://ios.app") }
        store.send(
            .answer(.webLoginFinished(url: "adobepass://ios.app")),
            [
                .showHome, F.step(Steps.handleExternalURL),
                .record(.sdkCall(.handleExternalURL("adobepass://ios.app"), silently: false)),
                .call(.v2(.profileForCode("ABC123"))),
            ]
        ) {
            $0.phase = .polling(
                mvpd: "Bluebonnet", CodePolling.State(screen: nil, handle: "ABC123", interval: 4))
        }
        store.send(
            .api(.profiles(F.profiles("Bluebonnet", .regular))),
            [
                .cancelTimer(.poll), .cancelTimer(.codeExpiry), .showHome,
                F.callback(.setAuthenticationStatus(authenticated: true, .none)), Self.signedInTracking("Bluebonnet"),
                .record(.sdkCall(.getSelectedProvider, silently: false)),
                F.callback(.selectedProvider("Bluebonnet")), F.step(Steps.getMetadata),
                F.callback(.setMetadataStatus(tokenSource: "Bluebonnet")), F.step(Steps.checkPreauthorizedResources),
                .call(.v2(.preauthorize(mvpd: "Bluebonnet", resources: ["show"], nil))),
            ]
        ) {
            $0.basics.app.authentication = .authenticated(mvpd: "Bluebonnet", type: .regular, notAfter: F.later)
            $0.phase = .preauthorizing
        }
        let decisions = DecisionsResponse(decisions: [])
        store.send(.api(.decisions(decisions)), [F.callback(.preauthorizedResources([]))]) {
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    @Test func getAuthenticationWhileAuthenticatedAnswersStatusOne() {
        var state = SDKFlow.initialState(F.setup(.ios, .sdk))
        state.basics.app.authentication = .authenticated(mvpd: "Aurora", type: .appleSSO, notAfter: F.later)
        state.requestorReady = true
        let store = Store(state: state)
        store.send(
            .user(.signIn),
            [
                F.step(Steps.getAuthenticationWithAppleSSO),
                F.callback(.setAuthenticationStatus(authenticated: true, .none)),
                Self.signedInTracking("Aurora"),
            ])
        store.finish()
    }

    @Test func aTokenWhoseTTLHasPassedMakesCheckAuthenticationAnswerZero() {
        var state = SDKFlow.initialState(F.setup(.ios, .sdk))
        state.basics.app.authentication = .authenticated(mvpd: "Aurora", type: .regular, notAfter: F.now - 1)
        state.basics.app.unlocked = ["show": true]
        state.phase = .retrievingConfiguration
        state.framework = F.known(.denied)
        let store = Store(state: state, awaiting: [.call(.v2(.configuration))])
        store.send(
            .api(.configuration(F.configuration())),
            [
                F.status(.permissionDenied, .setRequestorFallsBack),
                Self.statusCallback(.permissionDenied), Self.requestorComplete, F.step(Steps.checkAuthentication),
                F.note(.tokenLifetimeOver), Self.notAuthenticated, Self.signedOutTracking(),
            ]
        ) {
            $0.directory = F.directory
            $0.requestorReady = true
            $0.basics.app.authentication = .notAuthenticated
            $0.basics.app.unlocked = [:]
            $0.phase = .idle
        }
        store.finish()
    }

    @Test func callsMadeBeforeSetRequestorCompleteWaitInTheQueue() {
        let store = Store(F.setup(.ios, .sdk))
        Self.throughConfiguration(store, access: .denied)
        store.send(.user(.signIn), [F.note(.sdkQueues(.signIn))]) {
            $0.queued = [.signIn]
        }
        let code = StatusCode.permissionDenied
        store.send(
            .api(.configuration(F.configuration())),
            [
                F.status(code, .setRequestorFallsBack),
                Self.statusCallback(code), Self.requestorComplete, F.step(Steps.checkAuthentication),
                .call(.v2(.profiles(F.known(.denied).partnerStatus))),
            ]
        ) {
            $0.directory = F.directory
            $0.requestorReady = true
            $0.phase = .checkingAuthentication
        }
        let mvpds = F.directory.mvpds
        store.send(
            .api(.profiles(F.noProfiles)),
            [
                Self.notAuthenticated, Self.signedOutTracking(),
                F.note(.sdkRunsQueued(.signIn)),
                F.step(Steps.getAuthentication), F.status(code, .getAuthenticationRegularFlow),
                Self.statusCallback(code), F.step(Steps.displayProviderDialog),
                F.callback(.displayProviderDialog(mvpdCount: 3)), .show(.mvpdPicker(mvpds, preselected: nil)),
            ]
        ) {
            $0.queued = []
            $0.basics.app.authentication = .notAuthenticated
            $0.basics.app.activity = .signingIn
            $0.phase = .providerDialog(mvpds.map(\.id))
        }
        store.finish()
    }

    @Test func withoutAnMVPDThatSupportsSingleSignOnThereIsNoAppleDialog() {
        let store = Store(F.setup(.ios, .sdk))
        Self.throughConfiguration(store, access: .granted)
        let plain = F.configuration([F.bluebonnet, F.cascade])
        store.send(.api(.configuration(plain)), [.vsa(.metadata(F.silentRequest))]) {
            $0.directory = ConfigurationDirectory(plain)
            $0.phase = .askingProvider(FrameworkAccess.State(waiting: .provider, known: F.known(.granted)))
        }
        store.send(
            .metadata(.success(AccountMetadata())),
            [
                Self.requestorComplete, F.step(Steps.checkAuthentication),
                .call(.v2(.profiles(F.known(.granted).partnerStatus))),
            ]
        ) {
            $0.requestorReady = true
            $0.phase = .checkingAuthentication
        }
        store.send(.api(.profiles(F.noProfiles)), [Self.notAuthenticated, Self.signedOutTracking()]) {
            $0.basics.app.authentication = .notAuthenticated
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        let mvpds = ConfigurationDirectory(plain).mvpds
        store.send(
            .user(.signIn),
            [
                F.step(Steps.getAuthentication),
                F.note(.noProviderWithSingleSignOn),
                F.step(Steps.displayProviderDialog), F.callback(.displayProviderDialog(mvpdCount: 2)),
                .show(.mvpdPicker(mvpds, preselected: nil)),
            ]
        ) {
            $0.basics.app.activity = .signingIn
            $0.phase = .providerDialog(mvpds.map(\.id))
        }
        store.finish()
    }

    @Test func aFrameworkFailureDuringGetAuthenticationIsVSA503() {
        let store = Self.launchedSignedOut()
        store.send(
            .user(.signIn),
            [F.step(Steps.getAuthenticationWithAppleSSO), Self.present, .vsa(.metadata(F.pickerRequest()))]
        ) {
            $0.basics.app.activity = .signingIn
            $0.phase = .applePicker(F.known(.granted))
        }
        let down = VSError(.serviceTemporarilyUnavailable, message: "The provider did not answer.")
        let mvpds = F.directory.mvpds
        store.send(
            .metadata(.failure(down)),
            [
                F.status(.metadataUnavailable, .verbatim(down.description)), Self.statusCallback(.metadataUnavailable),
                F.step(Steps.displayProviderDialog), F.callback(.displayProviderDialog(mvpdCount: 3)),
                .show(.mvpdPicker(mvpds, preselected: nil)),
            ]
        ) {
            $0.framework.error = down
            $0.phase = .providerDialog(mvpds.map(\.id))
        }
        store.finish()
    }

    @Test func onATVTheRequestorChoosesSeed001sRegistrationCodeOrSeed004sExchange() {
        for mode in SDKTVAppleSSO.allCases {
            var setup = F.setup(.tvos, .sdk)
            setup.sdkTVAppleSSO = mode
            var state = SDKFlow.initialState(setup)
            state.directory = F.directory
            state.requestorReady = true
            state.framework = F.known(.granted)
            state.phase = .applePicker(F.known(.granted))
            let store = Store(state: state, awaiting: [.vsa(.metadata(F.pickerRequest()))])
            let metadata = AccountMetadata(accountProviderIdentifier: "p.aurora", authenticationExpirationDate: F.later)
            let known = F.known(.granted, provider: "p.aurora", expiry: F.later)
            let source = F.note(.appleTVBehaviour(mode))
            switch mode {
            case .registrationCode:
                store.send(
                    .metadata(.success(metadata)),
                    [
                        source, .record(.sdkCall(.setSelectedProvider("Aurora"), silently: true)),
                        Self.selectionTracking("Aurora", .tvos),
                        .call(
                            .v2(
                                .createSession(
                                    mvpd: "Aurora", domainName: "app.example", redirectUrl: "adobepass://ios.app"))),
                    ]
                ) {
                    $0.framework = known
                    $0.phase = .creatingSession(F.aurora)
                    // Seed 001's E flow: E.4 numbers the preauthorization after this sign-in.
                    $0.signedInByAppleSSOCode = true
                }
            case .silentExchange:
                store.send(
                    .metadata(.success(metadata)),
                    [
                        source, F.step(Steps.partnerExchange),
                        .call(
                            .v2(
                                .partnerSession(
                                    known.partnerStatus, domainName: "app.example", redirectUrl: "adobepass://ios.app"))
                        ),
                    ]
                ) {
                    $0.framework = known
                    $0.phase = .exchange(
                        PartnerExchange.State(mvpd: F.aurora, silent: false, stage: .requesting, framework: known))
                }
            }
            store.skipOutstanding()
        }
    }

    /// Launch with the permission granted and a system sign-in, up to setRequestor's silent request.
    static func askingProviderSignedIn() -> Store {
        let store = Store(F.setup(.ios, .sdk))
        throughConfiguration(store, access: .granted, signedIn: true)
        store.send(.api(.configuration(F.configuration())), [.vsa(.metadata(F.silentRequest))]) {
            $0.directory = F.directory
            $0.phase = .askingProvider(
                FrameworkAccess.State(waiting: .provider, known: F.known(.granted, signedIn: true)))
        }
        return store
    }

    @Test func aFrameworkFailureAtSetRequestorIsAPPLThenAPPL_ERRORAtCheckAuthentication() {
        let store = Self.askingProviderSignedIn()
        let failure = VSError(.unsupported, message: "TV Provider is not available in FR.")
        var known = F.known(.granted, signedIn: true)
        known.error = failure
        store.send(
            .metadata(.failure(failure)),
            [
                F.status(.appleShortError, .setRequestorFailed(error: failure.description)),
                Self.statusCallback(.appleShortError), Self.requestorComplete, F.step(Steps.checkAuthentication),
                F.status(.appleError, .checkAuthenticationFailed(error: failure.description)),
                Self.statusCallback(.appleError),
                .call(.v2(.profiles(known.partnerStatus))),
            ]
        ) {
            $0.framework = known
            $0.requestorReady = true
            $0.phase = .checkingAuthentication
        }
        store.skipOutstanding()
    }

    @Test func withAllSevenConditionsSetRequestorExchangesSilentlyWithOnlySetRequestorComplete() {
        let store = Self.askingProviderSignedIn()
        let known = F.known(.granted, provider: "p.aurora", expiry: F.later, signedIn: true)
        store.send(
            .metadata(
                .success(AccountMetadata(accountProviderIdentifier: "p.aurora", authenticationExpirationDate: F.later))),
            [
                F.step(Steps.partnerExchange),
                .call(
                    .v2(
                        .partnerSession(
                            known.partnerStatus, domainName: "app.example", redirectUrl: "adobepass://ios.app"))),
            ]
        ) {
            $0.framework = known
            $0.phase = .silentExchange(
                PartnerExchange.State(mvpd: F.aurora, silent: true, stage: .requesting, framework: known))
        }
        let request = MetadataRequest(
            isInterruptionAllowed: false, verificationToken: "PHNhbWw+", attributeNames: ["uid"],
            includeAccountProviderIdentifier: true, includeAuthenticationExpirationDate: true,
            channelIdentifier: PartnerExchange.channelIdentifier)
        store.send(
            .api(.session(F.session(.partnerProfile, mvpd: "Aurora", request: F.samlRequest))),
            [.vsa(.metadata(request))]
        ) {
            $0.phase = .silentExchange(
                PartnerExchange.State(mvpd: F.aurora, silent: true, stage: .authenticating, framework: known))
        }
        store.send(
            .metadata(
                .success(AccountMetadata(accountProviderIdentifier: "p.aurora", samlAttributeQueryResponse: "<R/>"))),
            [.call(.v2(.partnerProfile(samlResponse: SAMLResponseEncoding.encoded("<R/>"), known.partnerStatus)))]
        ) {
            $0.phase = .silentExchange(
                PartnerExchange.State(mvpd: F.aurora, silent: true, stage: .creatingProfile, framework: known))
        }
        // No callback but setRequestorComplete: the exchange was not asked for by the app.
        store.send(
            .api(.profiles(F.profiles("Aurora", .appleSSO))),
            [Self.requestorComplete, F.step(Steps.checkAuthentication), .call(.v2(.profiles(known.partnerStatus)))]
        ) {
            $0.basics.app.authentication = .authenticated(mvpd: "Aurora", type: .appleSSO, notAfter: F.later)
            $0.requestorReady = true
            $0.phase = .checkingAuthentication
        }
        store.skipOutstanding()
    }

    @Test func aProviderThisRequestorDoesNotIntegrateIsN004ThenDisplayProviderDialog() {
        let store = Self.launchedSignedOut()
        store.send(
            .user(.signIn),
            [F.step(Steps.getAuthenticationWithAppleSSO), Self.present, .vsa(.metadata(F.pickerRequest()))]
        ) {
            $0.basics.app.activity = .signingIn
            $0.phase = .applePicker(F.known(.granted))
        }
        let notIntegrated = VSError(.unsupportedProvider, unsupportedProviderIdentifier: "p.ironwood", message: "x")
        let mvpds = F.directory.mvpds
        store.send(
            .metadata(.failure(notIntegrated)),
            [
                F.status(.unsupportedProvider, .notIntegrated(provider: "p.ironwood", requestor: "APP")),
                Self.statusCallback(.unsupportedProvider), F.step(Steps.displayProviderDialog),
                F.callback(.displayProviderDialog(mvpdCount: 3)), .show(.mvpdPicker(mvpds, preselected: nil)),
            ]
        ) {
            $0.framework.providerId = "p.ironwood"
            $0.framework.error = notIntegrated
            $0.phase = .providerDialog(mvpds.map(\.id))
        }
    }

    @Test func cancellingApplesPickerDismissesTheDialogThenN005AndDisplayProviderDialog() {
        let store = Self.launchedSignedOut()
        store.send(
            .user(.signIn),
            [F.step(Steps.getAuthenticationWithAppleSSO), Self.present, .vsa(.metadata(F.pickerRequest()))]
        ) {
            $0.basics.app.activity = .signingIn
            $0.phase = .applePicker(F.known(.granted))
        }
        let cancel = VSError(.userCancelled, message: "cancel")
        let mvpds = F.directory.mvpds
        store.send(
            .metadata(.failure(cancel)),
            [
                Self.dismiss, F.status(.cancelled, .applePickerCancelled(duringSignIn: false)),
                Self.statusCallback(.cancelled),
                F.step(Steps.displayProviderDialog), F.callback(.displayProviderDialog(mvpdCount: 3)),
                .show(.mvpdPicker(mvpds, preselected: nil)),
            ]
        ) {
            $0.framework.error = cancel
            $0.phase = .providerDialog(mvpds.map(\.id))
        }
        store.finish()
    }

    /// Signed in with a regular token, a title playing.
    static func playing(_ setup: AppSetup = F.setup(.ios, .sdk)) -> SDKFlow.State {
        var state = SDKFlow.initialState(setup)
        state.requestorReady = true
        state.directory = F.directory
        state.framework = F.known(.granted)
        state.basics.app.authentication = .authenticated(mvpd: "Cascade", type: .regular, notAfter: F.later)
        state.basics.app.playing = AppModel.Playback(resource: "show", tokenNotAfter: F.later)
        return state
    }

    /// The decision that permits "show", with its short media token.
    static let permitShow: DecisionsResponse = {
        let token = MediaToken(notBefore: F.now, notAfter: F.later, serializedToken: "PHNpZ25hdHVyZUluZm8+")
        return DecisionsResponse(
            decisions: [
                Decision(
                    resource: "show", serviceProvider: "APP", mvpd: "Cascade", source: .mvpd, authorized: true,
                    token: token)
            ])
    }()

    /// F.1's `setToken` for "show", its tracking, then F.3 asked for `verifiedAs`.
    static func permittedShow(_ setup: AppSetup, verifiedAs resource: String) -> [Effect] {
        [
            F.callback(.setToken(token: "PHNpZ25hdHVyZUluZm8+", resource: "show")),
            SDKFlow.track(
                "TRACKING_AUTHORIZATION", ["true", "Cascade", SDKFlow.guid("Cascade"), "false", "", ""], setup),
            F.step(Steps.verifyMediaToken),
            .call(.verifyMediaToken(serializedToken: "PHNpZ25hdHVyZUluZm8+", resource: resource)),
        ]
    }

    @Test func backInTheForegroundWithATitlePlayingTheAppCallsCheckAuthorization() {
        let store = Store(state: Self.playing())
        store.send(.user(.foreground), [.vsa(.checkAccessStatus(prompt: true))]) {
            $0.basics.app.activity = .checking
            $0.phase = .askingPermission(
                .foreground, FrameworkAccess.State(waiting: .access(thenAskProvider: false), known: F.known(.granted)))
        }
        store.send(
            .access(.granted, nil, signedInAtSystemLevel: false),
            [F.step(Steps.checkAuthorization), .call(.v2(.authorize(mvpd: "Cascade", resources: ["show"], nil)))]
        ) {
            $0.basics.app.activity = .authorizing
            $0.phase = .authorizing("show")
        }
        store.send(.api(.decisions(Self.permitShow)), Self.permittedShow(F.setup(.ios, .sdk), verifiedAs: "show")) {
            $0.basics.app.unlocked = ["show": true]
            $0.phase = .verifyingMediaToken("show")
        }
        let valid = MediaTokenVerification(.validToken, "ok")
        store.send(
            .api(.mediaTokenVerified(valid)), [F.note(.mediaTokenChecked(status: "VALID_TOKEN", message: "ok"))]
        ) {
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    /// F.3: a token the verifier refuses (here, checked against another resource) does not play,
    /// and the home screen says why; the title keeps its lock mark as Adobe decided it.
    @Test func aMediaTokenTheVerifierRefusesDoesNotPlay() {
        var setup = F.setup(.ios, .sdk)
        setup.mediaTokenVerifierResource = "other"
        var state = Self.playing(setup)
        state.basics.app.activity = .authorizing
        state.phase = .authorizing("show")
        let store = Store(state: state, awaiting: [.call(.v2(.authorize(mvpd: "Cascade", resources: ["show"], nil)))])
        store.send(.api(.decisions(Self.permitShow)), Self.permittedShow(setup, verifiedAs: "other")) {
            $0.basics.app.unlocked = ["show": true]
            $0.phase = .verifyingMediaToken("show")
        }
        let refused = MediaTokenVerification(.invalidResourceId, "for show")
        store.send(
            .api(.mediaTokenVerified(refused)),
            [F.note(.mediaTokenChecked(status: "INVALID_RESOURCE_ID", message: "for show"))]
        ) {
            $0.basics.app.playing = nil
            $0.basics.app.lastDenial = AppModel.Denial(
                resource: "show", code: "INVALID_RESOURCE_ID",
                message: .mediaTokenRefused)
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    @Test func aSafariViewControllerAppGetsNavigateToUrlUseSVCAndItsOwnScheme() {
        var setup = F.setup(.ios, .sdk)
        setup.usesSafariViewController = true
        var state = SDKFlow.initialState(setup)
        state.requestorReady = true
        state.directory = F.directory
        state.phase = .creatingSession(F.cascade)
        let create = Effect.call(
            .v2(.createSession(mvpd: "Cascade", domainName: "app.example", redirectUrl: "app://done")))
        let store = Store(state: state, awaiting: [create])
        let session = F.session(.authenticate, .interactive, code: "ABC123", mvpd: "Cascade")
        let url = "/api/v2/authenticate/APP/ABC123"
        store.send(
            .api(.session(session)),
            [
                F.step(Steps.navigateToUrl), F.callback(.navigateToUrl(url, useSVC: true)),
                .show(.webLogin(url: url, stopAt: "app://done")),
            ]
        ) { $0.phase = .webLogin(session, "app://done") }
        store.send(
            .answer(.webLoginFinished(url: "app://done")),
            [
                .showHome, F.step(Steps.handleExternalURL),
                .record(.sdkCall(.handleExternalURL("app://done"), silently: false)),
                .call(.v2(.profileForCode("ABC123"))),
            ]
        ) { $0.phase = .polling(mvpd: "Cascade", CodePolling.State(screen: nil, handle: "ABC123", interval: 4)) }
        store.skipOutstanding()
    }

    @Test func theLogoutPageEndsWithHandleExternalURL() {
        var state = Self.playing()
        state.basics.app.playing = nil
        let store = Store(state: state)
        store.send(
            .user(.signOut),
            [
                F.step(Steps.logoutWithoutAppleSSO),
                .call(.v2(.logout(mvpd: "Cascade", redirectUrl: "adobepass://ios.app"))),
            ]
        ) {
            $0.basics.app.activity = .signingOut
            $0.phase = .loggingOut("Cascade")
        }
        let page = "/adobe-services/logout?mso_id=Cascade"
        let logout = LogoutResponse(
            logouts: ["Cascade": MvpdLogout(actionName: .logout, actionType: .interactive, mvpd: "Cascade", url: page)])
        store.send(
            .api(.logout(logout)),
            [
                F.callback(.setAuthenticationStatus(authenticated: false, .logout)),
                F.callback(.navigateToUrl(page, useSVC: false)),
                .show(.webLogin(url: page, stopAt: "adobepass://ios.app")),
            ]
        ) {
            $0.basics.app = AppModel()
            $0.basics.app.authentication = .notAuthenticated
            $0.phase = .logoutPage("adobepass://ios.app", thenSettingsNotice: false)
        }
        store.send(
            .answer(.webLoginFinished(url: "adobepass://ios.app")),
            [
                .showHome,
                .record(.sdkCall(.handleExternalURL("adobepass://ios.app"), silently: false)),
                F.step(Steps.logoutPageDone),
            ]
        ) { $0.phase = .idle }
        store.finish()
    }

    /// Seed 004, logout: on iOS the SDK's logout after Apple SSO goes through the MVPD's logout
    /// page (line 166), then prompts to sign out in Settings (VSA203); tvOS only prompts (162).
    @Test func anAppleSSOLogoutOnIOSEndsTheMVPDSessionThenPrompts() {
        var state = Self.playing()
        state.basics.app.playing = nil
        state.basics.app.authentication = .authenticated(mvpd: "Cascade", type: .appleSSO, notAfter: F.later)
        let store = Store(state: state)
        store.send(
            .user(.signOut),
            [F.step(Steps.logout), .call(.v2(.logout(mvpd: "Cascade", redirectUrl: "adobepass://ios.app")))]
        ) {
            $0.basics.app.activity = .signingOut
            $0.phase = .loggingOut("Cascade")
        }
        let logout = LogoutResponse(logouts: [
            "Cascade": MvpdLogout(actionName: .partnerLogout, actionType: .partnerInteractive, mvpd: "Cascade")
        ])
        let page =
            "/adobe-services/logout?noflash=true&mso_id=Cascade&requestor_id=APP&redirect_url=adobepass%3A%2F%2Fios.app"
        store.send(
            .api(.logout(logout)),
            [
                F.status(.signOutInSettings), Self.statusCallback(.signOutInSettings),
                F.callback(.setAuthenticationStatus(authenticated: false, .logout)),
                F.callback(.navigateToUrl(page, useSVC: false)),
                .show(.webLogin(url: page, stopAt: "adobepass://ios.app")),
            ]
        ) {
            $0.basics.app = AppModel()
            $0.basics.app.authentication = .notAuthenticated
            $0.phase = .logoutPage("adobepass://ios.app", thenSettingsNotice: true)
        }
        let notice = Notice(
            key: "notice.signOut", values: ["app": "App"], keyedValues: ["settings": "settings.title.ios"])
        store.send(
            .answer(.webLoginFinished(url: "adobepass://ios.app")),
            [
                .showHome, .record(.sdkCall(.handleExternalURL("adobepass://ios.app"), silently: false)),
                F.step(Steps.logoutPageDone), .show(.notice(notice)),
            ]
        ) { $0.phase = .notice }
        store.finish()
    }

    /// Seed 001, line 81: tracking follows getAuthorization and checkAuthorization. The event names
    /// the user the call was made for, though a refusal signed them out; with no user, neither an
    /// MVPD nor a user id.
    @Test func authorizationTrackingNamesTheCallersUserOrNone() {
        let signedIn = Self.playing()
        var signedOut = signedIn
        signedOut.basics.app.authentication = .notAuthenticated
        let failed = F.callback(.tokenRequestFailed(resource: "show", description: "Expired"))
        func tracked(_ user: [String]) -> [Effect] {
            [
                failed,
                SDKFlow.track(
                    "TRACKING_AUTHORIZATION", ["false"] + user + ["false", "USER_NOT_AUTHORIZED_ERROR", ""],
                    signedIn.basics.setup),
            ]
        }
        #expect(
            SDKFlow.withTracking([failed], before: signedIn, after: signedOut)
                == tracked(["Cascade", SDKFlow.guid("Cascade")]))
        #expect(SDKFlow.withTracking([failed], before: signedOut, after: signedOut) == tracked(["", ""]))
    }
}
