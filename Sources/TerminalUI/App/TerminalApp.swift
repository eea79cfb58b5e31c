import FlowCore
import FlowRuntime
import Foundation
import PassMockServer
import Simulation
import Synchronization
import VSASimulator

/// The terminal UI's controller: owns the terminal on one thread, runs the Elm loop (keys and
/// runtime messages → model → frame), and starts worlds (a scenario, or the free device).
public final class TerminalApp: @unchecked Sendable {
    public struct Options: Sendable {
        public var platform: DevicePlatform
        public var integration: Integration
        public var requestor: String
        public var serverURL: String?
        public var dashboard: Dashboard
        public var scenario: String?
        public var autoplay: Bool
        public var pace: Double
        public var deviceStatePath: String?
        /// The admin token of the `--server` back end, when it asks for one.
        public var adminToken: String?

        public init(
            platform: DevicePlatform, integration: Integration, requestor: String = "ORBIT", serverURL: String? = nil,
            dashboard: Dashboard = .builtIn, scenario: String? = nil, autoplay: Bool = false, pace: Double = 1.5,
            deviceStatePath: String? = nil, adminToken: String? = nil
        ) {
            self.platform = platform
            self.integration = integration
            self.requestor = requestor
            self.serverURL = serverURL
            self.dashboard = dashboard
            self.scenario = scenario
            self.autoplay = autoplay
            self.pace = pace
            self.deviceStatePath = deviceStatePath
            self.adminToken = adminToken
        }
    }

    let options: Options
    let backend: any TerminalBackend
    let renderer: Renderer
    /// Each world gets its own inbox, so that nothing a stopped world still says reaches the new one.
    var inbox = Inbox()
    var model: UIModel
    var session: Session?
    /// How the current world was started, for `r`: the scenario name or file, and autoplay.
    var started: (scenario: String?, autoplay: Bool) = (nil, false)
    /// The back end's state for the State tab.
    let backendState = BackendStateFeed()
    /// Set from a signal handler thread; read by the loop.
    let stopSignal = Atomic<Int32>(0)
    var themeWarning: String?
    /// Comparisons run in the background and answer here; unlike a world's inbox, this one lasts
    /// as long as the app.
    let comparisons = Inbox()
    var comparisonTask: Task<Void, Never>?

    /// One running world: back end, engine, agents.
    struct Session {
        let world: SimulationWorld
        let interactive: InteractiveAgent
        let autoplay: AutoplayAgent?
        let store: ObservedDeviceStore
        let task: Task<Void, Never>
        let scenario: Scenario?
    }

    public init(options: Options, backend: any TerminalBackend, theme: Theme, themeWarning: String? = nil) {
        self.options = options
        self.backend = backend
        renderer = Renderer(theme: theme)
        self.themeWarning = themeWarning
        model = UIModel(
            size: backend.size, platform: options.platform, integration: options.integration, appName: theme.brandName)
        model.scenario.pace = options.pace
        model.listScenarios(ScenarioCatalog.parsed())
        if let themeWarning {
            model.warnings.append(themeWarning)
            model.flash = themeWarning
        }
    }

    // MARK: - Loop

    /// Runs until the user quits or a signal arrives; returns the exit status.
    public func run() -> Int32 {
        startSession(scenarioName: options.scenario, autoplay: options.autoplay)
        var dirty = true
        var lastTick = ContinuousClock.now
        while true {
            let signal = stopSignal.load(ordering: .relaxed)
            if signal != 0 { return shutDown(status: 128 + signal) }
            let key = backend.readKey(timeoutMilliseconds: 40)
            var commands: [UICommand] = []
            for message in inbox.drain() + comparisons.drain() {
                commands += model.handle(message)
                dirty = true
            }
            if let key {
                if key == .resize { model.size = backend.size }
                if key == .controlL { model.size = backend.size }
                commands += model.handle(.key(key))
                dirty = true
            }
            if ContinuousClock.now - lastTick > .milliseconds(250) {
                tick()
                lastTick = ContinuousClock.now
                dirty = true
            }
            for command in commands {
                if case .quit = command { return shutDown(status: 0) }
                perform(command)
            }
            if dirty {
                backend.present(renderer.render(model))
                dirty = false
            }
        }
    }

    func shutDown(status: Int32) -> Int32 {
        comparisonTask?.cancel()
        stopSession()
        backend.stop()
        return status
    }

    /// Countdown and state refresh: simulated time, the device, the back end's profiles.
    func tick() {
        guard let session else { return }
        var world = WorldSnapshot(device: session.store.current, baseURL: session.world.baseURL)
        backendState.refresh(from: session.world)
        if let snapshot = backendState.latest {
            world.serverProfiles = snapshot.profiles
            world.serverSessions = snapshot.sessions.count
        }
        _ = model.handle(.tick(now: session.world.clock.nowMilliseconds(), world: world))
    }

