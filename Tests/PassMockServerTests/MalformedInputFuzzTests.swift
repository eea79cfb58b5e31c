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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Generated malformed and boundary input at every route of the mock, over a real socket, for a
/// fixed budget of requests (`TVSIM_FUZZ_REQUESTS`, default 3 000; `TVSIM_FUZZ_SEED` to vary
/// the input). The properties: no 5xx, no dropped connection, and every error in the body its
/// kind of endpoint documents.
@Suite struct MalformedInputFuzzTests {
    static let budget = ProcessInfo.processInfo.environment["TVSIM_FUZZ_REQUESTS"].flatMap(Int.init) ?? 3_000
    static let seed = ProcessInfo.processInfo.environment["TVSIM_FUZZ_SEED"].flatMap(UInt64.init) ?? 20_261_121

    @Test func everyRouteSurvivesGeneratedInput() async throws {
        let backend = MockBackend(dashboard: .builtIn, clock: VirtualClock(), seed: 3)
        backend.baseURL = "http://127.0.0.1"
        let routes = MockServer.routes(backend: backend)
        #expect(routes.count > 40)
        let app = Application(router: MockServer.makeRouter(backend: backend))
        try await app.test(.live) { client in
            let valid = try await ValidValues.prepare(client, backend: backend)
            var generator = FuzzInput(random: SeededGenerator(seed: Self.seed), valid: valid)
            print("MalformedInputFuzzTests: generated with TVSIM_FUZZ_SEED=\(Self.seed)")
            var problems: [String] = []
            var statuses: [String: [Int: Int]] = [:]
            for index in 0..<Self.budget {
                let route = routes[index % routes.count]
                let request = generator.request(for: route)
                let response = try await client.execute(
                    uri: request.uri, method: request.method, headers: request.headers, body: request.body)
                if ProcessInfo.processInfo.environment["TVSIM_FUZZ_DEBUG"] != nil {
                    statuses[route.path, default: [:]][Int(response.status.code), default: 0] += 1
                }
                if let problem = ErrorBodyCheck.problem(request: request, response: response) {
                    problems.append(problem)
                }
            }
            // TVSIM_FUZZ_DEBUG=1: what each route answered, to see how deep the input reaches.
            for (path, counts) in statuses.sorted(by: { $0.key < $1.key }) {
                print(path, counts.sorted { $0.key < $1.key }.map { "\($0.value)×\($0.key)" }.joined(separator: " "))
            }
            #expect(
                problems.isEmpty,
                "seed \(MalformedInputFuzzTests.seed): \(problems.count) problems, first: \(problems.prefix(5).joined(separator: "\n"))"
            )
        }
    }
}

/// The same generated requests sent as a streaming client sends them: bodies in chunks, every
/// tenth grown past the body limit. The tests run a debug build, so a framework assertion on
/// the way (a body read twice, say) fails the run where a release build would go on.
@Suite struct ChunkedFuzzTests {
    @Test func chunkedAndOversizedBodiesNeverStopTheServer() async throws {
        let backend = MockBackend(dashboard: .builtIn, clock: VirtualClock(), seed: 3)
        backend.baseURL = "http://127.0.0.1"
        let routes = MockServer.routes(backend: backend)
        let app = Application(router: MockServer.makeRouter(backend: backend))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let valid = try await ValidValues.prepare(client, backend: backend)
            var generator = FuzzInput(random: SeededGenerator(seed: MalformedInputFuzzTests.seed), valid: valid)
            print("ChunkedFuzzTests: generated with TVSIM_FUZZ_SEED=\(MalformedInputFuzzTests.seed)")
            var problems: [String] = []
            for index in 0..<max(routes.count, MalformedInputFuzzTests.budget / 6) {
                let request = generator.request(for: routes[index % routes.count])
                let oversized = index % 10 == 0
                let status = try await RawHTTP.answer(port: port, Self.chunked(request, oversized: oversized))
                if status == 0 || status >= 500 {
                    problems.append(
                        "\(request.method) \(request.uri) chunked\(oversized ? ", oversized" : ""): \(status)")
                }
            }
            #expect(
                problems.isEmpty,
                "seed \(MalformedInputFuzzTests.seed): \(problems.count) problems, first: \(problems.prefix(5))")
        }
    }

    /// `request` on the wire with its body in chunks of 1 000 bytes; an oversized one grows past
    /// the 64 KiB body limit.
    static func chunked(_ request: FuzzRequest, oversized: Bool) -> [UInt8] {
        var body = request.body.map { Array($0.readableBytesView) } ?? []
        if oversized { body += [UInt8](repeating: UInt8(ascii: "x"), count: 70_000) }
        var head = "\(request.method.rawValue) \(request.uri) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for field in request.headers
        where ![.contentLength, .transferEncoding, .connection].contains(field.name)
            && field.name.canonicalName != "host"
        {
            head += "\(field.name.rawName): \(field.value)\r\n"
        }
        head += "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        var bytes = Array(head.utf8)
        for start in stride(from: 0, to: body.count, by: 1_000) {
            let piece = body[start..<min(start + 1_000, body.count)]
            bytes += Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + Array("\r\n".utf8)
        }
        return bytes + Array("0\r\n\r\n".utf8)
    }
}

