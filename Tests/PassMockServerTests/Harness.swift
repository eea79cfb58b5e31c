import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MockBackendAPI
import NIOCore
import PassAPI
import Simulation
import Testing

@testable import PassMockServer

/// Drives the mock over a loopback socket (the admin API answers only a peer it can name) with a
/// virtual clock, and knows how to act as
/// a registered app on a device.
struct Harness {
    let client: any TestClientProtocol
    let backend: MockBackend
    let clock: VirtualClock

    static func run(
        dashboard: Dashboard = .builtIn, acceptsSignedV1: Bool = false,
        _ body: @Sendable (Harness) async throws -> Void
    ) async throws {
        let clock = VirtualClock()
        let backend = MockBackend(dashboard: dashboard, clock: clock, seed: 7, acceptsSignedV1: acceptsSignedV1)
        backend.baseURL = "http://mock.test"
        let app = Application(router: MockServer.makeRouter(backend: backend))
        try await app.test(.live) { client in
            try await body(Harness(client: client, backend: backend, clock: clock))
        }
    }

    struct Reply {
        let status: Int
        let headers: HTTPFields
        let body: Data

        var text: String { String(decoding: body, as: UTF8.self) }

        func header(_ name: String) -> String? { headers[HTTPField.Name(name)!] }

        func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
            do {
                return try JSONDecoder().decode(T.self, from: body)
            } catch {
                Issue.record("cannot decode \(T.self) from \(status): \(text)")
                throw error
            }
        }

