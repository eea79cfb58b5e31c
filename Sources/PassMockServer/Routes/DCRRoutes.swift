import Foundation
import MockBackendAPI
import PassAPI

/// `POST /o/client/register` and `POST /o/client/token`.
struct DCRRoutes {
    let backend: MockBackend

    func register(into registry: inout RouteRegistry) {
        registry.add(.register) { request, _, _ in
            try self.registerClient(request)
        }
        registry.add(.token) { request, _, _ in
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
        } catch DecodingError.typeMismatch(_, let context)
            where context.codingPath.first?.stringValue == "redirect_uris"
        {
            throw OAuthFailure(code: .invalidRedirectUri, description: "redirect_uris must be an array of strings.")
        } catch {
            throw OAuthFailure(code: .invalidRequest, description: "The body is not the expected JSON object.")
        }
        try checkDeviceInfo(request)
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
        let redirectUris = try acceptedRedirectUris(body.requestedRedirectUris, for: requestor)
        let clientId = backend.credentials.clientId(
            requestor: requestor.id, softwareId: claims.softwareId, nonce: backend.newIdentifier())
        let credentials = ClientCredentials(
            clientId: clientId, clientSecret: backend.credentials.clientSecret(for: clientId),
            clientIdIssuedAt: Int64(backend.now.timeIntervalSince1970), redirectUris: redirectUris,
            grantTypes: Self.grantTypes)
        return Reply.json(credentials, status: 201, headers: Self.noStore)
    }

    /// RFC 6749 §5.1: answers that carry credentials or tokens are never cached.
    static let noStore: [(name: String, value: String)] = [("Cache-Control", "no-store"), ("Pragma", "no-cache")]

    /// `X-Device-Info` is Adobe's, and no generic OAuth 2 client sends it: it is checked when
    /// it is there and not asked for otherwise.
    private func checkDeviceInfo(_ request: IncomingRequest) throws {
        guard let header = request.header(.deviceInfo) else { return }
        if case .failure(let problem) = DeviceInfo.parse(header) {
            // Which rule the header breaks, so a developer need not guess among them.
            throw OAuthFailure(
                code: .invalidRequest,
                description: "X-Device-Info is not valid: \(problem). It is the Base64 of a JSON object.")
        }
    }

    /// RFC 7591 §2 and RFC 6749 §3.1.2: each an absolute URI without a fragment that a browser may
    /// be sent to: one of the requestor's registered URIs when the dashboard lists any, else one
    /// the requestor's sign-ins may redirect to (`RedirectPolicy`: its domains, an app's custom
    /// scheme), so that a client never registers a target its sessions would refuse. Without
    /// any, the client gets the dashboard's list, as the TVE Dashboard's own registration would.
    private func acceptedRedirectUris(_ uris: [String], for requestor: RequestorSettings) throws -> [String] {
        guard !uris.isEmpty else { return requestor.redirectUris }
        for uri in uris {
            if let problem = Self.redirectUriProblem(uri) {
                throw OAuthFailure(code: .invalidRedirectUri, description: "'\(uri)' \(problem).")
            }
            if !requestor.redirectUris.isEmpty, !requestor.redirectUris.contains(uri) {
                throw OAuthFailure(
                    code: .invalidRedirectUri, description: "'\(uri)' is not registered for this statement.")
            }
            if let problem = RedirectPolicy.problem(with: uri, for: requestor) {
                throw OAuthFailure(code: .invalidRedirectUri, description: "'\(uri)' \(problem).")
            }
        }
        return uris
    }

    /// Why `uri` cannot be a redirection endpoint, or nil when it can.
    static func redirectUriProblem(_ uri: String) -> String? {
        if let problem = RedirectPolicy.syntaxProblem(uri) { return problem }
        if uri.contains("#") { return "has a fragment" }
        return nil
    }

    /// Accepts the parameters as a form body or, as some clients send them, in the query; the
    /// client authenticates with `client_id` and `client_secret` among them (Adobe's way) or with
    /// HTTP Basic (`client_secret_basic`, RFC 6749 §2.3.1, what OAuth 2 libraries send by default).
    func issueToken(_ request: IncomingRequest) throws -> MockResponse {
        var parameters = try tokenParameters(request)
        try checkDeviceInfo(request)
        let basic = try ClientBasicCredentials(authorization: request.header(.authorization))
        if let basic { try merge(basic, into: &parameters) }
        for name in ["grant_type", "client_id", "client_secret"] where (parameters[name] ?? "").isEmpty {
            throw OAuthFailure(code: .invalidRequest, description: "The parameter \(name) is missing.")
        }
        let grant = parameters["grant_type"]!
        guard Self.grantTypes.contains(grant) else {
            throw OAuthFailure(
                code: .unsupportedGrantType, description: "Only client_credentials and refresh_token are supported.")
        }
        let client: Client
        do {
            client = try authenticatedClient(id: parameters["client_id"]!, secret: parameters["client_secret"]!)
        } catch var failure as OAuthFailure where basic != nil && failure.code == .invalidClient {
            // RFC 6749 §5.2: a client that authenticated with the Authorization header gets 401.
            failure.statusCode = 401
            failure.challenge = "Basic realm=\"tvsim\""
            throw failure
        }
        let chain = grant == "refresh_token" ? try exchangeRefreshToken(parameters["refresh_token"], of: client) : nil
        return tokenReply(for: client, continuing: chain)
    }

