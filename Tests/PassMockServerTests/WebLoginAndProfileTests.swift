import Foundation
import MockBackendAPI
import PassAPI
import Testing

@testable import PassMockServer

@Suite struct WebLoginTests {
    @Test func theRedirectChainEndsAtTheRedirectUrlAndStoresAProfile() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let session = try await app.postForm(
                "/sessions", "mvpd=Cascade&domainName=orbit.tvsim.example&redirectUrl=adbe.orbit%3A%2F%2Fdone"
            ).decode(SessionResponse.self)
            let first = try await harness.send(.get, session.url!)
            #expect(first.status == 302)
            let location = try #require(first.header("Location"))
            #expect(
                location.hasPrefix("/adobe-services/authenticate/saml?noflash=true&mso_id=Cascade&requestor_id=ORBIT"))
            #expect(location.contains("redirect_url=adbe.orbit%3A%2F%2Fdone"))
            let final = try await harness.browserLogin(code: session.code!, username: "demo", password: "demo")
            #expect(final == "adbe.orbit://done")
            let profile = try await app.get("/profiles/code/\(session.code!)").decode(ProfilesResponse.self)
            #expect(profile.profiles["Cascade"]?.type == .regular)
            #expect(profile.profiles["Cascade"]?.issuer == "Cascade")
            #expect(profile.profiles["Cascade"]?.attributes["userID"] == .plain("u-jordan-0001"))
            #expect(profile.profiles["Cascade"]?.attributes["zip"]?.state == .enc)
        }
    }

    @Test func wrongPasswordAndEndedSubscriptionStayOnTheForm() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let session = try await app.postForm(
                "/sessions", "mvpd=Cascade&domainName=d&redirectUrl=https%3A%2F%2Forbit.tvsim.example"
            ).decode(SessionResponse.self)
            let location = try await harness.followingRedirects(from: try #require(session.url))
            let page = try await harness.send(.get, location)
            #expect(page.text.contains("<form method=\"post\" action=\"/idp/Cascade/login\">"))
            #expect(!page.text.contains("<script"))
            let relayState = try #require(Harness.hiddenValue("RelayState", in: page.text))
            for (username, password, message) in [
                ("demo", "nope", "The user ID or password is incorrect."),
                ("expired", "expired", "This Cascade Communications subscription has ended."),
            ] {
                let reply = try await harness.send(
                    .post, "/idp/Cascade/login", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                    body: "RelayState=\(relayState.formEncoded)&username=\(username)&password=\(password)")
                #expect(reply.status == 401)
                #expect(reply.text.contains(message))
            }
            #expect(try await app.get("/profiles").decode(ProfilesResponse.self).profiles.isEmpty)
        }
    }

    @Test func aLoginArtifactWorksOnce() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let session = try await app.postForm(
                "/sessions", "mvpd=Cascade&domainName=d&redirectUrl=https%3A%2F%2Forbit.tvsim.example"
            ).decode(SessionResponse.self)
            let location = try await harness.followingRedirects(from: try #require(session.url))
            let page = try await harness.send(.get, location)
            let relayState = try #require(Harness.hiddenValue("RelayState", in: page.text))
            let submitted = try await harness.send(
                .post, "/idp/Cascade/login", body: "RelayState=\(relayState.formEncoded)&username=demo&password=demo")
            let artifact = try #require(submitted.header("Location"))
            #expect(try await harness.send(.get, artifact).status == 302)
            let replay = try await harness.send(.get, artifact)
            #expect(replay.status == 400)
            #expect(replay.text.contains("already used"))
            // The sign-in link and the code sign in once too.
            let again = try await harness.send(
                .post, "/idp/Cascade/login", body: "RelayState=\(relayState.formEncoded)&username=demo&password=demo")
            #expect(again.status == 400 && again.header("Location") == nil, "\(again.text)")
            let restart = try await harness.send(.get, try #require(session.url))
            #expect(restart.status == 400 && restart.text.contains("already used"), "\(restart.text)")
        }
    }

    @Test func incompleteOrUnknownSessionsGetAnHTMLError() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let code = try #require(
                try await app.postForm("/sessions", "mvpd=Cascade").decode(SessionResponse.self).code)
            let browser = [("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")]
            let incomplete = try await harness.send(.get, "/api/v2/authenticate/ORBIT/\(code)", headers: browser)
            #expect(incomplete.status == 400)
            #expect(incomplete.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(incomplete.text.contains("redirectUrl"))
            let unknown = try await harness.send(.get, "/api/v2/authenticate/ORBIT/ZZZZZZZ", headers: browser)
            #expect(unknown.status == 400)
            #expect(unknown.header("Content-Type")?.hasPrefix("text/html") == true)
            let forged = try await harness.send(.get, "/idp/Cascade/login?RelayState=abc")
            #expect(forged.status == 400)
        }
    }

    /// Adobe's document gives `/authenticate/{sp}/{code}` a JSON 400: a client that does not
    /// ask for HTML gets the enhanced error, not a page.
    @Test func aClientThatAsksNoHTMLGetsEnhancedErrorsFromAuthenticate() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let code = try #require(
                try await app.postForm("/sessions", "mvpd=Cascade").decode(SessionResponse.self).code)
            let incomplete = try await harness.send(.get, "/api/v2/authenticate/ORBIT/\(code)")
            expectError(incomplete, .invalidAuthenticationSession)
            #expect(incomplete.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(incomplete.error?.details?.contains("redirectUrl") == true)
            let unknown = try await harness.send(
                .get, "/api/v2/authenticate/ORBIT/ZZZZZZZ", headers: [("Accept", "application/json")])
            expectError(unknown, .invalidParameterCode)
            let otherRequestor = try await harness.send(.get, "/api/v2/authenticate/ORBITLITE/\(code)")
            expectError(otherRequestor, .invalidParameterCode)
        }
    }

    /// Adobe's endpoint redirects whatever the MVPD's state; the MVPD's own sign-in page is
    /// what answers 503.
    @Test func anUnavailableProviderAnswers503OnItsOwnPage() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let session = try await app.postForm(
                "/sessions", "mvpd=Driftwood&domainName=d&redirectUrl=https%3A%2F%2Forbit.tvsim.example"
            ).decode(SessionResponse.self)
            #expect(try await harness.send(.get, session.url!).status == 302)
            let page = try await harness.followRedirects(from: session.url!)
            #expect(page.status == 503)
            #expect(page.text.contains("not responding"))
        }
    }
}

