import Foundation
import PassAPI
import Simulation

/// A typed client for DCR and every REST API V2 endpoint. It caches the client credentials and
/// the access token, renews the token on expiry or on a 401, turns enhanced errors into
/// `PassError`, never follows redirects, and reports every exchange to its observer.
public final class PassClient: Sendable {
    public struct Configuration: Sendable {
        /// e.g. `http://127.0.0.1:49152`; paths are appended.
        public var baseURL: String
        public var serviceProvider: String
        public var softwareStatement: String
        public var deviceIdentifier: DeviceIdentifier
        public var deviceInfo: DeviceInfo
        public var redirectUri: String?
        public var userAgent: String
        /// The Experience Cloud ID sent as `AP-Visitor-Identifier` with every call, when the app
        /// set one (seed 001: the SDK's `visitorID` goes "with every network call").
        public var visitorIdentifier: String?

        public init(
            baseURL: String, serviceProvider: String, softwareStatement: String, deviceIdentifier: DeviceIdentifier,
            deviceInfo: DeviceInfo, redirectUri: String? = nil, userAgent: String = "tvsim/1.0",
            visitorIdentifier: String? = nil
        ) {
            self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
            self.serviceProvider = serviceProvider
            self.softwareStatement = softwareStatement
            self.deviceIdentifier = deviceIdentifier
            self.deviceInfo = deviceInfo
            self.redirectUri = redirectUri
            self.userAgent = userAgent
            self.visitorIdentifier = visitorIdentifier
        }
    }

    public let configuration: Configuration
    let transport: Transport
    let clock: any SimulationClock
    private let registration: RegistrationCache
    /// `X-Device-Info` as sent: the device never changes, and encoding it (JSON, then Base64)
    /// on every call was a good part of a polling app's work.
    let deviceInfoHeader: String

    public init(
        configuration: Configuration, clock: any SimulationClock = SystemClock(), credentials: ClientCredentials? = nil,
        observer: ExchangeObserver? = nil
    ) {
        self.configuration = configuration
        self.clock = clock
        transport = Transport(clock: clock, observer: observer)
        registration = RegistrationCache(credentials: credentials)
        deviceInfoHeader = configuration.deviceInfo.headerValue
    }

    /// The cached client credentials (persist them: re-registering loses the user's profiles).
    public var credentials: ClientCredentials? {
        get async { await registration.credentials }
    }

    /// The service provider, as the paths name it (`{serviceProvider}`, `{requestor}`).
    var requestor: String { configuration.serviceProvider }

    // MARK: - DCR

    /// `POST /o/client/register`.
    public func register() async throws(PassError) -> ClientCredentials {
        let body = ClientRegistrationRequest(
            softwareStatement: configuration.softwareStatement, redirectUri: configuration.redirectUri)
        let response = try await transport.send(
            WireRequest(
                .register, url: url(Endpoint.register.path),
                headers: commonHeaders + [("Content-Type", "application/json;charset=utf-8")],
                body: try? JSONEncoder.requestBody.encode(body)))
        let credentials = try decodeRegistration(ClientCredentials.self, response, expecting: [201, 200])
        await registration.store(credentials)
        return credentials
    }

    /// `POST /o/client/token` with the cached credentials (registering first if needed).
    @discardableResult
    public func requestAccessToken() async throws(PassError) -> AccessTokenResponse {
        let credentials: ClientCredentials
        if let cached = await registration.credentials {
            credentials = cached
        } else {
            credentials = try await register()
        }
        let form = FormBody([
            ("grant_type", "client_credentials"), ("client_id", credentials.clientId),
            ("client_secret", credentials.clientSecret),
        ])
        let response = try await transport.send(
            WireRequest(
                .token, url: url(Endpoint.token.path),
                headers: commonHeaders + [("Content-Type", "application/x-www-form-urlencoded")],
                body: form.data))
        let token = try decodeRegistration(AccessTokenResponse.self, response, expecting: [201, 200])
        // expires_in comes from the back end: a negative or absurd one is held to a year.
        let expiry = clock.now().addingTimeInterval(TimeInterval(min(max(0, token.expiresIn), 31_536_000)))
        await registration.store(token: token.accessToken, expiresAt: expiry)
        return token
    }

    /// A current access token: the cached one, or a new one when it is missing or expired.
    /// `invalid_client` means the credentials are gone: register again, once.
    func accessToken() async throws(PassError) -> String {
        if let token = await registration.token(at: clock.now()) { return token }
        do {
            return try await requestAccessToken().accessToken
        } catch .registration(.invalidClient, _, _) {
            await registration.forgetCredentials()
            return try await requestAccessToken().accessToken
        }
    }

    // MARK: - Plumbing

