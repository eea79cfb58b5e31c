import FlowCore
import Foundation
import PassAPI
import PassClient
import PassMockServer
import Simulation
import VSASimulator

/// Everything a run needs besides the app: the back end (embedded on loopback, or a running
/// `tvsim serve`), its description, the clock.
public struct SimulationWorld: Sendable {
    public let baseURL: String
    public let info: ServerInfo
    public let clock: any SimulationClock
    /// Set when the back end runs in this process.
    public let embedded: RunningMockServer?
    /// Set when the back end is a running `tvsim serve`.
    public let admin: AdminClient?

    init(
        baseURL: String, info: ServerInfo, clock: any SimulationClock, embedded: RunningMockServer? = nil,
        admin: AdminClient? = nil
    ) {
        self.baseURL = baseURL
        self.info = info
        self.clock = clock
        self.embedded = embedded
        self.admin = admin
    }

    /// Starts an embedded mock back end on a free loopback port.
    public static func embedded(
        dashboard: Dashboard = .builtIn, clock: any SimulationClock, seed: UInt64 = 1, adminToken: String? = nil
    ) async throws -> SimulationWorld {
        let backend = MockBackend(dashboard: dashboard, clock: clock, seed: seed, adminToken: adminToken)
        let server = try await MockServer.start(backend: backend)
        return SimulationWorld(baseURL: server.baseURL, info: backend.info(), clock: clock, embedded: server)
    }

    /// Uses a mock back end that is already running (`--server URL`); its admin API (with the
    /// token, when the server asks for one) resets it and changes it as scenarios say.
    public static func remote(baseURL: String, clock: any SimulationClock, adminToken: String? = nil) async throws
        -> SimulationWorld
    {
        let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        let admin = AdminClient(baseURL: base, token: adminToken, clock: clock)
        let info: ServerInfo
        do { info = try await admin.info() } catch {
            // A token problem is the user's to fix; anything else means this is not our server.
            if case .refused(401, _) = error { throw error }
            throw WorldError.notAMockServer(base)
        }
        return SimulationWorld(baseURL: base, info: info, clock: clock, admin: admin)
    }

    /// A running back end made ready for a scenario through its admin API: reset, the
    /// scenario's dashboard changes and faults; then its description is read again.
    public func prepared(for scenario: Scenario) async throws -> SimulationWorld {
        guard let admin else { return self }
        try await admin.prepare(backend: scenario.backend, faults: scenario.faults)
        return try await Self.remote(baseURL: baseURL, clock: clock, adminToken: admin.token)
    }

    /// The back end's state: read directly when embedded, over the admin API otherwise.
    public func stateSnapshot() async -> StateSnapshot? {
        if let embedded { return embedded.backend.stateSnapshot() }
        return try? await admin?.state()
    }

    public func stop() async {
        await embedded?.stop()
    }

    public var backstage: any Backstage {
        if let embedded { return EmbeddedBackstage(backend: embedded.backend) }
        if let admin { return RemoteBackstage(admin: admin) }
        return NoBackstage()
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
                usageDescription:
                    "\(requestor.name) uses your TV provider sign-in to unlock the channels and shows of your subscription."
            ),
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
    public func services(for setup: AppSetup, device: SimulatedDevice, timeline: Timeline) throws -> FlowEngine.Services
    {
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
                redirectUri: setup.redirectUrl),
            clock: clock, credentials: device.apps[setup.identity.bundleId]?.clientCredentials, observer: observer)
        return FlowEngine.Services(
            client: client,
            identityProvider: IdentityProviderClient(baseURL: baseURL, clock: clock, observer: observer),
            baseURL: baseURL, info: info, catalog: catalog,
            customIdentityProvider: CustomIdentityProviderClient(
                baseURL: baseURL, requestor: setup.requestor, clock: clock, observer: observer))
    }
}

public enum WorldError: Error, CustomStringConvertible {
    case notAMockServer(String)
    case unknownRequestor(String, known: [String])

    public var description: String {
        switch self {
        case .notAMockServer(let url): "\(url) does not answer like a tvsim mock back end (GET /__tvsim/info failed)"
        case .unknownRequestor(let id, let known):
            "unknown requestor '\(id)' (the back end has \(known.joined(separator: ", ")))"
        }
    }
}
