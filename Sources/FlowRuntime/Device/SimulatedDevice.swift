import Foundation
import PassAPI
import VSASimulator

/// What survives between runs on the simulated device: the system's TV-provider state, the
/// device identifier apps send, and each app's own storage (its client credentials).
public struct SimulatedDevice: Codable, Sendable, Equatable {
    public var system: DeviceState
    /// The stable id behind `AP-Device-Identifier`.
    public var deviceIdentifier: String
    public var apps: [String: AppSandbox]

    public init(platform: DevicePlatform, deviceIdentifier: String) {
        system = DeviceState(platform: platform)
        self.deviceIdentifier = deviceIdentifier
        apps = [:]
    }
}

/// An app's private storage on the device.
public struct AppSandbox: Codable, Sendable, Equatable {
    /// Cached forever, as DCR requires: registering again would lose the user's profiles.
    public var clientCredentials: ClientCredentials?

    public init(clientCredentials: ClientCredentials? = nil) {
        self.clientCredentials = clientCredentials
    }
}
