/// Any integration, as the runtime drives it: events in, effects out, the home screen's model
/// readable at any time.
public protocol FlowMachine: Sendable {
    var setup: AppSetup { get }
    var app: AppModel { get }
    mutating func handle(_ event: Event) -> [Effect]
}

/// Builds the machine for an app's integration.
public enum Flows {
    public static func machine(for setup: AppSetup) -> any FlowMachine {
        AppFlow.Machine(setup: setup)
    }
}
