import Foundation
import PassAPI
import Testing

@testable import PassMockServer

@Suite struct DCRTests {
    @Test func registersAndIssuesAToken() async throws {
        try await Harness.run { harness in
            let credentials = try await harness.credentials()
            #expect(credentials.grantTypes == ["client_credentials"])
            #expect(credentials.scopes == ["api:client:v2"])
            #expect(credentials.clientIdIssuedAt == Int64(harness.clock.now().timeIntervalSince1970))
            let reply = try await harness.send(
                .post, "/o/client/token", headers: [("X-Device-Info", Harness.iPhone)],
                body:
                    "grant_type=client_credentials&client_id=\(credentials.clientId)&client_secret=\(credentials.clientSecret)"
            )
            #expect(reply.status == 201)
            let token = try reply.decode(AccessTokenResponse.self)
            #expect(token.expiresIn == 21_600)
            #expect(token.tokenType == "bearer")
            #expect(token.accessToken.split(separator: ".").count == 3)
        }
    }

    @Test func acceptsTokenParametersInTheQuery() async throws {
        try await Harness.run { harness in
            let credentials = try await harness.credentials()
            let reply = try await harness.send(
                .post,
                "/o/client/token?grant_type=client_credentials&client_id=\(credentials.clientId)&client_secret=\(credentials.clientSecret)",
                headers: [("Content-Type", "application/json"), ("X-Device-Info", Harness.iPhone)])
            #expect(reply.status == 201)
        }
    }

    @Test func rejectsBadRegistrations() async throws {
        try await Harness.run { harness in
            func register(_ body: String, info: String? = Harness.iPhone, type: String = "application/json")
                async throws -> String?
            {
                var headers = [("Content-Type", type)]
                if let info { headers.append(("X-Device-Info", info)) }
                let reply = try await harness.send(.post, "/o/client/register", headers: headers, body: body)
                #expect(reply.status == 400)
                return try reply.decode(DCRErrorResponse.self).error.rawValue
            }
            let statement = try #require(harness.backend.softwareStatement(for: "ORBIT"))
            #expect(try await register("{not json") == "invalid_request")
            #expect(try await register("{}") == "invalid_request")
            #expect(try await register(#"{"software_statement": "\#(statement)"}"#, info: nil) == "invalid_request")
            #expect(
                try await register(#"{"software_statement": "\#(statement)"}"#, type: "text/plain") == "invalid_request"
            )
            #expect(try await register(#"{"software_statement": "a.b.c"}"#) == "invalid_software_statement")
            let forged = statement.dropLast(4) + "AAAA"
            #expect(try await register(#"{"software_statement": "\#(forged)"}"#) == "invalid_software_statement")
            #expect(
                try await register(#"{"software_statement": "\#(statement)", "redirect_uri": "not a uri"}"#)
                    == "invalid_redirect_uri")
            var dashboard = harness.backend.dashboard
            dashboard.requestors[0].softwareStatement.revoked = true
            harness.backend.replaceDashboard(dashboard)
            #expect(try await register(#"{"software_statement": "\#(statement)"}"#) == "unapproved_software_statement")
        }
    }

    @Test func rejectsBadTokenRequests() async throws {
        try await Harness.run { harness in
            let credentials = try await harness.credentials()
            func token(_ form: String) async throws -> String {
                let reply = try await harness.send(
                    .post, "/o/client/token",
                    headers: [
                        ("Content-Type", "application/x-www-form-urlencoded"), ("X-Device-Info", Harness.iPhone),
                    ],
                    body: form)
                #expect(reply.status == 400)
                return try reply.decode(DCRErrorResponse.self).error.rawValue
            }
            let id = credentials.clientId
            let secret = credentials.clientSecret
            #expect(try await token("client_id=\(id)&client_secret=\(secret)") == "invalid_request")
            #expect(
                try await token("grant_type=password&client_id=\(id)&client_secret=\(secret)")
                    == "unsupported_grant_type")
            #expect(
                try await token("grant_type=client_credentials&client_id=\(id)&client_secret=wrong") == "invalid_client"
            )
            #expect(
                try await token("grant_type=client_credentials&client_id=nobody&client_secret=\(secret)")
                    == "invalid_client")
            #expect(try await token("grant_type=client_credentials&client_id=%ZZ") == "invalid_request")
        }
    }

    @Test func everyV2CallNeedsAValidBearerToken() async throws {
        try await Harness.run { harness in
            let path = "/api/v2/ORBIT/configuration"
            expectError(try await harness.send(.get, path), .invalidAccessTokenServiceProvider)
            expectError(
                try await harness.send(.get, path, headers: [("Authorization", "Basic abc")]),
                .invalidAccessTokenServiceProvider)
            expectError(
                try await harness.send(.get, path, headers: [("Authorization", "Bearer a.b.c")]),
                .invalidAccessTokenServiceProvider)
            let token = try await harness.accessToken()
            let ok = try await harness.send(.get, path, headers: [("authorization", "bearer \(token)")])
            #expect(ok.status == 200)
            let other = try await harness.send(
                .get, "/api/v2/ORBITLITE/configuration", headers: [("Authorization", "Bearer \(token)")])
            expectError(other, .invalidAccessTokenServiceProvider)
            let unknown = try await harness.send(
                .get, "/api/v2/NOPE/configuration", headers: [("Authorization", "Bearer \(token)")])
            expectError(unknown, .invalidParameterServiceProvider)
        }
    }

    @Test func accessTokensExpire() async throws {
        try await Harness.run { harness in
            let token = try await harness.accessToken()
            harness.clock.advance(by: 21_600)
            let reply = try await harness.send(
                .get, "/api/v2/ORBIT/configuration", headers: [("Authorization", "Bearer \(token)")])
            expectError(reply, .invalidAccessTokenServiceProvider)
            #expect(reply.error?.details?.contains("expired") == true)
        }
    }

    @Test func revokingTheStatementRevokesIssuedTokens() async throws {
        try await Harness.run { harness in
            let token = try await harness.accessToken()
            var dashboard = harness.backend.dashboard
            dashboard.requestors[0].softwareStatement.revoked = true
            harness.backend.replaceDashboard(dashboard)
            let reply = try await harness.send(
                .get, "/api/v2/ORBIT/configuration", headers: [("Authorization", "Bearer \(token)")])
            expectError(reply, .invalidAccessTokenClientApplication)
        }
    }
}
