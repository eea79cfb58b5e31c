import PassAPI
import Testing
import VSASimulator

@testable import FlowCore

/// A programmer's own identity provider against seed 003.
@Suite struct CustomIdentityProviderFlowTests {
    typealias Store = TestStore<CustomIdentityProviderFlow>
    typealias F = Fixture
    typealias Steps = CustomIdentityProviderSteps

    static func decision(_ code: StatusCode, _ details: Remark? = nil) -> Effect {
        F.status(code, details, origin: .appDecision)
    }

    static let info = IdentityProviderInfo(
        attributeNames: ["uid"], verificationToken: "signed", channelIdentifier: "https://idp.example")
    static let tokens = CustomIdentityTokens(
        accessToken: "a", refreshToken: "r", expiresIn: 3600, userId: "u-1",
        provider: "p.aurora", entitlements: ["show"])

    @Test func aSystemSignInIsTranslatedIntoTheAppsOwnTokensAtLaunch() {
        let store = Store(F.setup(.tvos, .customIdP))
        store.send(
            .user(.launch),
            [F.step(Steps.configuration), F.step(Steps.accessStatus), .vsa(.checkAccessStatus(prompt: true))]
        ) {
            $0.basics.app.activity = .starting
            $0.phase = .checkingFramework(
                .launch, FrameworkAccess.State(waiting: .access(thenAskProvider: true), known: FrameworkStatus()))
        }
        store.send(
            .access(.granted, nil, signedInAtSystemLevel: true),
            [F.step(Steps.silentAccount), .vsa(.metadata(F.silentRequest))]
        ) {
            $0.phase = .checkingFramework(
                .launch, FrameworkAccess.State(waiting: .provider, known: F.known(.granted, signedIn: true)))
        }
        let known = F.known(.granted, provider: "p.aurora", expiry: F.later, signedIn: true)
        store.send(
            .metadata(
                .success(AccountMetadata(accountProviderIdentifier: "p.aurora", authenticationExpirationDate: F.later))),
            [F.step(Steps.identityProviderInfo), .call(.customIdP(.info(provider: "p.aurora")))]
        ) {
            $0.framework = known
            $0.phase = .askingInfo(provider: "p.aurora", silent: true)
        }
        let second = MetadataRequest(
            isInterruptionAllowed: false, verificationToken: "signed", attributeNames: ["uid"],
            includeAccountProviderIdentifier: true, includeAuthenticationExpirationDate: true,
            channelIdentifier: "https://idp.example")
        store.send(
            .api(.identityProviderInfo(Self.info)), [F.step(Steps.secondMetadataRequest), .vsa(.metadata(second))]
        ) {
            $0.phase = .secondRequest(provider: "p.aurora", silent: true)
        }
        store.send(
            .metadata(
                .success(AccountMetadata(accountProviderIdentifier: "p.aurora", samlAttributeQueryResponse: "<R/>"))),
            [F.step(Steps.translate), .call(.customIdP(.translate(saml: "<R/>", provider: "p.aurora")))]
        ) { $0.phase = .translating(provider: "p.aurora", silent: true) }
        store.send(
            .api(.customTokens(Self.tokens)),
            [.showHome, F.note(.signedInWithOwnTokens(userId: "u-1"))]
        ) {
            $0.entitlements = ["show"]
            $0.basics.app.authentication = .authenticated(mvpd: "p.aurora", type: .appleSSO, notAfter: F.later)
            $0.basics.app.unlocked = ["show": true]
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.send(
            .user(.signOut),
            [
                F.step(Steps.forgetTokens), Self.decision(.signOutInSettings),
                .show(
                    .notice(
                        Notice(
                            key: "notice.signOut", values: ["app": "App"],
                            keyedValues: ["settings": "settings.title.tvos"]))),
            ]
        ) {
            $0.entitlements = []
            $0.basics.app = AppModel()
            $0.basics.app.authentication = .notAuthenticated
            $0.phase = .notice
        }
        store.finish()
    }

    @Test func otherTVProviderIsN003AndTheAppsOwnSignInPage() {
        var state = CustomIdentityProviderFlow.initialState(F.setup(.ios, .customIdP))
        state.framework = F.known(.granted)
        state.basics.app.authentication = .notAuthenticated
        let store = Store(state: state)
        let picker = ApplePicker.request(supported: nil, featured: ["p.aurora"], videoTitle: nil)
        store.send(.user(.signIn), [F.step(Steps.interactiveAccount), .vsa(.metadata(picker))]) {
            $0.basics.app.activity = .signingIn
            $0.phase = .applePicker(F.known(.granted))
        }
        let other = VSError(.unsupportedProvider, message: "Other")
        let url = CustomIdentityProviderPaths.login(
            requestor: "APP", redirectURI: "app://done", state: "app-1", provider: nil)
        store.send(
            .metadata(.failure(other)),
            [
                Self.decision(.otherProvider), F.step(Steps.ownSignIn), F.step(Steps.webSignIn),
                .show(.webLogin(url: url, stopAt: "app://done")),
            ]
        ) {
            $0.framework.error = other
            $0.signIns = 1
            $0.phase = .webLogin(expectedState: "app-1", "app://done")
        }
        // A redirect for another sign-in (wrong state) is ignored.
        store.send(
            .answer(.webLoginFinished(url: "app://done?code=c&state=other")),
            [
                .showHome, F.note(.redirectWithoutCode),
                Self.decision(.notAuthenticated),
            ]
        ) {
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    @Test func step1NamesAMissingEntitlementAndTheFrameworkRefusesTheApp() {
        var setup = F.setup(.ios, .customIdP)
        setup.identity.hasSingleSignOnEntitlement = false
        let store = Store(setup)
        store.send(
            .user(.launch),
            [
                F.step(Steps.configuration),
                F.note(.missingSingleSignOnEntitlement),
                F.step(Steps.accessStatus), .vsa(.checkAccessStatus(prompt: true)),
            ]
        ) {
            $0.basics.app.activity = .starting
            $0.phase = .checkingFramework(
                .launch, FrameworkAccess.State(waiting: .access(thenAskProvider: true), known: FrameworkStatus()))
        }
        let refused = VSError(.accessNotGranted, message: "no entitlement")
        store.send(
            .access(.denied, refused, signedInAtSystemLevel: false),
            [
                Self.decision(.permissionDenied, .continuesWithoutSingleSignOn),
                Self.decision(.notAuthenticated),
            ]
        ) {
            $0.framework = FrameworkStatus(access: .denied, error: refused)
            $0.basics.app.authentication = .notAuthenticated
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    @Test func anAppWithOneSupportedProviderAsksForItAlone() {
        var setup = F.setup(.ios, .customIdP)
        setup.supportedProviders = ["p.aurora"]
        var state = CustomIdentityProviderFlow.initialState(setup)
        state.framework = F.known(.granted)
        state.basics.app.authentication = .notAuthenticated
        let store = Store(state: state)
        let request = ApplePicker.request(supported: ["p.aurora"], featured: ["p.aurora"], videoTitle: nil)
        store.send(.user(.signIn), [F.step(Steps.interactiveAccount), .vsa(.metadata(request))]) {
            $0.basics.app.activity = .signingIn
            $0.phase = .applePicker(F.known(.granted))
        }
        store.skipOutstanding()
    }

    @Test func step1NamesAMissingUsageDescription() {
        var setup = F.setup(.tvos, .customIdP)
        setup.identity.usageDescription = nil
        let store = Store(setup)
        store.send(
            .user(.launch),
            [
                F.step(Steps.configuration),
                F.note(.missingUsageDescription),
                F.step(Steps.accessStatus), .vsa(.checkAccessStatus(prompt: true)),
            ]
        ) {
            $0.basics.app.activity = .starting
            $0.phase = .checkingFramework(
                .launch, FrameworkAccess.State(waiting: .access(thenAskProvider: true), known: FrameworkStatus()))
        }
        // The framework crashes the app here; the runtime ends the run.
        store.skipOutstanding()
    }

    /// Apple's picker refuses Aurora Cable with error 1 and its id: `first` is what the app says
    /// about it, then its own sign-in starts on that provider.
    static func pickerRefusesAurora(_ setup: AppSetup, message: String, first: Effect) {
        var state = CustomIdentityProviderFlow.initialState(setup)
        state.framework = F.known(.granted)
        state.basics.app.authentication = .notAuthenticated
        state.basics.app.activity = .signingIn
        state.phase = .applePicker(F.known(.granted))
        let picker = ApplePicker.request(supported: nil, featured: ["p.aurora"], videoTitle: nil)
        let store = Store(state: state, awaiting: [.vsa(.metadata(picker))])
        let refused = VSError(.unsupportedProvider, unsupportedProviderIdentifier: "p.aurora", message: message)
        let url = CustomIdentityProviderPaths.login(
            requestor: "APP", redirectURI: "app://done", state: "app-1", provider: "p.aurora")
        store.send(
            .metadata(.failure(refused)),
            [first, F.step(Steps.ownSignIn), F.step(Steps.webSignIn), .show(.webLogin(url: url, stopAt: "app://done"))]
        ) {
            $0.framework.providerId = "p.aurora"
            $0.framework.error = refused
            $0.signIns = 1
            $0.phase = .webLogin(expectedState: "app-1", "app://done")
        }
        store.finish()
    }

    /// A provider the app works with that the framework refuses (no Apple SSO): the SDK raises
    /// no code there (seed 004, step 4), so neither does the app.
    @Test func aProviderWithoutAppleSSOIsNoCode() {
        let message = "Aurora Cable does not support single sign-on."
        Self.pickerRefusesAurora(F.setup(.ios, .customIdP), message: message, first: F.note(.verbatim(message)))
    }

    @Test func aProviderTheDelegateRefusedIsN004WithTheFrameworksReason() {
        var setup = F.setup(.ios, .customIdP)
        setup.identity.declinedProviders = ["p.aurora"]
        let message =
            "The app's accountManager(_:shouldAuthenticateAccountProviderWithIdentifier:) refused Aurora Cable."
        Self.pickerRefusesAurora(
            setup, message: message, first: Self.decision(.unsupportedProvider, .verbatim(message)))
    }
}
