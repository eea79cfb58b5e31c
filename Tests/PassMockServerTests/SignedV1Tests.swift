import Foundation
import MockBackendAPI
import PassAPI
import Testing

@testable import PassMockServer

/// Legacy REST API V1 clients that sign each call with their requestor's key pair, accepted
/// with `--accept-signed-v1` through the whole second-screen journey.
@Suite struct SignedV1Tests {
    /// A legacy client on one device: every call signed, `deviceType` instead of `device_info`.
    struct LegacyClient {
        let harness: Harness
        let keys: SignedRequestKeys
        var requestor = "ORBIT"

        init(_ harness: Harness) throws {
            self.harness = harness
            let settings = try #require(harness.backend.dashboard.requestors.first { $0.id == "ORBIT" })
            keys = harness.backend.credentials.signedRequestKeys(for: settings)
        }

        func authorization(_ method: String, _ uri: String, time: Int64? = nil, nonce: String? = nil) -> String {
            SignedV1Request.header(
                method: method, requestor: requestor, nonce: nonce ?? UUID().uuidString,
                requestTime: time ?? harness.backend.nowMilliseconds, requestURI: uri, keys: keys)
        }

        func get(_ path: String, signedAs uri: String, query: String) async throws -> Harness.Reply {
            try await harness.send(
                .get, "\(path)?\(query)", headers: [("Authorization", authorization("GET", uri))])
        }
    }

    @Test func offByDefaultTheRefusalSaysWhatToDo() async throws {
        try await Harness.run { harness in
            let client = try LegacyClient(harness)
            let reply = try await client.get(
                "/api/v1/checkauthn", signedAs: "/checkauthn", query: "requestor=ORBIT&deviceId=legacy-tv")
            #expect(reply.status == 401, "\(reply.text)")
            #expect(reply.error?.details?.contains("--accept-signed-v1") == true, "\(reply.text)")
        }
    }

    @Test func theWholeSecondScreenFlowRunsSigned() async throws {
        try await Harness.run(acceptsSignedV1: true) { harness in
            let client = try LegacyClient(harness)
            let device = "requestor=ORBIT&deviceId=legacy-tv"
            let regcode = try await harness.send(
                .post, "/reggie/v1/ORBIT/regcode",
                headers: [
                    ("Authorization", client.authorization("POST", "/regcode")),
                    ("Content-Type", "application/x-www-form-urlencoded"),
                ], body: "deviceId=legacy-tv&deviceType=appletv&ttl=1800")
            #expect(regcode.status == 200, "\(regcode.text)")
            let code = try regcode.decode(V1RegistrationCode.self).code
            // The second screen: the user signs in on a phone with the code.
            _ = try await harness.v1BrowserLogin(
                code: code, mvpd: "Cascade", username: "demo", redirect: "adbe.orbit://done")
            let authenticated = try await client.get(
                "/api/v1/authenticate/\(code)", signedAs: "/authenticate/\(code)", query: "requestor=ORBIT")
            #expect(authenticated.status == 200, "\(authenticated.text)")
            let token = try await client.get("/api/v1/tokens/authn", signedAs: "/tokens/authn", query: device)
            #expect(token.status == 200, "\(token.text)")
            let authorized = try await client.get(
                "/api/v1/authorize", signedAs: "/authorize", query: device + "&resource=orbit-live")
            #expect(authorized.status == 200, "\(authorized.text)")
            let media = try await client.get(
                "/api/v1/mediatoken", signedAs: "/mediatoken", query: device + "&resource=orbit-live")
            #expect(media.status == 200, "\(media.text)")
            #expect(try media.decode(V1MediaToken.self).resource == "orbit-live")
            let metadata = try await client.get(
                "/api/v1/tokens/usermetadata", signedAs: "/tokens/usermetadata", query: device)
            #expect(metadata.status == 200, "\(metadata.text)")
            let logout = try await harness.send(
                .delete, "/api/v1/logout?deviceId=legacy-tv",
                headers: [("Authorization", client.authorization("DELETE", "/logout"))])
            #expect(logout.status < 300, "\(logout.text)")
            let after = try await client.get("/api/v1/tokens/authn", signedAs: "/tokens/authn", query: device)
            #expect(after.status == 404, "\(after.text)")
        }
    }

