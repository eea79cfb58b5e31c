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

/// The middlewares every endpoint runs inside, and how each endpoint group words a failure.
@Suite struct PipelineTests {
    /// A router with one endpoint per group, each throwing `error`, registered the way the mock
    /// registers its own.
    static func router(backend: MockBackend, throwing error: any Error & Sendable) -> Router<MockRequestContext> {
        let router = Router(context: MockRequestContext.self)
        var registry = RouteRegistry(router: router, backend: backend)
        let paths: [(EndpointGroup, String, Endpoint?)] = [
            (.restV2, "/api/v2/{serviceProvider}/boom", .configuration), (.restV1, "/api/v1/boom", .v1Authorize),
            (.registration, "/o/client/boom", .register),
            (.identityProvider, "/idp/{mvpd}/boom", .identityProviderContext),
            (.browserPages, "/boom", .activationPage), (.admin, "/__tvsim/boom", nil),
        ]
        for (group, path, operation) in paths {
            registry.add(.get, path, operation: operation, in: group) { _, _, _ in throw error }
        }
        registry.finish()
        return router
    }

    static func send(
        _ uri: String, throwing error: any Error & Sendable, headers: HTTPFields = [:],
        dashboard: Dashboard = .builtIn
    ) async throws -> (status: Int, headers: HTTPFields, text: String, backend: MockBackend) {
        let backend = MockBackend(dashboard: dashboard, clock: VirtualClock(), seed: 7)
        let app = Application(router: router(backend: backend, throwing: error))
        return try await app.test(.router) { client in
            let response = try await client.execute(uri: uri, method: .get, headers: headers)
            return (
                Int(response.status.code), response.headers, String(buffer: response.body), backend
            )
        }
    }

    static let boom = EnhancedFailure(.invalidParameterMvpd, "Boom.", status: 418)

    @Test func eachGroupWordsAnEnhancedFailureForItsClients() async throws {
        let v2 = try await Self.send("/api/v2/ORBIT/boom", throwing: Self.boom)
        #expect(v2.status == 418)
        let enhanced = try JSONDecoder().decode(EnhancedError.self, from: Data(v2.text.utf8))
        #expect(enhanced.code == ErrorCode.invalidParameterMvpd.rawValue && enhanced.details == "Boom.")
        #expect(enhanced.trace == v2.headers[HTTPField.Name(HeaderName.requestId)!])

        let dcr = try await Self.send("/o/client/boom", throwing: Self.boom)
        #expect(dcr.status == 418)
        #expect(dcr.text == #"{"error":"invalid_parameter_mvpd","error_description":"Boom."}"#)

        let provider = try await Self.send("/idp/Cascade/boom", throwing: Self.boom)
        #expect(provider.text == #"{"error":"invalid_parameter_mvpd","message":"Boom."}"#)

        let page = try await Self.send("/boom", throwing: Self.boom)
        #expect(page.status == 418 && page.headers[.contentType] == Reply.htmlType)
        #expect(page.text.contains(#"<p class="error" id="error">Boom.</p>"#))
    }

    @Test func theV1GroupWordsAnEnhancedFailureAsAV1Error() async throws {
        let enhanced = try await Self.send("/api/v1/boom?format=xml", throwing: Self.boom)
        #expect(enhanced.status == 418 && enhanced.headers[.contentType] == V1Reply.xmlType)
        // The generic code becomes its V1 equivalent.
        #expect(enhanced.text.contains("<code>unknown_integration</code>"))

        let plainRequestor = try #require(Dashboard.builtIn.requestors.first { !$0.v1EnhancedErrors })
        let plain = try await Self.send("/api/v1/boom?requestor=\(plainRequestor.id)", throwing: Self.boom)
        #expect(plain.status == 418)
        #expect(plain.text == #"{"details":"Boom.","message":"Error","status":418}"#)
    }

