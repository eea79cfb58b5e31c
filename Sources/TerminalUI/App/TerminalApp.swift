import FlowCore
import FlowRuntime
import Foundation
import Labs
import Localization
import MockBackendAPI
import Simulation
import Synchronization
import VSASimulator

/// The terminal UI's controller: owns the terminal on one thread, runs the Elm loop (keys and
/// runtime messages → model → frame), and starts worlds (a scenario, or the free device). It
/// stays on that thread: what other threads reach is Sendable of its own (the inbox, the stop
/// signal, the back end's state feed).
public final class TerminalApp {
    public struct Options: Sendable {
        public var platform: DevicePlatform
        public var integration: Integration
        public var requestor: String
        /// Builds every world the UI runs: embedded back ends, or a running `tvsim serve`.
        public var launcher: WorldLauncher
        public var scenario: String?
        public var autoplay: Bool
        public var pace: Double
        public var deviceStatePath: String?
        /// End the session this long after the scenario's steps are done (a recording); nil
        /// hands the controls to the user instead.
        public var endAfterScenario: Duration?
        public var language: Language
        /// How many times faster than `pace` and `endAfterScenario` the session plays (a
        /// recording written at the pace while made faster); the UI still shows the pace.
        public var timeScale: Double = 1
        /// `tvsim watch`: no simulated device; the inspector follows the calls an outside app makes
        /// to the launcher's back end, annotated with their cookbook steps and findings.
        public var watching = false
        /// `tvsim lab NAME`: watching, with the lab's checklist graded from the calls.
        public var lab: Lab?

