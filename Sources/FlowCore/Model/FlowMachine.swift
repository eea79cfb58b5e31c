/// Any integration, as the runtime drives it: events in, effects out, the home screen's model
/// readable at any time. The runtime never knows which integration it drives.
public protocol FlowMachine: Sendable {
    var setup: AppSetup { get }
    var app: AppModel { get }
    /// `now` is the simulated clock's epoch milliseconds when the event arrives.
    mutating func handle(_ event: Event, at now: Int64) -> [Effect]
}

/// Picks the reducer of an app's integration.
public enum Flows {
    public static func machine(for setup: AppSetup) -> any FlowMachine {
        switch setup.integration {
        case .restV2: IntegrationMachine<RestV2Flow>(setup: setup)
        case .restV1: IntegrationMachine<RestV1Flow>(setup: setup)
        case .sdk: IntegrationMachine<SDKFlow>(setup: setup)
        case .customIdP: IntegrationMachine<CustomIdentityProviderFlow>(setup: setup)
        }
    }
}
