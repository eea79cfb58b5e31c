import Foundation
import PassAPI
import Testing

@testable import PassMockServer

/// V1 authorize, tokens/authz, the short media token and preauthorize.
@Suite struct V1DecisionTests {
    @Test func authorizeKeepsTheAuthorizationForTheMediaToken() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            try await app.signIn(mvpd: "Cascade")
            let now = harness.backend.nowMilliseconds
            expectV1Error(
                try await app.get("/api/v1/tokens/authz", [("resource", "deep-space")]), .authorizationNotFound,
                status: 404)
            expectV1Error(
                try await app.get("/api/v1/tokens/media", [("resource", "deep-space")]), .authorizationNotFound)
            let authorization = try await app.get("/api/v1/authorize", [("resource", "deep-space")])
                .decode(V1Authorization.self)
            #expect(
                authorization
                    == V1Authorization(
                        mvpd: "Cascade", resource: "deep-space", requestor: "ORBIT", expires: String(now + 86_400_000)))
            #expect(
                try await app.get("/api/v1/tokens/authz", [("resource", "deep-space")]).decode(V1Authorization.self)
                    == authorization)
            let media = try await app.get("/api/v1/tokens/media", [("resource", "deep-space")]).decode(
                V1MediaToken.self)
            #expect(media.resource == "deep-space")
            #expect(media.mvpdId == "Cascade")
            #expect(media.userId == "u-jordan-0001")
            #expect(media.expiresMilliseconds == now + 420_000)
            let document = String(decoding: try #require(Base64.decode(media.serializedToken)), as: UTF8.self)
            #expect(document.hasPrefix("<signatureInfo>"))
            #expect(document.contains("<resourceID>deep-space</resourceID>"))
            let alias = try await app.get("/api/v1/mediatoken", [("resource", "deep-space")]).decode(V1MediaToken.self)
            #expect(alias.serializedToken != media.serializedToken)
            let xml = try await app.get("/api/v1/tokens/media.xml", [("resource", "deep-space")])
            #expect(xml.text.contains("<play>\n  <expires>"))
            #expect(xml.text.contains("<mvpdId>Cascade</mvpdId>"))
            let authzXML = try await app.get("/api/v1/authorize", [("resource", "deep-space"), ("format", "xml")])
            #expect(authzXML.text.contains("<authorization>\n  <expires>"))
            #expect(authzXML.text.contains("<resource>deep-space</resource>"))
            // Other devices of the same client have nothing.
            expectV1Error(
                try await app.on(device: "device-2").get("/api/v1/tokens/media", [("resource", "deep-space")]),
                .authenticationSessionMissing)
        }
    }

    @Test func authorizationsExpire() async throws {
        try await Harness.run(dashboard: .longLivedTokens) { harness in
            let orbit = try await V1App(harness)
            let lite = try await V1App(harness, requestor: "ORBITLITE")
            for app in [orbit, lite] {
                try await app.signIn(mvpd: "Cascade")
                #expect(try await app.get("/api/v1/authorize", [("resource", "orbit-live")]).status == 200)
            }
            harness.clock.advance(by: 86_400)
            expectV1Error(
                try await orbit.get("/api/v1/tokens/authz", [("resource", "orbit-live")]), .authorizationExpired)
            expectPlainError(
                try await lite.get("/api/v1/tokens/authz", [("resource", "orbit-live")]), status: 410, message: "Gone")
            expectV1Error(
                try await orbit.get("/api/v1/tokens/media", [("resource", "orbit-live")]), .authorizationExpired,
                status: 403)
            #expect(try await orbit.get("/api/v1/authorize", [("resource", "orbit-live")]).status == 200)
            #expect(try await orbit.get("/api/v1/tokens/media", [("resource", "orbit-live")]).status == 200)
        }
    }

    @Test func withoutATokenTheAuthorizationCallsRefuse() async throws {
        try await Harness.run { harness in
            let orbit = try await V1App(harness)
            let lite = try await V1App(harness, requestor: "ORBITLITE")
            let resource = [("resource", "deep-space")]
            expectV1Error(try await orbit.get("/api/v1/authorize", resource), .authenticationSessionMissing)
            expectV1Error(
                try await orbit.get("/api/v1/tokens/authz", resource), .authenticationSessionMissing, status: 412)
            expectV1Error(try await orbit.get("/api/v1/tokens/media", resource), .authenticationSessionMissing)
            expectPlainError(
                try await lite.get("/api/v1/tokens/authz", resource), status: 412, message: "User not authenticated")
            expectPlainError(
                try await lite.get("/api/v1/mediatoken", resource), status: 403, message: "User not authenticated")
            expectV1Error(try await orbit.get("/api/v1/authorize"), .missingResource)
            expectPlainError(
                try await lite.get("/api/v1/authorize"), status: 400, message: "Required 'resource' is not present")
        }
    }

    @Test func deniesCarryTheMvpdsReason() async throws {
        try await Harness.run { harness in
            let orbit = try await V1App(harness)
            let family = orbit.on(device: "family-tv")
            let lite = try await V1App(harness, requestor: "ORBITLITE")
            try await orbit.signIn(mvpd: "Cascade", username: "basic")
            try await family.signIn(mvpd: "Cascade", username: "family")
            try await lite.signIn(mvpd: "Cascade", username: "basic")
            let package = try await orbit.get("/api/v1/authorize", [("resource", "orbit-sports")])
            expectV1Error(package, .authorizationDeniedByMvpd)
            #expect(package.error?.details?.contains("Orbit Sports") == true)
            expectV1Error(
                try await family.get("/api/v1/authorize", [("resource", "midnight-run")]),
                .authorizationDeniedByParentalControls)
            let mrss =
                "<rss><channel><title>orbit-live</title><item><media:rating>TV-MA</media:rating></item></channel></rss>"
            expectV1Error(
                try await family.get("/api/v1/authorize", [("resource", mrss)]), .authorizationDeniedByParentalControls)
            #expect(try await family.get("/api/v1/authorize", [("resource", "orbit-live")]).status == 200)
            let plain = try await lite.get("/api/v1/authorize", [("resource", "orbit-sports")])
            expectPlainError(plain, status: 403, message: "User not authorized")
            #expect(plain.plainError?.details?.contains("does not include") == true)
            expectV1Error(
                try await orbit.get("/api/v1/tokens/authz", [("resource", "orbit-sports")]), .authorizationNotFound,
                status: 404)
        }
    }

    @Test func v1AndV2DecideAlike() async throws {
        try await Harness.run { harness in
            let v2 = try await harness.app(device: "same")
            try await v2.signIn(mvpd: "Cascade", username: "family")
            let v1 = try await V1App(harness, device: "same", token: v2.token)
            for resource in ["orbit-live", "deep-space", "midnight-run", "trailers"] {
                let body = #"{"resources": ["\#(resource)"]}"#
                let decision = try await v2.postJSON("/decisions/authorize/Cascade", body).decode(
                    DecisionsResponse.self
                )
                .decisions[0]
                let answer = try await v1.get("/api/v1/authorize", [("resource", resource)])
                #expect((answer.status == 200) == decision.authorized, "\(resource)")
                #expect(answer.error?.code == decision.error?.code, "\(resource)")
            }
        }
    }

    @Test func degradationRulesApplyToTheTokensMvpd() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            let outpost = app.on(device: "outpost")
            try await app.signIn(mvpd: "Westgate")
            try await outpost.signIn(mvpd: "Outpost")
            #expect(try await app.get("/api/v1/authorize", [("resource", "orbit-sports")]).status == 200)
            #expect(try await app.get("/api/v1/tokens/media", [("resource", "orbit-sports")]).status == 200)
            expectV1Error(
                try await outpost.get("/api/v1/authorize", [("resource", "orbit-sports")]),
                "authorization_denied_by_degradation_rule", status: 403)
            // AuthNAll: Adobe issues the token without the MVPD's login.
            let thunder = app.on(device: "thunder")
            let code = try await thunder.registrationCode().code
            let start = try await harness.send(
                .get,
                "/api/v1/authenticate?requestor_id=ORBIT&mso_id=ThunderBay&reg_code=\(code)&redirect_url=https%3A%2F%2Forbit.tvsim.example"
            )
            #expect(start.header("Location") == "https://orbit.tvsim.example")
            #expect(
                try await thunder.get("/api/v1/tokens/authn").decode(V1AuthenticationToken.self).mvpd == "ThunderBay")
        }
    }

    @Test func preauthorizeAnswersPerResource() async throws {
        try await Harness.run { harness in
            let orbit = try await V1App(harness)
            let lite = try await V1App(harness, requestor: "ORBITLITE")
            let list = [("resource", "deep-space, orbit-sports,midnight-run")]
            expectV1Error(
                try await orbit.get("/api/v1/preauthorize", list), .preauthorizationAuthenticationSessionMissing)
            expectPlainError(
                try await lite.get("/api/v1/preauthorize", list), status: 412, message: "User not authenticated")
            try await orbit.signIn(mvpd: "Cascade", username: "basic")
            try await lite.signIn(mvpd: "Cascade", username: "basic")
            let enhanced = try await orbit.get("/api/v1/preauthorize", list).decode(V1PreauthorizeResponse.self)
            #expect(enhanced.resources.map(\.id) == ["deep-space", "orbit-sports", "midnight-run"])
            #expect(enhanced.resources.map(\.authorized) == [true, false, true])
            #expect(enhanced.resources[1].error?.code == "preauthorization_denied_by_mvpd")
            #expect(enhanced.resources[1].error?.status == 403)
            #expect(enhanced.resources[0].error == nil)
            let plain = try await lite.get("/api/v1/preauthorize", list)
            #expect(!plain.text.contains("error"))
            #expect(try plain.decode(V1PreauthorizeResponse.self).resources.map(\.authorized) == [true, false, true])
            let xml = try await orbit.get("/api/v1/preauthorize.xml", list)
            #expect(
                xml.text.contains(
                    "<resources>\n  <resource>\n    <authorized>true</authorized>\n    <id>deep-space</id>"))
            #expect(xml.text.contains("<error>\n      <action>none</action>"))
            let six = [("resource", "a,b,c,d,e,f")]
            expectV1Error(try await orbit.get("/api/v1/preauthorize", six), .tooManyResources)
            expectV1Error(try await orbit.get("/api/v1/preauthorize", [("resource", " , ")]), .missingResource)
        }
    }

    @Test func preauthorizeForACodeUsesTheCodesDevice() async throws {
        try await Harness.run { harness in
            let tv = try await V1App(harness, device: "tv")
            let (code, _) = try await tv.signIn(mvpd: "Cascade", username: "basic")
            let web = try await V1App(harness, device: "browser")
            let reply = try await harness.send(
                .get, "/api/v1/preauthorize/\(code)?requestor=ORBIT&resource=deep-space,orbit-sports", headers: web.auth
            )
            #expect(try reply.decode(V1PreauthorizeResponse.self).resources.map(\.authorized) == [true, false])
            let pendingCode = try await web.registrationCode().code
            expectV1Error(
                try await harness.send(
                    .get, "/api/v1/preauthorize/\(pendingCode)?requestor=ORBIT&resource=deep-space", headers: web.auth),
                .preauthorizationAuthenticationSessionMissing)
            expectV1Error(
                try await harness.send(
                    .get, "/api/v1/preauthorize/QQQQQQQ?requestor=ORBIT&resource=x", headers: web.auth),
                "invalid_registration_code", status: 404)
        }
    }
}
