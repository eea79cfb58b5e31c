import Foundation
import LocatedJSON
import PassAPI

/// The mock "TVE Dashboard": everything Adobe's programmer dashboard and the MVPDs' own systems
/// decide — requestors and their software statements, MVPD integrations, SSO switches,
/// degradation, personas. Loaded from one JSON file (see
/// `Sources/PassMockServer/PassMockServer.docc/DashboardFile.md`).
public struct Dashboard: Codable, Sendable, Equatable {
    public var settings: ServerSettings
    public var requestors: [RequestorSettings]
    public var mvpds: [MvpdSettings]
    /// Personas given to every MVPD that does not list its own.
    public var defaultPersonas: [Persona]

    public init(
        settings: ServerSettings = ServerSettings(), requestors: [RequestorSettings], mvpds: [MvpdSettings],
        defaultPersonas: [Persona] = []
    ) {
        self.settings = settings
        self.requestors = requestors
        self.mvpds = mvpds
        self.defaultPersonas = defaultPersonas
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case settings, requestors, mvpds, defaultPersonas
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        settings = try container.decode(.settings, default: ServerSettings())
        requestors = try container.decode([RequestorSettings].self, forKey: .requestors)
        mvpds = try container.decode([MvpdSettings].self, forKey: .mvpds)
        defaultPersonas = try container.decode(.defaultPersonas, default: [])
        if requestors.isEmpty { throw container.invalid(.requestors, "must list at least one requestor") }
        try Self.rejectDuplicates(requestors.map(\.id), key: .requestors, in: container, what: "requestor id")
        try Self.rejectDuplicates(mvpds.map(\.id), key: .mvpds, in: container, what: "MVPD id")
        try Self.rejectDuplicates(
            mvpds.compactMap(\.platformMappingId), key: .mvpds, in: container, what: "platformMappingId")
        let known = Set(mvpds.map(\.id))
        for requestor in requestors {
            for id in requestor.mvpds ?? [] where !known.contains(id) {
                throw container.invalid(.requestors, "requestor '\(requestor.id)' lists unknown MVPD '\(id)'")
            }
        }
    }

    private static func rejectDuplicates(
        _ values: [String], key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>, what: String
    ) throws {
        var seen = Set<String>()
        for value in values where !seen.insert(value).inserted {
            throw container.invalid(key, "\(what) '\(value)' appears twice")
        }
    }

    /// The personas that can sign in at `mvpd`.
    public func personas(of mvpd: MvpdSettings) -> [Persona] {
        mvpd.personas ?? defaultPersonas
    }
}

/// Lifetimes, limits and switches of the mock service itself.
public struct ServerSettings: Codable, Sendable, Equatable {
    /// Every lifetime lies between one second and a hundred years, so that an expiry in
    /// milliseconds since 1970 never overflows.
    public static let lifetimeRange = 1...3_153_600_000
    /// Secret from which every signing key is derived. Changing it invalidates software
    /// statements, client credentials and tokens, as rotating keys would.
    public var signingSecret: String = "tvsim-dashboard"
    public var accessTokenLifetimeSeconds: Int = 21_600
    /// How long a DCR refresh token can be exchanged; each exchange spends it and issues a new one.
    public var refreshTokenLifetimeSeconds: Int = 2_592_000
    public var codeLifetimeSeconds: Int = 1_800
    public var authenticationLifetimeSeconds: Int = 2_592_000
    public var authorizationLifetimeSeconds: Int = 86_400
    public var mediaTokenLifetimeSeconds: Int = 420
    /// How long a partner AuthnRequest (the VSA verification token) stays acceptable.
    public var partnerRequestLifetimeSeconds: Int = 900
    /// How long a SAML response issued by a mock identity provider stays valid.
    public var samlResponseLifetimeSeconds: Int = 300
    /// What the partner profile call answers when the partner status fails its checks: seed
    /// 002's basic profile retrieval by default, or Adobe's documented 400.
    public var partnerCheckFailure: PartnerCheckFailure = .basicProfiles
    public var throttling = Throttling()
    public var limits = Limits()

