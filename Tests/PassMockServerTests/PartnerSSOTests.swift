import Foundation
import MockBackendAPI
import PassAPI
import Testing

@testable import PassMockServer

@Suite struct PartnerSSOTests {
    func status(
        _ access: PartnerFrameworkStatus.AccessStatus? = .granted, provider: String? = "tvsim.aurora",
        expiry: Int64? = nil
    )
        -> (String, String)
    {
        (
            "AP-Partner-Framework-Status",
            PartnerFrameworkStatus(accessStatus: access, providerId: provider, expirationDateMilliseconds: expiry)
                .headerValue
        )
    }

    func partnerSession(_ app: Harness.App, _ header: (String, String)?) async throws -> SessionResponse {
        try await app.postForm(
            "/sessions/sso/Apple", "domainName=orbit.tvsim.example&redirectUrl=adbe.orbit%3A%2F%2Fdone",
            extra: header.map { [$0] } ?? []
        ).decode()
    }

    /// Signs `username` in at the provider's identity provider and answers the attribute query.
    func samlResponse(_ harness: Harness, mvpd: String, request: String, username: String = "demo") async throws
        -> String
    {
        let signIn = try await harness.send(
            .post, "/idp/\(mvpd)/vsa/sign-in", headers: [("Content-Type", "application/json")],
            body: #"{"username": "\#(username)", "password": "\#(username)"}"#)
        #expect(signIn.status == 200, "\(signIn.text)")
        let token =
            try #require(try JSONSerialization.jsonObject(with: signIn.body) as? [String: Any])["providerSessionToken"]
            as! String
        let query = try await harness.send(
            .post, "/idp/\(mvpd)/vsa/attribute-query", headers: [("Content-Type", "application/json")],
            body:
                #"{"providerSessionToken": "\#(token)", "verificationToken": "\#(request)", "attributeNames": ["uid", "householdID"]}"#
        )
        #expect(query.status == 200, "\(query.text)")
        return try #require(try JSONSerialization.jsonObject(with: query.body) as? [String: Any])["samlResponse"]
            as! String
    }

    func submit(_ app: Harness.App, saml: String, _ header: (String, String)?) async throws -> Harness.Reply {
        try await app.postForm(
            "/profiles/sso/Apple", "SAMLResponse=\(SAMLResponseEncoding.encoded(saml).formEncoded)",
            extra: header.map { [$0] } ?? [])
    }

    @Test func theWholePartnerExchangeCreatesAnAppleProfile() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let session = try await partnerSession(app, status())
            #expect(session.actionName == .partnerProfile)
            #expect(session.actionType == .direct)
            #expect(session.mvpd == "AuroraCable")
            #expect(session.url == "/api/v2/ORBIT/profiles/sso/Apple")
            let request = try #require(session.authenticationRequest)
            #expect(request.type == "saml")
            #expect(String(decoding: Base64.decode(request.request)!, as: UTF8.self).contains("samlp:AuthnRequest"))
            let saml = try await samlResponse(harness, mvpd: "AuroraCable", request: request.request)
            #expect(saml.contains("\n"))
            let reply = try await submit(app, saml: saml, status(expiry: harness.backend.nowMilliseconds + 3_600_000))
            #expect(reply.status == 200, "\(reply.text)")
            let profile = try #require(try reply.decode(ProfilesResponse.self).profiles["AuroraCable"])
            #expect(profile.type == .appleSSO)
            #expect(profile.issuer == "Apple")
            #expect(profile.notAfter == harness.backend.nowMilliseconds + 3_600_000)
            #expect(profile.attributes["userID"] == .plain("u-jordan-0001"))
            #expect(try await app.get("/profiles", extra: [status()]).decode(ProfilesResponse.self).profiles.count == 1)
            #expect(try await app.get("/profiles").decode(ProfilesResponse.self).profiles.isEmpty)
            #expect(
                try await app.get("/profiles", extra: [status(.denied)]).decode(ProfilesResponse.self).profiles.isEmpty)
            let again = try await partnerSession(app, status())
            #expect(again.actionName == .authorize)
            #expect(again.reasonType == .authenticatedSSO)
            let decision = try await app.postJSON(
                "/decisions/authorize/AuroraCable", #"{"resources": ["deep-space"]}"#, extra: [status()]
            )
            .decode(DecisionsResponse.self).decisions[0]
            #expect(decision.authorized)
            let logout = try await app.get("/logout/AuroraCable").decode(LogoutResponse.self).logouts["AuroraCable"]
            #expect(logout?.actionName == .partnerLogout)
            #expect(logout?.actionType == .partnerInteractive)
            #expect(logout?.url == nil)
        }
    }

    @Test func partnerSessionsFallBackToBasicAuthentication() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let noHeader = try await partnerSession(app, nil)
            // Without a usable status the MVPD is unknown, so the fallback also lacks the mvpd.
            #expect(noHeader.reasonType == .missingParametersFallback)
            #expect(noHeader.actionName == .resume)
            #expect(noHeader.missingParameters == ["mvpd"])
            // A status that fails but names a known provider: the fallback is a session for its MVPD.
            let denied = try await partnerSession(app, status(.denied))
            #expect(denied.actionName == .authenticate)
            #expect(denied.reasonType == .pfsFallback)
            #expect(denied.mvpd == "AuroraCable")
            #expect(denied.code != nil)
            let unknown = try await partnerSession(app, status(.denied, provider: "tvsim.nowhere"))
            #expect(unknown.reasonType == .missingParametersFallback)
            let withMvpd = try await app.postForm(
                "/sessions/sso/Apple", "mvpd=Cascade&domainName=d&redirectUrl=adbe.orbit%3A%2F%2Fdone",
                extra: [("AP-Partner-Framework-Status", "%%%")]
            ).decode(SessionResponse.self)
            #expect(withMvpd.actionName == .authenticate)
            #expect(withMvpd.reasonType == .pfsFallback)
            let juniper = try await partnerSession(app, status(provider: "tvsim.juniper"))
            #expect(juniper.actionName == .authenticate)
            #expect(juniper.reasonType == .configurationFallback)
            #expect(juniper.mvpd == "Juniper")
            let picker = try await partnerSession(app, status(provider: "tvsim.bluebonnet"))
            #expect(picker.reasonType == .configurationFallback)
            let degraded = try await partnerSession(app, status(provider: "tvsim.thunderbay"))
            #expect(degraded.actionName == .authorize)
            #expect(degraded.reasonType == .degraded)
            expectError(
                try await app.postForm("/sessions/sso/Apple", "", extra: [status(provider: "tvsim.ironwood")]),
                .invalidIntegration)
            expectError(try await app.postForm("/sessions/sso/Google", "", extra: [status()]), .invalidParameterPartner)
            let lite = try await harness.app(requestor: "ORBITLITE")
            #expect(try await partnerSession(lite, status()).reasonType == .configurationFallback)
        }
    }

    /// A fallback without `domainName` and `redirectUrl` is a session to resume; completed, it
    /// says again why single sign-on was refused.
    @Test func aFallbackToResumeRepeatsItsReasonOnceComplete() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let fallback = try await app.postForm(
                "/sessions/sso/Apple", "", extra: [status(provider: "tvsim.juniper")]
            ).decode(SessionResponse.self)
            #expect(fallback.actionName == .resume)
            #expect(fallback.reasonType == .missingParametersFallback)
            #expect(fallback.missingParameters == ["domainName", "redirectUrl"])
            let code = try #require(fallback.code)
            #expect(fallback.url == "/api/v2/ORBIT/sessions/\(code)")
            let half = try await app.postForm("/sessions/\(code)", "domainName=orbit.tvsim.example")
                .decode(SessionResponse.self)
            #expect(half.actionName == .retry)
            #expect(half.reasonType == SessionReasonType.none)
            let resumed = try await app.postForm(
                "/sessions/\(code)", "redirectUrl=adbe.orbit%3A%2F%2Fdone"
            ).decode(SessionResponse.self)
            #expect(resumed.actionName == .authenticate)
            #expect(resumed.reasonType == .configurationFallback)
            #expect(resumed.code == code)
            #expect(resumed.mvpd == "Juniper")
            let plain = try await app.postForm("/sessions", "domainName=orbit.tvsim.example").decode(
                SessionResponse.self)
            let completed = try await app.postForm(
                "/sessions/\(try #require(plain.code))", "mvpd=Cascade&redirectUrl=adbe.orbit%3A%2F%2Fdone"
            ).decode(SessionResponse.self)
            #expect(completed.reasonType == SessionReasonType.none, "an ordinary session has no reason to repeat")
        }
    }

    /// Each way a partner status fails the partner checks, answered as the dashboard chooses:
    /// Adobe's 400 (`partnerCheckFailure: error`) or, by default, seed 002's basic profile
    /// retrieval (C.13), which creates no profile. A missing header fails the basic checks: a
    /// 400 either way.
    @Test(arguments: PartnerCheckFailure.allCases)
    func profileCreationChecksEveryPartnerStatusCase(_ choice: PartnerCheckFailure) async throws {
        var dashboard = Dashboard.builtIn
        dashboard.settings.partnerCheckFailure = choice
        try await Harness.run(dashboard: dashboard) { harness in
            let app = try await harness.app()
            let request = try #require(try await partnerSession(app, status()).authenticationRequest?.request)
            let saml = try await samlResponse(harness, mvpd: "AuroraCable", request: request)
            let now = harness.backend.nowMilliseconds
            expectError(try await submit(app, saml: saml, nil), .invalidHeaderPfsPermissionAccessNotPresent)
            // A response issued by another provider's identity provider does not match the framework's provider.
            let beacon = try await samlResponse(harness, mvpd: "BeaconFiber", request: request)
            let failing: [(String, (String, String), ErrorCode)] = [
                (saml, status(nil), .invalidHeaderPfsPermissionAccessNotPresent),
                (saml, status(.notDetermined), .invalidHeaderPfsPermissionAccessNotDetermined),
                (saml, status(.denied), .invalidHeaderPfsPermissionAccessNotGranted),
                (saml, status(.restricted), .invalidHeaderPfsPermissionAccessNotGranted),
                (saml, status(provider: nil), .invalidHeaderPfsProviderIdNotDetermined),
                (saml, status(provider: "apple.unknown"), .invalidHeaderPfsProviderIdNotDetermined),
                (saml, status(expiry: now - 1), .invalidHeaderPfsProviderInfoExpired),
                (beacon, status(), .invalidHeaderPfsProviderIdMismatch),
            ]
            for (response, header, code) in failing {
                let reply = try await submit(app, saml: response, header)
                switch choice {
                case .error: expectError(reply, code)
                case .basicProfiles:
                    #expect(reply.status == 200, "\(code): \(reply.text)")
                    #expect(try reply.decode(ProfilesResponse.self).profiles.isEmpty, "\(code): no profile made")
                }
            }
            let mismatch = try await app.postJSON(
                "/decisions/authorize/BeaconFiber", #"{"resources": ["deep-space"]}"#, extra: [status()])
            #expect(mismatch.status == 200)
            // The checks spent nothing: the same response still makes its profile.
            let made = try await submit(app, saml: saml, status())
            #expect(try made.decode(ProfilesResponse.self).profiles["AuroraCable"]?.type == .appleSSO)
        }
    }

    @Test func tamperedForgedOrLateResponsesAreRejected() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let request = try #require(try await partnerSession(app, status()).authenticationRequest?.request)
            let saml = try await samlResponse(harness, mvpd: "AuroraCable", request: request)
            let tampered = saml.replacingOccurrences(of: "u-jordan-0001", with: "u-someone-else")
            expectError(try await submit(app, saml: tampered, status()), .invalidParameterSamlResponse)
            let forgedRequest = saml.replacingOccurrences(of: "InResponseTo=\"_", with: "InResponseTo=\"_x")
            expectError(try await submit(app, saml: forgedRequest, status()), .invalidParameterSamlResponse)
            expectError(
                try await app.postForm("/profiles/sso/Apple", "SAMLResponse=%%%", extra: [status()]), .badRequest)
            expectError(
                try await app.postForm("/profiles/sso/Apple", "SAMLResponse=bm90IHNhbWw=", extra: [status()]),
                .invalidParameterSamlResponse)
            expectError(
                try await app.postForm("/profiles/sso/Apple", "", extra: [status()]), .invalidParameterSamlResponse)
            let accepted = try await submit(app, saml: saml, status())
            #expect(accepted.status == 200)
            let replayed = try await submit(app, saml: saml, status())
            expectError(replayed, .invalidParameterSamlResponse)
            #expect(replayed.error?.details == "This SAML response was already used.")
            let fresh = try await samlResponse(harness, mvpd: "AuroraCable", request: request)
            harness.clock.advance(by: 301)
            let late = try await submit(app, saml: fresh, status())
            expectError(late, .invalidParameterSamlResponse)
            #expect(late.error?.details == "The assertion has expired.")
        }
    }

    @Test func theIdentityProviderRefusesWhatItShould() async throws {
        try await Harness.run { harness in
            func post(_ path: String, _ body: String) async throws -> (Int, String) {
                let reply = try await harness.send(
                    .post, path, headers: [("Content-Type", "application/json")], body: body)
                let object = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
                return (reply.status, object?["error"] as? String ?? reply.text)
            }
            #expect(
                try await post("/idp/AuroraCable/vsa/sign-in", #"{"username": "demo", "password": "x"}"#) == (
                    401, "invalid_credentials"
                ))
            #expect(
                try await post("/idp/AuroraCable/vsa/sign-in", #"{"username": "expired", "password": "expired"}"#) == (
                    403, "subscription_ended"
                ))
            #expect(
                try await post("/idp/Driftwood/vsa/sign-in", #"{"username": "demo", "password": "demo"}"#) == (
                    503, "provider_unavailable"
                ))
            #expect(try await post("/idp/Nobody/vsa/sign-in", "{}") == (404, "unknown_provider"))
            #expect(try await post("/idp/AuroraCable/vsa/sign-in", "[") == (400, "invalid_request"))
            #expect(
                try await post("/idp/AuroraCable/vsa/attribute-query", #"{"providerSessionToken": "x"}"#) == (
                    401, "invalid_session"
                ))
            let signIn = try await harness.send(
                .post, "/idp/AuroraCable/vsa/sign-in", headers: [("Content-Type", "application/json")],
                body: #"{"username": "demo", "password": "demo"}"#)
            let token =
                try #require(try JSONSerialization.jsonObject(with: signIn.body) as? [String: Any])[
                    "providerSessionToken"] as! String
            #expect(
                try await post(
                    "/idp/AuroraCable/vsa/attribute-query",
                    #"{"providerSessionToken": "\#(token)", "verificationToken": "bogus"}"#)
                    == (400, "invalid_verification_token"))
            let context = try await harness.send(.get, "/idp/AuroraCable/vsa/context")
            #expect(context.text.contains("\"secure\":true"))
        }
    }
}