        var error: EnhancedError? { try? JSONDecoder().decode(EnhancedError.self, from: body) }
    }

    func send(
        _ method: HTTPRequest.Method, _ uri: String, headers: [(String, String)] = [], body: String? = nil
    ) async throws -> Reply {
        var fields = HTTPFields()
        for (name, value) in headers { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        // Admin writes say JSON, as every admin client must (the server refuses them otherwise).
        if uri.hasPrefix("/__tvsim/"), [.post, .put, .patch].contains(method), fields[.contentType] == nil {
            fields.append(HTTPField(name: .contentType, value: "application/json"))
        }
        let response = try await client.execute(
            uri: uri, method: method, headers: fields, body: body.map { ByteBuffer(string: $0) })
        return Reply(
            status: Int(response.status.code), headers: response.headers, body: Data(response.body.readableBytesView))
    }

    /// Where `uri` leads after its redirects, followed as a browser would, at most `limit` of
    /// them (a browser gives up too: a loop of redirects fails the test instead of hanging it).
    func followingRedirects(from uri: String, limit: Int = 10) async throws -> String {
        var location = uri
        for _ in 0..<limit {
            let reply = try await send(.get, location)
            guard reply.status == 302 || reply.status == 303 else { return location }
            location = try #require(reply.header("Location"), "a \(reply.status) from \(location) with no Location")
        }
        Issue.record("more than \(limit) redirects from \(uri)")
        return location
    }

    // MARK: Acting as an app

    static let iPhone = DeviceInfo.iPhone(applicationId: "ORBIT").headerValue
    static let appleTV = DeviceInfo.appleTV(applicationId: "ORBIT").headerValue

    func credentials(requestor: String = "ORBIT") async throws -> ClientCredentials {
        let statement = try #require(backend.softwareStatement(for: requestor))
        let reply = try await send(
            .post, "/o/client/register",
            headers: [("Content-Type", "application/json"), ("X-Device-Info", Self.iPhone)],
            body: #"{"software_statement": "\#(statement)"}"#)
        #expect(reply.status == 201, "\(reply.text)")
        return try reply.decode()
    }

    func accessToken(requestor: String = "ORBIT") async throws -> String {
        let credentials = try await credentials(requestor: requestor)
        let reply = try await send(
            .post, "/o/client/token",
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("X-Device-Info", Self.iPhone)],
            body:
                "grant_type=client_credentials&client_id=\(credentials.clientId)&client_secret=\(credentials.clientSecret)"
        )
        #expect(reply.status == 201, "\(reply.text)")
        return try reply.decode(AccessTokenResponse.self).accessToken
    }

    /// An app on one device: Bearer token plus device headers.
    func app(requestor: String = "ORBIT", device: String = "device-1", info: String = Harness.iPhone) async throws
        -> App
    {
        App(
            harness: self, token: try await accessToken(requestor: requestor), requestor: requestor,
            deviceId: DeviceIdentifier(identifier: device), deviceInfo: info)
    }

    struct App {
        let harness: Harness
        let token: String
        let requestor: String
        let deviceId: DeviceIdentifier
        let deviceInfo: String

        var headers: [(String, String)] {
            [
                ("Authorization", "Bearer \(token)"), ("AP-Device-Identifier", deviceId.headerValue),
                ("X-Device-Info", deviceInfo),
            ]
        }

        func get(_ path: String, extra: [(String, String)] = []) async throws -> Reply {
            try await harness.send(.get, "/api/v2/\(requestor)\(path)", headers: headers + extra)
        }

        func postForm(_ path: String, _ form: String, extra: [(String, String)] = []) async throws -> Reply {
            try await harness.send(
                .post, "/api/v2/\(requestor)\(path)",
                headers: headers + extra + [("Content-Type", "application/x-www-form-urlencoded")], body: form)
        }

        func postJSON(_ path: String, _ json: String, extra: [(String, String)] = []) async throws -> Reply {
            try await harness.send(
                .post, "/api/v2/\(requestor)\(path)", headers: headers + extra + [("Content-Type", "application/json")],
                body: json)
        }

        /// Creates a session for `mvpd` and signs `username` in through the web pages, as a browser would.
        @discardableResult
        func signIn(mvpd: String, username: String = "demo", password: String? = nil) async throws -> String {
            let session = try await postForm(
                "/sessions",
                "mvpd=\(mvpd)&domainName=orbit.tvsim.example&redirectUrl=https%3A%2F%2Forbit.tvsim.example%2Fdone"
            ).decode(SessionResponse.self)
            let code = try #require(session.code)
            let final = try await harness.browserLogin(code: code, username: username, password: password ?? username)
            #expect(final == "https://orbit.tvsim.example/done")
            return code
        }
    }

    /// Follows the web login from `/api/v2/authenticate/...` to the final redirect; returns it.
    func browserLogin(code: String, requestor: String = "ORBIT", username: String, password: String) async throws
        -> String
    {
        try await browserLogin(
            from: "/api/v2/authenticate/\(requestor)/\(code)", username: username, password: password)
    }

    /// Follows redirects from `location` to an MVPD's login page, signs in there, and returns
    /// the final redirect of the chain.
    func browserLogin(from location: String, username: String, password: String) async throws -> String {
        var location = location
        var loginPage: Reply?
        for _ in 0..<6 {
            let reply = try await send(.get, location)
            if reply.status == 302 {
                location = try #require(reply.header("Location"))
                continue
            }
            #expect(reply.status == 200, "\(location): \(reply.text)")
            loginPage = reply
            break
        }
        let page = try #require(loginPage)
        let relayState = try #require(Self.hiddenValue("RelayState", in: page.text))
        let mvpd = location.split(separator: "/")[1]
        let submitted = try await send(
            .post, "/idp/\(mvpd)/login", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: "RelayState=\(relayState.formEncoded)&username=\(username)&password=\(password.formEncoded)")
        #expect(submitted.status == 302, "\(submitted.text)")
        let artifact = try #require(submitted.header("Location"))
        let done = try await send(.get, artifact)
        #expect(done.status == 302, "\(done.text)")
        return try #require(done.header("Location"))
    }

    /// Follows the redirects from `location` while they stay on the server, at most `limit`,
    /// and returns the first answer that is not one.
    func followRedirects(from location: String, limit: Int = 6) async throws -> Reply {
        var reply = try await send(.get, location)
        for _ in 0..<limit where reply.status == 302 {
            let next = try #require(reply.header("Location"))
            guard next.hasPrefix("/") else { break }
            reply = try await send(.get, next)
        }
        return reply
    }

    static func hiddenValue(_ name: String, in html: String) -> String? {
        guard let range = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}

extension Dashboard {
    /// The built-in dashboard with access tokens that outlive a 30-day profile, for tests that
    /// jump far ahead in time.
    static var longLivedTokens: Dashboard {
        var dashboard = Dashboard.builtIn
        dashboard.settings.accessTokenLifetimeSeconds = 100_000_000
        return dashboard
    }
}

extension String {
    var formEncoded: String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return addingPercentEncoding(withAllowedCharacters: allowed) ?? self
    }
}

/// Compact checks for enhanced errors.
func expectError(
    _ reply: Harness.Reply, _ code: ErrorCode, status: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(reply.status == (status ?? code.status), "\(reply.text)", sourceLocation: sourceLocation)
    let error = reply.error
    #expect(error?.code == code.rawValue, "\(reply.text)", sourceLocation: sourceLocation)
    #expect(error?.action == code.action, sourceLocation: sourceLocation)
    #expect(error?.trace.isEmpty == false, sourceLocation: sourceLocation)
    #expect(error?.trace == reply.header("Adobe-Request-Id"), sourceLocation: sourceLocation)
}