/// One request on its own loopback connection, byte for byte.
enum RawHTTP {
    /// `exchange` on a thread of its own. Its socket calls block; on one of the test process's
    /// few cooperative threads they would starve the in-process server they wait for whenever
    /// other tests hold the rest, and the wait would end in the timeout, not an answer.
    static func answer(port: Int, _ bytes: [UInt8]) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try exchange(port: port, bytes) }) }
        }
    }

    /// The answer's status, or 0 when the connection ended without one.
    static func exchange(port: Int, _ bytes: [UInt8]) throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while answer.count < 64 {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        let line = String(decoding: answer, as: UTF8.self)
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

/// Values the server accepts, mixed into the garbage so that requests get past the first check.
struct ValidValues: Sendable {
    let token: String
    let code: String

    static func prepare(_ client: some TestClientProtocol, backend: MockBackend) async throws -> ValidValues {
        let statement = try #require(backend.softwareStatement(for: "ORBIT"))
        let info = DeviceInfo.iPhone(applicationId: "ORBIT").headerValue
        let registered = try await client.execute(
            uri: "/o/client/register", method: .post,
            headers: [.contentType: "application/json", HTTPField.Name("X-Device-Info")!: info],
            body: ByteBuffer(string: #"{"software_statement": "\#(statement)"}"#))
        let credentials = try JSONDecoder().decode(
            ClientCredentials.self, from: Data(registered.body.readableBytesView))
        let tokenReply = try await client.execute(
            uri: "/o/client/token", method: .post,
            headers: [.contentType: "application/x-www-form-urlencoded", HTTPField.Name("X-Device-Info")!: info],
            body: ByteBuffer(
                string:
                    "grant_type=client_credentials&client_id=\(credentials.clientId)&client_secret=\(credentials.clientSecret)"
            ))
        let token = try JSONDecoder().decode(AccessTokenResponse.self, from: Data(tokenReply.body.readableBytesView))
        let session = try await client.execute(
            uri: "/api/v2/ORBIT/sessions", method: .post,
            headers: [
                .authorization: "Bearer \(token.accessToken)",
                HTTPField.Name("AP-Device-Identifier")!: DeviceIdentifier(identifier: "fuzz-device").headerValue,
                HTTPField.Name("X-Device-Info")!: info, .contentType: "application/x-www-form-urlencoded",
            ], body: ByteBuffer(string: "domainName=orbit.tvsim.example"))
        let code = try JSONDecoder().decode(SessionResponse.self, from: Data(session.body.readableBytesView)).code
        return ValidValues(token: token.accessToken, code: code ?? "ABCDEFG")
    }
}

/// One generated request.
struct FuzzRequest {
    let uri: String
    let method: HTTPRequest.Method
    let headers: HTTPFields
    let body: ByteBuffer?
    let route: MockRoute
}

/// Makes requests for a route: path parameters, query, headers and body drawn from valid
/// values, boundary values and garbage.
struct FuzzInput {
    var random: SeededGenerator
    let valid: ValidValues

    static let boundaryStrings = [
        "", " ", "x", String(repeating: "A", count: 5_000), "..", "../../etc/passwd", "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "%00", "%ZZ", "%", "ñandú✓", "😀", "<script>alert(1)</script>", "' OR '1'='1", "\\", "{}", "[]", "null",
        "-1", "0", "99999999999999999999", "1e309", "NaN", "true",
    ]
    static let methods: [HTTPRequest.Method] = [.get, .post, .put, .delete, .patch, .options, .head]
    static let headerNames = [
        "Authorization", "AP-Device-Identifier", "X-Device-Info", "Content-Type", "Accept",
        "AP-Partner-Framework-Status", "X-Forwarded-For", "X-Roku-Reserved-Roku-Connect-Token", "Cookie",
    ]

    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func garbage() -> String {
        if chance(60) { return pick(Self.boundaryStrings) }
        let length = pick([1, 8, 64, 700])
        return String((0..<length).map { _ in Character(UnicodeScalar(UInt8.random(in: 32...126, using: &random))) })
    }

    /// A third of the requests are garbage throughout; the others are valid but for one part, so
    /// that they get past authentication and the header checks into the handlers.
    mutating func request(for route: MockRoute) -> FuzzRequest {
        let nearlyValid = chance(70)
        // 0 path, 1 query, 2 headers, 3 body, 4 method: the one part a nearly valid request breaks.
        let broken = nearlyValid ? Int.random(in: 0..<5, using: &random) : -1
        let path = route.path.split(separator: "/", omittingEmptySubsequences: false).map { part in
            guard part.hasPrefix("{") else { return String(part) }
            let value = nearlyValid && (broken != 0 || chance(50)) ? validSegment(String(part)) : garbage()
            return value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "x"
        }.joined(separator: "/")
        var query = nearlyValid ? Self.validQuery : []
        if !nearlyValid || broken == 1 {
            for _ in 0..<pick([1, 1, 3]) {
                let name = pick([
                    "mvpd", "resource", "format", "requestor", "deviceId", "redirect_url", "code", garbage(),
                ])
                query.append("\(Self.encoded(name))=\(Self.encoded(garbage()))")
            }
        }
        let uri = path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        let method =
            broken == 4 || (!nearlyValid && chance(15))
            ? pick(Self.methods) : HTTPRequest.Method(rawValue: route.method)!
        return FuzzRequest(
            uri: uri, method: method, headers: nearlyValid && broken != 2 ? validHeaders() : headers(),
            body: nearlyValid && broken != 3 ? validBody() : body(), route: route)
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    static let validQuery = [
        "requestor=ORBIT", "requestor_id=ORBIT", "deviceId=fuzz-device", "resource=deep-space", "mvpd=AuroraCable",
        "provider=tvsim.aurora",
    ]

    /// A value the route's parameter accepts.
    func validSegment(_ name: String) -> String {
        switch name {
        case "{serviceProvider}", "{requestor}": "ORBIT"
        case "{code}": valid.code
        case "{partner}": "Apple"
        default: "AuroraCable"
        }
    }

    mutating func validHeaders() -> HTTPFields {
        [
            .authorization: "Bearer \(valid.token)",
            HTTPField.Name("AP-Device-Identifier")!: DeviceIdentifier(identifier: "fuzz-device").headerValue,
            HTTPField.Name("X-Device-Info")!: DeviceInfo.appleTV(applicationId: "ORBIT").headerValue,
            .accept: pick(["application/json", "application/xml", "*/*"]),
            .contentType: pick(["application/x-www-form-urlencoded", "application/json"]),
        ]
    }

    mutating func validBody() -> ByteBuffer? {
        pick([
            nil, ByteBuffer(string: "mvpd=AuroraCable&domainName=orbit.tvsim.example&resources=deep-space"),
            ByteBuffer(string: #"{"saml": "PHNhbWw+", "provider": "tvsim.aurora", "deviceId": "fuzz-device"}"#),
        ])
    }

    mutating func headers() -> HTTPFields {
        var fields = HTTPFields()
        for name in Self.headerNames where chance(45) {
            let value: String
            switch name {
            case "Authorization": value = chance(50) ? "Bearer \(valid.token)" : "Bearer \(garbage())"
            case "AP-Device-Identifier":
                value = chance(50) ? DeviceIdentifier(identifier: garbage()).headerValue : "fingerprint \(garbage())"
            case "X-Device-Info":
                value = chance(50) ? DeviceInfo.appleTV(applicationId: "ORBIT").headerValue : Base64.encode(garbage())
            case "Content-Type":
                value = pick(["application/json", "application/x-www-form-urlencoded", "text/plain", garbage()])
            case "Accept": value = pick(["application/json", "application/xml", "*/*", garbage()])
            default: value = garbage()
            }
            // Header values cannot hold control characters; HTTPField would refuse them.
            fields.append(HTTPField(name: HTTPField.Name(name)!, value: value.filter { !$0.isNewline }))
        }
        return fields
    }

    mutating func body() -> ByteBuffer? {
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return nil
        case 1: return ByteBuffer(string: "{")
        case 2:
            return ByteBuffer(
                string: #"{"software_statement": "\#(garbage())", "saml": \#(pick(["1", "null", "[]"]))}"#)
        case 3: return ByteBuffer(string: "mvpd=\(garbage())&domainName=\(garbage())&resources=\(garbage())")
        case 4:
            return ByteBuffer(
                bytes: (0..<pick([1, 100, 4_096])).map { _ in UInt8.random(in: 0...255, using: &random) })
        case 5: return ByteBuffer(repeating: UInt8(ascii: "a"), count: 70_000)
        default: return ByteBuffer(string: garbage())
        }
    }
}

/// What each kind of endpoint documents for its errors.
enum ErrorBodyCheck {
    static func problem(request: FuzzRequest, response: TestResponse) -> String? {
        let status = Int(response.status.code)
        let where_ =
            "\(request.method) \(request.uri.prefix(120)) (route \(request.route.method) \(request.route.path))"
        guard status < 500 else { return "\(status) for \(where_): \(text(response).prefix(200))" }
        guard status >= 400, request.method != .head else { return nil }
        let body = Data(response.body.readableBytesView)
        let type = response.headers[.contentType] ?? ""
        if type.contains("html") {
            return text(response).contains("\(status)") || text(response).contains("<h1")
                ? nil
                : "\(status) HTML page without a title for \(where_)"
        }
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            if type.contains("xml"), text(response).contains("<error") || text(response).contains("<errors") {
                return nil
            }
            return "\(status) body neither JSON nor a page for \(where_): \(text(response).prefix(200))"
        }
        if request.uri.hasPrefix("/api/v2/") {
            guard (try? JSONDecoder().decode(EnhancedError.self, from: body)) != nil else {
                return "\(status) not an enhanced error for \(where_): \(text(response).prefix(200))"
            }
            return nil
        }
        return object["error"] != nil || object["code"] != nil || object["message"] != nil || object["errors"] != nil
            ? nil : "\(status) JSON without an error field for \(where_): \(text(response).prefix(200))"
    }

    static func text(_ response: TestResponse) -> String {
        String(decoding: response.body.readableBytesView, as: UTF8.self)
    }
}

/// The mock serves no files: paths that climb out of a directory reach no file, only a
/// documented error.
@Suite struct PathTraversalTests {
    @Test(arguments: [
        "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/activate/../../etc/passwd",
        "/api/v2/ORBIT/..%2F..%2F..%2Fetc%2Fpasswd/configuration", "/Themes/../Package.swift",
        "/idp/AuroraCable/..%2f..%2f..%2fetc%2fhostname/login", "/api/v1/config/..%2F..%2Fetc%2Fpasswd",
    ])
    func aClimbingPathReachesNoFile(_ path: String) async throws {
        let backend = MockBackend(dashboard: .builtIn, clock: VirtualClock(), seed: 3)
        let app = Application(router: MockServer.makeRouter(backend: backend))
        try await app.test(.live) { client in
            let response = try await client.execute(uri: path, method: .get)
            let text = String(decoding: response.body.readableBytesView, as: UTF8.self)
            #expect(response.status.code >= 400 && response.status.code < 500, "\(path): \(response.status)")
            #expect(!text.contains("root:"), "\(path) served a file")
            #expect(!text.contains("swift-tools-version"), "\(path) served a file")
        }
    }
}