    @Test func unexpectedErrorsAnswerTheStylesInternalError() async throws {
        struct Unforeseen: Error {}
        let v1 = try await Self.send("/api/v1/boom", throwing: Unforeseen())
        #expect(v1.status == 500 && v1.text.contains(#""code":"internal_error""#))
        let v2 = try await Self.send("/api/v2/ORBIT/boom", throwing: Unforeseen())
        #expect(v2.status == 500 && v2.text.contains(#""code":"internal_server_error""#))
        // A failure with no meaning for V1 clients is unexpected there too.
        let oauth = try await Self.send("/api/v1/boom", throwing: OAuthFailure(code: .invalidRequest, description: "x"))
        #expect(oauth.status == 500 && oauth.text.contains(#""code":"internal_error""#))
    }

    @Test func theJournalRecordsRefusalsWithTheirOperation() async throws {
        let long = String(repeating: "a", count: Dashboard.builtIn.settings.limits.maxHeaderBytes + 1)
        let refused = try await Self.send(
            "/api/v1/boom", throwing: Self.boom, headers: [HTTPField.Name("X-Long")!: long])
        #expect(refused.status == 431)
        let entry = try #require(refused.backend.journalEntries().last)
        #expect(entry.status == 431 && entry.operation == Endpoint.v1Authorize.operation)
        #expect(entry.requestBody == nil && entry.responseBody?.contains("request_too_large") == true)
        #expect(entry.responseHeader(HeaderName.requestId) == refused.headers[HTTPField.Name(HeaderName.requestId)!])
    }

    @Test func unclaimedPathsAndMethodsAnswerInTheirPathsStyle() async throws {
        let unknown = try await Self.send("/api/v1/nothing.xml", throwing: Self.boom)
        #expect(unknown.status == 404 && unknown.headers[.contentType] == V1Reply.xmlType)
        #expect(unknown.backend.journalEntries().last?.status == 404)
        let backend = MockBackend(dashboard: .builtIn, clock: VirtualClock(), seed: 7)
        let app = Application(router: Self.router(backend: backend, throwing: Self.boom))
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/o/client/boom", method: .post)
            #expect(response.status.code == 405 && response.headers[.allow] == "GET, HEAD")
            #expect(String(buffer: response.body).contains(#""code":"invalid_http_method""#))
        }
    }

    @Test func failuresAnswerForThemselvesOutsideAnyGroup() async throws {
        let router = Router(context: MockRequestContext.self)
        router.get("/bare") { _, _ -> Response in throw PageFailure(status: 409, title: "Taken", message: "Try later.")
        }
        try await Application(router: router).test(.router) { client in
            let response = try await client.execute(uri: "/bare", method: .get)
            #expect(response.status.code == 409 && response.headers[.contentType] == Reply.htmlType)
        }
    }

    @Test func theAdminGroupTakesNoFaults() async throws {
        let backend = MockBackend(dashboard: .builtIn, clock: VirtualClock(), seed: 7)
        backend.addFault(try FaultRule(route: "/__tvsim/**", fault: .status(503, code: nil)))
        backend.addFault(try FaultRule(route: "/api/v2/**", fault: .status(503, code: nil)))
        let app = Application(router: Self.router(backend: backend, throwing: Self.boom))
        try await app.test(.router) { client in
            let admin = try await client.execute(uri: "/__tvsim/boom", method: .get)
            #expect(admin.status.code == 418)
            let v2 = try await client.execute(uri: "/api/v2/ORBIT/boom", method: .get)
            #expect(v2.status.code == 503)
            // A fault's answer names the rule; an ordinary answer has no such header.
            #expect(v2.headers[HTTPField.Name("X-Tvsim-Fault")!] == "status#2")
            #expect(admin.headers[HTTPField.Name("X-Tvsim-Fault")!] == nil)
        }
    }
}

