import Foundation
import MockBackendAPI
import PassAPI
import Testing

@testable import PassMockServer

@Suite struct DCRTests {
    @Test func registersAndIssuesAToken() async throws {
        try await Harness.run { harness in
            let credentials = try await harness.credentials()
            #expect(credentials.grantTypes == ["client_credentials", "refresh_token"])
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
            #expect(token.refreshToken?.split(separator: ".").count == 3)
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
            // X-Device-Info is optional, but checked when it is sent.
            #expect(
                try await register(#"{"software_statement": "\#(statement)"}"#, info: "not base64!")
                    == "invalid_request")
            #expect(
                try await register(#"{"software_statement": "\#(statement)"}"#, type: "text/plain") == "invalid_request"
            )
            // A header that decodes but breaks a rule is refused naming the rule.
            let mobile = Base64.encode(#"{"model": "iPhone", "osName": "iOS", "primaryHardwareType": "Mobile"}"#)
            let refused = try await harness.send(
                .post, "/o/client/register",
                headers: [("Content-Type", "application/json"), ("X-Device-Info", mobile)],
                body: #"{"software_statement": "\#(statement)"}"#)
            #expect(
                try refused.decode(DCRErrorResponse.self).errorDescription
                    == "X-Device-Info is not valid: 'Mobile' is not a valid value for 'primaryHardwareType'."
                    + " It is the Base64 of a JSON object.")
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

    // MARK: Redirect URIs

    private func register(_ harness: Harness, redirectUri: String?) async throws -> Harness.Reply {
        let statement = try #require(harness.backend.softwareStatement(for: "ORBIT"))
        var body: [String: String] = ["software_statement": statement]
        body["redirect_uri"] = redirectUri
        let json = String(decoding: try JSONEncoder().encode(body), as: UTF8.self)
        return try await harness.send(
            .post, "/o/client/register",
            headers: [("Content-Type", "application/json"), ("X-Device-Info", Harness.iPhone)], body: json)
    }

    @Test func registrationEchoesTheRedirectUri() async throws {
        try await Harness.run { harness in
            let reply = try await register(harness, redirectUri: "adbe.orbit://done")
            #expect(reply.status == 201)
            #expect(try reply.decode(ClientCredentials.self).redirectUris == ["adbe.orbit://done"])
            let web = try await register(harness, redirectUri: "https://orbit.tvsim.example/done?from=app")
            #expect(
                try web.decode(ClientCredentials.self).redirectUris == ["https://orbit.tvsim.example/done?from=app"])
        }
    }

    @Test(arguments: [
        "", "not a uri", "/relative/path", "https://", "https:///no-host", "https://orbit.tvsim.example/done#top",
        "javascript:alert(1)", "data:text/html,hi", "https://orbit.tvsim.example/a b",
    ])
    func refusesAnInvalidRedirectUri(_ uri: String) async throws {
        try await Harness.run { harness in
            let reply = try await register(harness, redirectUri: uri)
            #expect(reply.status == 400)
            let error = try reply.decode(DCRErrorResponse.self)
            #expect(error.error == .invalidRedirectUri)
            #expect(error.errorDescription?.isEmpty == false)
        }
    }

    @Test func aDashboardListLimitsTheRedirectUris() async throws {
        try await Harness.run { harness in
            var dashboard = harness.backend.dashboard
            dashboard.requestors[0].redirectUris = ["adbe.orbit://done", "https://orbit.tvsim.example/done"]
            harness.backend.replaceDashboard(dashboard)
            let listed = try await register(harness, redirectUri: "adbe.orbit://done")
            #expect(try listed.decode(ClientCredentials.self).redirectUris == ["adbe.orbit://done"])
            let absent = try await register(harness, redirectUri: nil)
            #expect(try absent.decode(ClientCredentials.self).redirectUris == dashboard.requestors[0].redirectUris)
            let other = try await register(harness, redirectUri: "adbe.other://done")
            #expect(other.status == 400)
            #expect(try other.decode(DCRErrorResponse.self).error == .invalidRedirectUri)
        }
    }

    // MARK: Refresh tokens

    private func token(_ harness: Harness, _ form: String) async throws -> Harness.Reply {
        try await harness.send(
            .post, "/o/client/token",
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("X-Device-Info", Harness.iPhone)],
            body: form)
    }

    private func firstTokens(_ harness: Harness) async throws -> (ClientCredentials, AccessTokenResponse) {
        let credentials = try await harness.credentials()
        let reply = try await token(
            harness,
            "grant_type=client_credentials&client_id=\(credentials.clientId)&client_secret=\(credentials.clientSecret)")
        return (credentials, try reply.decode())
    }

    private func refresh(_ harness: Harness, _ credentials: ClientCredentials, _ refreshToken: String) async throws
        -> Harness.Reply
    {
        try await token(
            harness,
            "grant_type=refresh_token&client_id=\(credentials.clientId)&client_secret=\(credentials.clientSecret)"
                + "&refresh_token=\(refreshToken.formEncoded)")
    }

    private func grantError(_ reply: Harness.Reply) throws -> DCRErrorCode {
        #expect(reply.status == 400, "\(reply.text)")
        return try reply.decode(DCRErrorResponse.self).error
    }

    @Test func aRefreshTokenBuysANewAccessTokenOnce() async throws {
        try await Harness.run { harness in
            let (credentials, first) = try await firstTokens(harness)
            let refreshToken = try #require(first.refreshToken)
            harness.clock.advance(by: 60)
            let reply = try await refresh(harness, credentials, refreshToken)
            #expect(reply.status == 201, "\(reply.text)")
            let next = try reply.decode(AccessTokenResponse.self)
            #expect(next.accessToken != first.accessToken)
            #expect(next.refreshToken != nil && next.refreshToken != refreshToken)
            let call = try await harness.send(
                .get, "/api/v2/ORBIT/configuration", headers: [("Authorization", "Bearer \(next.accessToken)")])
            #expect(call.status == 200)
            #expect(try grantError(try await refresh(harness, credentials, refreshToken)) == .invalidGrant)
            let chained = try await refresh(harness, credentials, try #require(next.refreshToken))
            #expect(chained.status == 201)
        }
    }

    @Test func refusesUnknownAndForeignRefreshTokens() async throws {
        try await Harness.run { harness in
            let (credentials, first) = try await firstTokens(harness)
            let (other, _) = try await firstTokens(harness)
            let refreshToken = try #require(first.refreshToken)
            #expect(try grantError(try await refresh(harness, credentials, "a.b.c")) == .invalidGrant)
            #expect(try grantError(try await refresh(harness, credentials, first.accessToken)) == .invalidGrant)
            let forged = refreshToken.dropLast(4) + "AAAA"
            #expect(try grantError(try await refresh(harness, credentials, String(forged))) == .invalidGrant)
            #expect(try grantError(try await refresh(harness, other, refreshToken)) == .invalidGrant)
            let missing = try await token(
                harness,
                "grant_type=refresh_token&client_id=\(credentials.clientId)&client_secret=\(credentials.clientSecret)")
            #expect(try grantError(missing) == .invalidRequest)
            let wrongSecret = try await token(
                harness,
                "grant_type=refresh_token&client_id=\(credentials.clientId)&client_secret=wrong&refresh_token=\(refreshToken)"
            )
            #expect(try grantError(wrongSecret) == .invalidClient)
            #expect(try await refresh(harness, credentials, refreshToken).status == 201)
        }
    }

    @Test func refreshTokensExpire() async throws {
        try await Harness.run { harness in
            let (credentials, first) = try await firstTokens(harness)
            harness.clock.advance(by: TimeInterval(harness.backend.settings.refreshTokenLifetimeSeconds))
            let reply = try await refresh(harness, credentials, try #require(first.refreshToken))
            #expect(try grantError(reply) == .invalidGrant)
            #expect(try reply.decode(DCRErrorResponse.self).errorDescription?.contains("expired") == true)
        }
    }

    @Test func revokingTheStatementRefusesItsRefreshTokens() async throws {
        try await Harness.run { harness in
            let (credentials, first) = try await firstTokens(harness)
            var dashboard = harness.backend.dashboard
            dashboard.requestors[0].softwareStatement.revoked = true
            harness.backend.replaceDashboard(dashboard)
            let reply = try await refresh(harness, credentials, try #require(first.refreshToken))
            #expect(try grantError(reply) == .unauthorizedClient)
        }
    }

    /// One client exchanging its refresh tokens without end, ten times the store's bound, beside
    /// an honest client: every exchange works, every token exchanged stays spent, and the honest
    /// client's refresh and web sign-in work as if the flood were not there.
    @Test func aFloodOfChainedRefreshesLocksNoOneOut() async throws {
        var dashboard = Dashboard.builtIn
        dashboard.settings.limits.maxSessions = 20
        try await Harness.run(dashboard: dashboard) { harness in
            let (flooder, first) = try await firstTokens(harness)
            let (honest, honestFirst) = try await firstTokens(harness)
            var exchanged = [try #require(first.refreshToken)]
            for round in 0..<200 {
                let reply = try await refresh(harness, flooder, exchanged.last!)
                #expect(reply.status == 201, "exchange \(round): \(reply.text)")
                guard reply.status == 201 else { break }
                exchanged.append(try #require(try reply.decode(AccessTokenResponse.self).refreshToken))
            }
            for spent in [exchanged[0], exchanged[100], exchanged[199]] {
                #expect(try grantError(try await refresh(harness, flooder, spent)) == .invalidGrant)
            }
            #expect(try await refresh(harness, honest, try #require(honestFirst.refreshToken)).status == 201)
            try await harness.app(device: "honest-device").signIn(mvpd: "Cascade")
        }
    }

    /// A client asking for tokens with its credentials without end starts a chain each time: it
    /// keeps its newest chains, and another client's chain is not pushed out.
    @Test func aFloodOfTokenGrantsKeepsOtherClientsRefreshTokens() async throws {
        var dashboard = Dashboard.builtIn
        dashboard.settings.limits.maxSessions = 20
        try await Harness.run(dashboard: dashboard) { harness in
            let (honest, honestFirst) = try await firstTokens(harness)
            let flooder = try await harness.credentials()
            var newest: AccessTokenResponse?
            for _ in 0..<100 {
                let reply = try await token(
                    harness,
                    "grant_type=client_credentials&client_id=\(flooder.clientId)&client_secret=\(flooder.clientSecret)")
                newest = try reply.decode()
            }
            #expect(try await refresh(harness, honest, try #require(honestFirst.refreshToken)).status == 201)
            let flooderNewest = try #require(newest?.refreshToken)
            #expect(try await refresh(harness, flooder, flooderNewest).status == 201)
        }
    }
}
