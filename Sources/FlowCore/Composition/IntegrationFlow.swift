import PassAPI
import VSASimulator

/// An integration's reducer: `reduce(&state, event, context) -> [effect]`, pure, over its own
/// phases and memory. Its working `Reducer` says what each event does; the state every
/// integration starts from, how the runtime reads it and how an event runs through the reducer
/// are the same for all of them, and are written once here.
protocol IntegrationFlow: Sendable {
    associatedtype Phase: RestingPhase
    associatedtype Memory: FlowMemory
    associatedtype Reducer: PhasedReducer where Reducer.Phase == Phase, Reducer.Memory == Memory
    typealias State = FlowState<Phase, Memory>

    /// What the reducer's effects become before the runtime performs them, knowing the state
    /// before the event and after it. REST and own-IdP apps mark their status codes as the app's
    /// decisions (`Effect.atAppDecision`); the SDK adds its callbacks and tracking.
    static func published(_ effects: [Effect], before: State, after: State) -> [Effect]
}

extension IntegrationFlow {
    static func initialState(_ setup: AppSetup) -> State { State(basics: AppBasics(setup: setup)) }
    static func setup(of state: State) -> AppSetup { state.basics.setup }
    static func app(of state: State) -> AppModel { state.basics.app }

    static func reduce(_ state: inout State, _ event: Event, _ context: FlowContext) -> [Effect] {
        let before = state
        var reducer = Reducer(state: state, context: context)
        let effects = reducer.handle(event)
        state = reducer.state
        return published(effects, before: before, after: state)
    }

    /// The SDK's status codes, raised by an app that has no SDK: marked as the app's decisions.
    static func markedAsAppDecisions(_ effects: [Effect]) -> [Effect] { effects.map(\.atAppDecision) }
}

/// Any integration packaged for the runtime.
struct IntegrationMachine<Flow: IntegrationFlow>: FlowMachine {
    private(set) var state: Flow.State

    init(setup: AppSetup) {
        state = Flow.initialState(setup)
    }

    var setup: AppSetup { Flow.setup(of: state) }
    var app: AppModel { Flow.app(of: state) }

    mutating func handle(_ event: Event, at now: Int64) -> [Effect] {
        Flow.reduce(&state, event, FlowContext(now: now))
    }
}

/// The user's actions as every app without the SDK takes them: one at a time (launch excepted),
/// a sign-in while signed in is only a note, and a protected title signs in first. Each
/// integration says how it starts each one.
protocol AppActionReducer: PhasedReducer {
    /// The app opened: its first calls.
    mutating func launchApp() -> [Effect]
    /// The user asked to sign in.
    mutating func startSignIn() -> [Effect]
    /// A protected title while signed in: the integration's decision.
    mutating func decide(toPlay resource: String) -> [Effect]
    mutating func signOut() -> [Effect]
    /// Back from the background.
    mutating func returnToForeground() -> [Effect]
}

extension AppActionReducer {
    mutating func userAction(_ action: AppAction) -> [Effect] { takeAction(action) }

    /// The shared handling of `action`, for an integration that checks something first.
    mutating func takeAction(_ action: AppAction) -> [Effect] {
        guard phase == .idle || action == .launch else {
            return [.record(.note(.busy(ignoring: action)))]
        }
        switch action {
        case .launch:
            basics.app.activity = .starting
            return launchApp()
        case .signIn:
            guard !basics.app.authentication.isAuthenticated else { return [.record(.note(.alreadySignedIn))] }
            basics.app.activity = .signingIn
            return startSignIn()
        case .play(let resource):
            return play(resource, signIn: { $0.userAction(.signIn) }, decide: { $0.decide(toPlay: $1) })
        case .signOut: return signOut()
        case .foreground: return returnToForeground()
        }
    }
}

extension PhasedReducer {
    /// The configuration could not be read: the app cannot go on, and says why.
    mutating func configurationFailed(_ failure: PassErrorSummary) -> [Effect] {
        basics.dropPendingPlay()
        return finishIdle([status(.forConfigurationFailure(failure), .verbatim(failure.message))])
    }

    /// A call failed where the phase expected none to: back home, with a note of what failed.
    mutating func failedUnexpectedly(_ failure: PassErrorSummary) -> [Effect] {
        basics.dropPendingPlay()
        let note = Effect.record(.note(.failed(phase: describe(phase), message: failure.message)))
        return [.showHome] + finishIdle([note])
    }

    /// The code screen closed (no reason), or polling gave up without a sign-in and says why.
    mutating func codeScreenEnded(gaveUp reason: Remark?) -> [Effect] {
        basics.dropPendingPlay()
        guard let reason else {
            return [.showHome]
                + finishIdle(raised(.signInClosed, at: .getAuthentication) + [.record(.note(.codeScreenClosed))])
        }
        return finishIdle([.record(.note(reason)), status(.notAuthenticated)])
    }

    /// The code for the framework's silent answer at launch or in the foreground: its permission
    /// when not granted (`instead` says what the app does then), else its error; nothing when all
    /// is well. The SDK raises these at `setRequestor`, and again at `checkAuthentication` on a
    /// device signed in at system level, whose code is the one that decides (seed 004, steps 2–3).
    func frameworkAnswerStatus(_ known: FrameworkStatus, instead: Remark) -> [Effect] {
        let point: SingleSignOnRule.Point = known.signedInAtSystemLevel ? .checkAuthentication : .setRequestor
        if let access = known.access, let situation = SingleSignOnRule.permission(access) {
            return raised(situation, at: point, instead)
        }
        if let error = known.error { return raised(.frameworkFailed, at: point, .verbatim(error.description)) }
        return []
    }

    /// The code for a permission the framework refused during the user's sign-in.
    func permissionRefused(_ known: FrameworkStatus, _ error: VSError) -> [Effect] {
        raised(
            known.access.flatMap(SingleSignOnRule.permission) ?? .permissionDenied, at: .getAuthentication,
            .verbatim(error.message))
    }

    /// The user left the app's picker: N005, as for Apple's.
    mutating func appPickerCancelled() -> [Effect] {
        basics.dropPendingPlay()
        return [.showHome] + finishIdle(raised(.pickerCancelled, at: .getAuthentication, .appPickerCancelled))
    }

    /// The user closed a sign-in page (the MVPD's login, the app's own) without finishing it: no
    /// picker was cancelled, so no N005 (seed 004); the app is simply not signed in.
    mutating func signInClosed(_ what: Remark) -> [Effect] {
        basics.dropPendingPlay()
        return [.showHome] + finishIdle(raised(.signInClosed, at: .getAuthentication) + [.record(.note(what))])
    }
}

/// How a note names an event or a phase: its case names, outermost first (`api.profiles`,
/// `registering`), without the values they carry, which can be long or secret (tokens, SAML).
/// The names are read from the cases themselves, so a new phase or event is named by declaring
/// it; a list of names beside the enums would be a second definition of every case.
func describe(_ value: some Any) -> String {
    var names: [String] = []
    var current: Any = value
    while names.count < 3, Mirror(reflecting: current).displayStyle == .enum {
        guard let payload = Mirror(reflecting: current).children.first, let name = payload.label else {
            // A case without values prints as its name.
            names.append("\(current)")
            break
        }
        names.append(name)
        current = payload.value
    }
    return names.isEmpty ? "\(type(of: value))" : names.joined(separator: ".")
}

extension Effect {
    /// A status code raised by a REST or custom app: marked as the SDK's code for the decision.
    var atAppDecision: Effect {
        guard case .record(.status(let code, let details, _)) = self else { return self }
        return .record(.status(code, details: details, origin: .appDecision))
    }
}
