import Foundation
import LocatedJSON
import PassAPI
import Testing

@testable import PassMockServer

/// V1 authentication: the browser login, the second screen, the token calls, user metadata,
/// TempPass and logout, and what V1 shares with V2.
@Suite struct V1AuthenticationTests {
    @Test func theBrowserLoginCreatesATokenAndEndsAtTheRedirectUrl() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            expectV1Error(try await app.get("/api/v1/tokens/authn"), .authenticationSessionMissing, status: 404)
            let code = try await app.registrationCode().code
            let start = try await harness.send(
                .get,
                "/api/v1/authenticate?requestor_id=ORBIT&mso_id=Cascade&reg_code=\(code)&domain_name=orbit.tvsim.example"
                    + "&noflash=true&no_iframe=true&redirect_url=adbe.orbit%3A%2F%2Fdone")
            #expect(start.status == 302)
            #expect(
                start.header("Location")?.hasPrefix("/adobe-services/authenticate/saml?noflash=true&mso_id=Cascade")
                    == true)
            expectV1Error(
                try await harness.send(.get, "/api/v1/authenticate/\(code)?requestor=ORBIT", headers: app.auth),
                .authenticationSessionMissing, status: 404)
            let final = try await harness.v1BrowserLogin(
                code: code, mvpd: "Cascade", username: "demo", redirect: "adbe.orbit://done")
            #expect(final == "adbe.orbit://done")
            let token = try await app.get("/api/v1/tokens/authn").decode(V1AuthenticationToken.self)
            #expect(token.requestor == "ORBIT")
            #expect(token.mvpd == "Cascade")
            #expect(token.userId == "u-jordan-0001")
            #expect(token.expiresMilliseconds == harness.backend.nowMilliseconds + 2_592_000_000)
            let byCode = try await harness.send(.get, "/api/v1/authenticate/\(code)?requestor=ORBIT", headers: app.auth)
            #expect(try byCode.decode(V1AuthenticationToken.self) == token)
            #expect(try await app.get("/api/v1/checkauthn").decode(V1AuthenticationToken.self) == token)
            let xml = try await app.get("/api/v1/tokens/authn.xml")
            #expect(
                xml.text.contains("<authentication>\n  <expires>\(token.expires)</expires>\n  <mvpd>Cascade</mvpd>"))
            #expect(xml.text.contains("<userId>u-jordan-0001</userId>"))
        }
    }

    @Test func theBrowserLoginRefusesUnknownCodesAndProviders() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            let code = try await app.registrationCode().code
            let unknown = try await harness.send(
                .get, "/api/v1/authenticate?requestor_id=ORBIT&mso_id=Cascade&reg_code=ZZZZZZZ")
            #expect(unknown.status == 400)
            #expect(unknown.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(unknown.text.contains("Unknown code"))
            let otherRequestor = try await harness.send(
                .get, "/api/v1/authenticate?requestor_id=ORBITLITE&mso_id=Cascade&reg_code=\(code)")
            #expect(otherRequestor.status == 400)
            let disabled = try await harness.send(
                .get, "/api/v1/authenticate?requestor_id=ORBIT&mso_id=Ironwood&reg_code=\(code)")
            #expect(disabled.status == 400)
            #expect(disabled.text.contains("Unknown TV provider"))
            let incomplete = try await harness.send(.get, "/api/v1/authenticate?requestor_id=ORBIT&reg_code=\(code)")
            #expect(incomplete.status == 400)
            let badRedirect = try await harness.send(
                .get, "/api/v1/authenticate?requestor_id=ORBIT&mso_id=Cascade&reg_code=\(code)&redirect_url=done")
            #expect(badRedirect.status == 400)
            #expect(badRedirect.text.contains("invalid_parameter_redirect_url"))
            let down = try await harness.followRedirects(
                from: "/api/v1/authenticate?requestor_id=ORBIT&mso_id=Driftwood&reg_code=\(code)")
            #expect(down.status == 503 && down.text.contains("not responding"))
            harness.clock.advance(by: 1_801)
            let expired = try await harness.send(
                .get, "/api/v1/authenticate?requestor_id=ORBIT&mso_id=Cascade&reg_code=\(code)")
            #expect(expired.text.contains("Code expired"))
        }
    }

    @Test func aV1CodeCompletesThroughTheActivationSite() async throws {
        try await Harness.run { harness in
            let tv = try await V1App(harness, device: "living-room")
            let code = try await tv.registrationCode().code
            expectV1Error(try await tv.get("/api/v1/checkauthn"), .authenticationSessionMissing)
            let typed = try await harness.send(.post, "/activate", body: "code=\(code.lowercased())")
            #expect(typed.header("Location") == "/activate/\(code)/provider")
            let chosen = try await harness.send(.post, "/activate/\(code)/provider", body: "mvpd=Meridian")
            // A V1 code goes through the V1 services (seed 000, step 10).
            let v1 =
                "/api/v1/authenticate?requestor_id=ORBIT&reg_code=\(code)&mso_id=Meridian&domain_name=orbit.tvsim.example"
            #expect(chosen.header("Location") == v1)
            let final = try await harness.browserLogin(from: v1, username: "demo", password: "demo")
            #expect(final == "http://mock.test/activate/\(code)/done")
            #expect(try await harness.send(.get, "/activate/\(code)/done").text.contains("Meridian Fiber"))
            let token = try await tv.get("/api/v1/tokens/authn").decode(V1AuthenticationToken.self)
            #expect(token.mvpd == "Meridian")
            // The second-screen web app confirms with its own registration.
            let web = try await V1App(harness, device: "browser")
            let confirmed = try await harness.send(
                .get, "/api/v1/checkauthn/\(code)?requestor=ORBIT", headers: web.auth)
            #expect(try confirmed.decode(V1AuthenticationToken.self) == token)
            expectV1Error(try await web.get("/api/v1/checkauthn"), .authenticationSessionMissing)
            expectV1Error(
                try await harness.send(.get, "/api/v1/checkauthn/ZZZZZZZ?requestor=ORBIT", headers: web.auth),
                "invalid_registration_code", status: 404)
        }
    }

    @Test func aV1CodeWithAnMvpdSkipsTheProviderChoice() async throws {
        try await Harness.run { harness in
            let tv = try await V1App(harness)
            let code = try await tv.registrationCode([("mvpd", "Keystone")]).code
            let typed = try await harness.send(.post, "/activate", body: "code=\(code)")
            let v1 =
                "/api/v1/authenticate?requestor_id=ORBIT&reg_code=\(code)&mso_id=Keystone&domain_name=orbit.tvsim.example"
            #expect(typed.header("Location") == v1)
            let pending = try await harness.send(.get, "/api/v1/checkauthn/\(code)?requestor=ORBIT", headers: tv.auth)
            expectV1Error(pending, .authenticationSessionMissing)
            _ = try await harness.browserLogin(from: v1, username: "basic", password: "basic")
            #expect(try await tv.get("/api/v1/checkauthn").decode(V1AuthenticationToken.self).userId == "u-sam-0002")
        }
    }

    @Test func withoutARedirectTheBrowserEndsOnTheSuccessPage() async throws {
        try await Harness.run { harness in
            let tv = try await V1App(harness)
            let (code, final) = try await tv.signIn(mvpd: "Summit", redirect: nil)
            #expect(final == "http://mock.test/activate/\(code)/done")
            #expect(
                try await harness.send(.get, final.replacingOccurrences(of: "http://mock.test", with: "")).status == 200
            )
        }
    }

    @Test func v1AndV2ShareTokensForTheSameClientAndDevice() async throws {
        try await Harness.run { harness in
            let v2 = try await harness.app(device: "shared-device")
            try await v2.signIn(mvpd: "Cascade")
            let v1 = try await V1App(harness, device: "shared-device", token: v2.token)
            #expect(try await v1.get("/api/v1/tokens/authn").decode(V1AuthenticationToken.self).mvpd == "Cascade")
            let otherClient = try await V1App(harness, device: "shared-device")
            expectV1Error(try await otherClient.get("/api/v1/tokens/authn"), .authenticationSessionMissing, status: 404)
            // A V1 login is a V2 profile.
            let tv = try await V1App(harness, device: "tv-2", token: v2.token)
            try await tv.signIn(mvpd: "Keystone")
            let profiles = try await App(v2, device: "tv-2").get("/profiles").decode(ProfilesResponse.self).profiles
            #expect(profiles["Keystone"]?.type == .regular)
            // V1 codes are V2 sessions.
            let code = try await tv.registrationCode([("mvpd", "Cascade")]).code
            let session = try await v2.get("/sessions/\(code)").decode(SessionStatusResponse.self)
            #expect(session.existingParameters["mvpd"] == "Cascade")
        }
    }

    @Test func expiredTokensAnswerTheDocumentedStatuses() async throws {
        try await Harness.run(dashboard: .longLivedTokens) { harness in
            let orbit = try await V1App(harness)
            let lite = try await V1App(harness, requestor: "ORBITLITE")
            try await orbit.signIn(mvpd: "Cascade")
            try await lite.signIn(mvpd: "Cascade")
            harness.clock.advance(by: 2_592_000)
            expectV1Error(try await orbit.get("/api/v1/checkauthn"), .authenticationSessionExpired)
            expectPlainError(
                try await lite.get("/api/v1/checkauthn"), status: 403, message: "Authentication token expired")
            expectV1Error(try await orbit.get("/api/v1/tokens/authn"), .authenticationSessionExpired, status: 410)
            expectPlainError(try await lite.get("/api/v1/tokens/authn"), status: 410, message: "Gone")
            expectV1Error(
                try await orbit.get("/api/v1/tokens/usermetadata"), .authenticationSessionExpired, status: 412)
        }
    }

    @Test func userMetadataCarriesTheTokenSource() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            expectV1Error(try await app.get("/api/v1/tokens/usermetadata"), .authenticationSessionMissing, status: 404)
            try await app.signIn(mvpd: "Cascade", username: "family")
            let metadata = try await app.get("/api/v1/tokens/usermetadata").decode(V1UserMetadata.self)
            #expect(metadata.tokenSource == "Cascade")
            #expect(metadata.updated == harness.backend.nowMilliseconds / 1000)
            #expect(metadata.encrypted == ["zip"])
            #expect(metadata.data["userID"] == .string("u-casey-0003"))
            #expect(metadata.data["householdID"] == .string("hh-4412"))
            #expect(metadata.data["zip"] == .string(Base64.encode("60601")))
            #expect(metadata.data["maxRating"] == .object(["VCHIP": .string("TV-PG")]))
            let xml = try await app.get("/api/v1/tokens/usermetadata", [("format", "xml")])
            #expect(xml.text.contains("<metadata>"))
            #expect(xml.text.contains("<encrypted>\n    <value>zip</value>\n  </encrypted>"))
            #expect(xml.text.contains("<maxRating>\n      <VCHIP>TV-PG</VCHIP>\n    </maxRating>"))
            #expect(xml.text.contains("<tokenSource>Cascade</tokenSource>"))
        }
    }

    @Test func freePreviewIssuesATempPassToken() async throws {
        try await Harness.run(dashboard: .longLivedTokens) { harness in
            let app = try await V1App(harness)
            let form = [("requestor_id", "ORBIT"), ("deviceId", app.deviceId), ("domain_name", "orbit.tvsim.example")]
            let reply = try await app.postForm(
                "/api/v1/authenticate/freepreview", form + [("mso_id", "TempPass_ORBIT")])
            #expect(reply.status == 204)
            let token = try await app.get("/api/v1/tokens/authn").decode(V1AuthenticationToken.self)
            #expect(token.mvpd == "TempPass_ORBIT")
            #expect(token.expiresMilliseconds == harness.backend.nowMilliseconds + 1_800_000)
            #expect(
                try await app.get("/api/v1/tokens/usermetadata").decode(V1UserMetadata.self).tokenSource
                    == "TempPass_ORBIT")
            expectV1Error(
                try await app.postForm("/api/v1/authenticate/freepreview", form + [("mso_id", "Cascade")]),
                .unknownIntegration)
            expectV1Error(
                try await app.postForm("/api/v1/authenticate/freepreview", form + [("mso_id", "Nobody")]),
                .unknownIntegration)
            expectV1Error(try await app.postForm("/api/v1/authenticate/freepreview", form), .unknownIntegration)
            harness.clock.advance(by: 1_801)
            #expect(
                try await app.postForm("/api/v1/authenticate/freepreview", form + [("mso_id", "TempPass_ORBIT")]).status
                    == 204)
            expectV1Error(try await app.get("/api/v1/checkauthn"), .authenticationSessionExpired)
        }
    }

    @Test func deleteLogoutForgetsTheDevicesTokensWithoutTheMvpd() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            try await app.signIn(mvpd: "Cascade")
            #expect(try await app.get("/api/v1/authorize", [("resource", "deep-space")]).status == 200)
            let other = app.on(device: "device-2")
            try await other.signIn(mvpd: "Keystone")
            let logout = try await app.delete("/api/v1/logout")
            #expect(logout.status == 204)
            #expect(logout.header("Location") == nil)
            expectV1Error(try await app.get("/api/v1/tokens/authn"), .authenticationSessionMissing, status: 404)
            expectV1Error(
                try await app.get("/api/v1/tokens/authz", [("resource", "deep-space")]), .authenticationSessionMissing,
                status: 412)
            #expect(try await other.get("/api/v1/tokens/authn").status == 200)
            #expect(try await app.delete("/api/v1/logout").status == 204)
        }
    }

    @Test func browserLogoutGoesThroughTheMvpdsWebLogout() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            try await app.signIn(mvpd: "Cascade")
            let start = try await harness.send(
                .get, "/api/v1/logout?requestor_id=ORBIT&deviceId=device-1&redirect_url=adbe.orbit%3A%2F%2Fsignedout")
            #expect(start.status == 302)
            let mvpdLogout = try #require(start.header("Location"))
            #expect(mvpdLogout.hasPrefix("/adobe-services/logout?noflash=true&mso_id=Cascade&requestor_id=ORBIT"))
            #expect(mvpdLogout.contains("pt_device_id=device-1"))
            let end = try await harness.send(.get, mvpdLogout)
            #expect(end.header("Location") == "adbe.orbit://signedout")
            expectV1Error(try await app.get("/api/v1/checkauthn"), .authenticationSessionMissing)
            try await app.signIn(mvpd: "Foxglove")
            let direct = try await harness.send(
                .get, "/api/v1/logout?requestor_id=ORBIT&deviceId=device-1&redirect_url=adbe.orbit%3A%2F%2Fsignedout")
            #expect(direct.header("Location") == "adbe.orbit://signedout")
            let page = try await harness.send(.get, "/api/v1/logout?requestor_id=ORBIT&deviceId=device-1")
            #expect(page.status == 200)
            #expect(page.text.contains("Signed out of your TV provider"))
            let unknown = try await harness.send(.get, "/api/v1/logout?requestor_id=NOBODY")
            #expect(unknown.status == 400)
            #expect(unknown.header("Content-Type")?.hasPrefix("text/html") == true)
        }
    }

    /// The iOS app opens `/api/v1/logout?requestor_id&redirect_url` without `deviceId`.
    @Test func withoutADeviceIdTheWebLogoutEndsTheNewestSignIn() async throws {
        try await Harness.run { harness in
            let living = try await V1App(harness)
            try await living.signIn(mvpd: "Cascade")
            harness.clock.advance(by: 60)
            let phone = living.on(device: "phone")
            try await phone.signIn(mvpd: "Cascade")
            let start = try await harness.send(
                .get, "/api/v1/logout?requestor_id=ORBIT&redirect_url=adbe.orbit%3A%2F%2Fsignedout")
            #expect(start.header("Location")?.contains("pt_device_id=phone") == true)
            expectV1Error(try await phone.get("/api/v1/checkauthn"), .authenticationSessionMissing)
            #expect(try await living.get("/api/v1/checkauthn").status == 200)
        }
    }
}