    public init() {}

    public struct Throttling: Codable, Sendable, Equatable {
        /// Off by default so demos never trip it; scenarios and QA switch it on.
        public var enabled: Bool = false
        public var requestsPerSecond: Double = 1
        public var burst: Int = 10

        public init(enabled: Bool = false, requestsPerSecond: Double = 1, burst: Int = 10) {
            self.enabled = enabled
            self.requestsPerSecond = requestsPerSecond
            self.burst = burst
        }

        enum CodingKeys: String, CodingKey, CaseIterable { case enabled, requestsPerSecond, burst }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            enabled = try container.decode(.enabled, default: false)
            requestsPerSecond = try container.decode(.requestsPerSecond, default: 1, in: 0.001...1_000_000)
            burst = try container.decode(.burst, default: 10, in: 1...1_000_000)
        }
    }

    public struct Limits: Codable, Sendable, Equatable {
        public var maxBodyBytes: Int = 65_536
        public var maxHeaderBytes: Int = 8_192
        public var maxSessions: Int = 50_000
        public var maxProfiles: Int = 50_000
        public var maxJournalEntries: Int = 500
        public var maxThrottledClients: Int = 10_000

        public init() {}

        enum CodingKeys: String, CodingKey, CaseIterable {
            case maxBodyBytes, maxHeaderBytes, maxSessions, maxProfiles, maxJournalEntries, maxThrottledClients
        }

        /// Bodies up to 64 MiB and headers up to 1 MiB: the server holds each in memory.
        public static let bodyBytesRange = 1...(64 << 20)
        public static let headerBytesRange = 1...(1 << 20)
        /// Stores and the journal up to ten million entries.
        public static let countRange = 1...10_000_000

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let defaults = Limits()
            maxBodyBytes = try container.decode(.maxBodyBytes, default: defaults.maxBodyBytes, in: Self.bodyBytesRange)
            maxHeaderBytes = try container.decode(
                .maxHeaderBytes, default: defaults.maxHeaderBytes, in: Self.headerBytesRange)
            maxSessions = try container.decode(.maxSessions, default: defaults.maxSessions, in: Self.countRange)
            maxProfiles = try container.decode(.maxProfiles, default: defaults.maxProfiles, in: Self.countRange)
            maxJournalEntries = try container.decode(
                .maxJournalEntries, default: defaults.maxJournalEntries, in: Self.countRange)
            maxThrottledClients = try container.decode(
                .maxThrottledClients, default: defaults.maxThrottledClients, in: Self.countRange)
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case signingSecret, accessTokenLifetimeSeconds, refreshTokenLifetimeSeconds, codeLifetimeSeconds
        case authenticationLifetimeSeconds
        case authorizationLifetimeSeconds, mediaTokenLifetimeSeconds, partnerRequestLifetimeSeconds
        case samlResponseLifetimeSeconds, partnerCheckFailure, throttling, limits
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = ServerSettings()
        signingSecret = try container.decode(.signingSecret, default: defaults.signingSecret)
        if signingSecret.isEmpty { throw container.invalid(.signingSecret, "must not be empty") }
        func lifetime(_ key: CodingKeys, _ fallback: Int) throws -> Int {
            try container.decode(key, default: fallback, in: Self.lifetimeRange)
        }
        accessTokenLifetimeSeconds = try lifetime(.accessTokenLifetimeSeconds, defaults.accessTokenLifetimeSeconds)
        refreshTokenLifetimeSeconds = try lifetime(
            .refreshTokenLifetimeSeconds, defaults.refreshTokenLifetimeSeconds)
        codeLifetimeSeconds = try lifetime(.codeLifetimeSeconds, defaults.codeLifetimeSeconds)
        authenticationLifetimeSeconds = try lifetime(
            .authenticationLifetimeSeconds, defaults.authenticationLifetimeSeconds)
        authorizationLifetimeSeconds = try lifetime(
            .authorizationLifetimeSeconds, defaults.authorizationLifetimeSeconds)
        mediaTokenLifetimeSeconds = try lifetime(.mediaTokenLifetimeSeconds, defaults.mediaTokenLifetimeSeconds)
        partnerRequestLifetimeSeconds = try lifetime(
            .partnerRequestLifetimeSeconds, defaults.partnerRequestLifetimeSeconds)
        samlResponseLifetimeSeconds = try lifetime(.samlResponseLifetimeSeconds, defaults.samlResponseLifetimeSeconds)
        partnerCheckFailure = try container.decode(.partnerCheckFailure, default: defaults.partnerCheckFailure)
        throttling = try container.decode(.throttling, default: Throttling())
        limits = try container.decode(.limits, default: Limits())
    }
}