        public init(
            platform: DevicePlatform, integration: Integration, requestor: String = "ORBIT", launcher: WorldLauncher,
            scenario: String? = nil, autoplay: Bool = false, pace: Double = 1.5, deviceStatePath: String? = nil,
            endAfterScenario: Duration? = nil, language: Language = .english
        ) {
            self.language = language
            self.endAfterScenario = endAfterScenario
            self.platform = platform
            self.integration = integration
            self.requestor = requestor
            self.launcher = launcher
            self.scenario = scenario
            self.autoplay = autoplay
            self.pace = pace
            self.deviceStatePath = deviceStatePath
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
    let stopSignal = StopSignal()
    var themeWarning: String?
    /// Comparisons and the scenario catalog are read in the background and answer here; unlike a
    /// world's inbox, this one lasts as long as the app.
    let comparisons = Inbox()
    var comparisonTask: Task<Void, Never>?

    /// Commands the model returned that are not performed yet; the loop performs every one.
    var commands: [UICommand] = []
    /// The last change to the back end's faults, which the next one waits for.
    var faultChanges: Task<Void, Never>?
    /// When the scenario's steps were done, for a session that ends with them.
    var scenarioDoneAt: ContinuousClock.Instant?

    /// One world: started in the background, then running. The slot holds its back end and
    /// device once they are up, so that stopping never leaves a back end behind.
    struct Session {
        let slot: WorldSlot
        let interactive: InteractiveAgent
        let autoplay: AutoplayAgent?
        let task: Task<Void, Never>
    }

    public init(options: Options, backend: any TerminalBackend, theme: Theme, themeWarning: String? = nil) {
        self.options = options
        self.backend = backend
        renderer = Renderer(theme: theme)
        self.themeWarning = themeWarning
        model = UIModel(
            size: backend.size, platform: options.platform, integration: options.integration, appName: theme.brandName)
        model.scenario.pace = options.pace
        model.strings = Strings.of(options.language)
        model.lab = options.lab.map(LabProgress.init)
        if let themeWarning {
            model.warnings.append(themeWarning)
            model.flash = themeWarning
        }
    }

    // MARK: - Loop

    /// Runs until the user quits or a signal arrives; returns the exit status. The first frame
    /// is drawn at once: the world starts in the background and says when it is up.
    public func run() -> Int32 {
        // Reading the built-in scenarios (over a hundred and sixty) is not needed for the first frame.
        let appInbox = comparisons
        Task.detached { appInbox.post(.catalogRead(ScenarioCatalog.parsed())) }
        if options.watching {
            startWatch()
        } else {
            startSession(scenarioName: options.scenario, autoplay: options.autoplay)
        }
        var dirty = true
        var lastTick = ContinuousClock.now
        while true {
            let signal = stopSignal.number
            if signal != 0 { return shutDown(status: 128 + signal) }
            if dirty {
                backend.present(renderer.render(model))
                dirty = false
            }
            let key = backend.readKey(timeoutMilliseconds: 40)
            for message in inbox.drain() + comparisons.drain() {
                update(message)
                dirty = true
            }
            if let key {
                if key == .resize || key == .controlL { update(.resized(backend.size)) }
                update(.key(key))
                dirty = true
            }
            // A quarter of a second of the session's time: a recording ticks as often in its file.
            if ContinuousClock.now - lastTick > tickInterval {
                tick()
                lastTick = ContinuousClock.now
                dirty = true
            }
            while !commands.isEmpty {
                let command = commands.removeFirst()
                if case .quit = command { return shutDown(status: 0) }
                perform(command)
            }
            if let done = scenarioDoneAt, let hold = options.endAfterScenario,
                ContinuousClock.now - done >= hold / options.timeScale
            {
                return shutDown(status: 0)
            }
        }
    }

    /// How often countdowns and the back end's state are refreshed: four times a second, and in
    /// a recording (whose time runs faster) once a second of its own time, so that a countdown in
    /// the file goes down second by second.
    var tickInterval: Duration { options.timeScale > 1 ? .seconds(1) / options.timeScale : .milliseconds(250) }

    /// The one way the model changes: it handles the message, and what it asks for is queued.
    func update(_ message: UIMessage) {
        commands += model.handle(message)
        if case .scenarioHandedOver = message, scenarioDoneAt == nil { scenarioDoneAt = .now }
    }

    func shutDown(status: Int32) -> Int32 {
        comparisonTask?.cancel()
        stopSession()
        backend.stop()
        return status
    }

    /// Countdown and state refresh: simulated time, the device, the back end's profiles.
    func tick() {
        guard let (world, store) = session?.slot.value else { return }
        var snapshot = WorldSnapshot(device: store.current, baseURL: world.baseURL)
        backendState.refresh(from: world)
        if let state = backendState.latest {
            snapshot.serverProfiles = state.profiles
            snapshot.serverSessions = state.sessions.count
        }
        update(.tick(now: world.clock.nowMilliseconds(), world: snapshot))
    }

    func perform(_ command: UICommand) {
        switch command {
        case .answer(let id, let response): session?.interactive.answer(id, response)
        case .quit: break
        // The model refuses these keys while watching; a command that slips through is refused here too.
        case .startScenario where options.watching, .restart where options.watching:
            update(.flash(model.strings("watch.notHere")))
        case .startScenario(let name, let autoplay): startSession(scenarioName: name, autoplay: autoplay)
        case .restart: startSession(scenarioName: started.scenario, autoplay: started.autoplay, freshDevice: true)
        case .setPace(let pace):
            session?.autoplay?.setPace(pace / options.timeScale)
        case .takeOver:
            session?.autoplay?.takeOver()
        case .compare(let request):
            startComparison(request)
        case .exportReport(let timeline, let scenario):
            exportReport(timeline, scenario: scenario)
        case .listFaults: changeFaults { _ in }
        case .addFault(let rule): changeFaults { try await $0.addFault(rule) }
        case .removeFault(let id): changeFaults { try await $0.removeFault(id: id) }
        }
    }

    /// Changes the running world's faults off the UI thread, then reads them back as a message
    /// (a failure is said in the key bar). In order: each change waits for the one before.
    func changeFaults(_ change: @escaping @Sendable (any BackendControl) async throws -> Void) {
        guard let slot = session?.slot else { return }
        let inbox = self.inbox
        let previous = faultChanges
        faultChanges = Task.detached {
            await previous?.value
            guard let backend = slot.value?.world.backend else {
                inbox.post(.say("flash.backendStarting"))
                return
            }
            do {
                try await change(backend)
                inbox.post(.faults(try await backend.faults()))
            } catch {
                inbox.post(.say("flash.faultsNotChanged", ["error": "\(error)"]))
            }
        }
    }

    /// Writes the report off the UI thread, into the working directory; the answer comes back
    /// as a flash.
    func exportReport(_ timeline: [TimelineEntry], scenario: String?) {
        let inbox = comparisons
        let strings = model.strings
        Task.detached {
            do {
                let paths = try BugReport.write(
                    timeline, scenario: scenario, in: FileManager.default.currentDirectoryPath, strings: strings)
                // Named from the working directory, where they are: a whole path would not fit the bar.
                let name = "./" + (paths.har as NSString).lastPathComponent.dropLast(".har".count)
                inbox.post(.say("flash.bugReport", ["name": name]))
            } catch {
                inbox.post(.say("flash.bugReportFailed", ["error": error.localizedDescription]))
            }
        }
    }

    /// Runs the scenario with both integrations off the UI thread; the view shows "Comparing…"
    /// until the answer comes. A newer request makes an older answer irrelevant.
    func startComparison(_ request: ComparisonRequest) {
        comparisonTask?.cancel()
        let inbox = comparisons
        let launcher = options.launcher
        comparisonTask = Task.detached {
            let scenario: Scenario
            do {
                scenario = try ScenarioCatalog.resolve(request.scenario)
            } catch {
                inbox.post(.compared(request, .failed("\(error)")))
                return
            }
            let comparison = await ComparisonRunner(launcher: launcher).run(
                scenario, left: request.left, right: request.right)
            if Task.isCancelled { return }
            inbox.post(.compared(request, .ready(comparison)))
        }
    }

    // MARK: - Worlds

    func stopSession() {
        guard let session else { return }
        session.task.cancel()
        session.interactive.releaseAll()
        let (slot, task) = (session.slot, session.task)
        // A world still starting is stopped as soon as its start returns.
        Task.detached {
            if slot.value == nil { await task.value }
            await slot.value?.world.stop()
        }
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
                update(.flash("\(error)"))
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
            update(.say("flash.freshDevice", ["device": options.platform.displayName]))
        } catch {
            update(.say("flash.deviceNotReset", ["error": "\(error)"]))
        }
    }