@Suite struct EndpointOperationTests {
    /// Faults target operations and the journal names them, both through the matched endpoint:
    /// every registered route must resolve to its own operation. Reads of the admin API are not
    /// journaled: a tool polling the state would push the clients' calls out.
    @Test func everyEndpointIsJournaledUnderItsOperation() async throws {
        try await Harness.run { harness in
            let routes = MockServer.routes(backend: harness.backend)
            for route in routes {
                let path = route.path.replacingOccurrences(
                    of: #"\{[A-Za-z]+\}"#, with: "x", options: .regularExpression)
                let before = harness.backend.journalEntries().last?.id
                _ = try await harness.send(HTTPRequest.Method(route.method)!, path)
                let entry = try #require(harness.backend.journalEntries().last)
                if path.hasPrefix("/__tvsim/"), ["GET", "HEAD"].contains(route.method) {
                    #expect(entry.id == before, "\(route.method) \(route.path) is an admin read")
                } else {
                    #expect(entry.operation == route.operation, "\(route.method) \(route.path)")
                }
            }
        }
    }
}

/// The mock sends a browser, or tells an app to send one, only where the requestor allows: its
/// registered redirect URIs, its domains and the app's custom schemes; never a script, a foreign
/// host or a value that would split the `Location` header.
@Suite struct OpenRedirectTests {
    static let refused = [
        "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,hi", "file:///etc/passwd",
        "https://evil.example/", "https://orbit.tvsim.example.evil.example/", "//evil.example/x",
        "https://orbit.tvsim.example/\r\nSet-Cookie: x=1", "ftp://orbit.tvsim.example/", "intent://x",
    ]
    static let allowed = [
        "adbe.orbit://auth/done", "adobepass://ios.app", "https://orbit.tvsim.example/done",
        "https://www.orbit.tvsim.example/done",
    ]

    @Test func theLogoutPageRedirectsOnlyWhereTheRequestorAllows() async throws {
        try await Harness.run { harness in
            for target in Self.refused {
                let reply = try await harness.send(
                    .get, "/adobe-services/logout?mso_id=Cascade&requestor_id=ORBIT&redirect_url=\(target.queryEncoded)"
                )
                #expect(reply.status == 400 && reply.header("Location") == nil, "\(target): \(reply.status)")
            }
            for target in Self.allowed {
                let reply = try await harness.send(
                    .get, "/adobe-services/logout?mso_id=Cascade&requestor_id=ORBIT&redirect_url=\(target.queryEncoded)"
                )
                #expect(reply.status == 302 && reply.header("Location") == target, "\(target)")
            }
            let unknown = try await harness.send(
                .get, "/adobe-services/logout?mso_id=Cascade&requestor_id=NOBODY&redirect_url=adbe.orbit%3A%2F%2Fx")
            #expect(unknown.status == 400 && unknown.header("Location") == nil)
        }
    }

    @Test func everyRedirectParameterIsChecked() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            for target in Self.refused {
                let session = try await app.postForm(
                    "/sessions", "mvpd=Cascade&domainName=orbit.tvsim.example&redirectUrl=\(target.formEncoded)")
                #expect(session.status == 400, "sessions \(target)")
                #expect(session.error?.code == "invalid_parameter_redirect_url", "sessions \(target)")
                let logout = try await app.get("/logout/Cascade?redirectUrl=\(target.queryEncoded)")
                #expect(logout.error?.code == "invalid_parameter_redirect_url", "logout \(target)")
                let v1 = try await harness.send(
                    .get, "/api/v1/logout?requestor_id=ORBIT&redirect_url=\(target.queryEncoded)")
                #expect(v1.status == 400 && v1.header("Location") == nil, "v1 logout \(target)")
                let idp = try await harness.send(
                    .get, "/custom-idp/ORBIT/login?redirect_uri=\(target.queryEncoded)&state=s")
                #expect(idp.status == 400, "custom idp \(target)")
            }
            for target in Self.allowed {
                let session = try await app.postForm(
                    "/sessions", "mvpd=Cascade&domainName=orbit.tvsim.example&redirectUrl=\(target.formEncoded)")
                #expect(session.status == 200, "sessions \(target): \(session.text)")
                let v1 = try await harness.send(
                    .get, "/api/v1/logout?requestor_id=ORBIT&redirect_url=\(target.queryEncoded)")
                #expect(v1.header("Location") == target, "v1 logout \(target)")
            }
        }
    }

    @Test func aRequestorWithRegisteredRedirectURIsKeepsItsDomainsAndSchemes() {
        var orbit = RequestorSettings(
            id: "ORBIT", name: "Orbit TV", domains: ["orbit.tvsim.example"],
            softwareStatement: Dashboard.builtIn.requestors[0].softwareStatement,
            redirectUris: ["https://orbit.example/done", "orbitapp://done"])
        orbit.mvpds = nil
        #expect(RedirectPolicy.problem(with: "https://orbit.example/done", for: orbit) == nil)
        #expect(RedirectPolicy.problem(with: "orbitapp://other", for: orbit) == nil)
        #expect(RedirectPolicy.problem(with: "https://orbit.tvsim.example/x", for: orbit) == nil)
        #expect(RedirectPolicy.problem(with: "https://orbit.example/other", for: orbit) != nil)
        #expect(RedirectPolicy.problem(with: "https://evil.example/", for: orbit) != nil)
    }
}

