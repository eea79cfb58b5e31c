import Foundation
import Hummingbird
import HummingbirdTesting
import MockBackendAPI
import PassAPI
import Simulation
import Testing

@testable import PassMockServer

@Suite struct ProtocolErrorTests {
    @Test func wrongMethodsGet405WithAllow() async throws {
        try await Harness.run { harness in
            let reply = try await harness.send(.put, "/api/v2/ORBIT/profiles")
            expectError(reply, .invalidHttpMethod)
            #expect(reply.header("Allow") == "GET, HEAD")
            expectError(try await harness.send(.get, "/o/client/register"), .invalidHttpMethod)
        }
    }

    @Test func unknownPathsGet404() async throws {
        try await Harness.run { harness in
            expectError(try await harness.send(.get, "/api/v3/whatever"), .unknownResource)
        }
    }

    @Test func oversizedBodiesAndHeadersAreRefused() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let big = String(repeating: "a", count: 70_000)
            expectError(try await app.postForm("/sessions", "mvpd=\(big)"), .requestTooLarge)
            let longHeader = try await harness.send(.get, "/api/v2/ORBIT/profiles", headers: [("X-Device-Info", big)])
            expectError(longHeader, .requestTooLarge, status: 431)
            #expect(try await app.get("/profiles").status == 200)
        }
    }

    @Test func garbageNeverProducesA500() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let bodies = [
                "", "\u{0}\u{1}", "{", "[]", "null", "%", "a=%", String(repeating: "&", count: 1000), "mvpd[]=1&mvpd=2",
            ]
            let paths = [
                "/sessions", "/sessions/ABCDEFG", "/decisions/authorize/Cascade", "/decisions/preauthorize/Cascade",
                "/sessions/sso/Apple", "/profiles/sso/Apple",
            ]
            for path in paths {
                for body in bodies {
                    for type in ["application/x-www-form-urlencoded", "application/json", "text/plain"] {
                        let reply = try await harness.send(
                            .post, "/api/v2/ORBIT\(path)", headers: app.headers + [("Content-Type", type)], body: body)
                        #expect(reply.status < 500, "\(path) \(type) \(body.prefix(20)): \(reply.text)")
                        if reply.status >= 400 { #expect(reply.error != nil, "\(path): \(reply.text)") }
                    }
                }
            }
        }
    }

    @Test func throttlingFollowsTheTokenBucket() async throws {
        var dashboard = Dashboard.builtIn
        dashboard.settings.throttling = .init(enabled: true, requestsPerSecond: 1, burst: 3)
        try await Harness.run(dashboard: dashboard) { harness in
            let path = "/api/v2/ORBIT/configuration"
            let headers = [("X-Forwarded-For", "203.0.113.9")]
            for _ in 0..<3 { #expect(try await harness.send(.get, path, headers: headers).status == 401) }
            let throttled = try await harness.send(.get, path, headers: headers)
            #expect(throttled.status == 429)
            #expect(throttled.header("Retry-After") == "1")
            #expect(throttled.header("Content-Type") == "text/html")
            #expect(throttled.text.contains("429 Too Many Requests"))
            #expect(try await harness.send(.get, path, headers: [("X-Forwarded-For", "203.0.113.10")]).status == 401)
            harness.clock.advance(by: 1)
            #expect(try await harness.send(.get, path, headers: headers).status == 401)
            #expect(try await harness.send(.get, "/activate", headers: headers).status == 200)
        }
    }
}

@Suite struct AdminTests {
    @Test func infoDescribesRequestorsMvpdsAndPersonas() async throws {
        try await Harness.run { harness in
            let info = try await harness.send(.get, "/__tvsim/info").decode(ServerInfo.self)
            #expect(info.requestors.map(\.id) == ["ORBIT", "ORBITLITE"])
            #expect(info.requestors[0].softwareStatement == harness.backend.softwareStatement(for: "ORBIT"))
            #expect(info.mvpds.count >= 40)
            #expect(info.personas.contains { $0.username == "demo" && $0.password == "demo" })
            #expect(info.activationURL == "http://mock.test/activate")
        }
    }