    /// The providers' names by MVPD id and by the framework's provider id (what an own identity
    /// provider's session names), so that the app shows "Aurora Cable", not "tvsim.aurora". An
    /// MVPD id wins over a provider id spelt the same.
    static func providerNames(_ mvpds: [ServerInfo.Mvpd]) -> [String: String] {
        let names =
            mvpds.map { ($0.id, $0.displayName) }
            + mvpds.compactMap { mvpd in mvpd.platformMappingId.map { ($0, mvpd.displayName) } }
        return Dictionary(names, uniquingKeysWith: { first, _ in first })
    }

    /// Starts the world in the background and returns at once; the world says `worldReady` (or
    /// why it could not start) through the inbox.
    private func launch(_ scenario: Scenario?, autoplay: Bool) {
        let platform = scenario?.platform ?? options.platform
        let integration = scenario?.integration ?? options.integration
        let interactive = InteractiveAgent(inbox: inbox)
        let script = scenario.map { ScriptedUser(steps: $0.steps, personas: []) }
        // The autoplay waits the pace as played (a recording plays faster than it is shown).
        let playedPace = model.scenario.pace / options.timeScale
        let autoplayAgent =
            autoplay ? script.map { AutoplayAgent(script: $0, interactive: interactive, pace: playedPace) } : nil
        let clock = SystemClock(rate: options.timeScale)
        let slot = WorldSlot()
        let inbox = self.inbox
        let options = self.options
        let status = ScenarioStatus(name: scenario?.name, autoplay: autoplayAgent != nil, pace: model.scenario.pace)
        let brand = renderer.theme.brandName
        update(
            .started(
                status, platform: platform, integration: integration, appName: brand,
                startTime: clock.nowMilliseconds()))
        let plan = SessionPlan(
            scenario: scenario, platform: platform, integration: integration, requestor: options.requestor,
            appName: brand, language: options.language)
        let task = Task.detached {
            do {
                let timeline = Timeline(now: { clock.nowMilliseconds() })
                timeline.observe { inbox.post(.timeline($0)) }
                let launching = LaunchingAgent(inner: interactive, launchFirst: scenario == nil)
                let agent: any UserAgent =
                    autoplayAgent ?? script.map { GuidedAgent(script: $0, inner: launching, inbox: inbox) } ?? launching
                let session = try await options.launcher.prepare(
                    plan, clock: clock, seed: 1, timeline: timeline,
                    device: { world, setup in
                        try await TerminalApp.makeDevice(
                            options: options, scenario: scenario, world: world, setup: setup)
                    },
                    agent: { _ in agent })
                let (world, device) = (session.world, session.store)
                slot.set(world, device)
                if Task.isCancelled { return }
                inbox.post(.worldReady(baseURL: world.baseURL))
                inbox.post(
                    .demoAccounts(
                        world.info.personas.map {
                            CredentialHint(username: $0.username, password: $0.password, note: $0.note)
                        }))
                inbox.post(.providerNames(TerminalApp.providerNames(world.info.mvpds)))
                for warning in device.warnings { inbox.post(.flash(warning)) }
                let ending = await session.engine.run()
                inbox.post(.ended(ending))
            } catch {
                inbox.post(.worldFailed("\(error)"))
                inbox.post(.ended(.finished))
            }
        }
        session = Session(slot: slot, interactive: interactive, autoplay: autoplayAgent, task: task)
    }