@Suite struct ProfileTests {
    @Test func profilesAreEmptyUntilSignInAndScopedToTheDevice() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            #expect(try await app.get("/profiles").decode(ProfilesResponse.self).profiles.isEmpty)
            try await app.signIn(mvpd: "Cascade")
            #expect(try await app.get("/profiles").decode(ProfilesResponse.self).profiles.keys.sorted() == ["Cascade"])
            #expect(try await app.get("/profiles/Cascade").decode(ProfilesResponse.self).profiles.count == 1)
            #expect(try await app.get("/profiles/Keystone").decode(ProfilesResponse.self).profiles.isEmpty)
            let otherDevice = App(app, device: "device-2")
            #expect(try await otherDevice.get("/profiles").decode(ProfilesResponse.self).profiles.isEmpty)
            expectError(try await app.get("/profiles/Nobody"), .invalidParameterMvpd)
        }
    }

    @Test func expiredProfilesDisappear() async throws {
        try await Harness.run(dashboard: .longLivedTokens) { harness in
            let app = try await harness.app()
            try await app.signIn(mvpd: "Cascade")
            harness.clock.advance(by: 2_592_000)
            #expect(try await app.get("/profiles").decode(ProfilesResponse.self).profiles.isEmpty)
        }
    }

    @Test func aSpentTempPassAnswers403() async throws {
        try await Harness.run(dashboard: .longLivedTokens) { harness in
            let app = try await harness.app()
            _ = try await app.postForm("/sessions", "mvpd=TempPass_ORBIT")
            harness.clock.advance(by: 1_801)
            expectError(try await app.get("/profiles/TempPass_ORBIT"), .temporaryAccessDurationLimitExceeded)
            let decision = try await app.postJSON(
                "/decisions/authorize/TempPass_ORBIT", #"{"resources": ["deep-space"]}"#
            )
            .decode(DecisionsResponse.self).decisions[0]
            #expect(decision.error?.code == "temporary_access_duration_limit_exceeded")
            #expect(decision.source == .temppass)
        }
    }
}

