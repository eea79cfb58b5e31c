import PassAPI

/// The clock time a reducer may read. The runtime passes it with every event, so a reducer stays
/// a pure function of (state, event, context) and a test chooses "now" as it chooses the event.
public struct FlowContext: Sendable, Equatable {
    /// Epoch milliseconds.
    public var now: Int64

    public init(now: Int64) {
        self.now = now
    }
}

/// What a part of a flow answers to an event: the effects to perform and, once the part has done
/// its job, the outcome its parent continues from.
struct PartStep<Outcome> {
    var effects: [Effect]
    var outcome: Outcome?

    init(_ effects: [Effect] = [], outcome: Outcome? = nil) {
        self.effects = effects
        self.outcome = outcome
    }

    static func done(_ outcome: Outcome, _ effects: [Effect] = []) -> PartStep {
        PartStep(effects, outcome: outcome)
    }
}

/// A child reducer shared by several integrations (client registration, the framework's
/// permission, the app's picker, polling, …). It owns a piece of its parent's state and knows
/// nothing of the parent: what differs between integrations comes in as configuration (steps to
/// name, calls to make, closures), never as a question about which integration runs.
protocol FlowPart {
    associatedtype State: Sendable, Equatable
    associatedtype Outcome

    /// Handles an event the part is waiting for; nil when the event is not one of its own.
    func reduce(_ state: inout State, _ event: Event, _ context: FlowContext) -> PartStep<Outcome>?
}

/// An integration's working reducer: its state and the context of the event being handled. The
/// dispatch every integration shares is here: a user action, then the part the current phase
/// runs, then a failed call, else a note that the event was ignored.
protocol PhasedReducer {
    associatedtype Phase: RestingPhase
    associatedtype Memory: FlowMemory
    var state: FlowState<Phase, Memory> { get set }
    var context: FlowContext { get }

    init(state: FlowState<Phase, Memory>, context: FlowContext)

    mutating func userAction(_ action: AppAction) -> [Effect]
    /// Events that belong to the current phase; nil when the phase does not wait for this one.
    mutating func runPart(_ event: Event) -> [Effect]?
    mutating func apiFailed(_ failure: PassErrorSummary) -> [Effect]
}

extension PhasedReducer {
    var phase: Phase {
        get { state.phase }
        set { state.phase = newValue }
    }

    var basics: AppBasics {
        get { state.basics }
        set { state.basics = newValue }
    }

    var setup: AppSetup { basics.setup }

    mutating func handle(_ event: Event) -> [Effect] {
        if case .user(let action) = event { return userAction(action) }
        if let effects = runPart(event) { return effects }
        if case .api(.failed(let failure)) = event { return apiFailed(failure) }
        return [.record(.note(.ignored(event: describe(event), phase: describe(phase))))]
    }

    func status(_ code: StatusCode, _ details: Remark? = nil) -> Effect {
        .record(.status(code, details: details))
    }

    /// The code the SDK raises in `situation` at `point` (`SingleSignOnRule`), with why; nothing
    /// where it raises none.
    func raised(
        _ situation: SingleSignOnRule.Situation, at point: SingleSignOnRule.Point, _ details: Remark? = nil
    ) -> [Effect] {
        SingleSignOnRule.code(for: situation, at: point).map { [status($0, details)] } ?? []
    }

    /// Back to the home screen with nothing in progress.
    mutating func finishIdle(_ effects: [Effect]) -> [Effect] {
        phase = .idle
        basics.settle()
        return effects
    }

    /// A title chosen on the home screen: a free one plays at once; a protected one needs a
    /// sign-in first (then plays), or the integration's decision.
    mutating func play(
        _ resource: String, signIn: (inout Self) -> [Effect], decide: (inout Self, String) -> [Effect]
    ) -> [Effect] {
        let free = setup.item(resource)?.free == true
        basics.app.choose(resource, free: free)
        if free { return [.record(.note(.playsFree(resource: resource)))] }
        guard basics.app.authentication.isAuthenticated else {
            basics.pendingPlay = resource
            return signIn(&self)
        }
        return decide(&self, resource)
    }

    /// Runs client registration on the state it keeps outside the phases.
    mutating func runRegistration(
        _ part: ClientRegistration, at path: WritableKeyPath<Self, ClientRegistration.State>, _ event: Event,
        then finish: (inout Self, ClientRegistration.Outcome) -> [Effect]
    ) -> [Effect]? {
        var registration = self[keyPath: path]
        guard let step = part.reduce(&registration, event, context) else { return nil }
        self[keyPath: path] = registration
        guard let outcome = step.outcome else { return step.effects }
        return step.effects + finish(&self, outcome)
    }

    /// Runs a part on the child state one of the phases carries, puts the updated child back
    /// into that phase, and hands a finished part's outcome to `finish`: TCA's `Scope`, for a
    /// child whose state lives in an enum case. Nil when the event is not the part's. With
    /// `keep`, a finished part's last state stays there (Apple's picker leaves the framework's
    /// latest status) and the phase rests before `finish` goes on.
    mutating func scope<Part: FlowPart>(
        _ part: Part, _ child: Part.State, as embed: (Part.State) -> Phase, _ event: Event,
        keeping keep: WritableKeyPath<Self, Part.State>? = nil, then finish: (inout Self, Part.Outcome) -> [Effect]
    ) -> [Effect]? {
        var child = child
        guard let step = part.reduce(&child, event, context) else { return nil }
        if let keep, step.outcome != nil {
            self[keyPath: keep] = child
            phase = .idle
        } else {
            phase = embed(child)
        }
        guard let outcome = step.outcome else { return step.effects }
        return step.effects + finish(&self, outcome)
    }
}
