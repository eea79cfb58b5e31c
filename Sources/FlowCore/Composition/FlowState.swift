/// A phase enum with a case for nothing in progress.
protocol RestingPhase: Sendable, Equatable {
    static var idle: Self { get }
}

/// What an integration remembers beside its phase, from one journey to the next.
protocol FlowMemory: Sendable, Equatable {
    init()
}

/// An integration's whole state: the app's shared state, the phase in progress, and what the
/// integration remembers between phases. The memory's fields read as the state's own
/// (`state.framework`), so reducers and tests name them directly.
@dynamicMemberLookup
struct FlowState<Phase: RestingPhase, Memory: FlowMemory>: Sendable, Equatable {
    var basics: AppBasics
    var phase: Phase = .idle
    /// What the integration remembers between phases.
    var memory = Memory()

    /// The state before the app's first event.
    init(basics: AppBasics) {
        self.basics = basics
    }

    subscript<Value>(dynamicMember path: WritableKeyPath<Memory, Value>) -> Value {
        get { memory[keyPath: path] }
        set { memory[keyPath: path] = newValue }
    }
}

/// What an app on Adobe Pass remembers: its client credentials and access token, the
/// framework's last answer, and the configuration it read.
struct PassMemory: FlowMemory {
    var registration = ClientRegistration.State()
    var framework = FrameworkStatus()
    var directory: ConfigurationDirectory?
}

/// Why an integration starts its checks: the app opened, the user asked to sign in, or the app
/// came back from the background (the framework's status again; a signed-out app goes on as at
/// launch).
enum AppGoal: Sendable, Equatable {
    case launch
    case signIn
    case foreground
}
