/// A programmer's own identity provider used with Apple's single sign-on without Adobe Pass
/// (seed 003). The app asks it for what the second metadata request needs, then has it turn
/// the provider's SAML response into the app's own tokens.

/// `GET {idp}/info`: what the second VSA metadata request must carry.
public struct IdentityProviderInfo: Codable, Sendable, Equatable {
    /// The SAML attributes the app needs from the TV provider.
    public var attributeNames: [String]
    /// A signed authentication request from the programmer (service provider) to the TV
    /// provider (identity provider), Base64.
    public var verificationToken: String
    /// The service provider's SAML entity id.
    public var channelIdentifier: String

    public init(attributeNames: [String], verificationToken: String, channelIdentifier: String) {
        self.attributeNames = attributeNames
        self.verificationToken = verificationToken
        self.channelIdentifier = channelIdentifier
    }
}

/// `POST {idp}/saml/translate` body.
public struct SAMLTranslateRequest: Codable, Sendable, Equatable {
    /// The framework's `samlAttributeQueryResponse`, as the app received it.
    public var saml: String
    /// The TV provider's id in Apple's catalog (`accountProviderIdentifier`).
    public var provider: String
    public var deviceId: String

    public init(saml: String, provider: String, deviceId: String) {
        self.saml = saml
        self.provider = provider
        self.deviceId = deviceId
    }
}

/// `POST {idp}/saml/translate` answer: the app's own session.
public struct CustomIdentityTokens: Codable, Sendable, Equatable {
    public var accessToken: String
    public var refreshToken: String
    public var tokenType: String
    /// Seconds.
    public var expiresIn: Int
    public var userId: String
    /// The TV provider's id in Apple's catalog.
    public var provider: String
    /// The catalog titles the subscription includes.
    public var entitlements: [String]

    public init(
        accessToken: String, refreshToken: String, tokenType: String = "Bearer", expiresIn: Int, userId: String,
        provider: String, entitlements: [String]
    ) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.userId = userId
        self.provider = provider
        self.entitlements = entitlements
    }
}

/// The identity provider's error body: `{"error", "message"}`.
public struct CustomIdentityError: Codable, Sendable, Equatable, Error, CustomStringConvertible {
    public var error: String
    public var message: String

    public init(error: String, message: String) {
        self.error = error
        self.message = message
    }

    public var description: String { "\(error): \(message)" }
}

/// `POST {idp}/device/code` answer (RFC 8628 device authorization response): the TV shows
/// `user_code` and `verification_uri`, then polls `{idp}/token` with `device_code` no faster than
/// every `interval` seconds until the user has signed in on another screen.
public struct CustomDeviceAuthorization: Codable, Sendable, Equatable {
    public var deviceCode: String
    public var userCode: String
    public var verificationUri: String
    /// Seconds until `device_code` and `user_code` expire.
    public var expiresIn: Int
    /// Seconds the device must wait between two polls.
    public var interval: Int

    public init(deviceCode: String, userCode: String, verificationUri: String, expiresIn: Int, interval: Int) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationUri = verificationUri
        self.expiresIn = expiresIn
        self.interval = interval
    }

    enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code"
        case userCode = "user_code"
        case verificationUri = "verification_uri"
        case expiresIn = "expires_in"
        case interval
    }
}

/// Where a requestor's own identity provider answers, relative to the server: the client and the
/// app's flow (which opens the sign-in page in a web view) build the same addresses.
public enum CustomIdentityProviderPaths {
    /// The sign-in page an iOS app opens in a web view; it ends in a redirect to `redirectURI`
    /// with `code` (and `state`). `provider` preselects a TV provider (MVPD or Apple catalog id).
    public static func login(requestor: String, redirectURI: String, state: String, provider: String?) -> String {
        var pairs = [("redirect_uri", redirectURI), ("state", state)]
        if let provider { pairs.append(("provider", provider)) }
        // Unreserved characters only, so a redirect URI survives as one query value.
        return Endpoint.customLoginPage.path(requestor) + "?"
            + pairs.map { "\($0.0)=\($0.1.formEncoded)" }.joined(separator: "&")
    }
}
