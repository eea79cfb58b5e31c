import Foundation
import MockBackendAPI
import PassAPI

extension CustomIdentityProviderRoutes {
    /// `GET /custom-idp/{requestor}/info?provider=…`: what the second metadata request carries.
    func info(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let requestor = try requestor(parameters["requestor"])
        let provider = (request.query["provider"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !provider.isEmpty else {
            throw failure(
                400, "invalid_request", "The provider parameter (the TV provider's id in Apple's catalog) is missing.")
        }
        let mvpd = try singleSignOnProvider(provider, of: requestor)
        let now = backend.nowMilliseconds
        let expiry = now + Int64(backend.settings.partnerRequestLifetimeSeconds) * 1000
        let channel = Self.entityID(of: requestor)
        let builder = PartnerAuthenticationRequestBuilder(signer: backend.signer)
        let id = builder.makeID(nonce: backend.newIdentifier(), expiresAtMilliseconds: expiry, serviceProvider: channel)
        let document = builder.document(
            id: id, serviceProvider: requestor.name, issuer: channel, issueInstant: backend.now,
            destination: "\(backend.baseURL)/idp/\(mvpd.id)/vsa/attribute-query",
            assertionConsumerService: backend.baseURL + Endpoint.customTranslate.path(requestor.id))
        backend.customIdentity.recordRequest(
            id: id, .init(requestor: requestor.id, mvpd: mvpd.id, expiresAt: expiry), now: now)
        return Reply.json(
            IdentityProviderInfo(
                attributeNames: Self.attributeNames(for: mvpd), verificationToken: Base64.encode(document),
                channelIdentifier: channel))
    }

    /// `POST /custom-idp/{requestor}/saml/translate`: the provider's SAML response becomes the
    /// app's own session.
    func translate(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let requestor = try requestor(parameters["requestor"])
        let body = try translateRequest(request)
        let mvpd = try singleSignOnProvider(body.provider, of: requestor)
        let assertion = try CustomSAMLCheck(backend: backend, requestor: requestor, mvpd: mvpd)
            .verify(body.saml, device: body.deviceId)
        guard let persona = backend.index.persona(userID: assertion.nameID, at: mvpd) else {
            throw failure(401, "invalid_saml", "The assertion names no subscriber of \(mvpd.displayName).")
        }
        guard !persona.expired else {
            throw failure(403, "not_entitled", "This \(mvpd.displayName) subscription has ended.")
        }
        let userId = assertion.attributes["userID"] ?? assertion.attributes["uid"] ?? assertion.nameID
        return Reply.json(
            tokens(for: persona, mvpd: mvpd, provider: body.provider, requestor: requestor, userId: userId))
    }

    /// The JSON body, every field present and not empty.
    private func translateRequest(_ request: IncomingRequest) throws -> SAMLTranslateRequest {
        func invalid(_ message: String) -> IdentityProviderFailure { failure(400, "invalid_body", message) }
        if let type = request.contentType?.lowercased(), !type.contains("json") {
            throw invalid("Expected Content-Type application/json, got \(type).")
        }
        let body: SAMLTranslateRequest
        do {
            body = try JSONDecoder().decode(SAMLTranslateRequest.self, from: request.body)
        } catch DecodingError.keyNotFound(let key, _) {
            throw invalid("The body has no '\(key.stringValue)'.")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            throw invalid("'\(context.codingPath.map(\.stringValue).joined(separator: "."))' must be a string.")
        } catch {
            throw invalid("The body is not JSON.")
        }
        for (name, value) in [("saml", body.saml), ("provider", body.provider), ("deviceId", body.deviceId)]
        where value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw invalid("'\(name)' is empty.")
        }
        return body
    }
}

/// Everything the translate endpoint checks in a SAML response: encoding, issuer, `InResponseTo`
/// (a request this identity provider issued and recorded), then the checks shared with Adobe's
/// `/profiles/sso/Apple` (`AssertionChecks`).
struct CustomSAMLCheck {
    let backend: MockBackend
    let requestor: RequestorSettings
    let mvpd: MvpdSettings

    /// Checks the framework's answer; `device` spends it, so a device answering without end uses
    /// its own quota.
    func verify(_ saml: String, device: String) throws -> AssertionDocument {
        let assertion = try parse(saml)
        func reject(_ reason: String) -> IdentityProviderFailure {
            IdentityProviderFailure(status: 401, error: "invalid_saml", message: reason)
        }
        let expectedIssuer = AssertionDocument.issuer(forMvpd: mvpd.id)
        guard assertion.issuer == expectedIssuer else {
            throw reject(
                "The issuer '\(assertion.issuer)' is not \(mvpd.displayName)'s identity provider (\(expectedIssuer)).")
        }
        let now = backend.nowMilliseconds
        guard let issued = backend.customIdentity.issuedRequest(id: assertion.inResponseTo),
            issued.requestor == requestor.id
        else { throw reject("InResponseTo does not name an authentication request this identity provider issued.") }
        guard issued.mvpd == mvpd.id else {
            throw reject("InResponseTo names a request issued for \(issued.mvpd), not \(mvpd.id).")
        }
        guard issued.expiresAt > now else { throw reject("The authentication request this answers has expired.") }
        if let problem = try AssertionChecks(backend: backend).problem(
            with: assertion, audience: CustomIdentityProviderRoutes.entityID(of: requestor), replayScope: "custom-saml",
            owner: "device:\(requestor.id):\(device)", answersRequestUntil: issued.expiresAt)
        {
            throw reject(problem)
        }
        return assertion
    }

    /// The `saml` field as the framework gave it: raw XML, or Base64 of it.
    private func parse(_ saml: String) throws -> AssertionDocument {
        func malformed(_ reason: String) -> IdentityProviderFailure {
            IdentityProviderFailure(status: 400, error: "invalid_body", message: "'saml' \(reason).")
        }
        guard let xml = SAMLName.document(fromXMLOrBase64: saml) else {
            throw malformed("is neither SAML XML nor Base64 of it")
        }
        do {
            return try AssertionDocument.parse(xml)
        } catch {
            throw malformed("is not a usable SAML response: \(error.description)")
        }
    }
}
