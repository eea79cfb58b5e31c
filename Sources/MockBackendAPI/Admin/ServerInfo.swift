import Foundation
import PassAPI

/// What `GET /__tvsim/info` tells tools: where things are and what to sign in with.
public struct ServerInfo: Codable, Sendable {
    public struct Requestor: Codable, Sendable {
        public let id: String
        public let name: String
        public let softwareStatement: String
        public let domains: [String]
        public let appleSSO: Bool
        public let resources: [ResourceSettings]
        /// How the SDK signs an Apple TV in after Apple's picker.
        public let sdkTVAppleSSO: SDKTVAppleSSO
        /// Path of the programmer's own identity provider (`/custom-idp/{id}`).
        public let customIdentityProvider: String?
        /// The key pair legacy REST API V1 clients sign with; listed only when the back end
        /// accepts signed requests (`tvsim serve --accept-signed-v1`), a secret otherwise of no use.
        public let signedRequests: SignedRequestKeys?

        public init(
            id: String, name: String, softwareStatement: String, domains: [String], appleSSO: Bool,
            resources: [ResourceSettings], sdkTVAppleSSO: SDKTVAppleSSO, customIdentityProvider: String?,
            signedRequests: SignedRequestKeys?
        ) {
            self.id = id
            self.name = name
            self.softwareStatement = softwareStatement
            self.domains = domains
            self.appleSSO = appleSSO
            self.resources = resources
            self.sdkTVAppleSSO = sdkTVAppleSSO
            self.customIdentityProvider = customIdentityProvider
            self.signedRequests = signedRequests
        }
    }

    public struct Mvpd: Codable, Sendable {
        public let id: String
        public let displayName: String
        public let platformMappingId: String?
        public let boardingStatus: BoardingStatus?
        public let enablePlatformServices: Bool
        public let displayInPlatformPicker: Bool
        public let integrationEnabled: Bool
        public let ssoEnabled: Bool
        public let degradation: DegradationRule?
        public let logoutSupported: Bool
        public let identityProviderAvailable: Bool
        public let isTempPass: Bool
        /// Usernames that can sign in here.
        public let personas: [String]

        public init(
            id: String, displayName: String, platformMappingId: String?, boardingStatus: BoardingStatus?,
            enablePlatformServices: Bool, displayInPlatformPicker: Bool, integrationEnabled: Bool, ssoEnabled: Bool,
            degradation: DegradationRule?, logoutSupported: Bool, identityProviderAvailable: Bool, isTempPass: Bool,
            personas: [String]
        ) {
            self.id = id
            self.displayName = displayName
            self.platformMappingId = platformMappingId
            self.boardingStatus = boardingStatus
            self.enablePlatformServices = enablePlatformServices
            self.displayInPlatformPicker = displayInPlatformPicker
            self.integrationEnabled = integrationEnabled
            self.ssoEnabled = ssoEnabled
            self.degradation = degradation
            self.logoutSupported = logoutSupported
            self.identityProviderAvailable = identityProviderAvailable
            self.isTempPass = isTempPass
            self.personas = personas
        }
    }

    public struct PersonaHint: Codable, Sendable {
        /// `default` for the personas every MVPD without its own list shares, else the MVPD id.
        public let scope: String
        public let username: String
        public let password: String
        public let displayName: String
        public let note: String?
        public let expired: Bool
        public let maxRating: String?
        public let entitlements: [String]

        public init(
            scope: String, username: String, password: String, displayName: String, note: String?, expired: Bool,
            maxRating: String?, entitlements: [String]
        ) {
            self.scope = scope
            self.username = username
            self.password = password
            self.displayName = displayName
            self.note = note
            self.expired = expired
            self.maxRating = maxRating
            self.entitlements = entitlements
        }
    }

    public let baseURL: String
    public let time: Int64
    public let requestors: [Requestor]
    public let mvpds: [Mvpd]
    public let personas: [PersonaHint]
    /// Paths of the mock identity provider endpoints, with `{mvpd}` to fill in.
    public let identityProvider: [String: String]
    public let activationURL: String
    /// Paths of a programmer's own identity provider, with `{requestor}` to fill in.
    public let customIdentityProvider: [String: String]?

    public init(
        baseURL: String, time: Int64, requestors: [Requestor], mvpds: [Mvpd], personas: [PersonaHint],
        identityProvider: [String: String], activationURL: String, customIdentityProvider: [String: String]?
    ) {
        self.baseURL = baseURL
        self.time = time
        self.requestors = requestors
        self.mvpds = mvpds
        self.personas = personas
        self.identityProvider = identityProvider
        self.activationURL = activationURL
        self.customIdentityProvider = customIdentityProvider
    }
}
