import Foundation
import MockBackendAPI
import PassAPI

/// `POST /o/client/register` and `POST /o/client/token`.
struct DCRRoutes {
    let backend: MockBackend

    func register(into registry: inout RouteRegistry) {
        registry.add(.post, "/o/client/register", .register, in: .registration) { request, _, _ in
            try self.registerClient(request)
        }
        registry.add(.post, "/o/client/token", .token, in: .registration) { request, _, _ in
            try self.issueToken(request)
        }
    }

    func registerClient(_ request: IncomingRequest) throws -> MockResponse {
        if let type = request.contentType?.lowercased(), !type.contains("json") {
            throw OAuthFailure(code: .invalidRequest, description: "Content-Type must be application/json.")
        }
        let body: ClientRegistrationRequest
        do {
            body = try JSONDecoder().decode(ClientRegistrationRequest.self, from: request.body)
        } catch DecodingError.keyNotFound(let key, _) {
            throw OAuthFailure(code: .invalidRequest, description: "The body has no \(key.stringValue).")
        } catch {
            throw OAuthFailure(code: .invalidRequest, description: "The body is not the expected JSON object.")
        }
        guard case .success = DeviceInfo.parse(request.header(.deviceInfo)) else {
            throw OAuthFailure(code: .invalidRequest, description: "X-Device-Info is missing or invalid.")
        }
        let index = backend.index
        guard let claims = backend.credentials.statementClaims(body.softwareStatement),
            let requestor = index.requestorsById[claims.requestor],
            requestor.softwareStatement.softwareId == claims.softwareId
        else {
            throw OAuthFailure(code: .invalidSoftwareStatement, description: "The software statement is not valid.")
        }
        guard !requestor.softwareStatement.revoked else {
            throw OAuthFailure(code: .unapprovedSoftwareStatement, description: "The software statement was revoked.")
        }
        let redirectUris = try acceptedRedirectUris(body.redirectUri, for: requestor)
        let clientId = backend.credentials.clientId(
            requestor: requestor.id, softwareId: claims.softwareId, nonce: backend.newIdentifier())
        let credentials = ClientCredentials(
            clientId: clientId, clientSecret: backend.credentials.clientSecret(for: clientId),
            clientIdIssuedAt: Int64(backend.now.timeIntervalSince1970), redirectUris: redirectUris)
        return Reply.json(credentials, status: 201)
    }

    private func acceptedRedirectUris(_ uri: String?, for requestor: RequestorSettings) throws -> [String] {
        guard let uri else { return requestor.redirectUris }
        guard let url = URL(string: uri), url.scheme != nil else {
            throw OAuthFailure(code: .invalidRedirectUri, description: "'\(uri)' is not an absolute URI.")
        }
        if !requestor.redirectUris.isEmpty, !requestor.redirectUris.contains(uri) {
            throw OAuthFailure(code: .invalidRedirectUri, description: "'\(uri)' is not registered for this statement.")
        }
        return [uri]
    }

    /// Accepts the parameters as a form body or, as some clients send them, in the query.
    func issueToken(_ request: IncomingRequest) throws -> MockResponse {
        var parameters = request.query
        if !request.body.isEmpty {
            let isForm = request.contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? true
            guard isForm, let text = String(data: request.body, encoding: .utf8),
                let form = IncomingRequest.parseForm(text)
            else {
                throw OAuthFailure(code: .invalidRequest, description: "The body must be a URL-encoded form.")
            }
            for (name, value) in form {
                if parameters[name] != nil, parameters[name] != value {
                    throw OAuthFailure(code: .invalidRequest, description: "'\(name)' is given twice.")
                }
                parameters[name] = value
            }
        }
        guard case .success = DeviceInfo.parse(request.header(.deviceInfo)) else {
            throw OAuthFailure(code: .invalidRequest, description: "X-Device-Info is missing or invalid.")
        }
        for name in ["grant_type", "client_id", "client_secret"] where (parameters[name] ?? "").isEmpty {
            throw OAuthFailure(code: .invalidRequest, description: "The parameter \(name) is missing.")
        }
        guard parameters["grant_type"] == "client_credentials" else {
            throw OAuthFailure(code: .unsupportedGrantType, description: "Only client_credentials is supported.")
        }
        let clientId = parameters["client_id"]!
        let credentials = backend.credentials
        guard let identity = credentials.clientIdentity(clientId),
            credentials.isValidSecret(parameters["client_secret"]!, for: clientId),
            let requestor = backend.index.requestorsById[identity.requestor],
            requestor.softwareStatement.softwareId == identity.softwareId
        else {
            throw OAuthFailure(code: .invalidClient, description: "Unknown client or wrong secret; register again.")
        }
        guard !requestor.softwareStatement.revoked else {
            throw OAuthFailure(code: .unauthorizedClient, description: "The client's software statement was revoked.")
        }
        let lifetime = backend.settings.accessTokenLifetimeSeconds
        let now = backend.now
        let jti = backend.newIdentifier()
        let token = credentials.accessToken(
            clientId: clientId, requestor: requestor.id, now: now, lifetime: lifetime, jti: jti)
        let response = AccessTokenResponse(
            id: jti, accessToken: token, createdAt: backend.nowMilliseconds, expiresIn: lifetime)
        return Reply.json(response, status: 201)
    }
}
