import Foundation
import PassAPI
import Simulation

/// Calls a mock MVPD's identity provider the way a device's TV-provider framework does: sign
/// the subscriber in (the device keeps the provider session) and answer SAML attribute queries.
public struct IdentityProviderClient: Sendable {
    public struct SignIn: Codable, Sendable, Equatable {
        public let providerSessionToken: String
        public let userDisplayName: String
        public let userID: String
        /// Epoch milliseconds.
        public let authenticationExpirationDate: Int64
    }

    public struct AttributeQueryAnswer: Codable, Sendable, Equatable {
        public let samlResponse: String
        public let status: String
    }

    /// An identity provider's refusal: `invalid_credentials`, `subscription_ended`,
    /// `provider_unavailable`, `invalid_verification_token`, `session_expired`, …
    public struct Refusal: Codable, Sendable, Equatable, Error {
        public let error: String
        public let message: String
        public var status: Int?
    }

    public enum Failure: Error, Sendable, Equatable {
        case refused(Refusal)
        case transport(PassError)
    }

    let baseURL: String
    let transport: Transport
    /// The device's languages (`Accept-Language`), for the provider's messages; nil sends none.
    let acceptLanguage: String?

    public init(
        baseURL: String, clock: any SimulationClock, observer: ExchangeObserver?, acceptLanguage: String? = nil
    ) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        transport = Transport(clock: clock, observer: observer)
        self.acceptLanguage = acceptLanguage
    }

    public func signIn(mvpd: String, username: String, password: String) async throws(Failure) -> SignIn {
        try await call(.identityProviderSignIn, mvpd: mvpd, body: ["username": username, "password": password])
    }

    public func attributeQuery(
        mvpd: String, providerSessionToken: String, verificationToken: String?, attributeNames: [String],
        channelIdentifier: String?
    ) async throws(Failure) -> AttributeQueryAnswer {
        struct Query: Encodable {
            let providerSessionToken: String
            let verificationToken: String?
            let attributeNames: [String]
            let channelIdentifier: String?
        }
        return try await call(
            .identityProviderAttributes, mvpd: mvpd,
            body: Query(
                providerSessionToken: providerSessionToken, verificationToken: verificationToken,
                attributeNames: attributeNames, channelIdentifier: channelIdentifier))
    }

    private func call<Body: Encodable, Answer: Decodable>(_ endpoint: Endpoint, mvpd: String, body: Body?)
        async throws(Failure) -> Answer
    {
        let data = body.flatMap { try? JSONEncoder.requestBody.encode($0) }
        var headers: [(name: String, value: String)] = [("Accept", "application/json")]
        if let acceptLanguage { headers.append(("Accept-Language", acceptLanguage)) }
        if data != nil { headers.append(("Content-Type", "application/json")) }
        let response: WireResponse
        do {
            response = try await transport.send(
                WireRequest(endpoint, url: baseURL + endpoint.path(mvpd), headers: headers, body: data))
        } catch {
            throw .transport(error)
        }
        if (200..<300).contains(response.status),
            let answer = try? JSONDecoder().decode(Answer.self, from: response.body)
        {
            return answer
        }
        if var refusal = try? JSONDecoder().decode(Refusal.self, from: response.body) {
            refusal.status = response.status
            throw .refused(refusal)
        }
        throw .transport(
            .unexpectedStatus(response.status, body: String(decoding: response.body.prefix(200), as: UTF8.self)))
    }
}
