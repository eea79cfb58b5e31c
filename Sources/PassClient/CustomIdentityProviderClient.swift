import Foundation
import PassAPI
import Simulation

/// Calls a programmer's own identity provider (`/custom-idp/{requestor}` on the mock): what the
/// second VSA metadata request needs, and the translation of the provider's SAML response into
/// the app's own tokens.
public struct CustomIdentityProviderClient: Sendable {
    let baseURL: String
    let requestor: String
    let transport: Transport

    public init(baseURL: String, requestor: String, clock: any SimulationClock, observer: ExchangeObserver?) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.requestor = requestor
        transport = Transport(clock: clock, observer: observer)
    }

    var root: String { "\(baseURL)/custom-idp/\(requestor.pathEncoded)" }

    /// `GET /info?provider=…`.
    public func info(provider: String) async throws(PassError) -> IdentityProviderInfo {
        let query = FormBody([("provider", provider)]).text
        return try await call("GET", "/info?\(query)", body: nil as String?, label: "custom.info")
    }

    /// `POST /saml/translate`.
    public func translate(saml: String, provider: String, deviceId: String) async throws(PassError)
        -> CustomIdentityTokens
    {
        try await call(
            "POST", "/saml/translate", body: SAMLTranslateRequest(saml: saml, provider: provider, deviceId: deviceId),
            label: "custom.translate")
    }

    private func call<Body: Encodable, Answer: Decodable>(_ method: String, _ path: String, body: Body?, label: String)
        async throws(PassError) -> Answer
    {
        let data = body.flatMap { try? JSONEncoder().encode($0) }
        var headers: [(name: String, value: String)] = [("Accept", "application/json")]
        if data != nil { headers.append(("Content-Type", "application/json")) }
        let response = try await transport.send(
            WireRequest(method: method, url: root + path, headers: headers, body: data, label: label))
        if (200..<300).contains(response.status) {
            do { return try JSONDecoder().decode(Answer.self, from: response.body) } catch {
                throw .malformedBody("\(Answer.self) from the identity provider")
            }
        }
        if response.status == 429 { throw .throttled(retryAfter: 1) }
        if let refusal = try? JSONDecoder().decode(CustomIdentityError.self, from: response.body) {
            throw .unexpectedStatus(response.status, body: "\(refusal.error): \(refusal.message)")
        }
        throw .unexpectedStatus(response.status, body: String(decoding: response.body.prefix(200), as: UTF8.self))
    }
}