/// The same app on another device.
func App(_ app: Harness.App, device: String) -> Harness.App {
    Harness.App(
        harness: app.harness, token: app.token, requestor: app.requestor,
        deviceId: DeviceIdentifier(identifier: device),
        deviceInfo: app.deviceInfo)
}

@Suite struct DecisionTests {
    func decide(_ app: Harness.App, _ kind: String, _ mvpd: String, _ resources: [String]) async throws -> [Decision] {
        let body = String(decoding: try JSONEncoder().encode(DecisionsRequest(resources: resources)), as: UTF8.self)
        return try await app.postJSON("/decisions/\(kind)/\(mvpd)", body).decode(DecisionsResponse.self).decisions
    }

    @Test func authorizePermitsWithAMediaToken() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            try await app.signIn(mvpd: "Cascade")
            let decision = try #require(try await decide(app, "authorize", "Cascade", ["deep-space"]).first)
            #expect(decision.authorized)
            #expect(decision.source == .mvpd)
            let token = try #require(decision.token)
            #expect(token.notAfter - token.notBefore == 420_000)
            let xml = String(decoding: try #require(Base64.decode(token.serializedToken)), as: UTF8.self)
            #expect(xml.hasPrefix("<signatureInfo>"))
            #expect(xml.contains("<resourceID>deep-space</resourceID>"))
            #expect(decision.notAfter! - decision.notBefore! == 86_400_000)
        }
    }

    @Test func preauthorizeNeverCarriesATokenAndDeniesPerItem() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            try await app.signIn(mvpd: "Cascade", username: "basic")
            let decisions = try await decide(app, "preauthorize", "Cascade", ["deep-space", "orbit-sports"])
            #expect(decisions.map(\.authorized) == [true, false])
            #expect(decisions.allSatisfy { $0.token == nil })
            #expect(decisions[1].error?.code == "preauthorization_denied_by_mvpd")
            #expect(decisions[1].error?.details?.contains("Orbit Sports") == true)
        }
    }

    @Test func denialsCarryTheDocumentedCodes() async throws {
        try await Harness.run(dashboard: .longLivedTokens) { harness in
            let app = try await harness.app()
            #expect(
                try await decide(app, "authorize", "Cascade", ["deep-space"])[0].error?.code
                    == "authenticated_profile_missing")
            try await app.signIn(mvpd: "Cascade", username: "family")
            let parental = try await decide(app, "authorize", "Cascade", ["midnight-run"])[0]
            #expect(parental.error?.code == "authorization_denied_by_parental_controls")
            #expect(parental.error?.status == 403)
            let mrss =
                "<rss><channel><title>orbit-live</title><item><media:rating>TV-MA</media:rating></item></channel></rss>"
            #expect(
                try await decide(app, "authorize", "Cascade", [mrss])[0].error?.code
                    == "authorization_denied_by_parental_controls")
            harness.clock.advance(by: 2_592_000)
            #expect(
                try await decide(app, "authorize", "Cascade", ["deep-space"])[0].error?.code
                    == "authenticated_profile_expired")
        }
    }

    @Test func degradationRulesDecideWithoutTheMvpd() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let all = try await decide(app, "authorize", "Westgate", ["deep-space"])[0]
            #expect(all.authorized)
            #expect(all.source == .degradation)
            #expect(all.notAfter == nil)
            #expect(all.token != nil)
            let none = try await decide(app, "authorize", "Outpost", ["deep-space"])[0]
            #expect(!none.authorized)
            #expect(none.error?.code == "authorization_denied_by_degradation_rule")
        }
    }

    @Test func rejectsBadDecisionRequests() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            expectError(try await app.postJSON("/decisions/authorize/Cascade", "{"), .invalidParameterResources)
            expectError(
                try await app.postJSON("/decisions/authorize/Cascade", #"{"resources": []}"#),
                .invalidParameterResources)
            expectError(
                try await app.postJSON("/decisions/authorize/Cascade", #"{"resources": "x"}"#),
                .invalidParameterResources)
            expectError(
                try await app.postJSON("/decisions/authorize/Cascade", #"{"resources": ["a", "b"]}"#), .tooManyResources
            )
            expectError(
                try await app.postJSON("/decisions/preauthorize/Cascade", #"{"resources": ["a","b","c","d","e","f"]}"#),
                .tooManyResources)
            expectError(
                try await app.postJSON("/decisions/authorize/Ironwood", #"{"resources": ["a"]}"#), .invalidIntegration)
        }
    }
}

@Suite struct LogoutTests {
    @Test func logoutTellsTheAppWhatToDo() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            try await app.signIn(mvpd: "Cascade")
            let regular = try await app.get("/logout/Cascade?redirectUrl=https%3A%2F%2Forbit.tvsim.example").decode(
                LogoutResponse.self)
            let action = try #require(regular.logouts["Cascade"])
            #expect(action.actionName == .logout)
            #expect(action.actionType == .interactive)
            #expect(action.url?.contains("mso_id=Cascade") == true)
            let page = try await harness.send(.get, action.url!)
            #expect(page.status == 302)
            #expect(page.header("Location") == "https://orbit.tvsim.example")
            let again = try await app.get("/logout/Cascade").decode(LogoutResponse.self)
            #expect(again.logouts["Cascade"]?.actionName == .invalid)
            try await app.signIn(mvpd: "Foxglove")
            let dummy = try await app.get("/logout/Foxglove").decode(LogoutResponse.self)
            #expect(dummy.logouts["Foxglove"]?.actionName == .complete)
            #expect(dummy.logouts["Foxglove"]?.actionType == LogoutActionType.none)
        }
    }
}

/// A client signing in without end spends a sign-in link and an answer each time, on its own
/// quota: past it the edge's 429 says when to come back, and other clients sign in as usual.
@Suite struct SignInFloodTests {
    @Test func aClientSigningInWithoutEndIsToldToWaitAndOthersAreNot() async throws {
        var dashboard = Dashboard.builtIn
        // A quota of sixteen spent values: eight sign-ins of two each.
        dashboard.settings.limits.maxSessions = 40
        try await Harness.run(dashboard: dashboard) { harness in
            // One client on ever new devices: each device signs in once.
            let flooder = try await harness.app(device: "flooder")
            for index in 0..<8 { try await App(flooder, device: "flooder-\(index)").signIn(mvpd: "Cascade") }
            let refused = try await submitSignIn(of: flooder, harness)
            #expect(refused.status == 429, "\(refused.text)")
            let retryAfter = try #require(refused.header("Retry-After").flatMap(Int.init))
            #expect((1...60).contains(retryAfter), "the earliest answer expires within a minute")
            #expect(refused.header("Content-Type")?.hasPrefix("text/html") == true)

            try await harness.app(device: "honest").signIn(mvpd: "Cascade")
            harness.clock.advance(by: TimeInterval(retryAfter))
            try await App(flooder, device: "flooder-again").signIn(mvpd: "Cascade")
        }
    }

    /// A new code's sign-in form, submitted with the right password.
    private func submitSignIn(of app: Harness.App, _ harness: Harness) async throws -> Harness.Reply {
        let session = try await app.postForm(
            "/sessions", "mvpd=Cascade&domainName=orbit.tvsim.example&redirectUrl=https%3A%2F%2Forbit.tvsim.example"
        ).decode(SessionResponse.self)
        let page = try await harness.followRedirects(from: "/api/v2/authenticate/ORBIT/\(try #require(session.code))")
        let relayState = try #require(Harness.hiddenValue("RelayState", in: page.text))
        return try await harness.send(
            .post, "/idp/Cascade/login", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: "RelayState=\(relayState.formEncoded)&username=demo&password=demo")
    }
}
