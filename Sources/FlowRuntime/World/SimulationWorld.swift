import FlowCore
import Foundation
import Localization
import MockBackendAPI
import PassAPI
import PassClient
import Simulation
import VSASimulator

/// Everything a run needs besides the app: the back end (embedded on loopback, or a running
/// `tvsim serve`), its description, the clock. `WorldLauncher` makes them.
public struct SimulationWorld: Sendable {
    public let backend: any BackendControl
    public let info: ServerInfo
    public let clock: any SimulationClock

    public init(backend: any BackendControl, info: ServerInfo, clock: any SimulationClock) {
        self.backend = backend
        self.info = info
        self.clock = clock
    }

    public var baseURL: String { backend.baseURL }

    /// The back end's state, or nil when it cannot be read.
    public func stateSnapshot() async -> StateSnapshot? {
        try? await backend.state()
    }

    public func stop() async {
        await backend.stop()
    }

    /// Apple's storefront catalog as the simulated device sees it: the MVPDs that have an id in
    /// Apple's catalog. Only providers onboarded as SUPPORTED can be signed in to by the system.
    public var catalog: ProviderCatalog {
        ProviderCatalog(
            providers: info.mvpds.compactMap { mvpd in
                guard let id = mvpd.platformMappingId else { return nil }
                return ProviderCatalog.Provider(
                    id: id, name: mvpd.displayName, identityProvider: mvpd.id,
                    supportsSignIn: mvpd.boardingStatus == .supported && mvpd.enablePlatformServices,
                    featured: Self.storefrontFeatured.contains(id))
            })
    }

    static let storefrontFeatured: Set<String> = ["tvsim.aurora", "tvsim.cascade", "tvsim.meridian", "tvsim.summit"]

    /// The Orbit TV app as it ships, for a platform, an integration and a requestor.
    public func appSetup(platform: DevicePlatform, integration: Integration, requestor requestorId: String = "ORBIT")
        throws -> AppSetup
    {
        guard let requestor = info.requestors.first(where: { $0.id == requestorId }) else {
            throw WorldError.unknownRequestor(requestorId, known: info.requestors.map(\.id))
        }
        var setup = AppSetup(
            identity: AppIdentity(
                bundleId: "tv.orbit.\(requestor.id.lowercased())", displayName: requestor.name,
                usageDescription: Strings.english("app.usageDescription", ["app": requestor.name])),
            platform: platform, integration: integration, requestor: requestor.id,
            domainName: requestor.domains.first ?? "tvsim.example", redirectUrl: "adbe.orbit://auth/done",
            catalog: requestor.resources.map {
                CatalogItem(id: $0.id, title: $0.title, rating: $0.rating, free: $0.free)
            },
            featuredProviders: [
                "tvsim.aurora", "tvsim.cascade", "tvsim.meridian", "tvsim.northwind", "tvsim.atv-uwave",
            ])
        setup.sdkTVAppleSSO = requestor.sdkTVAppleSSO
        return setup
    }

    /// The services a flow engine uses, with every exchange going to `timeline`.
    /// What the engine needs to run `setup` on `device`; `language` is the device's, which its
    /// web views and the provider's sign-in send as `Accept-Language`.
    public func services(
        for setup: AppSetup, device: SimulatedDevice, timeline: Timeline, language: Language = .english
    ) throws -> FlowEngine.Services {
        guard let requestor = info.requestors.first(where: { $0.id == setup.requestor }) else {
            throw WorldError.unknownRequestor(setup.requestor, known: info.requestors.map(\.id))
        }
        let observer: ExchangeObserver = { timeline.record($0) }
        let deviceInfo: DeviceInfo =
            setup.platform == .ios ? .iPhone(applicationId: setup.requestor) : .appleTV(applicationId: setup.requestor)
        let client = PassClient(
            configuration: .init(
                baseURL: baseURL, serviceProvider: setup.requestor, softwareStatement: requestor.softwareStatement,
                deviceIdentifier: DeviceIdentifier(identifier: device.deviceIdentifier), deviceInfo: deviceInfo,
                redirectUri: setup.redirectUrl,
                visitorIdentifier: setup.integration == .sdk ? Self.experienceCloudID(of: device) : nil),
            clock: clock, credentials: device.apps[setup.identity.bundleId]?.clientCredentials, observer: observer)
        return FlowEngine.Services(
            client: client,
            identityProvider: IdentityProviderClient(
                baseURL: baseURL, clock: clock, observer: observer, acceptLanguage: language.acceptLanguage),
            baseURL: baseURL, info: info, catalog: catalog,
            customIdentityProvider: CustomIdentityProviderClient(
                baseURL: baseURL, requestor: setup.requestor, clock: clock, observer: observer),
            acceptLanguage: language.acceptLanguage, mediaTokenVerifier: backend)
    }
}

extension SimulationWorld {
    /// The SDK app's Experience Cloud ID (seed 001: set `visitorID` and the SDK sends it with
    /// every call): 38 digits, as ECIDs are, drawn from the device's identifier so that a device
    /// keeps one and every run gives the same.
    static func experienceCloudID(of device: SimulatedDevice) -> String {
        // FNV-1a of the identifier seeds a linear congruential generator; each step gives a digit.
        var state: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in device.deviceIdentifier.utf8 { state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        var digits = ""
        for _ in 0..<38 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            digits.append(Character(String((state >> 33) % 10)))
        }
        return digits
    }
}

public enum WorldError: Error, CustomStringConvertible {
    case notAMockServer(String)
    case unknownRequestor(String, known: [String])
    case notPrepared(String, String)

    public var description: String {
        switch self {
        case .notAMockServer(let url): "\(url) does not answer like a tvsim mock back end (GET /__tvsim/info failed)"
        case .unknownRequestor(let id, let known):
            "unknown requestor '\(id)' (the back end has \(known.joined(separator: ", ")))"
        case .notPrepared(let url, let reason):
            "the back end at \(url) could not be made ready for the scenario: \(reason)"
        }
    }
}
