import Foundation
import HTTPTypes
import PassAPI
import Testing

@testable import PassMockServer

/// An app on one device calling REST API V1: Bearer token, `requestor` and `deviceId` parameters.
struct V1App {
    let harness: Harness
    let token: String
    let requestor: String
    let deviceId: String
    var deviceInfo = Harness.iPhone

    init(_ harness: Harness, requestor: String = "ORBIT", device: String = "device-1", token: String? = nil)
        async throws
    {
        self.harness = harness
        self.requestor = requestor
        deviceId = device
        if let token {
            self.token = token
        } else {
            self.token = try await harness.accessToken(requestor: requestor)
        }
    }

    /// The same app (same client) on another device.
    func on(device: String) -> V1App {
        V1App(harness: harness, token: token, requestor: requestor, deviceId: device, deviceInfo: deviceInfo)
    }

    private init(harness: Harness, token: String, requestor: String, deviceId: String, deviceInfo: String) {
        self.harness = harness
        self.token = token
        self.requestor = requestor
        self.deviceId = deviceId
        self.deviceInfo = deviceInfo
    }

    var auth: [(String, String)] { [("Authorization", "Bearer \(token)")] }

    /// The usual device parameters, then `extra`.
    func query(_ extra: [(String, String)] = []) -> String {
        let pairs = [("requestor", requestor), ("deviceId", deviceId), ("device_info", deviceInfo)] + extra
        return pairs.map { "\($0.0)=\($0.1.formEncoded)" }.joined(separator: "&")
    }

    /// `GET path?requestor&deviceId&device_info&extra…`
    func get(_ path: String, _ extra: [(String, String)] = [], headers: [(String, String)] = []) async throws
        -> Harness.Reply
    {
        try await harness.send(.get, "\(path)?\(query(extra))", headers: auth + headers)
    }

    func delete(_ path: String, _ extra: [(String, String)] = []) async throws -> Harness.Reply {
        try await harness.send(.delete, "\(path)?\(query(extra))", headers: auth)
    }

    func postForm(_ path: String, _ form: [(String, String)], headers: [(String, String)] = []) async throws
        -> Harness.Reply
    {
        let body = form.map { "\($0.0)=\($0.1.formEncoded)" }.joined(separator: "&")
        return try await harness.send(
            .post, path, headers: auth + headers + [("Content-Type", "application/x-www-form-urlencoded")], body: body)
    }

    /// `POST /reggie/v1/{requestor}/regcode` for this device.
    func registrationCode(_ extra: [(String, String)] = []) async throws -> V1RegistrationCode {
        let reply = try await postForm(
            "/reggie/v1/\(requestor)/regcode", [("deviceId", deviceId), ("device_info", deviceInfo)] + extra)
        #expect(reply.status == 200, "\(reply.text)")
        return try reply.decode()
    }

    /// Signs `username` in at `mvpd` through `GET /api/v1/authenticate` and the MVPD login,
    /// as the iOS web view does; returns the code and where the chain ended.
    @discardableResult
    func signIn(mvpd: String, username: String = "demo", redirect: String? = "adbe.orbit://done") async throws
        -> (code: String, final: String)
    {
        let code = try await registrationCode().code
        let final = try await harness.v1BrowserLogin(
            code: code, requestor: requestor, mvpd: mvpd, username: username, redirect: redirect)
        return (code, final)
    }
}

extension Harness {
    /// Follows `GET /api/v1/authenticate` to the MVPD login form, signs in, and returns the
    /// final redirect of the chain.
    func v1BrowserLogin(
        code: String, requestor: String = "ORBIT", mvpd: String, username: String, password: String? = nil,
        redirect: String?
    ) async throws -> String {
        var query = [
            ("requestor_id", requestor), ("mso_id", mvpd), ("reg_code", code), ("domain_name", "orbit.tvsim.example"),
            ("noflash", "true"), ("no_iframe", "true"),
        ]
        if let redirect { query.append(("redirect_url", redirect)) }
        let start = "/api/v1/authenticate?" + query.map { "\($0.0)=\($0.1.formEncoded)" }.joined(separator: "&")
        return try await browserLogin(from: start, username: username, password: password ?? username)
    }
}

extension Harness.Reply {
    var plainError: V1PlainError? { try? JSONDecoder().decode(V1PlainError.self, from: body) }

    /// The top-level members of a JSON object answer.
    var jsonObject: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
}

/// An enhanced V1 error with the expected code and status.
func expectV1Error(
    _ reply: Harness.Reply, _ code: String, status: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(reply.status == status, "\(reply.text)", sourceLocation: sourceLocation)
    #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
    let error = reply.error
    #expect(error?.code == code, "\(reply.text)", sourceLocation: sourceLocation)
    #expect(error?.status == status, sourceLocation: sourceLocation)
    #expect(error?.trace == reply.header("Adobe-Request-Id"), sourceLocation: sourceLocation)
}

func expectV1Error(
    _ reply: Harness.Reply, _ code: V1ErrorCode, status: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectV1Error(reply, code.rawValue, status: status ?? code.status, sourceLocation: sourceLocation)
    #expect(reply.error?.action == code.action, sourceLocation: sourceLocation)
}

/// A plain V1 error: exactly `status`, `message` and `details`.
func expectPlainError(
    _ reply: Harness.Reply, status: Int, message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(reply.status == status, "\(reply.text)", sourceLocation: sourceLocation)
    let keys = Set(reply.jsonObject.map { Array($0.keys) } ?? [])
    #expect(keys == ["status", "message", "details"], "\(reply.text)", sourceLocation: sourceLocation)
    #expect(reply.plainError?.status == status, sourceLocation: sourceLocation)
    #expect(reply.plainError?.message == message, "\(reply.text)", sourceLocation: sourceLocation)
}