    func perform(_ command: UICommand) {
        switch command {
        case .answer(let id, let response): session?.interactive.answer(id, response)
        case .quit: break
        case .startScenario(let name, let autoplay): startSession(scenarioName: name, autoplay: autoplay)
        case .restart: startSession(scenarioName: started.scenario, autoplay: started.autoplay, freshDevice: true)
        case .setPace(let pace):
            model.scenario.pace = pace
            session?.autoplay?.setPace(pace)
        case .takeOver:
            session?.autoplay?.takeOver()
        case .compare(let request):
            startComparison(request)
        }
    }

    /// Runs the scenario with both integrations off the UI thread; the view shows "Comparing…"
    /// until the answer comes. A newer request makes an older answer irrelevant.
    func startComparison(_ request: ComparisonRequest) {
        comparisonTask?.cancel()
        let inbox = comparisons
        comparisonTask = Task.detached {
            let scenario: Scenario
            do {
                scenario = try ScenarioCatalog.resolve(request.scenario)
            } catch {
                inbox.post(.compared(request, .failed("\(error)")))
                return
            }
            let comparison = await ComparisonRunner().run(scenario, left: request.left, right: request.right)
            if Task.isCancelled { return }
            inbox.post(.compared(request, .ready(comparison)))
        }
    }

    // MARK: - Worlds

    func stopSession() {
        guard let session else { return }
        session.task.cancel()
        session.interactive.releaseAll()
        let world = session.world
        Task.detached { await world.stop() }
        self.session = nil
    }

    /// Resets the whole world: back end, faults, clock, device, app; then runs the engine. A
    /// scenario that cannot be loaded leaves the running world alone. `freshDevice` (restart)
    /// also replaces the free device kept in its file.
    func startSession(scenarioName: String?, autoplay: Bool, freshDevice: Bool = false) {
        var scenario: Scenario?
        if let scenarioName {
            do {
                scenario = try ScenarioCatalog.resolve(scenarioName)
            } catch {
                _ = model.handle(.flash("\(error)"))
                return
            }
        }
        stopSession()
        if freshDevice, scenario == nil { resetFreeDevice() }
        started = (scenarioName, autoplay)
        inbox = Inbox()
        backendState.clear()
        launch(scenario, autoplay: autoplay)
    }

    func resetFreeDevice() {
        let path = options.deviceStatePath ?? FileDeviceStore.defaultPath(platform: options.platform)
        let fresh = SimulatedDevice(platform: options.platform, deviceIdentifier: UUID().uuidString.lowercased())
        let store = FileDeviceStore(path: path) { fresh }
        do {
            try store.save(fresh)
            _ = model.handle(.flash("A fresh \(options.platform.displayName): signed out, no permissions."))
        } catch {
            _ = model.handle(.flash("The device file could not be reset: \(error)"))
        }
    }

    private func launch(_ scenario: Scenario?, autoplay: Bool) {
        let platform = scenario?.platform ?? options.platform
        let integration = scenario?.integration ?? options.integration
        let interactive = InteractiveAgent(inbox: inbox)
        let script = scenario.map { ScriptedUser(steps: $0.steps, personas: []) }
        let autoplayAgent =
            autoplay
            ? script.map { AutoplayAgent(script: $0, interactive: interactive, pace: model.scenario.pace) } : nil
        let clock = SystemClock()
        let prepared = PreparedWorld()
        let inbox = self.inbox
        let options = self.options
        let status = ScenarioStatus(name: scenario?.name, autoplay: autoplayAgent != nil, pace: model.scenario.pace)
        let brand = renderer.theme.brandName
        _ = model.handle(
            .started(
                status, platform: platform, integration: integration, appName: brand,
                startTime: clock.nowMilliseconds()))
        let semaphore = DispatchSemaphore(value: 0)
        let task = Task.detached {
            do {
                let world = try await Self.makeWorld(options: options, scenario: scenario, clock: clock)
                let runner = ScenarioRunner()
                var setup =
                    try scenario.map { try runner.appSetup(for: $0, in: world) }
                    ?? world.appSetup(platform: platform, integration: integration, requestor: options.requestor)
                setup.asksPermission = scenario?.app.asksPermission ?? setup.asksPermission
                setup.identity.rebrand(as: brand)
                let device = try await Self.makeDevice(
                    options: options, scenario: scenario, world: world, setup: setup, runner: runner)
                prepared.set(world, device)
                semaphore.signal()
                inbox.post(
                    .demoAccounts(
                        world.info.personas.map {
                            CredentialHint(username: $0.username, password: $0.password, note: $0.note)
                        }))
                for warning in device.warnings { inbox.post(.flash(warning)) }
                let timeline = Timeline(now: { clock.nowMilliseconds() })
                timeline.observe { inbox.post(.timeline($0)) }
                let agent: any UserAgent =
                    autoplayAgent ?? LaunchingAgent(inner: interactive, launchFirst: scenario == nil)
                let services = try world.services(for: setup, device: device.load(), timeline: timeline)
                let engine = FlowEngine(
                    setup: setup, services: services, clock: clock,
                    agent: agent, store: device, timeline: timeline, backstage: world.backstage)
                let ending = await engine.run()
                inbox.post(.ended(ending))
            } catch {
                semaphore.signal()
                inbox.post(.flash("The world could not start: \(error)"))
                inbox.post(.ended(.finished))
            }
        }
        // Wait briefly for the back end so the first frames show a live world.
        _ = semaphore.wait(timeout: .now() + 5)
        guard let (world, store) = prepared.value else {
            session = nil
            return
        }
        session = Session(
            world: world, interactive: interactive, autoplay: autoplayAgent, store: store, task: task,
            scenario: scenario)
    }

