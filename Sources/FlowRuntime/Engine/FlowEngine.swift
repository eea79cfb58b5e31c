import FlowCore
import Foundation
import MockBackendAPI
import PassAPI
import PassClient
import Simulation
import VSASimulator

/// Runs one app on one simulated device. A small loop: it feeds events to the flow's reducer and
/// to the screens' reducer, and hands each effect to the handler of its family (Adobe Pass
/// calls, the framework, the web view, the second device, timers, Settings); the handlers answer
/// with events.
///
/// On a virtual clock time moves only when nothing else can happen, which makes every scenario
/// run identical: a 30-minute code expiry or a 4-second poll takes no real time.
public actor FlowEngine {
    /// How a run ended.
    public enum Ending: Sendable, Equatable {
        case finished
        /// The app crashed (a missing usage description, as the real framework does).
        case crashed(String)
        /// The run did not settle within its event budget.
        case runaway
    }

    public let timeline: Timeline
    private let clock: any SimulationClock
    private let agent: any UserAgent
    private let device: DeviceKeeper
    private let accounts: DemoAccounts
    private let api: any AppCalls
    private let framework: FrameworkHandler
    private let webView: WebViewHandler
    private let secondScreen: SecondScreenHandler
    private let settings: SettingsHandler
    private var machine: any FlowMachine
    private var screens = ScreenState()
    private var timers = TimerTable()
    private var queue: [Event] = []
    private var ending: Ending?
    private var eventBudget = 20_000
    private var decisionLog = DecisionLog()

    public init(
        setup: AppSetup, services: Services, clock: any SimulationClock, agent: any UserAgent, store: any DeviceStore,
        timeline: Timeline, backend: (any BackendControl)? = nil
    ) {
        self.init(
            setup: setup, services: services, clock: clock, agent: agent, store: store, timeline: timeline,
            backend: backend
        ) { device in
            HTTPAppCalls(
                setup: setup, client: services.client, customIdentityProvider: services.customIdentityProvider,
                clock: clock, device: device, timeline: timeline, mediaTokenVerifier: services.mediaTokenVerifier)
        }
    }

    /// An engine whose calls go where `calls` says (the engine's tests answer them with a fake);
    /// `calls` gets the device keeper, whose stored credentials a registration updates.
    init(
        setup: AppSetup, services: Services, clock: any SimulationClock, agent: any UserAgent, store: any DeviceStore,
        timeline: Timeline, backend: (any BackendControl)?, calls: (DeviceKeeper) -> any AppCalls
    ) {
        let device = DeviceKeeper(store: store, timeline: timeline)
        let accounts = DemoAccounts(info: services.info)
        machine = Flows.machine(for: setup)
        self.clock = clock
        self.agent = agent
        self.timeline = timeline
        self.device = device
        self.accounts = accounts
        api = calls(device)
        framework = FrameworkHandler(
            setup: setup, catalog: services.catalog, providers: services.identityProvider, accounts: accounts,
            clock: clock, agent: agent, device: device, timeline: timeline)
        webView = WebViewHandler(
            baseURL: services.baseURL, clock: clock, timeline: timeline, accounts: accounts,
            acceptLanguage: services.acceptLanguage)
        secondScreen = SecondScreenHandler(
            baseURL: services.baseURL, clock: clock, timeline: timeline, accounts: accounts,
            acceptLanguage: services.acceptLanguage)
        settings = SettingsHandler(setup: setup, clock: clock, device: device, timeline: timeline, backend: backend)
    }

    public var app: AppModel { machine.app }
    public var setup: AppSetup { machine.setup }
    /// Every authorization answer of the run, in order (scenario expectations read it).
    public var decisions: [DecisionRecord] { decisionLog.records }

    // MARK: - The loop

    /// Runs until the user quits (or the script ends), the app crashes, or the run runs away.
    public func run() async -> Ending {
        while ending == nil {
            if !queue.isEmpty {
                await process(queue.removeFirst())
                continue
            }
            await apply(await askUser())
        }
        return ending ?? .finished
    }

    /// Sends an event to the flow's reducer and performs what it asks, in order.
    private func process(_ event: Event) async {
        eventBudget -= 1
        guard eventBudget > 0 else {
            timeline.append(.note, "The run did not settle; stopping.")
            ending = .runaway
            return
        }
        let effects = machine.handle(event, at: clock.nowMilliseconds())
        for effect in effects {
            await perform(effect)
            if ending != nil { return }
        }
    }

    private func perform(_ effect: Effect) async {
        switch effect {
        case .record(let note):
            timeline.record(note)
            decisionLog.note(note)
        case .call(let call):
            let result = await api.perform(call)
            decisionLog.answer(result, to: call)
            queue.append(.api(result))
        case .vsa(let call):
            switch await framework.perform(call) {
            case .answered(let event): queue.append(event)
            case .crashed(let message): ending = .crashed(message)
            case .silent: break
            }
        case .show(let screen): await send(.show(screen))
        case .showHome: await send(.showHome)
        case .startTimer(let id, let seconds): timers.start(id, at: clock.now().addingTimeInterval(seconds))
        case .cancelTimer(let id): timers.cancel(id)
        }
    }

    /// Sends an event to the screens' reducer and performs what it asks at once, so a page the
    /// web view loads is on screen before the flow's next effect runs.
    private func send(_ event: ScreenEvent) async {
        for effect in ScreenReducer.reduce(&screens, event) {
            switch effect {
            case .forward(let event): queue.append(event)
            case .log(let kind, let title, let detail): timeline.append(kind, title, detail: detail)
            case .say(let kind, let phrase, let detail): timeline.append(kind, phrase, detail: detail)
            case .openPage(let url, let stopAt): await send(await webView.open(url, stopAt: stopAt))
            case .submitLogin(let page, let username, let password, let stopAt):
                await send(await webView.submitLogin(on: page, username: username, password: password, stopAt: stopAt))
            case .activate(let code, let username, let password, let mvpd):
                await secondScreen.activate(code, username: username, password: password, mvpd: mvpd)
            }
        }
    }

    // MARK: - Asking the user

    private func currentRequest() -> UserRequest {
        let now = HomeView(app: machine.app, setup: machine.setup)
        let home = UserRequest.home(now)
        switch screens.screen {
        case .mvpdPicker(let mvpds, let preselected): return .mvpdPicker(mvpds, preselected: preselected)
        case .registrationCode(let code):
            return .registrationCode(code, activationURL: secondScreen.activationURL(of: code))
        case .notice(let notice): return .notice(notice, behind: now)
        case .webLogin: return screens.page.map { .webLogin(accounts.view(of: $0)) } ?? home
        case nil: return home
        }
    }

    /// Asks the user. On a real clock, a pending timer wins if it comes first (polling goes on
    /// while the code screen waits for a key); the user is then asked again.
    private func askUser() async -> UserResponse {
        let request = currentRequest()
        guard clock.passesByItself, let deadline = timers.next?.deadline else {
            return await agent.respond(to: request)
        }
        let agent = self.agent
        let clock = self.clock
        let delay = max(0, deadline.timeIntervalSince(clock.now()))
        return await withTaskGroup(of: UserResponse?.self) { group in
            group.addTask { await agent.respond(to: request) }
            group.addTask {
                try? await clock.sleep(for: .milliseconds(Int(delay * 1000)))
                return Task.isCancelled ? nil : .idle
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .idle
        }
    }

    /// The user's answer: home actions go to the flow, answers on the app's screens to the
    /// screens' reducer; waiting, Settings and quitting are the runtime's own.
    private func apply(_ response: UserResponse) async {
        switch response {
        case .act(let action):
            timeline.append(.user, UserLines.describe(action))
            queue.append(.user(action))
        case .screen(let input): await send(.user(input))
        case .wait(let seconds):
            timeline.append(.user, TimelinePhrase("user.waits", ["duration": UserLines.duration(seconds)]))
            await letTimePass(seconds)
        case .adjust(.signInToProvider): await framework.signInFromSettings()
        case .adjust(let adjustment): await settings.adjust(adjustment)
        case .idle: await fireNextTimer()
        case .quit: ending = .finished
        case .permission, .picker, .signIn:
            timeline.append(.note, "No system prompt is showing; the answer is ignored.")
        }
    }

    // MARK: - Time

    /// Fires the earliest timer; with none pending, an idle user ends the run.
    private func fireNextTimer() async {
        guard let (id, deadline) = timers.takeNext() else {
            ending = .finished
            return
        }
        try? await clock.wait(until: deadline)
        queue.append(.timer(id))
    }

    /// Lets `seconds` of simulated time pass, firing the timers that fall due on the way.
    private func letTimePass(_ seconds: Double) async {
        let end = clock.now().addingTimeInterval(seconds)
        while ending == nil {
            if !queue.isEmpty {
                await process(queue.removeFirst())
                continue
            }
            guard let next = timers.next, next.deadline <= end else { break }
            _ = timers.takeNext()
            clock.skip(to: next.deadline)
            queue.append(.timer(next.id))
        }
        clock.skip(to: end)
    }
}
