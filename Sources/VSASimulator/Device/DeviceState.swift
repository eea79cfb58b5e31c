/// Everything the simulated device remembers about TV providers: the system-level sign-in and
/// each app's permission. It persists between runs, like the real device.
public struct DeviceState: Codable, Sendable, Equatable {
    /// Bumped when the file format changes incompatibly.
    public static let formatVersion = 1

    public var formatVersion: Int
    public var platform: DevicePlatform
    /// Storefront region; the TV Provider feature exists only in supported regions.
    public var region: String
    /// The TV-provider account signed in at system level, if any.
    public var signIn: SystemSignIn?
    /// Permission per app (bundle identifier → status). Absent means `notDetermined`.
    public var appAccess: [String: AccessStatus]
    /// Device-wide restrictions (e.g. parental controls) forbid granting access.
    public var accessRestricted: Bool

    public init(
        platform: DevicePlatform, region: String = "US", signIn: SystemSignIn? = nil,
        appAccess: [String: AccessStatus] = [:], accessRestricted: Bool = false
    ) {
        formatVersion = Self.formatVersion
        self.platform = platform
        self.region = region
        self.signIn = signIn
        self.appAccess = appAccess
        self.accessRestricted = accessRestricted
    }

    /// Regions where the TV Provider feature works.
    public static let supportedRegions: Set<String> = ["US"]

    public var regionSupported: Bool { Self.supportedRegions.contains(region) }

    public func accessStatus(of app: String) -> AccessStatus {
        if accessRestricted, appAccess[app] != .granted { return .restricted }
        return appAccess[app] ?? .notDetermined
    }

    /// The sign-in if it has not expired at `nowMilliseconds`.
    public func activeSignIn(nowMilliseconds: Int64) -> SystemSignIn? {
        guard let signIn, signIn.expiresAt > nowMilliseconds else { return nil }
        return signIn
    }
}

/// A TV-provider sign-in held by the system (Settings → TV Provider).
public struct SystemSignIn: Codable, Sendable, Equatable {
    /// The provider's id in Apple's catalog (Adobe's `platformMappingId`).
    public var providerId: String
    /// The provider's identity-provider id at the mock back end (its MVPD id).
    public var identityProvider: String
    public var userDisplayName: String
    public var userID: String
    /// The provider session the device keeps; sent with attribute queries.
    public var providerSessionToken: String
    /// `authenticationExpirationDate`, epoch milliseconds.
    public var expiresAt: Int64

    public init(
        providerId: String, identityProvider: String, userDisplayName: String, userID: String,
        providerSessionToken: String, expiresAt: Int64
    ) {
        self.providerId = providerId
        self.identityProvider = identityProvider
        self.userDisplayName = userDisplayName
        self.userID = userID
        self.providerSessionToken = providerSessionToken
        self.expiresAt = expiresAt
    }
}