    var commonHeaders: [(name: String, value: String)] {
        [
            ("Accept", "application/json;charset=utf-8"), ("User-Agent", configuration.userAgent),
            (HeaderName.deviceInfo, deviceInfoHeader),
        ] + (configuration.visitorIdentifier.map { [(HeaderName.visitorIdentifier, $0)] } ?? [])
    }

    var deviceHeaders: [(name: String, value: String)] {
        commonHeaders + [(HeaderName.deviceIdentifier, configuration.deviceIdentifier.headerValue)]
    }

    func url(_ path: String, query: [(String, String)] = []) -> String {
        let base = path.hasPrefix("http://") || path.hasPrefix("https://") ? path : configuration.baseURL + path
        guard !query.isEmpty else { return base }
        return base + "?" + FormBody(query).text
    }

    /// Sends an authenticated call, its path filled with `values` in order; on a 401 the token is
    /// renewed once and the call repeated.
    func authorized(
        _ endpoint: Endpoint, _ values: String..., query: [(String, String)] = [],
        headers: [(name: String, value: String)], body: Data? = nil
    ) async throws(PassError) -> WireResponse {
        try await authorized(endpoint, values, query: query, headers: headers, body: body)
    }

    func authorized(
        _ endpoint: Endpoint, _ values: [String], query: [(String, String)], headers: [(name: String, value: String)],
        body: Data?
    ) async throws(PassError) -> WireResponse {
        let url = url(endpoint.path(filling: values), query: query)
        var attempt = 0
        while true {
            let token = try await accessToken()
            let response = try await transport.send(
                WireRequest(
                    endpoint, url: url, headers: headers + [(HeaderName.authorization, "Bearer \(token)")], body: body))
            attempt += 1
            guard response.status == 401, attempt == 1 else { return response }
            await registration.forgetToken()
        }
    }

    func decode<T: Decodable>(_ type: T.Type, _ response: WireResponse, expecting statuses: Set<Int> = [200])
        throws(PassError) -> T
    {
        guard statuses.contains(response.status) else { throw failure(response) }
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw .malformedBody("\(T.self): \(Self.describe(error))")
        }
    }

    private func decodeRegistration<T: Decodable>(_ type: T.Type, _ response: WireResponse, expecting: Set<Int>)
        throws(PassError) -> T
    {
        if !expecting.contains(response.status),
            let error = try? JSONDecoder().decode(DCRErrorResponse.self, from: response.body)
        {
            throw .registration(error.error, description: error.errorDescription, httpStatus: response.status)
        }
        return try decode(type, response, expecting: expecting)
    }

    /// The typed error for a non-success answer.
    func failure(_ response: WireResponse) -> PassError {
        if response.status == 429 {
            return .throttled(retryAfter: response.retryAfterSeconds)
        }
        if let error = try? JSONDecoder().decode(EnhancedError.self, from: response.body) {
            return .enhanced(error, httpStatus: response.status)
        }
        if let error = try? JSONDecoder().decode(V1PlainError.self, from: response.body) {
            return .plain(error, httpStatus: response.status)
        }
        let text = String(decoding: response.body.prefix(200), as: UTF8.self)
        return .unexpectedStatus(response.status, body: text)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        case DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty:
            "bad value at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        default: "not valid JSON"
        }
    }
}

/// Client credentials and the access token, cached. An actor, so concurrent calls never race
/// to register twice.
actor RegistrationCache {
    private(set) var credentials: ClientCredentials?
    private var accessToken: String?
    private var expiresAt: Date?

    init(credentials: ClientCredentials?) {
        self.credentials = credentials
    }

    func store(_ credentials: ClientCredentials) {
        self.credentials = credentials
        accessToken = nil
    }

    func store(token: String, expiresAt: Date) {
        accessToken = token
        self.expiresAt = expiresAt
    }

    /// The token if it is still good for at least a few seconds at `now`.
    func token(at now: Date) -> String? {
        guard let accessToken, let expiresAt, expiresAt.timeIntervalSince(now) > 5 else { return nil }
        return accessToken
    }

    func forgetToken() { accessToken = nil }

    func forgetCredentials() {
        credentials = nil
        accessToken = nil
    }
}

/// `application/x-www-form-urlencoded` encoding.
public struct FormBody: Sendable {
    public let pairs: [(String, String)]

    public init(_ pairs: [(String, String)]) {
        self.pairs = pairs
    }

    public var text: String {
        pairs.map { "\($0.0.formEncoded)=\($0.1.formEncoded)" }.joined(separator: "&")
    }

    public var data: Data { Data(text.utf8) }
}

extension JSONEncoder {
    /// The encoder of every JSON body the client sends: keys sorted, so that the same call is the
    /// same bytes on every run (Foundation's encoder otherwise orders an object's keys as its
    /// hashing falls), and a run's HAR and timeline repeat exactly.
    static let requestBody: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}