/// Methods: HEAD answers like GET without a body; a method no route takes on a path that
/// exists is 405 with `Allow`, not 404.
@Suite struct MethodTests {
    @Test func headAnswersLikeGetWithoutABody() async throws {
        try await Harness.run { harness in
            let get = try await harness.send(.get, "/__tvsim/info")
            let head = try await harness.send(.head, "/__tvsim/info")
            #expect(get.status == 200 && head.status == 200)
            #expect(head.body.isEmpty && !get.body.isEmpty)
            #expect(head.header("Content-Type") == get.header("Content-Type"))
        }
    }

    @Test func anUnknownMethodOnAKnownPathIs405WithAllow() async throws {
        try await Harness.run { harness in
            for method in ["PROPFIND", "TRACE"] {
                let reply = try await harness.send(HTTPRequest.Method(method)!, "/api/v2/ORBIT/configuration")
                #expect(reply.status == 405, "\(method)")
                #expect(reply.header("Allow") == "GET, HEAD", "\(method)")
            }
            let put = try await harness.send(.put, "/api/v2/ORBIT/configuration")
            #expect(put.status == 405 && put.header("Allow") == "GET, HEAD")
            let unknown = try await harness.send(HTTPRequest.Method("PROPFIND")!, "/api/v2/ORBIT/nowhere")
            #expect(unknown.status == 404)
        }
    }
}

/// The faults mock servers are expected to have: an empty reply, drawn delays, bytes that are not
/// HTTP and a body dribbled in slow pieces.
@Suite struct FaultCatalogueTests {
    @Test func delaysAreDrawnWithinTheirBoundsAndReplayForASeed() {
        let uniform = FaultRule.Delay(milliseconds: 500, shape: .uniform(maxMilliseconds: 3_000))
        var first = SeededGenerator(seed: 9)
        var second = SeededGenerator(seed: 9)
        let draws = (0..<200).map { _ in FaultInjector.delay(uniform, using: &first) }
        #expect(draws.allSatisfy { (500...3_000).contains($0) })
        #expect(Set(draws).count > 50, "the draws spread over the range")
        #expect(draws == (0..<200).map { _ in FaultInjector.delay(uniform, using: &second) })
        let lognormal = FaultRule.Delay(milliseconds: 1_000, shape: .lognormal(sigma: 0.8))
        var random = SeededGenerator(seed: 3)
        let tail = (0..<2_000).map { _ in FaultInjector.delay(lognormal, using: &random) }.sorted()
        // The median is the given one; the tail is long.
        #expect((800...1_250).contains(tail[tail.count / 2]), "median \(tail[tail.count / 2])")
        #expect(tail[tail.count * 99 / 100] > 3 * tail[tail.count / 2])
    }

