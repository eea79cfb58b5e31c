import PassAPI
import Testing
import VSASimulator

@testable import FlowCore

/// A small world for reducer tests: three MVPDs covering Apple SSO, Apple picker only, and plain.
enum Fixture {
    static let aurora = MvpdConfiguration(
        id: "Aurora", displayName: "Aurora Cable", logoUrl: "", boardingStatus: .supported,
        platformMappingId: "p.aurora",
        enablePlatformServices: true, displayInPlatformPicker: true)
    static let bluebonnet = MvpdConfiguration(
        id: "Bluebonnet", displayName: "Bluebonnet", logoUrl: "", boardingStatus: .picker,
        platformMappingId: "p.bluebonnet",
        enablePlatformServices: false, displayInPlatformPicker: true)
    static let cascade = MvpdConfiguration(id: "Cascade", displayName: "Cascade", logoUrl: "")

    static let configuration = ConfigurationResponse(
        device: "iPhone", clientType: "ios", os: "iOS", platform: "ios", platformCategory: "mobile", sdkType: "rest",
        requestor: RequestorConfiguration(id: "APP", name: "App", domains: [], mvpds: [aurora, bluebonnet, cascade]))

    static func setup(_ platform: DevicePlatform = .ios, _ integration: Integration = .restV2) -> AppSetup {
        AppSetup(
            identity: AppIdentity(bundleId: "app", displayName: "App", usageDescription: "Why"), platform: platform,
            integration: integration, requestor: "APP", domainName: "app.example", redirectUrl: "app://done",
            catalog: [CatalogItem(id: "show", title: "Show"), CatalogItem(id: "free", title: "Free", free: true)],
            featuredProviders: ["p.aurora"])
    }

    static func profile(_ type: ProfileType, notAfter: Int64 = 2_000_000_000_000) -> Profile {
        Profile(
            notBefore: 0, notAfter: notAfter, issuer: type == .appleSSO ? "Apple" : "Aurora", type: type,
            attributes: [:])
    }

    static func session(
        _ action: SessionActionName, _ type: SessionActionType = .direct, reason: SessionReasonType = .none,
        code: String? = nil,
        mvpd: String? = nil, request: PartnerAuthenticationRequest? = nil
    ) -> SessionResponse {
        SessionResponse(
            actionName: action, actionType: type, reasonType: reason,
            url: code.map { "/api/v2/authenticate/APP/\($0)" },
            code: code, sessionId: "s", mvpd: mvpd, serviceProvider: "APP", notBefore: "0", notAfter: "1800000",
            authenticationRequest: request)
    }
}

/// Feeds events to the reducer and keeps every effect for inspection.
struct Driver {
    var state: AppFlow.State
    var effects: [Effect] = []

    init(_ setup: AppSetup = Fixture.setup()) {
        state = AppFlow.State(setup: setup)
    }

    @discardableResult
    mutating func send(_ event: Event) -> [Effect] {
        let (next, new) = AppFlow.reduce(state, event)
        state = next
        effects += new
        return new
    }

    /// Status codes among `effects`.
    static func codes(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case .record(.status(let code, _)) = $0 { code.id } else { nil } }
    }

    static func calls(_ effects: [Effect]) -> [APICall] {
        effects.compactMap { if case .call(let call) = $0 { call } else { nil } }
    }

    static func vsa(_ effects: [Effect]) -> [VSACall] {
        effects.compactMap { if case .vsa(let call) = $0 { call } else { nil } }
    }

    static func callbacks(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case .record(.callback(let name, _)) = $0 { name } else { nil } }
    }

    static func screens(_ effects: [Effect]) -> [AppScreen] {
        effects.compactMap { if case .show(let screen) = $0 { screen } else { nil } }
    }

    /// Launch through registration and the permission check, with the given answer.
    mutating func launch(access: VSASimulator.AccessStatus) -> [Effect] {
        send(.user(.launch))
        send(.api(.registered))
        send(.api(.tokenIssued))
        return send(.access(access, nil))
    }

    /// From idle and signed out: tap Sign in, load the configuration, reach Apple's picker.
    mutating func openApplePicker() -> [Effect] {
        send(.user(.signIn))
        return send(.api(.configuration(Fixture.configuration)))
    }
}
