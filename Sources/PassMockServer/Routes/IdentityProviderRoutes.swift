import Foundation
import Localization
import MockBackendAPI
import PassAPI

/// The endpoints the simulated device's TV-provider framework calls at a mock MVPD: its sign-in
/// form description, the sign-in itself (the device keeps the provider session) and the SAML
/// attribute query answered with a signed assertion.
struct IdentityProviderRoutes {
    let backend: MockBackend

    struct SignInRequest: Codable {
        let username: String
        let password: String
    }

    struct SignInResponse: Codable {
        let providerSessionToken: String
        let userDisplayName: String
        let userID: String
        /// Epoch milliseconds.
        let authenticationExpirationDate: Int64
    }

    struct AttributeQuery: Codable {
        let providerSessionToken: String
        let verificationToken: String?
        let attributeNames: [String]?
        let channelIdentifier: String?
    }

    struct AttributeQueryResponse: Codable {
        let samlResponse: String
        let status: String
    }

    struct ProviderSession: Codable {
        let mvpd: String
        let username: String
        let exp: Int64
    }

    struct Context: Codable {
        struct Field: Codable {
            let name: String
            let label: String
            let secure: Bool
        }

        struct Hint: Codable {
            let username: String
            let password: String
            let note: String?
        }

        let mvpd: String
        let displayName: String
        let issuer: String
        let fields: [Field]
        let personas: [Hint]
    }

    /// The simulated device's framework runs beside the mock, so these endpoints answer only on
    /// loopback: the context lists every persona's password, and a peer on the network must not
    /// read it whatever `Host` it sends.
    func register(into registry: inout RouteRegistry) {
        registry.add(.identityProviderContext) {
            _, parameters, context in
            try Self.requireLoopback(context)
            return try self.context(mvpdId: parameters["mvpd"])
        }
        registry.add(.identityProviderSignIn) {
            request, parameters, context in
            try Self.requireLoopback(context)
            return try self.signIn(request, mvpdId: parameters["mvpd"])
        }
        registry.add(.identityProviderAttributes) {
            request, parameters, context in
            try Self.requireLoopback(context)
            return try self.attributeQuery(request, mvpdId: parameters["mvpd"])
        }
        registry.add(.labFramework) {
            request, _, context in
            try Self.requireLoopback(context)
            return try self.standIn(request)
        }
    }

    static func requireLoopback(_ context: MockRequestContext) throws {
        guard context.isFromLoopback else {
            throw IdentityProviderFailure(
                status: 403, error: "forbidden",
                message: "The device framework's endpoints answer only on loopback, where the simulated device runs.")
        }
    }

    func provider(_ id: String) throws -> MvpdSettings {
        guard let mvpd = backend.index.mvpdsById[id] else {
            throw IdentityProviderFailure(
                status: 404, error: "unknown_provider", message: "There is no provider '\(id)'.")
        }
        guard mvpd.identityProviderAvailable else {
            throw IdentityProviderFailure(
                status: 503, error: "provider_unavailable", message: "\(mvpd.displayName) is not responding.")
        }
        return mvpd
    }

    /// The framework's calls (`vsa/sign-in`, `vsa/attribute-query`) are JSON from the device,
    /// never a page: a body of another type, which a page could send to another site without
    /// asking it first, or a request with a page's `Origin`, is refused.
    /// A call with a page's `Origin` is a page's, not the device's: refused.
    func requireDevice(_ request: IncomingRequest) throws {
        if let origin = request.header(.origin),
            !backend.hostCheck.isOwn(origin: origin, requestHost: request.authority)
        {
            throw IdentityProviderFailure(
                status: 403, error: "cross_site_request",
                message: "The identity provider's framework calls come from the device, not a page (Origin: \(origin))."
            )
        }
    }

    func body<T: Decodable>(_ type: T.Type, _ request: IncomingRequest) throws -> T {
        let mediaType = request.contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
            .lowercased()
        guard mediaType == "application/json" else {
            throw IdentityProviderFailure(
                status: 415, error: "unsupported_media_type", message: "The body must be application/json.")
        }
        try requireDevice(request)
        do {
            return try JSONDecoder().decode(T.self, from: request.body)
        } catch {
            throw IdentityProviderFailure(
                status: 400, error: "invalid_request", message: "The body is not the expected JSON.")
        }
    }