    /// `tvsim watch`: the launcher's back end, as it is (nothing reset), followed by a `WatchFeed`.
    /// The slot holds the world for the faults panel and the State tab; no device is simulated.
    func startWatch() {
        let interactive = InteractiveAgent(inbox: inbox)
        let clock = SystemClock()
        let slot = WorldSlot()
        let inbox = self.inbox
        let launcher = options.launcher
        let platform = options.platform
        let lab = options.lab
        update(
            .started(
                ScenarioStatus(name: nil, autoplay: false, pace: model.scenario.pace), platform: options.platform,
                integration: options.integration, appName: renderer.theme.brandName, startTime: clock.nowMilliseconds())
        )
        let task = Task.detached {
            do {
                let world = try await launcher.launch(for: nil, clock: clock)
                slot.set(
                    world,
                    ObservedDeviceStore(
                        MemoryDeviceStore(SimulatedDevice(platform: platform, deviceIdentifier: "watch"))))
                inbox.post(.worldReady(baseURL: world.baseURL))
                await WatchFeed(backend: world.backend, baseURL: world.baseURL, inbox: inbox, lab: lab).run()
            } catch {
                inbox.post(.worldFailed("\(error)"))
            }
        }
        session = Session(slot: slot, interactive: interactive, autoplay: nil, task: task)
    }

    /// A scenario starts from its given device; the free device lives in its file.
    static func makeDevice(
        options: Options, scenario: Scenario?, world: SimulationWorld, setup: AppSetup
    )
        async throws -> ObservedDeviceStore
    {
        if let scenario {
            return ObservedDeviceStore(
                MemoryDeviceStore(try await world.givenDevice(for: scenario, setup: setup)))
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

/// A scenario played by hand: before each answer the key bar shows the step the scenario expects
/// next; an answer that matches it moves the scenario on.
final class GuidedAgent: UserAgent {
    private let script: ScriptedUser
    private let inner: any UserAgent
    private let inbox: Inbox

    init(script: ScriptedUser, inner: any UserAgent, inbox: Inbox) {
        self.script = script
        self.inner = inner
        self.inbox = inbox
    }

    func respond(to request: UserRequest) async -> UserResponse {
        let expected = script.expected(for: request)
        inbox.post(.expectedStep(expected == .idle || expected == .quit ? nil : expected))
        let response = await inner.respond(to: request)
        script.follow(request, answered: response)
        return response
    }
}

/// The back end's state as the UI last saw it, read one call at a time off the UI thread (the
/// next tick shows it).
final class BackendStateFeed: Sendable {
    private let snapshot = Mutex<StateSnapshot?>(nil)
    private let fetching = Atomic<Bool>(false)

    var latest: StateSnapshot? { snapshot.withLock { $0 } }

    func clear() { snapshot.withLock { $0 = nil } }

    func refresh(from world: SimulationWorld) {
        guard fetching.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return }
        Task.detached {
            let state = await world.stateSnapshot()
            self.snapshot.withLock { $0 = state }
            self.fetching.store(false, ordering: .releasing)
        }
    }
}

/// The world a background start built, once it is up: read by the loop's tick, and by whoever
/// stops the session.
final class WorldSlot: Sendable {
    private let state = Mutex<(world: SimulationWorld, store: ObservedDeviceStore)?>(nil)

    func set(_ world: SimulationWorld, _ store: ObservedDeviceStore) { state.withLock { $0 = (world, store) } }

    var value: (world: SimulationWorld, store: ObservedDeviceStore)? { state.withLock { $0 } }
}

/// The signal that asks the loop to stop (SIGINT, SIGTERM…), set from a signal handler's thread
/// and read by the loop's; 0 while none came.
final class StopSignal: Sendable {
    private let received = Atomic<Int32>(0)

    var number: Int32 { received.load(ordering: .relaxed) }

    func set(_ number: Int32) { received.store(number, ordering: .relaxed) }
}