    /// Adds HTTP Basic credentials to the parameters. One client authenticates one way (RFC 6749
    /// §2.3): a `client_secret` in the body as well is refused; a `client_id` that repeats the
    /// header's is accepted, as some libraries send it.
    private func merge(_ basic: ClientBasicCredentials, into parameters: inout [String: String]) throws {
        if parameters["client_secret"] != nil {
            throw OAuthFailure(
                code: .invalidRequest,
                description: "The client authenticates twice (HTTP Basic and client_secret); use one.")
        }
        if let id = parameters["client_id"], id != basic.clientId {
            throw OAuthFailure(
                code: .invalidRequest, description: "client_id differs from the one in the Authorization header.")
        }
        parameters["client_id"] = basic.clientId
        parameters["client_secret"] = basic.clientSecret
    }

    /// What registration grants every client: Adobe's token answer carries a refresh token, so
    /// the client may exchange it as well as its credentials.
    static let grantTypes = ["client_credentials", "refresh_token"]

    /// Query parameters merged with a form body; a name given twice must agree.
    private func tokenParameters(_ request: IncomingRequest) throws -> [String: String] {
        var parameters = request.query
        guard !request.body.isEmpty else { return parameters }
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
        return parameters
    }

    private struct Client {
        let id: String
        let requestor: RequestorSettings
    }

    private func authenticatedClient(id clientId: String, secret: String) throws -> Client {
        let credentials = backend.credentials
        guard let identity = credentials.clientIdentity(clientId),
            credentials.isValidSecret(secret, for: clientId),
            let requestor = backend.index.requestorsById[identity.requestor],
            requestor.softwareStatement.softwareId == identity.softwareId
        else {
            throw OAuthFailure(code: .invalidClient, description: "Unknown client or wrong secret; register again.")
        }
        guard !requestor.softwareStatement.revoked else {
            throw OAuthFailure(code: .unauthorizedClient, description: "The client's software statement was revoked.")
        }
        return Client(id: clientId, requestor: requestor)
    }

    /// Accepts a refresh token issued to `client`, unexpired and the newest of its chain, and
    /// returns the chain with the rank of the token that replaces it: a stolen copy of a token
    /// already exchanged is refused, and a chain exchanged without end takes no more room.
    private func exchangeRefreshToken(_ token: String?, of client: Client) throws -> RefreshChainLink {
        guard let token, !token.isEmpty else {
            throw OAuthFailure(code: .invalidRequest, description: "The parameter refresh_token is missing.")
        }
        guard let claims = backend.credentials.refreshTokenClaims(token), claims.sub == client.id else {
            throw OAuthFailure(code: .invalidGrant, description: "The refresh token was not issued to this client.")
        }
        let now = Int64(backend.now.timeIntervalSince1970)
        guard now < claims.exp else {
            throw OAuthFailure(code: .invalidGrant, description: "The refresh token has expired.")
        }
        let next = backend.store.advanceRefreshChain(
            claims.chain, client: client.id, from: claims.gen,
            expiresAt: refreshTokenExpiry(from: backend.now) * 1000, nowMilliseconds: backend.nowMilliseconds)
        guard let next else {
            throw OAuthFailure(code: .invalidGrant, description: "The refresh token was already used or revoked.")
        }
        return RefreshChainLink(id: claims.chain, generation: next)
    }

    /// When a refresh token issued at `now` expires, in seconds.
    private func refreshTokenExpiry(from now: Date) -> Int64 {
        Int64(now.timeIntervalSince1970) + Int64(backend.settings.refreshTokenLifetimeSeconds)
    }

    /// A new access token and the refresh token that replaces the one spent, or starts a chain
    /// when the client gave its credentials. The tokens and a new chain share one id, so that
    /// issuing a refresh token draws nothing more from the seeded random source.
    private func tokenReply(for client: Client, continuing chain: RefreshChainLink?) -> MockResponse {
        let settings = backend.settings
        let now = backend.now
        let jti = backend.newIdentifier()
        let credentials = backend.credentials
        let token = credentials.accessToken(
            clientId: client.id, requestor: client.requestor.id, now: now,
            lifetime: settings.accessTokenLifetimeSeconds,
            jti: jti)
        let expiresAt = refreshTokenExpiry(from: now)
        let link = chain ?? RefreshChainLink(id: jti, generation: 0)
        if chain == nil {
            backend.store.startRefreshChain(
                jti, client: client.id, expiresAt: expiresAt * 1000, nowMilliseconds: backend.nowMilliseconds,
                capacity: settings.limits.maxSessions)
        }
        let refresh = credentials.refreshToken(
            clientId: client.id, requestor: client.requestor.id, now: now, expiresAt: expiresAt, jti: jti, chain: link)
        let response = AccessTokenResponse(
            id: jti, accessToken: token, createdAt: backend.nowMilliseconds,
            expiresIn: settings.accessTokenLifetimeSeconds, refreshToken: refresh)
        return Reply.json(response, status: 201, headers: Self.noStore)
    }
}

/// `Authorization: Basic` of a confidential client (RFC 6749 §2.3.1): Base64 of the
/// form-encoded client id, a colon and the form-encoded secret.
struct ClientBasicCredentials: Equatable {
    let clientId: String
    let clientSecret: String

    /// Nil when the request carries no Basic credentials; a broken header is a bad request.
    init?(authorization: String?) throws {
        guard let authorization else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "basic" else { return nil }
        guard let data = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
            let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":"),
            let id = Self.formDecoded(text[..<colon]), let secret = Self.formDecoded(text[text.index(after: colon)...])
        else {
            throw OAuthFailure(
                code: .invalidRequest, description: "The Authorization header is not Basic base64(client_id:secret).")
        }
        clientId = id
        clientSecret = secret
    }

    private static func formDecoded(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
