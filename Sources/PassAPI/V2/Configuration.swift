import LocatedJSON

/// `GET /api/v2/{serviceProvider}/configuration`: the MVPDs with an active integration.
public struct ConfigurationResponse: Codable, Sendable, Equatable {
    public var device: String
    public var clientType: String
    public var os: String
    public var platform: String
    public var platformCategory: String
    public var sdkType: String
    public var requestor: RequestorConfiguration

    public init(
        device: String, clientType: String, os: String, platform: String, platformCategory: String,
        sdkType: String, requestor: RequestorConfiguration
    ) {
        self.device = device
        self.clientType = clientType
        self.os = os
        self.platform = platform
        self.platformCategory = platformCategory
        self.sdkType = sdkType
        self.requestor = requestor
    }
}

public struct RequestorConfiguration: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var domains: [RequestorDomain]
    public var mvpds: [MvpdConfiguration]

    public init(id: String, name: String, domains: [RequestorDomain], mvpds: [MvpdConfiguration]) {
        self.id = id
        self.name = name
        self.domains = domains
        self.mvpds = mvpds
    }
}

public struct RequestorDomain: Codable, Sendable, Equatable {
    public var name: String
    public var mvpdInitiated: Bool

    public init(name: String, mvpdInitiated: Bool = false) {
        self.name = name
        self.mvpdInitiated = mvpdInitiated
    }
}

/// How far an MVPD is onboarded for Apple's TV-provider single sign-on.
public enum BoardingStatus: String, Codable, Sendable, CaseIterable {
    /// Listed in Apple's picker, but authentication runs through Adobe only.
    case picker = "PICKER"
    /// Full Apple SSO: Apple and Adobe authenticate and log out together.
    case supported = "SUPPORTED"
}

/// One MVPD in the configuration answer. Platform fields are present only when the MVPD is set
/// up for the requesting platform.
public struct MvpdConfiguration: Codable, Sendable, Equatable {
    public var id: String
    public var displayName: String
    public var logoUrl: String
    public var isTempPass: Bool?
    public var isProxy: Bool?
    public var boardingStatus: BoardingStatus?
    public var platformMappingId: String?
    public var enablePlatformServices: Bool?
    public var displayInPlatformPicker: Bool?
    public var enforcePlatformPermissions: Bool?
    public var requiredMetadataFields: [String]?

    public init(
        id: String, displayName: String, logoUrl: String, isTempPass: Bool? = nil, isProxy: Bool? = nil,
        boardingStatus: BoardingStatus? = nil, platformMappingId: String? = nil,
        enablePlatformServices: Bool? = nil, displayInPlatformPicker: Bool? = nil,
        enforcePlatformPermissions: Bool? = nil, requiredMetadataFields: [String]? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.logoUrl = logoUrl
        self.isTempPass = isTempPass
        self.isProxy = isProxy
        self.boardingStatus = boardingStatus
        self.platformMappingId = platformMappingId
        self.enablePlatformServices = enablePlatformServices
        self.displayInPlatformPicker = displayInPlatformPicker
        self.enforcePlatformPermissions = enforcePlatformPermissions
        self.requiredMetadataFields = requiredMetadataFields
    }
}

extension V2Call {
    /// `GET /configuration`.
    public static let configuration = V2Call(.configuration, answer: .configuration)
}