    static func makeWorld(options: Options, scenario: Scenario?, clock: SystemClock) async throws -> SimulationWorld {
        if let url = options.serverURL {
            let world = try await SimulationWorld.remote(baseURL: url, clock: clock, adminToken: options.adminToken)
            guard let scenario else { return world }
            return try await world.prepared(for: scenario)
        }
        let dashboard = try scenario.map { try $0.backend.applied(to: options.dashboard) } ?? options.dashboard
        let world = try await SimulationWorld.embedded(dashboard: dashboard, clock: clock)
        for fault in scenario?.faults ?? [] { world.embedded?.backend.addFault(fault) }
        return world
    }

    /// A scenario starts from its given device; the free device lives in its file.
    static func makeDevice(
        options: Options, scenario: Scenario?, world: SimulationWorld, setup: AppSetup, runner: ScenarioRunner
    )
        async throws -> ObservedDeviceStore
    {
        if let scenario {
            return ObservedDeviceStore(
                MemoryDeviceStore(try await runner.givenDevice(scenario, world: world, setup: setup)))
        }
        let platform = setup.platform
        let path = options.deviceStatePath ?? FileDeviceStore.defaultPath(platform: platform)
        return ObservedDeviceStore(
            FileDeviceStore(path: path) {
                SimulatedDevice(platform: platform, deviceIdentifier: UUID().uuidString.lowercased())
            })
    }
}

/// Opens the app by itself the first time the home screen asks (the free device starts launched).
final class LaunchingAgent: UserAgent {
    private let inner: InteractiveAgent
    private let pending: Mutex<Bool>

    init(inner: InteractiveAgent, launchFirst: Bool) {
        self.inner = inner
        pending = Mutex(launchFirst)
    }

    func respond(to request: UserRequest) async -> UserResponse {
        if case .home = request,
            pending.withLock({ state in
                defer { state = false }; return state
            })
        {
            return .act(.launch)
        }
        return await inner.respond(to: request)
    }
}

/// The back end's state as the UI last saw it. An embedded back end is read directly; a remote
/// one through its admin API, one call at a time off the UI thread (the next tick shows it).
final class BackendStateFeed: Sendable {
    private let snapshot = Mutex<StateSnapshot?>(nil)
    private let fetching = Atomic<Bool>(false)

    var latest: StateSnapshot? { snapshot.withLock { $0 } }

    func clear() { snapshot.withLock { $0 = nil } }

    func refresh(from world: SimulationWorld) {
        if let backend = world.embedded?.backend {
            let state = backend.stateSnapshot()
            snapshot.withLock { $0 = state }
            return
        }
        guard fetching.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return }
        Task.detached {
            let state = await world.stateSnapshot()
            self.snapshot.withLock { $0 = state }
            self.fetching.store(false, ordering: .releasing)
        }
    }
}

/// Hands the world built on a background task to the UI thread.
final class PreparedWorld: Sendable {
    private let state = Mutex<(SimulationWorld, ObservedDeviceStore)?>(nil)

    func set(_ world: SimulationWorld, _ store: ObservedDeviceStore) { state.withLock { $0 = (world, store) } }

    var value: (SimulationWorld, ObservedDeviceStore)? { state.withLock { $0 } }
}

extension AppIdentity {
    /// The theme names the streaming app: the name the system prompts show and the usage
    /// description that quotes it.
    mutating func rebrand(as name: String) {
        guard !name.isEmpty, name != displayName else { return }
        usageDescription = usageDescription?.replacingOccurrences(of: displayName, with: name)
        displayName = name
    }
}
