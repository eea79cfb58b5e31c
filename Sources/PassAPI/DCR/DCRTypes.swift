/// Wire types of Dynamic Client Registration (`/o/client/register`, `/o/client/token`).

/// Body of `POST /o/client/register`: Adobe's `redirect_uri`, or RFC 7591's `redirect_uris`
/// array that generic OAuth 2 clients send.
public struct ClientRegistrationRequest: Codable, Sendable, Equatable {
    public var softwareStatement: String
    public var redirectUri: String?
    public var redirectUris: [String]?

    public init(softwareStatement: String, redirectUri: String? = nil, redirectUris: [String]? = nil) {
        self.softwareStatement = softwareStatement
        self.redirectUri = redirectUri
        self.redirectUris = redirectUris
    }

    enum CodingKeys: String, CodingKey {
        case softwareStatement = "software_statement"
        case redirectUri = "redirect_uri"
        case redirectUris = "redirect_uris"
    }

    /// Every redirect URI asked for, `redirect_uri` first, each once.
    public var requestedRedirectUris: [String] {
        var seen = Set<String>()
        return ([redirectUri].compactMap { $0 } + (redirectUris ?? [])).filter { seen.insert($0).inserted }
    }
}

/// 201 answer of `POST /o/client/register`: credentials an app caches forever.
public struct ClientCredentials: Codable, Sendable, Equatable {
    public var clientId: String
    public var clientSecret: String
    /// Epoch seconds.
    public var clientIdIssuedAt: Int64
    public var redirectUris: [String]
    public var grantTypes: [String]
    public var scopes: [String]

    public init(
        clientId: String, clientSecret: String, clientIdIssuedAt: Int64, redirectUris: [String],
        grantTypes: [String] = ["client_credentials"], scopes: [String] = ["api:client:v2"]
    ) {
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.clientIdIssuedAt = clientIdIssuedAt
        self.redirectUris = redirectUris
        self.grantTypes = grantTypes
        self.scopes = scopes
    }

    enum CodingKeys: String, CodingKey {
        case clientId = "client_id"
        case clientSecret = "client_secret"
        case clientIdIssuedAt = "client_id_issued_at"
        case redirectUris = "redirect_uris"
        case grantTypes = "grant_types"
        case scopes
    }
}

/// 201 answer of `POST /o/client/token`.
public struct AccessTokenResponse: Codable, Sendable, Equatable {
    public var id: String
    public var accessToken: String
    /// Epoch milliseconds.
    public var createdAt: Int64
    /// Seconds.
    public var expiresIn: Int
    public var tokenType: String
    /// Exchanged with `grant_type=refresh_token` for the next access token; absent when the
    /// server issues none.
    public var refreshToken: String?

    public init(
        id: String, accessToken: String, createdAt: Int64, expiresIn: Int, tokenType: String = "bearer",
        refreshToken: String? = nil
    ) {
        self.id = id
        self.accessToken = accessToken
        self.createdAt = createdAt
        self.expiresIn = expiresIn
        self.tokenType = tokenType
        self.refreshToken = refreshToken
    }

    enum CodingKeys: String, CodingKey {
        case id
        case accessToken = "access_token"
        case createdAt = "created_at"
        case expiresIn = "expires_in"
        case tokenType = "token_type"
        case refreshToken = "refresh_token"
    }
}

/// 400 answer of the DCR endpoints: an OAuth-style `error` code.
public struct DCRErrorResponse: Codable, Sendable, Equatable, Error {
    public var error: DCRErrorCode
    public var errorDescription: String?

    public init(_ error: DCRErrorCode, description: String? = nil) {
        self.error = error
        self.errorDescription = description
    }

    enum CodingKeys: String, CodingKey {
        case error
        case errorDescription = "error_description"
    }
}

public enum DCRErrorCode: String, Codable, Sendable, CaseIterable {
    case invalidRequest = "invalid_request"
    case invalidRedirectUri = "invalid_redirect_uri"
    case invalidSoftwareStatement = "invalid_software_statement"
    case unapprovedSoftwareStatement = "unapproved_software_statement"
    case invalidClient = "invalid_client"
    case unauthorizedClient = "unauthorized_client"
    case unsupportedGrantType = "unsupported_grant_type"
    /// RFC 6749 §5.2: the refresh token is unknown, expired, spent or belongs to another client.
    case invalidGrant = "invalid_grant"
    /// RFC 6749 §4.1.2.1: the server cannot answer now (503); the client may try again later.
    case temporarilyUnavailable = "temporarily_unavailable"
}
