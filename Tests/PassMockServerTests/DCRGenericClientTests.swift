import Foundation
import PassAPI
import Testing

@testable import PassMockServer

/// Registration and tokens as a generic OAuth 2 library asks for them: no `X-Device-Info`,
/// HTTP Basic client authentication, RFC 7591's `redirect_uris`.
@Suite struct DCRGenericClientTests {
    static func basic(_ id: String, _ secret: String) -> String {
        "Basic " + Data("\(id.formEncoded):\(secret.formEncoded)".utf8).base64EncodedString()
    }

    func register(_ harness: Harness, _ json: String) async throws -> Harness.Reply {
        try await harness.send(.post, "/o/client/register", headers: [("Content-Type", "application/json")], body: json)
    }

    func statement(_ harness: Harness) throws -> String {
        try #require(harness.backend.softwareStatement(for: "ORBIT"))
    }

    @Test func aClientWithoutDeviceInfoRegistersAndAuthenticatesWithBasic() async throws {
        try await Harness.run { harness in
            let registered = try await register(harness, #"{"software_statement": "\#(try statement(harness))"}"#)
            #expect(registered.status == 201, "\(registered.text)")
            #expect(registered.header("Cache-Control") == "no-store")
            let credentials: ClientCredentials = try registered.decode()
            let reply = try await harness.send(
                .post, "/o/client/token",
                headers: [
                    ("Content-Type", "application/x-www-form-urlencoded"),
                    ("Authorization", Self.basic(credentials.clientId, credentials.clientSecret)),
                ],
                body: "grant_type=client_credentials")
            #expect(reply.status == 201, "\(reply.text)")
            #expect(reply.header("Cache-Control") == "no-store")
            #expect(reply.header("Pragma") == "no-cache")
            let token: AccessTokenResponse = try reply.decode()
            // The token opens V2 like one obtained the documented way.
            let configuration = try await harness.send(
                .get, "/api/v2/ORBIT/configuration", headers: [("Authorization", "Bearer \(token.accessToken)")])
            #expect(configuration.status == 200, "\(configuration.text)")
            // A refresh with Basic, as libraries renew.
            let refreshed = try await harness.send(
                .post, "/o/client/token",
                headers: [
                    ("Content-Type", "application/x-www-form-urlencoded"),
                    ("Authorization", Self.basic(credentials.clientId, credentials.clientSecret)),
                ],
                body: "grant_type=refresh_token&refresh_token=\(try #require(token.refreshToken))")
            #expect(refreshed.status == 201, "\(refreshed.text)")
        }
    }

    @Test func basicCredentialsThatAreWrongOrDoubledAreRefused() async throws {
        try await Harness.run { harness in
            let credentials = try await harness.credentials()
            func token(authorization: String, form: String) async throws -> Harness.Reply {
                try await harness.send(
                    .post, "/o/client/token",
                    headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Authorization", authorization)],
                    body: form)
            }
            let wrong = try await token(
                authorization: Self.basic(credentials.clientId, "wrong"), form: "grant_type=client_credentials")
            #expect(wrong.status == 401)
            #expect(wrong.header("WWW-Authenticate") == #"Basic realm="tvsim""#)
            #expect(wrong.error == nil && wrong.text.contains(#""error":"invalid_client""#))
            let twice = try await token(
                authorization: Self.basic(credentials.clientId, credentials.clientSecret),
                form: "grant_type=client_credentials&client_secret=\(credentials.clientSecret)")
            #expect(twice.status == 400 && twice.text.contains("invalid_request"), "\(twice.text)")
            let otherId = try await token(
                authorization: Self.basic(credentials.clientId, credentials.clientSecret),
                form: "grant_type=client_credentials&client_id=someone-else")
            #expect(otherId.status == 400 && otherId.text.contains("invalid_request"), "\(otherId.text)")
            let sameId = try await token(
                authorization: Self.basic(credentials.clientId, credentials.clientSecret),
                form: "grant_type=client_credentials&client_id=\(credentials.clientId)")
            #expect(sameId.status == 201, "\(sameId.text)")
            let broken = try await token(authorization: "Basic !!!", form: "grant_type=client_credentials")
            #expect(broken.status == 400 && broken.text.contains("invalid_request"), "\(broken.text)")
        }
    }

    @Test func redirectUrisAreHonouredAndEachOneIsChecked() async throws {
        try await Harness.run { harness in
            let statement = try statement(harness)
            let both = try await register(
                harness,
                #"{"software_statement": "\#(statement)", "redirect_uri": "https://orbit.tvsim.example/a", "redirect_uris": ["https://www.orbit.tvsim.example/b", "adobepass://ios.app"]}"#
            )
            #expect(both.status == 201, "\(both.text)")
            let credentials: ClientCredentials = try both.decode()
            #expect(
                credentials.redirectUris == [
                    "https://orbit.tvsim.example/a", "https://www.orbit.tvsim.example/b", "adobepass://ios.app",
                ])
            for bad in [
                #"["javascript:alert(1)"]"#,
                #"["https://orbit.tvsim.example/cb", "https://orbit.tvsim.example/#frag"]"#,
                // A target the requestor's sign-ins would refuse is refused at registration too.
                #"["https://evil.example/cb"]"#, #"["https://orbit.tvsim.example@evil.example/cb"]"#,
                #"["relative/path"]"#,
                #"[1]"#, #""https://not-an-array.example""#,
            ] {
                let reply = try await register(
                    harness, #"{"software_statement": "\#(statement)", "redirect_uris": \#(bad)}"#)
                #expect(reply.status == 400, "\(bad): \(reply.text)")
                #expect(reply.text.contains("invalid_redirect_uri"), "\(bad): \(reply.text)")
                #expect(reply.header("Cache-Control") == "no-store")
            }
        }
    }
}
