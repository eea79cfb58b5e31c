import FlowCore
import FlowRuntime
import Foundation
import Localization
import PassAPI
import Testing

@testable import TerminalUI
@testable import VSASimulator

/// Fixed models of every screen, so snapshots do not depend on time or on a live back end.
enum ScreenFixtures {
    static let now: Int64 = 1_767_270_000_000

    static let monoTheme: Theme = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Themes/mono.json").path
        return (try? ThemeLibrary.read(path)) ?? .builtIn
    }()

    static func setup(_ platform: DevicePlatform) -> AppSetup {
        AppSetup(
            identity: AppIdentity(
                bundleId: "tv.orbit.orbit", displayName: "Orbit TV",
                usageDescription: Strings.english("app.usageDescription", ["app": "Orbit TV"])),
            platform: platform, integration: .restV2, requestor: "ORBIT", domainName: "orbit.tvsim.example",
            redirectUrl: "adbe.orbit://auth/done",
            catalog: [
                CatalogItem(id: "orbit-live", title: "Orbit Live", rating: "TV-PG"),
                CatalogItem(id: "deep-space", title: "Deep Space — S2 E1 “Pilot Light”", rating: "TV-14"),
                CatalogItem(id: "orbit-sports", title: "Orbit Sports: Championship Final"),
                CatalogItem(id: "trailers", title: "Trailers & Extras", free: true),
            ])
    }

    static let catalog = ProviderCatalog(providers: [
        .init(id: "p.aurora", name: "Aurora Cable", identityProvider: "AuroraCable", supportsSignIn: true),
        .init(id: "p.beacon", name: "Beacon Fiber TV", identityProvider: "BeaconFiber", supportsSignIn: true),
        .init(id: "p.etoile", name: "Câble Étoile", identityProvider: "CableEtoile", supportsSignIn: true),
        .init(
            id: "p.greatlakes", name: "Great Lakes & Northern Plains Cooperative Broadband Television Service",
            identityProvider: "GreatLakesCoop", supportsSignIn: true),
        .init(
            id: "p.omalley", name: "O'Malley Bros. Communications", identityProvider: "OMalley", supportsSignIn: false),
        .init(id: "p.senal", name: "Señal Norte TV", identityProvider: "SenalNorte", supportsSignIn: false),
        .init(id: "p.huaxia", name: "華夏有線電視", identityProvider: "HuaxiaCable", supportsSignIn: true),
    ])

    /// The names that come from data (titles, providers, accounts): a list may cut them with `…`
    /// as a device does; it may never cut the words around them.
    static let dataNames: [String] =
        setup(.ios).catalog.map(\.title) + catalog.providers.map(\.name) + hints.map(\.username)
        + ["Cascade Communications", "Alder Creek Cable", "Riverbend Cable & Internet", "Orbit TV", "Aurora Cable"]

    static func picker(_ platform: DevicePlatform) -> ProviderPicker {
        ProviderPicker(
            request: MetadataRequest(
                isInterruptionAllowed: true, featuredAccountProviderIdentifiers: ["p.aurora", "p.beacon"],
                localizedVideoTitle: "Deep Space"),
            catalog: catalog, app: setup(platform).identity)
    }

    static let hints = [
        CredentialHint(username: "demo", password: "demo", note: "full package"),
        CredentialHint(username: "basic", password: "basic", note: "no sports package"),
    ]

    static var signedInApp: AppModel {
        var app = AppModel()
        app.authentication = .authenticated(mvpd: "AuroraCable", type: .appleSSO, notAfter: now + 86_400_000)
        app.unlocked = ["orbit-live": true, "deep-space": true, "orbit-sports": false]
        app.playing = AppModel.Playback(resource: "deep-space", tokenNotAfter: now + 420_000)
        return app
    }

    static var timeline: [TimelineEntry] {
        let step = RestV2Steps.partnerRequest
        return [
            TimelineEntry(
                id: 1, time: now, kind: .user, title: "Taps Sign in", detail: nil, durationMilliseconds: nil,
                exchange: nil, status: nil, step: nil),
            TimelineEntry(
                id: 2, time: now + 5, kind: .step, title: step.label, detail: step.explanation,
                durationMilliseconds: nil, exchange: nil, status: nil, step: step),
            TimelineEntry(
                id: 3, time: now + 9, kind: .status, title: "N000", detail: nil, durationMilliseconds: nil,
                exchange: nil, status: .notAuthenticated, step: nil),
        ]
    }

    /// A model showing `request` on `platform` at `size`.
    static func model(_ request: UserRequest, _ platform: DevicePlatform, _ size: Size, screen: DeviceScreen? = nil)
        -> UIModel
    {
        var model = UIModel(size: size, platform: platform, integration: .restV2, appName: "Orbit TV")
        model.now = now
        model.startTime = now
        model.demoAccounts = hints
        model.providerNames = ["AuroraCable": "Aurora Cable", "Cascade": "Cascade Communications"]
        model.lastHome = HomeView(app: AppModel(), setup: setup(platform))
        _ = model.handle(.request(PendingRequest(id: 1, request: request, autoplay: false)))
        if let screen { model.screen = screen }
        for entry in timeline { _ = model.handle(.timeline(entry)) }
        return model
    }

    /// Every screen worth a snapshot, by name.
    static func screens(_ platform: DevicePlatform, strings: Strings = .english) -> [(
        String, UserRequest, DeviceScreen?
    )] {
        let setup = setup(platform)
        let code = RegistrationCode(
            code: "WVFD9NR", activationPath: "/activate", notAfter: now + 1_781_000, mvpd: "Cascade", polls: 3,
            status: .waiting)
        let mvpds = [
            MvpdConfiguration(id: "Cascade", displayName: "Cascade Communications", logoUrl: ""),
            MvpdConfiguration(id: "AlderCreek", displayName: "Alder Creek Cable", logoUrl: ""),
            MvpdConfiguration(id: "Riverbend", displayName: "Riverbend Cable & Internet", logoUrl: ""),
        ]
        return [
            ("home", .home(HomeView(app: AppModel(), setup: setup)), nil),
            ("home-signed-in", .home(HomeView(app: signedInApp, setup: setup)), .home(selection: 2)),
            ("permission", .permission(PermissionPrompt(app: setup.identity)), nil),
            ("picker", .applePicker(picker(platform)), nil),
            ("picker-search", .applePicker(picker(platform)), .picker(query: "cable", selection: 1)),
            (
                "provider-sign-in",
                .providerSignIn(
                    SignInPrompt(
                        providerId: "p.aurora", providerName: "Aurora Cable",
                        identityProvider: "AuroraCable", error: strings("page.wrongPassword")), hints: hints),
                .form(username: "demo", password: "nope", focus: 1)
            ),
            (
                "web-login",
                .webLogin(
                    WebLoginView(
                        title: "Sign in to Cascade Communications",
                        url: "http://127.0.0.1:8080/idp/Cascade/login?RelayState=x", error: nil, hints: hints)), nil
            ),
            ("mvpd-picker", .mvpdPicker(mvpds, preselected: nil), nil),
            ("registration-code", .registrationCode(code, activationURL: "http://127.0.0.1:8080/activate"), nil),
            (
                "notice",
                .notice(
                    Notice(
                        key: "notice.signOut", values: ["app": "Orbit TV"],
                        keyedValues: ["settings": "settings.title.\(platform.rawValue)"]),
                    behind: HomeView(app: AppModel(), setup: setup)), nil
            ),
            ("settings", .home(HomeView(app: signedInApp, setup: setup)), .settings(selection: 0)),
        ]
    }
}