/// A programmer's app registration: requestor id, software statement and what it may use.
public struct RequestorSettings: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var domains: [String]
    public var softwareStatement: SoftwareStatementSettings
    /// Redirect URIs accepted at client registration; empty accepts any absolute URI.
    public var redirectUris: [String]
    /// Partner (Apple) single sign-on enabled for this requestor.
    public var appleSSO: Bool
    /// MVPDs integrated with this requestor; absent means every MVPD.
    public var mvpds: [String]?
    public var maxPreauthorizeResources: Int
    public var maxAuthorizeResources: Int
    /// The app's catalog, used for ratings in decisions and shown on the app home screen.
    public var resources: [ResourceSettings]
    /// REST API V1 errors: enhanced bodies (`{action, status, code, …}`) when true, the plain
    /// `{status, message, details}` body when false. V2 always answers enhanced errors.
    public var v1EnhancedErrors: Bool
    /// How the AccessEnabler SDK signs an Apple TV in after Apple's picker (the seeds disagree).
    public var sdkTVAppleSSO: SDKTVAppleSSO
    /// The key pair legacy REST API V1 clients sign their requests with (`tvsim serve
    /// --accept-signed-v1`); absent, one is derived from the signing secret.
    public var signedRequests: SignedRequestKeys?

    public init(
        id: String, name: String, domains: [String], softwareStatement: SoftwareStatementSettings,
        redirectUris: [String] = [], appleSSO: Bool = true, mvpds: [String]? = nil,
        maxPreauthorizeResources: Int = 5, maxAuthorizeResources: Int = 1, resources: [ResourceSettings] = [],
        v1EnhancedErrors: Bool = true, sdkTVAppleSSO: SDKTVAppleSSO = .silentExchange,
        signedRequests: SignedRequestKeys? = nil
    ) {
        self.id = id
        self.name = name
        self.domains = domains
        self.softwareStatement = softwareStatement
        self.redirectUris = redirectUris
        self.appleSSO = appleSSO
        self.mvpds = mvpds
        self.maxPreauthorizeResources = maxPreauthorizeResources
        self.maxAuthorizeResources = maxAuthorizeResources
        self.resources = resources
        self.v1EnhancedErrors = v1EnhancedErrors
        self.sdkTVAppleSSO = sdkTVAppleSSO
        self.signedRequests = signedRequests
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name, domains, softwareStatement, redirectUris, appleSSO, mvpds
        case maxPreauthorizeResources, maxAuthorizeResources, resources, v1EnhancedErrors, sdkTVAppleSSO
        case signedRequests
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        guard Identifier.isValid(id) else { throw container.invalid(.id, Identifier.rule) }
        name = try container.decode(String.self, forKey: .name)
        domains = try container.decode(.domains, default: [])
        softwareStatement = try container.decode(SoftwareStatementSettings.self, forKey: .softwareStatement)
        redirectUris = try container.decode(.redirectUris, default: [])
        appleSSO = try container.decode(.appleSSO, default: true)
        mvpds = try container.decodeIfPresent([String].self, forKey: .mvpds)
        maxPreauthorizeResources = try container.decode(.maxPreauthorizeResources, default: 5, in: 1...1_000)
        maxAuthorizeResources = try container.decode(.maxAuthorizeResources, default: 1, in: 1...1_000)
        resources = try container.decode(.resources, default: [])
        v1EnhancedErrors = try container.decode(.v1EnhancedErrors, default: true)
        sdkTVAppleSSO =
            container.contains(.sdkTVAppleSSO)
            ? SDKTVAppleSSO(
                rawValue: try container.decodeChoice(.sdkTVAppleSSO, from: SDKTVAppleSSO.allCases.map(\.rawValue)))!
            : .silentExchange
        signedRequests = try container.decodeIfPresent(SignedRequestKeys.self, forKey: .signedRequests)
    }
}