    private func context(mvpdId: String) throws -> MockResponse {
        let mvpd = try provider(mvpdId)
        let hints = backend.dashboard.personas(of: mvpd).map {
            Context.Hint(username: $0.username, password: $0.password, note: $0.note)
        }
        return Reply.json(
            Context(
                mvpd: mvpd.id, displayName: mvpd.displayName, issuer: AssertionDocument.issuer(forMvpd: mvpd.id),
                fields: [
                    .init(name: "username", label: "User ID", secure: false),
                    .init(name: "password", label: "Password", secure: true),
                ], personas: hints))
    }

    private func signIn(_ request: IncomingRequest, mvpdId: String) throws -> MockResponse {
        let mvpd = try provider(mvpdId)
        let credentials = try body(SignInRequest.self, request)
        guard let persona = backend.index.persona(credentials.username, at: mvpd),
            persona.password == credentials.password
        else {
            throw IdentityProviderFailure(
                status: 401, error: "invalid_credentials", message: request.strings("page.wrongPassword"))
        }
        guard !persona.expired else {
            throw IdentityProviderFailure(
                status: 403, error: "subscription_ended",
                message: request.strings("page.subscriptionEnded", ["provider": mvpd.displayName]))
        }
        let expiry = backend.nowMilliseconds + backend.authenticationLifetime(of: mvpd)
        let token = backend.signer.token(
            ProviderSession(mvpd: mvpd.id, username: persona.username, exp: expiry), for: .providerSession)
        return Reply.json(
            SignInResponse(
                providerSessionToken: token, userDisplayName: persona.displayName, userID: persona.userID,
                authenticationExpirationDate: expiry))
    }

    private func attributeQuery(_ request: IncomingRequest, mvpdId: String) throws -> MockResponse {
        let mvpd = try provider(mvpdId)
        let query = try body(AttributeQuery.self, request)
        guard
            let session = backend.signer.claims(
                ProviderSession.self, from: query.providerSessionToken, for: .providerSession),
            session.mvpd == mvpd.id, let persona = backend.index.persona(session.username, at: mvpd)
        else {
            throw IdentityProviderFailure(
                status: 401, error: "invalid_session", message: "Sign in to \(mvpd.displayName) again.")
        }
        guard session.exp > backend.nowMilliseconds else {
            throw IdentityProviderFailure(status: 401, error: "session_expired", message: "The sign-in has expired.")
        }
        let assertion = try assertion(
            for: persona, mvpd: mvpd, verificationToken: query.verificationToken, names: query.attributeNames)
        return Reply.json(
            AttributeQueryResponse(samlResponse: assertion.xml, status: "urn:oasis:names:tc:SAML:2.0:status:Success"))
    }

    /// The provider's signed answer to a verification token: Adobe's service provider and a
    /// programmer's own identity provider both sign their requests with the server key, and the
    /// answer goes back to whichever asked.
    func assertion(for persona: Persona, mvpd: MvpdSettings, verificationToken: String?, names: [String]?) throws
        -> AssertionDocument
    {
        guard let token = verificationToken,
            let request = AuthnRequestDocument.parse(verificationToken: token),
            let parsed = PartnerAuthenticationRequestBuilder(signer: backend.signer).parseID(request.id),
            parsed.expiresAtMilliseconds > backend.nowMilliseconds, request.isVouched(by: backend.signer)
        else {
            throw IdentityProviderFailure(
                status: 400, error: "invalid_verification_token",
                message: "The verification token is not a current authentication request.")
        }
        return makeAssertion(for: persona, mvpd: mvpd, request: request, names: names ?? [])
    }

    private func makeAssertion(
        for persona: Persona, mvpd: MvpdSettings, request: AuthnRequestDocument, names: [String]
    ) -> AssertionDocument {
        var available: [String: String] = ["uid": persona.userID, "userID": persona.userID]
        available["householdID"] = persona.householdID
        available["zip"] = persona.zip
        available["maxRating"] = persona.maxRating
        for (name, value) in persona.attributes {
            if case .string(let text) = value { available[name] = text }
        }
        var attributes: [String: String] = [:]
        for name in names { if let value = available[name] { attributes[name] = value } }
        let now = backend.now
        var assertion = AssertionDocument(
            responseID: "_" + backend.newIdentifier(), inResponseTo: request.id,
            issuer: AssertionDocument.issuer(forMvpd: mvpd.id), issueInstant: now, notBefore: now,
            notOnOrAfter: now.addingTimeInterval(TimeInterval(backend.settings.samlResponseLifetimeSeconds)),
            nameID: persona.userID, attributes: attributes, audience: request.issuer, recipient: request.recipient)
        assertion.sign(with: backend.signer)
        return assertion
    }
}
