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
    public static let deviceCodeGrant = CustomIdentityProviderCall.deviceCodeGrant

    /// Sends a call whose answer is a JSON body, with `deviceId` where the call carries the
    /// device's id.
    public func perform<Answer: Decodable>(_ call: CustomIdentityProviderCall, deviceId: String = "")
        async throws(PassError) -> Answer
    {
        let response = try await send(call, deviceId: deviceId)
        guard (200..<300).contains(response.status) else { throw Self.failure(response) }
        return try Self.decode(response)
    }

    /// Sends a poll of the device-code grant: the tokens once the user has signed in on the
    /// second screen, else whether to keep polling or start over. An unknown code throws.
    public func poll(_ call: CustomIdentityProviderCall) async throws(PassError) -> CustomDevicePoll {
        let response = try await send(call, deviceId: "")
        if (200..<300).contains(response.status) { return .signedIn(try Self.decode(response)) }
        // RFC 8628 answers "not yet" and "start over" as 400 errors; they are states of the
        // sign-in, not failures.
        if response.status == 400, let refusal = Self.refusal(response), let wait = CustomDevicePoll(waiting: refusal) {
            return wait
        }
        throw Self.failure(response)
    }

    // MARK: Single sign-on

    public func info(provider: String) async throws(PassError) -> IdentityProviderInfo {
        try await perform(.info(provider: provider))
    }

    public func translate(saml: String, provider: String, deviceId: String) async throws(PassError)
        -> CustomIdentityTokens
    {
        try await perform(.translate(saml: saml, provider: provider), deviceId: deviceId)
    }

    // MARK: The app's own sign-in

    /// The sign-in page the iOS app opens in a web view; it ends in a redirect to `redirectURI`
    /// with `code` (and `state`). `provider` preselects a TV provider (MVPD or Apple catalog id).
    public func loginURL(redirectURI: String, state: String, provider: String? = nil) -> String {
        baseURL
            + CustomIdentityProviderPaths.login(
                requestor: requestor, redirectURI: redirectURI, state: state, provider: provider)
    }

    public func exchange(code: String, redirectURI: String) async throws(PassError) -> CustomIdentityTokens {
        try await perform(.exchange(code: code, redirectURI: redirectURI))
    }

    public func deviceAuthorization(deviceId: String) async throws(PassError) -> CustomDeviceAuthorization {
        try await perform(.deviceCode, deviceId: deviceId)
    }

    public func pollDeviceToken(deviceCode: String) async throws(PassError) -> CustomDevicePoll {
        try await poll(.pollDeviceToken(deviceCode: deviceCode))
    }

    // MARK: Wire

    private func send(_ call: CustomIdentityProviderCall, deviceId: String) async throws(PassError) -> WireResponse {
        func filled(_ field: CustomIdentityProviderCall.Field) -> (String, String) {
            switch field.value {
            case .text(let text): (field.name, text)
            case .deviceIdentifier: (field.name, deviceId)
            }
        }
        let query = call.query.isEmpty ? "" : "?" + FormBody(call.query.map(filled)).text
        let url = baseURL + call.endpoint.path(requestor) + query
        var headers: [(name: String, value: String)] = [("Accept", "application/json")]
        var body: Data?
        switch call.body {
        case .form(let fields):
            headers.append(("Content-Type", "application/x-www-form-urlencoded"))
            body = FormBody(fields.map(filled)).data
        case .translation(let saml, let provider):
            headers.append(("Content-Type", "application/json"))
            body = try? JSONEncoder.requestBody.encode(
                SAMLTranslateRequest(saml: saml, provider: provider, deviceId: deviceId))
        case nil:
            break
        }
        return try await transport.send(WireRequest(call.endpoint, url: url, headers: headers, body: body))
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
