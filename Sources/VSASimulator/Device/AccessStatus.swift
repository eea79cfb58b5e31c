/// `VSAccountAccessStatus`: whether an app may read the user's TV-provider account.
public enum AccessStatus: String, Codable, Sendable, CaseIterable {
    case notDetermined
    case restricted
    case denied
    case granted

    /// The raw value of Apple's enum (0…3), as shown in the inspector.
    public var rawCode: Int {
        switch self {
        case .notDetermined: 0
        case .restricted: 1
        case .denied: 2
        case .granted: 3
        }
    }
}

/// The simulated device's platform.
public enum DevicePlatform: String, Codable, Sendable, CaseIterable {
    case ios
    case tvos

    public var displayName: String { self == .ios ? "iPhone" : "Apple TV" }

    /// Where the user changes TV-provider settings, as the cookbooks tell apps to say it.
    public var settingsPath: String {
        self == .ios ? "Settings → TV Provider" : "Settings → Accounts → TV Provider"
    }
}