    /// A rule is valid or not made at all: the one initialiser names the field at fault, and
    /// the JSON decoder reports the same.
    @Test func aRuleIsCheckedWhereverItIsMade() throws {
        func invalid(_ make: () throws(FaultRule.Invalid) -> FaultRule) -> String? {
            do { _ = try make() } catch { return error.field }
            return nil
        }
        #expect(invalid { () throws(FaultRule.Invalid) in try FaultRule(route: "nowhere", fault: .reset) } == "route")
        #expect(
            invalid { () throws(FaultRule.Invalid) in try FaultRule(route: "profiles", fault: .status(700, code: nil)) }
                == "status")
        #expect(
            invalid { () throws(FaultRule.Invalid) in try FaultRule(route: "profiles", fault: .reset, times: 0) }
                == "times")
        #expect(
            invalid { () throws(FaultRule.Invalid) in try FaultRule(route: "profiles", fault: .reset, probability: 2) }
                == "probability")
        #expect(
            invalid { () throws(FaultRule.Invalid) in
                try FaultRule(
                    route: "profiles", fault: .latency(.init(milliseconds: 900, shape: .uniform(maxMilliseconds: 100))))
            } == "latencyMaxMilliseconds")
        #expect(
            invalid { () throws(FaultRule.Invalid) in
                try FaultRule(route: "profiles", fault: .throttle(retryAfterSeconds: -1))
            } == "retryAfterSeconds")
        #expect(
            invalid { () throws(FaultRule.Invalid) in try FaultRule(route: "/api/v2/*/profiles", fault: .garbage) }
                == nil)
        #expect(
            Self.refusal(#"{"route":"profiles","kind":"status","status":700}"#)
                == "status: must be 400…599 for a status fault")
    }

    @Test func aDistributionIsCheckedWhenTheRuleIsRead() throws {
        let decoder = JSONDecoder()
        let missing =
            #"{"route":"configuration","kind":"latency","latencyMilliseconds":5,"latencyDistribution":"uniform"}"#
        #expect(throws: (any Error).self) { try decoder.decode(FaultRule.self, from: Data(missing.utf8)) }
        let unknown =
            #"{"route":"configuration","kind":"latency","latencyMilliseconds":5,"latencyDistribution":"pareto"}"#
        #expect(throws: (any Error).self) { try decoder.decode(FaultRule.self, from: Data(unknown.utf8)) }
        let empty = try decoder.decode(FaultRule.self, from: Data(#"{"route":"profiles","kind":"empty"}"#.utf8))
        #expect(empty.kind == .empty)
    }

    @Test func garbageReplaysForASeedAndNeverStartsAStatusLine() throws {
        var first = SeededGenerator(seed: 11)
        var second = SeededGenerator(seed: 11)
        let draws = (0..<50).map { _ in FaultInjector.garbage(using: &first) }
        #expect(draws == (0..<50).map { _ in FaultInjector.garbage(using: &second) })
        #expect(draws.allSatisfy { (16...512).contains($0.count) && $0[0] >= 0x80 })
        #expect(Set(draws).count == draws.count, "each draw differs")
        var other = SeededGenerator(seed: 12)
        #expect(FaultInjector.garbage(using: &other) != draws[0])
        // Through the injector, a rule's seed gives the same bytes on every run.
        func firstGarbage(seed: UInt64) throws -> [UInt8]? {
            let injector = FaultInjector()
            injector.add(try FaultRule(route: "configuration", fault: .garbage, seed: seed))
            return injector.fire(method: "GET", path: "/api/v2/ORBIT/configuration", operation: .configuration)?
                .garbage
        }
        let replayed = try firstGarbage(seed: 42)
        #expect(try replayed != nil && replayed == firstGarbage(seed: 42))
        #expect(try replayed != firstGarbage(seed: 43))
    }

    /// `after` lets that many matching requests through, then the rule fires its `times`; other
    /// routes do not count.
    @Test func aRuleWaitsForTheMatchingRequestsItLetsThrough() throws {
        let injector = FaultInjector()
        let rule = try JSONDecoder().decode(
            FaultRule.self,
            from: Data(#"{"route":"profiles.code","kind":"throttle","retryAfterSeconds":6,"times":1,"after":1}"#.utf8))
        #expect(rule.after == 1)
        injector.add(rule)
        func poll() -> Bool {
            injector.fire(method: "GET", path: "/api/v2/ORBIT/profiles/code/ABC", operation: .profileForCode) != nil
        }
        #expect(injector.fire(method: "GET", path: "/api/v2/ORBIT/configuration", operation: .configuration) == nil)
        #expect([poll(), poll(), poll()] == [false, true, false])
        #expect(injector.rules.isEmpty)
        let encoded = String(decoding: try JSONEncoder().encode(rule), as: UTF8.self)
        #expect(encoded.contains(#""after":1"#))
        #expect(
            Self.refusal(#"{"route":"configuration","kind":"reset","after":-1}"#)
                == "after: must be between 0 and 1000000000")

        // Two set points on one call: each rule counts every poll, whichever rule answers it.
        let lab = FaultInjector()
        lab.add(rule)
        lab.add(try FaultRule(route: "profiles.code", fault: .status(400, code: nil), times: 1, after: 2))
        let answers = (0..<4).map { _ in
            lab.fire(method: "GET", path: "/api/v2/ORBIT/profiles/code/ABC", operation: .profileForCode)?.rule.kind
        }
        #expect(answers == [nil, .throttle, .status, nil])
    }

    /// The field a rule's decoding failed on, and why, or nil when it decoded.
    static func refusal(_ text: String) -> String? {
        do {
            _ = try JSONDecoder().decode(FaultRule.self, from: Data(text.utf8))
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        } catch {
            return "\(error)"
        }
    }

    @Test func aDribbleIsCheckedWhenTheRuleIsRead() throws {
        func dribble(_ fields: String) -> String? {
            Self.refusal(#"{"route":"configuration","kind":"dribble"\#(fields)}"#)
        }
        let chunks = "chunks: must be 1…1000 for a dribble fault"
        #expect(dribble(#","durationMilliseconds":1000"#) == chunks)
        #expect(dribble(#","chunks":0,"durationMilliseconds":1000"#) == chunks)
        #expect(dribble(#","chunks":1001,"durationMilliseconds":1000"#) == chunks)
        let duration = "durationMilliseconds: must be 1…600000 milliseconds for a dribble fault"
        #expect(dribble(#","chunks":5"#) == duration)
        #expect(dribble(#","chunks":5,"durationMilliseconds":0"#) == duration)
        #expect(dribble(#","chunks":5,"durationMilliseconds":600001"#) == duration)
        #expect(dribble(#","chunks":1000,"durationMilliseconds":600000"#) == nil)
        let text = #"{"route":"configuration","kind":"dribble","chunks":5,"durationMilliseconds":3000}"#
        let rule = try JSONDecoder().decode(FaultRule.self, from: Data(text.utf8))
        let expected = try FaultRule(route: "configuration", fault: .dribble(chunks: 5, durationMilliseconds: 3_000))
        #expect(rule == expected)
        #expect(try JSONDecoder().decode(FaultRule.self, from: JSONEncoder().encode(rule)) == rule)
        #expect(Self.refusal(#"{"route":"profiles","kind":"garbage"}"#) == nil)
    }

    @Test func aDribbledBodyComesInItsPiecesOnTheClock() async throws {
        let clock = VirtualClock()
        let start = clock.now()
        let writer = TimedBodyWriter(clock: clock, start: start)
        try await DribblePlan(chunks: 4, duration: 2).body(ByteBuffer(string: "0123456789"), clock: clock)
            .write(writer)
        #expect(writer.pieces == ["01", "234", "56", "789"])
        #expect(writer.seconds == [0.5, 1, 1.5, 2])
        #expect(writer.finished)
        // A body shorter than the chunks goes a byte at a time, and still ends after the duration.
        let short = TimedBodyWriter(clock: clock, start: clock.now())
        try await DribblePlan(chunks: 5, duration: 2).body(ByteBuffer(string: "ab"), clock: clock).write(short)
        #expect(short.pieces == ["a", "b"] && short.seconds == [1, 2])
        let empty = TimedBodyWriter(clock: clock, start: clock.now())
        let nothing = DribblePlan(chunks: 3, duration: 1.5).body(ByteBuffer(), clock: clock)
        #expect(nothing.contentLength == 0)
        try await nothing.write(empty)
        #expect(empty.pieces.isEmpty && empty.finished)
        #expect(clock.now().timeIntervalSince(start) == 5.5)
    }
}

/// Notes each piece a body writes and when, on the clock, it came.
private final class TimedBodyWriter: ResponseBodyWriter {
    let clock: VirtualClock
    let start: Date
    var pieces: [String] = []
    var seconds: [TimeInterval] = []
    var finished = false

    init(clock: VirtualClock, start: Date) {
        self.clock = clock
        self.start = start
    }

    func write(_ part: ByteBuffer) async throws {
        pieces.append(String(buffer: part))
        seconds.append(clock.now().timeIntervalSince(start))
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {
        finished = true
    }
}