/// A lab's stand-in for Apple's framework: what a metadata request would return, for the client of
/// a trainee who has no framework.
@Suite struct FrameworkStandInTests {
    func ask(_ harness: Harness, _ body: String = "{}") async throws -> (status: Int, json: [String: Any]) {
        let reply = try await harness.send(
            .post, "/__tvsim/lab/framework", headers: [("Content-Type", "application/json")], body: body)
        return (reply.status, (try? JSONSerialization.jsonObject(with: reply.body) as? [String: Any]) ?? [:])
    }

    @Test func withoutALabThereIsNoStandIn() async throws {
        try await Harness.run { harness in
            let answer = try await ask(harness)
            #expect(answer.status == 404)
            #expect(answer.json["error"] as? String == "no_lab_framework")
        }
    }

    @Test func theStandInAnswersTheStatusAndTheSAMLResponseAnAppleProfileTakes() async throws {
        try await Harness.run { harness in
            harness.backend.frameworkStandIn = FrameworkStandIn(
                mvpd: "AuroraCable", username: "demo", accessStatus: .granted)
            let metadata = try await ask(harness)
            #expect(metadata.status == 200)
            #expect(metadata.json["accountProviderIdentifier"] as? String == "tvsim.aurora")
            #expect(metadata.json["samlResponse"] == nil)
            let header = try #require(metadata.json["partnerFrameworkStatus"] as? String)
            let status = try PartnerFrameworkStatus.parse(header).get()
            #expect(status.isComplete && status.frameworkPermissionInfo.accessStatus == .granted)
            // The whole exchange, with the stand-in's answers as they are.
            let app = try await harness.app()
            let session: SessionResponse = try await app.postForm(
                "/sessions/sso/Apple", "domainName=orbit.tvsim.example&redirectUrl=adbe.orbit%3A%2F%2Fdone",
                extra: [("AP-Partner-Framework-Status", header)]
            ).decode()
            let request = try #require(session.authenticationRequest?.request)
            let answer = try await ask(harness, #"{"verificationToken": "\#(request)"}"#)
            let saml = try #require(answer.json["samlResponse"] as? String)
            let profile = try await app.postForm(
                "/profiles/sso/Apple", "SAMLResponse=\(saml.formEncoded)",
                extra: [("AP-Partner-Framework-Status", header)])
            #expect(profile.status == 200, "\(profile.text)")
            // A token that is not a current request is refused, as the provider refuses it.
            let forged = try await ask(harness, #"{"verificationToken": "bm90IGEgcmVxdWVzdA=="}"#)
            #expect(forged.status == 400 && forged.json["error"] as? String == "invalid_verification_token")
        }
    }

    @Test func withoutPermissionTheFrameworkNamesNoProvider() async throws {
        try await Harness.run { harness in
            harness.backend.frameworkStandIn = FrameworkStandIn(
                mvpd: "AuroraCable", username: "demo", accessStatus: .denied)
            let answer = try await ask(harness)
            #expect(answer.status == 200)
            #expect(answer.json["accessStatus"] as? String == "denied")
            #expect(answer.json["accountProviderIdentifier"] == nil)
            // A page's call, even without a body, is not the device's.
            let fromPage = try await harness.send(
                .post, "/__tvsim/lab/framework", headers: [("Origin", "http://evil.example")])
            #expect(fromPage.status == 403 && fromPage.text.contains("cross_site_request"), "\(fromPage.text)")
        }
    }
}
