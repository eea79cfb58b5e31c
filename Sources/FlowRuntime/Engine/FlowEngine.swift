import FlowCore
import Foundation
import MockBackendAPI
import PassAPI
import PassClient
import Simulation
import VSASimulator

/// Runs one app on one simulated device: feeds events to the flow's reducer, performs the
/// effects it returns (HTTP with `PassClient`, the TV-provider framework with `VSASimulator`,
/// screens through the `UserAgent`), keeps the timers, and writes the timeline.
///
/// On a virtual clock time moves only when nothing else can happen, which makes every scenario
/// run identical: a 30-minute code expiry or a 4-second poll takes no real time.
public actor FlowEngine {
    public struct Services: Sendable {
        public let client: PassClient
        public let identityProvider: IdentityProviderClient
        public let baseURL: String
        public let info: ServerInfo
        public let catalog: ProviderCatalog
        /// The programmer's own identity provider (custom-idp apps).
        public let customIdentityProvider: CustomIdentityProviderClient

        public init(
            client: PassClient, identityProvider: IdentityProviderClient, baseURL: String, info: ServerInfo,
            catalog: ProviderCatalog, customIdentityProvider: CustomIdentityProviderClient
        ) {
            self.client = client
            self.identityProvider = identityProvider
            self.baseURL = baseURL
            self.info = info
            self.catalog = catalog
            self.customIdentityProvider = customIdentityProvider
        }
    }

    /// How a run ended.
    public enum Ending: Sendable, Equatable {
        case finished
        /// The app crashed (a missing usage description, as the real framework does).
        case crashed(String)
        /// The run did not settle within its event budget.
        case runaway
    }

    public let timeline: Timeline
    let services: Services
    let clock: any SimulationClock
    let agent: any UserAgent
    let store: any DeviceStore
    /// The back end a tester may change during the run; nil when the run has no access to it.
    let backend: (any BackendControl)?
    var machine: any FlowMachine
    var device: SimulatedDevice
    var queue: [Event] = []
    var timers: [TimerID: Date] = [:]
    var screen: AppScreen?
    var webPage: WebBrowser.Page?
    var ending: Ending?
    var eventBudget = 20_000
    /// Every authorization answer of the run, in order (scenario expectations read it).
    public private(set) var decisions: [DecisionRecord] = []
    /// Observers of the app model (the terminal UI redraws on change).
    var modelObservers: [@Sendable (AppModel) -> Void] = []

    public init(
        setup: AppSetup, services: Services, clock: any SimulationClock, agent: any UserAgent, store: any DeviceStore,
        timeline: Timeline, backend: (any BackendControl)? = nil
    ) {
        self.backend = backend
        machine = Flows.machine(for: setup)
        self.services = services
        self.clock = clock
        self.agent = agent
        self.store = store
        self.timeline = timeline
        device = store.load()
    }

    public var app: AppModel { machine.app }
    public var setup: AppSetup { machine.setup }
    public var currentDevice: SimulatedDevice { device }

    public func onModelChange(_ observer: @escaping @Sendable (AppModel) -> Void) {
        modelObservers.append(observer)
    }

    /// Whether a pending timer races the user's answer (time passes by itself).
    var timersRaceTheUser: Bool { clock.passesByItself }

    // MARK: - The loop

    /// Runs until the user quits (or the script ends), the app crashes, or the run runs away.
    public func run() async -> Ending {
        while ending == nil {
            if !queue.isEmpty {
                await process(queue.removeFirst())
                continue
            }
            let response = await askUser()
            await apply(response)
        }
        return ending ?? .finished
    }

    /// Sends an event to the reducer and performs what it asks, in order.
    func process(_ event: Event) async {
        eventBudget -= 1
        guard eventBudget > 0 else {
            timeline.append(.note, "The run did not settle; stopping.")
            ending = .runaway
            return
        }
        let before = machine.app
        let effects = machine.handle(event, at: clock.nowMilliseconds())
        for effect in effects {
            await perform(effect)
            if ending != nil { return }
        }
        if machine.app != before { for observer in modelObservers { observer(machine.app) } }
    }

    func perform(_ effect: Effect) async {
        switch effect {
        case .record(let note):
            timeline.record(note)
            if case .decision(let resource, let authorized, let code) = note {
                decisions.append(DecisionRecord(resource: resource, authorized: authorized, code: code))
            }
        case .call(let call):
            let result = await perform(call)
            switch call {
            case .authorize(_, let resources, _): recordDecisions(result, resources: resources)
            case .v1Authorize(let resource): recordDecisions(result, resources: [resource])
            default: break
            }
            queue.append(.api(result))
        case .vsa(let call): await perform(call)
        case .show(let screen): await show(screen)
        case .showHome:
            screen = nil
            webPage = nil
        case .startTimer(let id, let seconds): timers[id] = clock.now().addingTimeInterval(seconds)
        case .cancelTimer(let id): timers[id] = nil
        }
    }

    // MARK: - Asking the user

    func currentRequest() -> UserRequest {
        switch screen {
        case .mvpdPicker(let mvpds, let preselected): return .mvpdPicker(mvpds, preselected: preselected)
        case .registrationCode(let code):
            return .registrationCode(code, activationURL: activationURL(of: code))
        case .notice(let notice): return .notice(notice)
        case .webLogin:
            if let page = webPage { return .webLogin(webLoginView(page)) }
            return .home(HomeView(app: machine.app, setup: machine.setup))
        case nil: return .home(HomeView(app: machine.app, setup: machine.setup))
        }
    }

    /// Asks the user. On a real clock, a pending timer wins if it comes first (polling goes on
    /// while the code screen waits for a key); the user is then asked again.
    func askUser() async -> UserResponse {
        let request = currentRequest()
        guard timersRaceTheUser, let deadline = timers.values.min() else { return await agent.respond(to: request) }
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

    func apply(_ response: UserResponse) async {
        switch response {
        case .act(let action):
            timeline.append(.user, Self.describe(action))
            queue.append(.user(action))
        case .mvpd(let choice):
            timeline.append(.user, choice.map { "Chooses \($0) in the app's picker" } ?? "Cancels the app's picker")
            queue.append(.answer(choice.map(ScreenAnswer.mvpdChosen) ?? .mvpdPickerCancelled))
        case .webLogin(let username, let password):
            timeline.append(.user, "Signs in in the web view as \(username)")
            await submitWebLogin(username: username, password: password)
        case .closeWebLogin:
            timeline.append(.user, "Closes the web login")
            queue.append(.answer(.webLoginCancelled))
        case .completeSecondScreen(let username, let password, let mvpd):
            await completeSecondScreen(username: username, password: password, mvpd: mvpd)
        case .newCode:
            timeline.append(.user, "Asks for a new code")
            queue.append(.answer(.newCodeRequested))
        case .closeCodeScreen:
            timeline.append(.user, "Closes the code screen")
            queue.append(.answer(.codeScreenClosed))
        case .dismissNotice:
            timeline.append(.user, "Dismisses the notice")
            screen = nil
            queue.append(.answer(.noticeDismissed))
        case .wait(let seconds):
            timeline.append(.user, "Waits \(Self.duration(seconds))")
            await letTimePass(seconds)
        case .adjust(let adjustment):
            await adjust(adjustment)
        case .idle:
            await fireNextTimer()
        case .quit:
            ending = .finished
        case .permission, .picker, .signIn:
            timeline.append(.note, "No system prompt is showing; the answer is ignored.")
        }
    }

    /// Fires the earliest timer; with none pending, an idle user ends the run.
    func fireNextTimer() async {
        guard let (id, deadline) = timers.min(by: { $0.value < $1.value }) else {
            ending = .finished
            return
        }
        try? await clock.wait(until: deadline)
        timers[id] = nil
        queue.append(.timer(id))
    }

    /// Lets `seconds` of simulated time pass, firing the timers that fall due on the way.
    func letTimePass(_ seconds: Double) async {
        let end = clock.now().addingTimeInterval(seconds)
        while ending == nil {
            if !queue.isEmpty {
                await process(queue.removeFirst())
                continue
            }
            guard let (id, deadline) = timers.min(by: { $0.value < $1.value }), deadline <= end else { break }
            clock.skip(to: deadline)
            timers[id] = nil
            queue.append(.timer(id))
        }
        clock.skip(to: end)
    }

    static func describe(_ action: AppAction) -> String {
        switch action {
        case .launch: "Opens the app"
        case .signIn: "Taps Sign in"
        case .play(let resource): "Plays \(resource)"
        case .signOut: "Taps Sign out"
        case .foreground: "Returns to the app (foreground)"
        }
    }

    static func duration(_ seconds: Double) -> String {
        if seconds >= 86_400, seconds.truncatingRemainder(dividingBy: 86_400) == 0 {
            return "\(Int(seconds / 86_400)) d"
        }
        if seconds >= 3_600, seconds.truncatingRemainder(dividingBy: 3_600) == 0 { return "\(Int(seconds / 3_600)) h" }
        if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
        return "\(seconds.formatted()) s"
    }
}

/// One authorization answer: permit, or deny with its code.
public struct DecisionRecord: Sendable, Equatable, Codable, CustomStringConvertible {
    public let resource: String
    public let authorized: Bool
    public let code: String?

    public var description: String { authorized ? "permit \(resource)" : "deny \(resource) \(code ?? "")" }
}

extension FlowEngine {
    func recordDecisions(_ result: APIResult, resources: [String]) {
        switch result {
        case .decisions(let response):
            decisions += response.decisions.map {
                DecisionRecord(resource: $0.resource, authorized: $0.authorized, code: $0.error?.code)
            }
        case .v1Authorized(let authorization):
            // REST API V1 answers one title per call: a 200 is the permit.
            decisions.append(DecisionRecord(resource: authorization.resource, authorized: true, code: nil))
        case .failed(let failure):
            decisions += resources.map {
                DecisionRecord(
                    resource: $0, authorized: false,
                    code: failure.enhancedCode ?? failure.httpStatus.map { "http \($0)" } ?? "error")
            }
        default:
            break
        }
    }
}