    /// A dropped connection got no answer: its entry has no status, in Swift and in its JSON.
    @Test func aDroppedConnectionIsJournaledWithoutAStatus() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            _ = try await harness.send(.post, "/__tvsim/faults", body: #"{"route": "configuration", "kind": "reset"}"#)
            _ = try? await app.get("/configuration")
            let dropped = try #require(harness.backend.journalEntries().last { $0.fault?.hasPrefix("reset") == true })
            #expect(dropped.status == nil && dropped.operation == "configuration")
            let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(dropped)) as? [String: Any]
            #expect(json?["status"] == nil && json?["fault"] as? String == dropped.fault)
        }
    }

    @Test func faultsShapeMatchingRequests() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let added = try await harness.send(
                .post, "/__tvsim/faults", headers: [("Content-Type", "application/json")],
                body:
                    #"{"route": "configuration", "kind": "status", "status": 503, "code": "network_connection_timeout", "times": 1}"#
            )
            #expect(added.status == 201)
            let faulted = try await app.get("/configuration")
            #expect(faulted.status == 503)
            #expect(faulted.error?.code == "network_connection_timeout")
            #expect(faulted.error?.action == .retry)
            #expect(try await app.get("/configuration").status == 200)

            _ = try await harness.send(
                .post, "/__tvsim/faults",
                body: #"{"route": "/api/v2/*/profiles/code/*", "kind": "throttle", "retryAfterSeconds": 4}"#)
            let throttled = try await app.get("/profiles/code/ABCDEFG")
            #expect(throttled.status == 429)
            #expect(throttled.header("Retry-After") == "4")

            _ = try await harness.send(.post, "/__tvsim/faults", body: #"{"route": "profiles", "kind": "malformed"}"#)
            let malformed = try await app.get("/profiles")
            #expect(malformed.status == 200)
            #expect((try? JSONDecoder().decode(ProfilesResponse.self, from: malformed.body)) == nil)
            // The journal keeps the answer as it went out (cut), not as the handler made it.
            let cut = try #require(harness.backend.journalEntries().last { $0.fault?.hasPrefix("malformed") == true })
            #expect(cut.responseBody == malformed.text, "\(cut.responseBody ?? "nil")")

            _ = try await harness.send(
                .post, "/__tvsim/faults", body: #"{"route": "logout", "kind": "latency", "latencyMilliseconds": 5000}"#)
            // On a virtual clock a latency fault moves simulated time instead of waiting.
            let before = harness.backend.nowMilliseconds
            #expect(try await app.get("/logout/Cascade").status == 200)
            #expect(harness.backend.nowMilliseconds - before == 5_000)

            _ = try await harness.send(
                .post, "/__tvsim/faults",
                body: #"{"route": "dcr.register", "kind": "status", "status": 503, "times": 1}"#)
            let dcr = try await harness.send(.post, "/o/client/register", body: "{}")
            #expect(dcr.status == 503)
            #expect(dcr.text.contains("\"error\":\"internal_server_error\""))
            #expect(dcr.error == nil)

            let listed = try await harness.send(.get, "/__tvsim/faults")
            #expect(try listed.decode([FaultRule].self).count == 3)
            #expect(
                try await harness.send(.get, "/__tvsim/journal?after=1&limit=2").decode([HTTPExchange].self).map(\.id)
                    == [2, 3])
            // A number that is none, or out of range, is refused by name, not read as a default.
            for query in ["after=-1", "after=99999999999999999999", "limit=0", "limit=ten", "after=1.5"] {
                let refused = try await harness.send(.get, "/__tvsim/journal?\(query)")
                #expect(refused.status == 400, "\(query)")
                #expect(refused.text.contains("invalid_parameter"), "\(query): \(refused.text)")
            }
            #expect(try await harness.send(.delete, "/__tvsim/faults").status == 204)
            #expect(try await app.get("/profiles").status == 200)
        }
    }

    @Test func badFaultRulesAreLocated() async throws {
        try await Harness.run { harness in
            let reply = try await harness.send(
                .post, "/__tvsim/faults", body: "{\n  \"route\": \"nowhere\",\n  \"kind\": \"status\"\n}")
            #expect(reply.status == 400)
            let object = try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
            #expect(object["field"] as? String == "route")
            #expect(object["line"] as? Int == 2)
            let missing = try await harness.send(
                .post, "/__tvsim/faults", body: #"{"route": "profiles", "kind": "status"}"#)
            #expect(missing.text.contains("status"))
        }
    }

    @Test func theClockCanBeAdvanced() async throws {
        try await Harness.run { harness in
            let before = harness.backend.nowMilliseconds
            let reply = try await harness.send(.post, "/__tvsim/clock/advance", body: #"{"seconds": 1800}"#)
            #expect(reply.status == 200)
            #expect(harness.backend.nowMilliseconds - before == 1_800_000)
        }
    }

    @Test func theJournalRedactsSecrets() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            _ = try await app.get("/profiles")
            let entries = try await harness.send(.get, "/__tvsim/journal").decode([HTTPExchange].self)
            let token = try #require(entries.first { $0.operation == "dcr.token" })
            #expect(token.requestBody?.contains("client_secret=‹redacted›") == true)
            #expect(token.responseBody?.contains("\"access_token\":\"‹redacted›\"") == true)
            let profiles = try #require(entries.first { $0.operation == "profiles" })
            #expect(profiles.requestHeader("Authorization")?.hasPrefix("Bearer ‹redacted›") == true)
            #expect(!profiles.requestHeader("Authorization")!.contains(app.token))
        }
    }

    @Test func configCanBePatchedAndValidated() async throws {
        try await Harness.run { harness in
            let patched = try await harness.send(
                .patch, "/__tvsim/config/mvpds/Cascade", body: #"{"integrationEnabled": false}"#)
            #expect(patched.status == 200)
            #expect(harness.backend.dashboard.mvpds.first { $0.id == "Cascade" }?.integrationEnabled == false)
            let wrong = try await harness.send(
                .patch, "/__tvsim/config/mvpds/Cascade", body: #"{"boardingStatus": "MAYBE"}"#)
            #expect(wrong.status == 400)
            #expect(wrong.text.contains("boardingStatus"))
            let typo = try await harness.send(.patch, "/__tvsim/config/mvpds/Cascade", body: #"{"ssoEnabeld": false}"#)
            #expect(typo.status == 400)
            #expect(typo.text.contains("did you mean 'ssoEnabled'"))
            #expect(try await harness.send(.patch, "/__tvsim/config/mvpds/Nobody", body: "{}").status == 404)
            #expect(try await harness.send(.post, "/__tvsim/reset").status == 200)
            #expect(harness.backend.dashboard.mvpds.first { $0.id == "Cascade" }?.integrationEnabled == true)
        }
    }

    /// The state dump, spelled straight into bytes, is what the encoder writes for the
    /// snapshot: live and expired codes, profiles and faults (`DirectJSONTests` spells text
    /// that needs escapes).
    @Test func theStateDumpIsSpelledAsTheEncoderSpellsTheSnapshot() async throws {
        try await Harness.run { harness in
            try await harness.app().signIn(mvpd: "Cascade")
            for device in ["device-2", "device-3"] {
                #expect(try await harness.app(device: device).postForm("/sessions", "domainName=x").status == 200)
            }
            _ = try await harness.send(.post, "/__tvsim/faults", body: #"{"route": "configuration", "kind": "reset"}"#)
            for expired in [false, true] {
                if expired { _ = try await harness.send(.post, "/__tvsim/state/codes/expire") }
                let dump = try await harness.send(.get, "/__tvsim/state")
                let state = try dump.decode(StateSnapshot.self)
                #expect(state.sessions.map(\.expired) == [expired, expired, expired])
                #expect(state.profiles.count == 1 && state.faults.count == 1)
                let encoded = Reply.encode(harness.backend.stateSnapshot())
                #expect(dump.body == encoded, "\(dump.text)\n\(String(decoding: encoded, as: UTF8.self))")
            }
        }
    }

    @Test func profilesCanBeExpiredAndStateInspected() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            try await app.signIn(mvpd: "Cascade")
            let state = try await harness.send(.get, "/__tvsim/state").decode(StateSnapshot.self)
            #expect(state.profiles.map(\.mvpd) == ["Cascade"])
            #expect(state.sessions.first?.completedForMvpd == "Cascade")
            #expect(
                try await harness.send(.post, "/__tvsim/state/profiles/expire", body: #"{"mvpd": "Cascade"}"#).status
                    == 200)
            #expect(try await app.get("/profiles").decode(ProfilesResponse.self).profiles.isEmpty)
            let code = try #require(try await app.postForm("/sessions", "").decode(SessionResponse.self).code)
            #expect(try await harness.send(.post, "/__tvsim/state/codes/expire").status == 200)
            expectError(try await app.get("/sessions/\(code)"), .invalidAuthenticationSession)
            let after = try await harness.send(.get, "/__tvsim/state").decode(StateSnapshot.self)
            #expect(after.sessions.first { $0.code == code }?.expired == true)
        }
    }

    @Test func adminTokenIsRequiredWhenSet() async throws {
        let backend = MockBackend(clock: VirtualClockForTests.make(), adminToken: "letmein")
        let app = Application(router: MockServer.makeRouter(backend: backend))
        try await app.test(.live) { client in
            #expect(try await client.execute(uri: "/__tvsim/info", method: .get).status == .unauthorized)
            let ok = try await client.execute(
                uri: "/__tvsim/info", method: .get, headers: [.authorization: "Bearer letmein"])
            #expect(ok.status == .ok)
            // The scheme is case-insensitive (RFC 9110 §11.1); the token is not.
            for (value, status) in [
                ("bearer letmein", HTTPResponse.Status.ok), ("BEARER letmein", .ok), ("Bearer LETMEIN", .unauthorized),
                ("Bearer  letmein", .unauthorized), ("Basic letmein", .unauthorized), ("letmein", .unauthorized),
            ] {
                let reply = try await client.execute(
                    uri: "/__tvsim/info", method: .get, headers: [.authorization: value])
                #expect(reply.status == status, "\(value)")
            }
        }
    }

    /// In-process requests (no socket, so no peer address) reach the public routes but never the
    /// admin API.
    @Test func aPeerNobodyCanNameIsNotAnAdmin() async throws {
        let backend = MockBackend(clock: VirtualClockForTests.make())
        let app = Application(router: MockServer.makeRouter(backend: backend))
        try await app.test(.router) { client in
            let reply = try await client.execute(uri: "/__tvsim/info", method: .get)
            #expect(reply.status == .forbidden)
            #expect(String(buffer: reply.body).contains("only on loopback"))
            let configuration = try await client.execute(
                uri: "/api/v2/ORBIT/configuration", method: .get, headers: [.accept: "application/json"])
            #expect(configuration.status != .forbidden)
        }
    }

    @Test func onlyLoopbackPeersAreAdmins() throws {
        #expect(MockRequestContext.isLoopback(try .init(ipAddress: "127.0.0.1", port: 1)))
        #expect(MockRequestContext.isLoopback(try .init(ipAddress: "::1", port: 1)))
        #expect(!MockRequestContext.isLoopback(try .init(ipAddress: "192.168.1.20", port: 1)))
        #expect(!MockRequestContext.isLoopback(try .init(ipAddress: "::ffff:10.0.0.1", port: 1)))
        #expect(!MockRequestContext.isLoopback(nil))
    }
}

enum VirtualClockForTests {
    static func make() -> VirtualClock { VirtualClock() }
}