/// A legacy REST API V1 key pair: the public key a signed request names, and the private key
/// its HMAC-SHA1 signature is made with.
public struct SignedRequestKeys: Codable, Sendable, Equatable {
    public var publicKey: String
    public var privateKey: String

    public init(publicKey: String, privateKey: String) {
        self.publicKey = publicKey
        self.privateKey = privateKey
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case publicKey, privateKey }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        publicKey = try container.decode(String.self, forKey: .publicKey)
        privateKey = try container.decode(String.self, forKey: .privateKey)
        // The header separates its fields with ", " and "=": a key must not hold either.
        for (key, value) in [(CodingKeys.publicKey, publicKey), (.privateKey, privateKey)] {
            guard !value.isEmpty, value.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "," }) else {
                throw container.invalid(key, "must be printable ASCII without spaces or commas")
            }
        }
    }
}

public struct SoftwareStatementSettings: Codable, Sendable, Equatable {
    public var softwareId: String
    /// A revoked statement still parses but registration answers `unapproved_software_statement`
    /// and existing clients lose access.
    public var revoked: Bool

    public init(softwareId: String, revoked: Bool = false) {
        self.softwareId = softwareId
        self.revoked = revoked
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case softwareId, revoked }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        softwareId = try container.decode(String.self, forKey: .softwareId)
        guard !softwareId.isEmpty else { throw container.invalid(.softwareId, "must not be empty") }
        revoked = try container.decode(.revoked, default: false)
    }
}

/// One title of the app's catalog.
public struct ResourceSettings: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    /// A TV or MPAA rating such as `TV-14` or `PG-13`.
    public var rating: String?
    /// Free titles need no package: every signed-in subscriber is entitled to them (apps may
    /// also play them without asking).
    public var free: Bool

    public init(id: String, title: String, rating: String? = nil, free: Bool = false) {
        self.id = id
        self.title = title
        self.rating = rating
        self.free = free
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case id, title, rating, free }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        rating = try container.decodeIfPresent(String.self, forKey: .rating)
        free = try container.decode(.free, default: false)
        if let rating, ParentalRating(rating) == nil {
            throw container.invalid(.rating, "'\(rating)' is not a known rating (\(ParentalRating.knownRatings))")
        }
    }
}

/// Adobe-side degradation rules that can be applied to an integration.
public enum DegradationRule: String, Codable, Sendable, CaseIterable {
    /// Authenticate everyone without the MVPD; synthetic `degraded` profiles.
    case authNAll = "AuthNAll"
    /// Permit every authorization without asking the MVPD.
    case authZAll = "AuthZAll"
    /// Deny every authorization.
    case authZNone = "AuthZNone"
}

/// An MVPD and its integration with the requestors.
public struct MvpdSettings: Codable, Sendable, Equatable {
    public var id: String
    public var displayName: String
    public var logoUrl: String?
    /// The MVPD's id in Apple's provider catalog; absent when it is not in Apple's picker.
    public var platformMappingId: String?
    public var boardingStatus: BoardingStatus?
    public var enablePlatformServices: Bool
    public var displayInPlatformPicker: Bool
    public var enforcePlatformPermissions: Bool
    public var requiredMetadataFields: [String]
    /// When false the MVPD disappears from configuration and its calls get `invalid_integration`.
    public var integrationEnabled: Bool
    /// "Enable Single Sign On" on the integration (Apple partner SSO).
    public var ssoEnabled: Bool
    public var degradation: DegradationRule?
    /// Whether the MVPD has a logout endpoint.
    public var logoutSupported: Bool
    public var isTempPass: Bool
    /// When false the mock identity provider answers 503 (provider not responding).
    public var identityProviderAvailable: Bool
    public var authenticationLifetimeSeconds: Int?
    public var authorizationLifetimeSeconds: Int?
    public var personas: [Persona]?

