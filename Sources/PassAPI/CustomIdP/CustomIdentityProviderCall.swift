/// A call to a programmer's own identity provider (seed 003) as an app makes it: which call,
/// what it sends, and what its answer is. Flows return it as an effect; the client sends any of
/// them the same way, filling in the device's id, which only the running device knows.
public struct CustomIdentityProviderCall: Sendable, Equatable {
    /// The type of the call's answer.
    public enum Answer: Sendable, Equatable {
        /// `IdentityProviderInfo`: what the second metadata request needs.
        case info
        /// `CustomIdentityTokens`: the app's own session.
        case tokens
        /// `CustomDeviceAuthorization`: the codes a TV shows before it polls.
        case deviceAuthorization
        /// RFC 8628's poll: the tokens, or whether to wait or start over (400s that are states
        /// of the sign-in, not failures).
        case devicePoll
    }

    /// A field's value: given, or the device's id, which the client fills in.
    public enum Value: Sendable, Equatable {
        case text(String)
        case deviceIdentifier
    }

    /// One form field or query parameter.
    public typealias Field = CallField<Value>

    public enum Body: Sendable, Equatable {
        /// `application/x-www-form-urlencoded`.
        case form([Field])
        /// `SAMLTranslateRequest` as JSON, with the device's id.
        case translation(saml: String, provider: String)
    }

    public let endpoint: Endpoint
    public let query: [Field]
    public let body: Body?
    public let answer: Answer

    init(_ endpoint: Endpoint, query: [Field] = [], body: Body? = nil, answer: Answer) {
        self.endpoint = endpoint
        self.query = query
        self.body = body
        self.answer = answer
    }

    /// The grant type of RFC 8628's device flow.
    public static let deviceCodeGrant = "urn:ietf:params:oauth:grant-type:device_code"
}

extension CustomIdentityProviderCall {
    /// `GET /info?provider=…`.
    public static func info(provider: String) -> Self {
        Self(.customInfo, query: [Field("provider", .text(provider))], answer: .info)
    }

    /// `POST /saml/translate`: the provider's SAML response for the app's own tokens.
    public static func translate(saml: String, provider: String) -> Self {
        Self(.customTranslate, body: .translation(saml: saml, provider: provider), answer: .tokens)
    }

    /// `POST /token` with `grant_type=authorization_code`: the code of the web sign-in, once.
    public static func exchange(code: String, redirectURI: String) -> Self {
        Self(
            .customToken,
            body: .form([
                Field("grant_type", .text("authorization_code")), Field("code", .text(code)),
                Field("redirect_uri", .text(redirectURI)),
            ]), answer: .tokens)
    }

    /// `POST /device/code`: the codes a TV shows before it polls.
    public static let deviceCode = Self(
        .customDeviceCode, body: .form([Field("deviceId", .deviceIdentifier)]), answer: .deviceAuthorization)

    /// `POST /token` with the device-code grant.
    public static func pollDeviceToken(deviceCode: String) -> Self {
        Self(
            .customToken,
            body: .form([Field("grant_type", .text(deviceCodeGrant)), Field("device_code", .text(deviceCode))]),
            answer: .devicePoll)
    }
}