    @Test func signaturesThatDoNotHoldAreRefused() async throws {
        try await Harness.run(acceptsSignedV1: true) { harness in
            let client = try LegacyClient(harness)
            let uri = "/api/v1/checkauthn?requestor=ORBIT&deviceId=legacy-tv"
            func status(_ authorization: String, method: HTTPRequestMethod = .get, path: String? = nil) async throws
                -> (Int, String)
            {
                let reply = try await harness.send(method, path ?? uri, headers: [("Authorization", authorization)])
                return (reply.status, reply.error?.details ?? reply.text)
            }
            let good = client.authorization("GET", "/checkauthn", nonce: "once")
            #expect(try await status(good).0 == 403)  // signed in nowhere yet: the signature held
            #expect(try await status(good).1.contains("nonce was used before"))
            let tampered = client.authorization("GET", "/checkauthn").replacingOccurrences(
                of: "request_uri=/checkauthn", with: "request_uri=/authorize")
            #expect(try await status(tampered).1.contains("not one made with"))
            #expect(try await status(client.authorization("POST", "/checkauthn")).1.contains("signed for POST"))
            #expect(try await status(client.authorization("GET", "/authorize")).1.contains("signed for /authorize"))
            // request_uri is the whole path or its tail after /api/v1, never a shorter suffix.
            for partial in ["/", "n", "authn", "/api/v1"] {
                #expect(
                    try await status(client.authorization("GET", partial)).1.contains("signed for \(partial)"),
                    "\(partial)")
            }
            #expect(
                try await status(client.authorization("GET", "/api/v1/checkauthn")).0 == 403, "the whole path signs too"
            )
            let old = client.authorization("GET", "/checkauthn", time: harness.backend.nowMilliseconds - 601_000)
            #expect(try await status(old).1.contains("601 s behind"))
            // Any Int64 may come as request_time: the extremes are refused like any other, not a crash.
            for (time, side) in [(Int64.min, "far behind"), (Int64.max, "s ahead of"), (0, "behind")] {
                let (code, message) = try await status(client.authorization("GET", "/checkauthn", time: time))
                #expect(code == 401 && message.contains(side), "\(time): \(code) \(message)")
            }
            var other = client
            other.requestor = "ORBITLITE"
            #expect(try await status(other.authorization("GET", "/checkauthn")).1.contains("not one made with"))
            let sha256 = client.authorization("GET", "/checkauthn").replacingOccurrences(
                of: "HMAC-SHA1", with: "HMAC-SHA256")
            #expect(try await status(sha256).1.contains("only HMAC-SHA1"))
        }
    }

    @Test func theInfoListsEachRequestorsKeyPairAndADashboardMaySetOne() async throws {
        var dashboard = Dashboard.builtIn
        dashboard.requestors[1].signedRequests = SignedRequestKeys(publicKey: "lite-public", privateKey: "lite-private")
        try await Harness.run(dashboard: dashboard, acceptsSignedV1: true) { harness in
            let info = try await harness.send(.get, "/__tvsim/info").decode(ServerInfo.self)
            let keys = info.requestors.compactMap(\.signedRequests)
            #expect(keys.count == info.requestors.count)
            #expect(keys[0].publicKey.count == 32 && keys[0].privateKey.count == 16)
            #expect(keys[1] == SignedRequestKeys(publicKey: "lite-public", privateKey: "lite-private"))
        }
    }

    /// Without signed requests on, the key pairs are of no use to anyone: the info keeps them.
    @Test func theInfoKeepsTheKeyPairsWhenSignedRequestsAreOff() async throws {
        try await Harness.run { harness in
            let info = try await harness.send(.get, "/__tvsim/info").decode(ServerInfo.self)
            #expect(info.requestors.allSatisfy { $0.signedRequests == nil })
            #expect(!(try await harness.send(.get, "/__tvsim/info").text.contains("privateKey")))
        }
    }
}
