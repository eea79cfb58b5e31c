import Foundation
import LocatedJSON

/// REST API V1 ("clientless") wire types. Every V1 endpoint answers JSON or XML, chosen by
/// `Accept`, a `format` parameter or a `.json`/`.xml` suffix; these are the JSON shapes.

/// `POST /reggie/v1/{requestor}/regcode`: a registration code record.
public struct V1RegistrationCode: Codable, Sendable, Equatable {
    public var id: String
    public var code: String
    public var requestor: String
    public var mvpd: String?
    /// Epoch milliseconds.
    public var generated: Int64
    public var expires: Int64
    public var info: Info

    public struct Info: Codable, Sendable, Equatable {
        public var deviceId: String
        /// The normalized device information, Base64.
        public var deviceInfo: String?
        public var userAgent: String?
        public var originalUserAgent: String?
        /// `OAUTH2` when the call carried a DCR access token.
        public var authorizationType: String
        public var sourceApplicationInformation: SourceApplication?

        public init(
            deviceId: String, deviceInfo: String?, userAgent: String?, originalUserAgent: String?,
            authorizationType: String, sourceApplicationInformation: SourceApplication?
        ) {
            self.deviceId = deviceId
            self.deviceInfo = deviceInfo
            self.userAgent = userAgent
            self.originalUserAgent = originalUserAgent
            self.authorizationType = authorizationType
            self.sourceApplicationInformation = sourceApplicationInformation
        }
    }

    public struct SourceApplication: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var version: String

        public init(id: String, name: String, version: String) {
            self.id = id
            self.name = name
            self.version = version
        }
    }

    public init(
        id: String, code: String, requestor: String, mvpd: String?, generated: Int64, expires: Int64, info: Info
    ) {
        self.id = id
        self.code = code
        self.requestor = requestor
        self.mvpd = mvpd
        self.generated = generated
        self.expires = expires
        self.info = info
    }
}

/// `GET /api/v1/tokens/authn`: the authentication token (XML `<authentication>`).
public struct V1AuthenticationToken: Codable, Sendable, Equatable {
    public var requestor: String
    public var mvpd: String
    public var userId: String
    /// Epoch milliseconds, as a string.
    public var expires: String

    public init(requestor: String, mvpd: String, userId: String, expires: String) {
        self.requestor = requestor
        self.mvpd = mvpd
        self.userId = userId
        self.expires = expires
    }

    public var expiresMilliseconds: Int64 { Int64(expires) ?? 0 }
}

/// What `GET /api/v1/tokens/authn` found.
public enum V1TokenLookup: Sendable, Equatable {
    case found(V1AuthenticationToken)
    /// 404: the device has no authentication token.
    case missing
    /// 410: it had one, and it expired.
    case expired
}

/// `GET /api/v1/authorize` and `GET /api/v1/tokens/authz` (XML `<authorization>`).
public struct V1Authorization: Codable, Sendable, Equatable {
    public var mvpd: String
    public var resource: String
    public var requestor: String
    /// Epoch milliseconds, as a string.
    public var expires: String
    /// Set for an MVPD reached through a proxy MVPD.
    public var proxyMvpd: String?

    public init(mvpd: String, resource: String, requestor: String, expires: String, proxyMvpd: String? = nil) {
        self.mvpd = mvpd
        self.resource = resource
        self.requestor = requestor
        self.expires = expires
        self.proxyMvpd = proxyMvpd
    }
}

/// `GET /api/v1/tokens/media` (alias `/api/v1/mediatoken`): the short media token (XML `<play>`).
public struct V1MediaToken: Codable, Sendable, Equatable {
    public var resource: String
    public var requestor: String
    /// Epoch milliseconds, as a string.
    public var expires: String
    /// Base64 of the signed token document the player hands to the stream's verifier.
    public var serializedToken: String
    public var userId: String
    public var mvpdId: String

    public init(
        resource: String, requestor: String, expires: String, serializedToken: String, userId: String, mvpdId: String
    ) {
        self.resource = resource
        self.requestor = requestor
        self.expires = expires
        self.serializedToken = serializedToken
        self.userId = userId
        self.mvpdId = mvpdId
    }

    public var expiresMilliseconds: Int64 { Int64(expires) ?? 0 }
}

/// `GET /api/v1/preauthorize`: one entry per requested resource.
public struct V1PreauthorizeResponse: Codable, Sendable, Equatable {
    public var resources: [Resource]

    public struct Resource: Codable, Sendable, Equatable {
        public var id: String
        public var authorized: Bool
        /// An item-level enhanced error on a deny.
        public var error: EnhancedError?

        public init(id: String, authorized: Bool, error: EnhancedError? = nil) {
            self.id = id
            self.authorized = authorized
            self.error = error
        }
    }

    public init(resources: [Resource]) {
        self.resources = resources
    }
}

/// `GET /api/v1/tokens/usermetadata`.
public struct V1UserMetadata: Codable, Sendable, Equatable {
    /// Unix seconds.
    public var updated: Int64
    /// Names of the values in `data` encrypted for the programmer.
    public var encrypted: [String]
    public var data: [String: JSONValue]

    public init(updated: Int64, encrypted: [String], data: [String: JSONValue]) {
        self.updated = updated
        self.encrypted = encrypted
        self.data = data
    }

    /// `Apple` when the token came from Apple's single sign-on, else the MVPD id.
    public var tokenSource: String? {
        if case .string(let source)? = data["tokenSource"] { return source }
        return nil
    }
}

/// The plain V1 error, without enhanced codes: `{"status", "message", "details"}`
/// (XML `<error><status/><message/><details/></error>`).
public struct V1PlainError: Codable, Sendable, Equatable, Error, CustomStringConvertible {
    public var status: Int
    public var message: String
    public var details: String?

    public init(status: Int, message: String, details: String? = nil) {
        self.status = status
        self.message = message
        self.details = details
    }

    public var description: String { "\(status) \(message)" + (details.map { " — \($0)" } ?? "") }

    enum CodingKeys: String, CodingKey { case status, message, details }

    /// `details` is always present, `null` when there is nothing to add.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(message, forKey: .message)
        try container.encode(details, forKey: .details)
    }
}

/// The `deviceType` of the Apple SSO calls (profile request, token exchange).
public enum V1DeviceType: String, Codable, Sendable, CaseIterable {
    case iOS
    case tvOS
}