    public init(
        id: String, displayName: String, logoUrl: String? = nil, platformMappingId: String? = nil,
        boardingStatus: BoardingStatus? = nil, enablePlatformServices: Bool = false,
        displayInPlatformPicker: Bool = false, enforcePlatformPermissions: Bool = false,
        requiredMetadataFields: [String] = [], integrationEnabled: Bool = true, ssoEnabled: Bool = true,
        degradation: DegradationRule? = nil, logoutSupported: Bool = true, isTempPass: Bool = false,
        identityProviderAvailable: Bool = true, authenticationLifetimeSeconds: Int? = nil,
        authorizationLifetimeSeconds: Int? = nil, personas: [Persona]? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.logoUrl = logoUrl
        self.platformMappingId = platformMappingId
        self.boardingStatus = boardingStatus
        self.enablePlatformServices = enablePlatformServices
        self.displayInPlatformPicker = displayInPlatformPicker
        self.enforcePlatformPermissions = enforcePlatformPermissions
        self.requiredMetadataFields = requiredMetadataFields
        self.integrationEnabled = integrationEnabled
        self.ssoEnabled = ssoEnabled
        self.degradation = degradation
        self.logoutSupported = logoutSupported
        self.isTempPass = isTempPass
        self.identityProviderAvailable = identityProviderAvailable
        self.authenticationLifetimeSeconds = authenticationLifetimeSeconds
        self.authorizationLifetimeSeconds = authorizationLifetimeSeconds
        self.personas = personas
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, displayName, logoUrl, platformMappingId, boardingStatus, enablePlatformServices
        case displayInPlatformPicker, enforcePlatformPermissions, requiredMetadataFields, integrationEnabled
        case ssoEnabled, degradation, logoutSupported, isTempPass, identityProviderAvailable
        case authenticationLifetimeSeconds, authorizationLifetimeSeconds, personas
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        guard Identifier.isValid(id) else { throw container.invalid(.id, Identifier.rule) }
        displayName = try container.decode(String.self, forKey: .displayName)
        guard !displayName.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw container.invalid(.displayName, "must not be empty")
        }
        logoUrl = try container.decodeIfPresent(String.self, forKey: .logoUrl)
        platformMappingId = try container.decodeIfPresent(String.self, forKey: .platformMappingId)
        if let choice = try container.decodeIfPresent(String.self, forKey: .boardingStatus) {
            guard let status = BoardingStatus(rawValue: choice) else {
                throw container.invalid(.boardingStatus, "\"\(choice)\" is not one of \"PICKER\", \"SUPPORTED\"")
            }
            boardingStatus = status
        } else {
            boardingStatus = nil
        }
        enablePlatformServices = try container.decode(.enablePlatformServices, default: false)
        displayInPlatformPicker = try container.decode(.displayInPlatformPicker, default: false)
        enforcePlatformPermissions = try container.decode(.enforcePlatformPermissions, default: false)
        requiredMetadataFields = try container.decode(.requiredMetadataFields, default: [])
        integrationEnabled = try container.decode(.integrationEnabled, default: true)
        ssoEnabled = try container.decode(.ssoEnabled, default: true)
        if let rule = try container.decodeIfPresent(String.self, forKey: .degradation) {
            guard let parsed = DegradationRule(rawValue: rule) else {
                throw container.invalid(
                    .degradation, "\"\(rule)\" is not one of \"AuthNAll\", \"AuthZAll\", \"AuthZNone\"")
            }
            degradation = parsed
        } else {
            degradation = nil
        }
        logoutSupported = try container.decode(.logoutSupported, default: true)
        isTempPass = try container.decode(.isTempPass, default: false)
        identityProviderAvailable = try container.decode(.identityProviderAvailable, default: true)
        authenticationLifetimeSeconds = try container.decodeIfPresent(
            .authenticationLifetimeSeconds, in: ServerSettings.lifetimeRange)
        authorizationLifetimeSeconds = try container.decodeIfPresent(
            .authorizationLifetimeSeconds, in: ServerSettings.lifetimeRange)
        personas = try container.decodeIfPresent([Persona].self, forKey: .personas)
        if platformMappingId == nil, displayInPlatformPicker || enablePlatformServices {
            throw container.invalid(
                .platformMappingId, "is required when displayInPlatformPicker or enablePlatformServices is true")
        }
    }

    /// Whether Apple SSO can complete for this MVPD: onboarded as `SUPPORTED` with platform
    /// services on, and SSO enabled on the integration.
    public var isAppleSSOCapable: Bool {
        boardingStatus == .supported && enablePlatformServices && ssoEnabled
    }
}

