import Foundation
import PassAPI
import Simulation

/// Calls a programmer's own identity provider (`/custom-idp/{requestor}` on the mock): what the
/// second VSA metadata request needs, the translation of the provider's SAML response into the
/// app's own tokens, and the app's own sign-in for when Apple's single sign-on does not apply
/// (a web view on iOS, a device code on tvOS).
public struct CustomIdentityProviderClient: Sendable {
    let baseURL: String
    let requestor: String
    let transport: Transport

    public init(baseURL: String, requestor: String, clock: any SimulationClock, observer: ExchangeObserver?) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.requestor = requestor
        transport = Transport(clock: clock, observer: observer)
    }

    /// The grant type of RFC 8628's device flow.
    public static let deviceCodeGrant = "urn:ietf:params:oauth:grant-type:device_code"

    // MARK: Single sign-on

    /// `GET /info?provider=…`.
    public func info(provider: String) async throws(PassError) -> IdentityProviderInfo {
        let query = FormBody([("provider", provider)]).text
        return try await call(.customInfo, query: query, body: nil)
    }

    /// `POST /saml/translate`.
    public func translate(saml: String, provider: String, deviceId: String) async throws(PassError)
        -> CustomIdentityTokens
    {
        let request = SAMLTranslateRequest(saml: saml, provider: provider, deviceId: deviceId)
        return try await call(.customTranslate, body: .json(request))
    }

    // MARK: The app's own sign-in

    /// The sign-in page the iOS app opens in a web view; it ends in a redirect to `redirectURI`
    /// with `code` (and `state`). `provider` preselects a TV provider (MVPD or Apple catalog id).
    public func loginURL(redirectURI: String, state: String, provider: String? = nil) -> String {
        baseURL
            + CustomIdentityProviderPaths.login(
                requestor: requestor, redirectURI: redirectURI, state: state, provider: provider)
    }

    /// `POST /token` with `grant_type=authorization_code`: the code of the web sign-in, once.
    public func exchange(code: String, redirectURI: String) async throws(PassError) -> CustomIdentityTokens {
        let form = FormBody([("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI)])
        return try await call(.customToken, body: .form(form))
    }

    /// `POST /device/code`: the codes a TV shows before it polls.
    public func deviceAuthorization(deviceId: String) async throws(PassError) -> CustomDeviceAuthorization {
        try await call(.customDeviceCode, body: .form(FormBody([("deviceId", deviceId)])))
    }

    /// `POST /token` with the device-code grant: the tokens once the user has signed in on the
    /// second screen, else whether to keep polling or start over. An unknown code throws.
    public func pollDeviceToken(deviceCode: String) async throws(PassError) -> CustomDevicePoll {
        let form = FormBody([("grant_type", Self.deviceCodeGrant), ("device_code", deviceCode)])
        let response = try await send(.customToken, body: .form(form))
        if (200..<300).contains(response.status) { return .signedIn(try Self.decode(response)) }
        // RFC 8628 answers "not yet" and "start over" as 400 errors; they are states of the
        // sign-in, not failures.
        if response.status == 400, let refusal = Self.refusal(response), let wait = CustomDevicePoll(waiting: refusal) {
            return wait
        }
        throw Self.failure(response)
    }

    // MARK: Wire

    /// A request body and its media type.
    enum Body {
        case json(any Encodable)
        case form(FormBody)

        var encoded: (data: Data, type: String)? {
            switch self {
            case .json(let value):
                (try? JSONEncoder.requestBody.encode(value)).map { ($0, "application/json") }
            case .form(let form): (form.data, "application/x-www-form-urlencoded")
            }
        }
    }

    private func call<Answer: Decodable>(_ endpoint: Endpoint, query: String? = nil, body: Body?)
        async throws(PassError) -> Answer
    {
        let response = try await send(endpoint, query: query, body: body)
        guard (200..<300).contains(response.status) else { throw Self.failure(response) }
        return try Self.decode(response)
    }

    private func send(_ endpoint: Endpoint, query: String? = nil, body: Body?) async throws(PassError)
        -> WireResponse
    {
        let url = baseURL + endpoint.path(requestor) + (query.map { "?" + $0 } ?? "")
        let encoded = body?.encoded
        var headers: [(name: String, value: String)] = [("Accept", "application/json")]
        if let encoded { headers.append(("Content-Type", encoded.type)) }
        return try await transport.send(
            WireRequest(endpoint, url: url, headers: headers, body: encoded?.data))
    }

    private static func decode<Answer: Decodable>(_ response: WireResponse) throws(PassError) -> Answer {
        do { return try JSONDecoder().decode(Answer.self, from: response.body) } catch {
            throw .malformedBody("\(Answer.self) from the identity provider")
        }
    }

    private static func refusal(_ response: WireResponse) -> CustomIdentityError? {
        try? JSONDecoder().decode(CustomIdentityError.self, from: response.body)
    }

    private static func failure(_ response: WireResponse) -> PassError {
        if response.status == 429 { return .throttled(retryAfter: response.retryAfterSeconds) }
        if let refusal = refusal(response) {
            return .unexpectedStatus(response.status, body: "\(refusal.error): \(refusal.message)")
        }
        return .unexpectedStatus(response.status, body: String(decoding: response.body.prefix(200), as: UTF8.self))
    }
}

/// One poll of the device-code grant.
public enum CustomDevicePoll: Sendable, Equatable {
    /// The user has not signed in yet; poll again after the interval.
    case pending
    /// Polled before the interval was over; wait longer (RFC 8628 adds 5 seconds).
    case slowDown
    /// The code's time is up (`expired_token`): the device must ask for a new one.
    case expired
    case signedIn(CustomIdentityTokens)

    init?(waiting refusal: CustomIdentityError) {
        switch refusal.error {
        case "authorization_pending": self = .pending
        case "slow_down": self = .slowDown
        case "expired_token": self = .expired
        default: return nil
        }
    }
}
