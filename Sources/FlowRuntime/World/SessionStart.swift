import FlowCore
import Localization
import Simulation
import VSASimulator

/// What one run of the app is: a scenario, or free play of a platform, an integration and a
/// requestor; the name the app goes by; the device's language. The terminal UI and `tvsim run`
/// describe their runs with it, so that the same description starts the same app both ways.
public struct SessionPlan: Sendable {
    public var scenario: Scenario?
    /// Free play (no scenario): the app to play.
    public var platform: DevicePlatform
    public var integration: Integration
    public var requestor: String
    /// The name the app shows in the system's prompts (a theme's brand); nil keeps the
    /// requestor's.
    public var appName: String?
    public var language: Language

    public init(
        scenario: Scenario?, platform: DevicePlatform = .ios, integration: Integration = .restV2,
        requestor: String = "ORBIT", appName: String? = nil, language: Language = .english
    ) {
        self.scenario = scenario
        self.platform = scenario?.platform ?? platform
        self.integration = scenario?.integration ?? integration
        self.requestor = scenario?.requestor ?? requestor
        self.appName = appName
        self.language = language
    }
}

/// A run, ready to go: its world, the app as set up, the device's store, and the engine that
/// plays it.
public struct PreparedSession<Store: DeviceStore>: Sendable {
    public let world: SimulationWorld
    public let setup: AppSetup
    public let store: Store
    public let engine: FlowEngine
}

extension WorldLauncher {
    /// The one way a run starts: the world (with the scenario's back-end changes), the app as
    /// the plan sets it up, the device `device` keeps, the services and the engine with the user
    /// `agent` makes for the world. The world is stopped if anything after it fails.
    public func prepare<Store: DeviceStore>(
        _ plan: SessionPlan, clock: any SimulationClock, seed: UInt64 = 1, timeline: Timeline,
        device: (SimulationWorld, AppSetup) async throws -> Store,
        agent: (SimulationWorld) -> any UserAgent
    ) async throws -> PreparedSession<Store> {
        let world = try await launch(for: plan.scenario, clock: clock, seed: seed)
        do {
            var setup =
                try plan.scenario.map { try world.appSetup(for: $0) }
                ?? world.appSetup(platform: plan.platform, integration: plan.integration, requestor: plan.requestor)
            if let name = plan.appName { setup.identity.rebrand(as: name) }
            let store = try await device(world, setup)
            let services = try world.services(
                for: setup, device: store.load(), timeline: timeline, language: plan.language)
            let engine = FlowEngine(
                setup: setup, services: services, clock: clock, agent: agent(world), store: store,
                timeline: timeline, backend: world.backend)
            return PreparedSession(world: world, setup: setup, store: store, engine: engine)
        } catch {
            await world.stop()
            throw error
        }
    }
}

extension AppIdentity {
    /// The app under another name (a theme's brand): the name the system prompts show and the
    /// usage description that quotes it.
    public mutating func rebrand(as name: String) {
        guard !name.isEmpty, name != displayName else { return }
        usageDescription = usageDescription?.replacingOccurrences(of: displayName, with: name)
        displayName = name
    }
}