/// A subscriber account at a mock MVPD.
public struct Persona: Codable, Sendable, Equatable {
    public var username: String
    public var password: String
    public var displayName: String
    public var userID: String
    public var householdID: String?
    public var zip: String?
    /// Resource ids the subscription includes; `*` means everything.
    public var entitlements: [String]
    /// The highest rating parental controls allow, e.g. `TV-PG`.
    public var maxRating: String?
    /// An account whose subscription ended: sign-in is refused.
    public var expired: Bool
    /// Extra user metadata, returned in profiles and, when requested by name, in SAML attributes.
    public var attributes: [String: JSONValue]
    /// A line shown next to the persona in pickers and hints ("no sports package").
    public var note: String?

    public init(
        username: String, password: String, displayName: String, userID: String, householdID: String? = nil,
        zip: String? = nil, entitlements: [String] = ["*"], maxRating: String? = nil, expired: Bool = false,
        attributes: [String: JSONValue] = [:], note: String? = nil
    ) {
        self.username = username
        self.password = password
        self.displayName = displayName
        self.userID = userID
        self.householdID = householdID
        self.zip = zip
        self.entitlements = entitlements
        self.maxRating = maxRating
        self.expired = expired
        self.attributes = attributes
        self.note = note
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case username, password, displayName, userID, householdID, zip, entitlements, maxRating, expired
        case attributes, note
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        username = try container.decode(String.self, forKey: .username)
        guard !username.isEmpty else { throw container.invalid(.username, "must not be empty") }
        password = try container.decode(String.self, forKey: .password)
        displayName = try container.decode(.displayName, default: username)
        userID = try container.decode(String.self, forKey: .userID)
        householdID = try container.decodeIfPresent(String.self, forKey: .householdID)
        zip = try container.decodeIfPresent(String.self, forKey: .zip)
        entitlements = try container.decode(.entitlements, default: ["*"])
        maxRating = try container.decodeIfPresent(String.self, forKey: .maxRating)
        expired = try container.decode(.expired, default: false)
        attributes = try container.decode(.attributes, default: [:])
        note = try container.decodeIfPresent(String.self, forKey: .note)
        if let maxRating, ParentalRating(maxRating) == nil {
            throw container.invalid(.maxRating, "'\(maxRating)' is not a known rating (\(ParentalRating.knownRatings))")
        }
    }

    public func isEntitled(to resource: String) -> Bool {
        entitlements.contains("*") || entitlements.contains(resource)
    }
}

/// Requestor and MVPD ids: letters, digits, `_`, `-` and `.`, as in URL path segments.
enum Identifier {
    static let rule = "must be 1–64 letters, digits, '_', '-' or '.'"

    static func isValid(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 64
            && id.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "_-.".unicodeScalars.contains($0))
            }
    }
}
