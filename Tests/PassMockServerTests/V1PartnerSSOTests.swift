import Foundation
import PassAPI
import Testing

@testable import PassMockServer

/// Apple SSO over V1: the profile request, the VSA framework's attribute query at the mock
/// identity provider, and the token exchange.
@Suite struct V1PartnerSSOTests {
    func profileRequest(_ app: V1App, mvpd: String, deviceType: String = "iOS") async throws -> Harness.Reply {
        try await app.harness.send(
            .get, "/api/v1/\(app.requestor)/profile-requests/\(mvpd)?deviceType=\(deviceType)", headers: app.auth)
    }

    /// The framework signs `username` in at `mvpd` and asks for attributes with `request`.
    func samlResponse(_ harness: Harness, mvpd: String, request: String, username: String = "demo") async throws
        -> String
    {
        let signIn = try await harness.send(
            .post, "/idp/\(mvpd)/vsa/sign-in", headers: [("Content-Type", "application/json")],
            body: #"{"username": "\#(username)", "password": "\#(username)"}"#)
        let session = try #require(signIn.jsonObject?["providerSessionToken"] as? String)
        let query = try await harness.send(
            .post, "/idp/\(mvpd)/vsa/attribute-query", headers: [("Content-Type", "application/json")],
            body:
                #"{"providerSessionToken": "\#(session)", "verificationToken": "\#(request)", "attributeNames": ["uid"]}"#
        )
        #expect(query.status == 200, "\(query.text)")
        return try #require(query.jsonObject?["samlResponse"] as? String)
    }

    func exchange(_ app: V1App, mvpd: String, saml: String?, deviceType: String = "tvOS") async throws -> Harness.Reply
    {
        var form = [
            ("requestor", app.requestor), ("deviceId", app.deviceId), ("mvpd", mvpd), ("deviceType", deviceType),
        ]
        if let saml { form.append(("SAMLResponse", SAMLResponseEncoding.encoded(saml))) }
        return try await app.postForm("/api/v1/tokens/authn", form)
    }

    @Test func theProfileRequestIsAnAuthnRequestTheProviderAnswers() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            let reply = try await profileRequest(app, mvpd: "AuroraCable")
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type") == "application/octet-stream")
            let document = String(decoding: try #require(Base64.decode(reply.text)), as: UTF8.self)
            #expect(document.contains("<samlp:AuthnRequest"))
            #expect(document.contains("Destination=\"http://mock.test/api/v1/tokens/authn\""))
            let saml = try await samlResponse(harness, mvpd: "AuroraCable", request: reply.text)
            #expect(saml.contains("urn:tvsim:idp:AuroraCable"))
        }
    }

    @Test func theExchangeCreatesAnAppleTokenOnce() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness, device: "apple-tv")
            let request = try await profileRequest(app, mvpd: "AuroraCable", deviceType: "tvOS").text
            let saml = try await samlResponse(harness, mvpd: "AuroraCable", request: request)
            let exchanged = try await exchange(app, mvpd: "AuroraCable", saml: saml)
            #expect(exchanged.status == 204, "\(exchanged.text)")
            #expect(exchanged.body.isEmpty)
            let token = try await app.get("/api/v1/tokens/authn").decode(V1AuthenticationToken.self)
            #expect(token.mvpd == "AuroraCable")
            #expect(token.userId == "u-jordan-0001")
            let metadata = try await app.get("/api/v1/tokens/usermetadata").decode(V1UserMetadata.self)
            #expect(metadata.tokenSource == "Apple")
            // V1 needs no partner framework header to authorize with an Apple token.
            #expect(try await app.get("/api/v1/authorize", [("resource", "deep-space")]).status == 200)
            let replay = try await exchange(app, mvpd: "AuroraCable", saml: saml)
            expectV1Error(replay, "invalid_parameter_saml_response", status: 400)
            #expect(replay.error?.details == "This SAML response was already used.")
        }
    }

    @Test func theExchangeRefusesWhatV2Refuses() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            let request = try await profileRequest(app, mvpd: "AuroraCable").text
            let saml = try await samlResponse(harness, mvpd: "AuroraCable", request: request)
            let tampered = saml.replacingOccurrences(of: "u-jordan-0001", with: "u-sam-0002")
            let forged = try await exchange(app, mvpd: "AuroraCable", saml: tampered)
            expectV1Error(forged, "invalid_parameter_saml_response", status: 400)
            #expect(forged.error?.details?.contains("signature") == true)
            let mismatch = try await exchange(app, mvpd: "BeaconFiber", saml: saml)
            expectV1Error(mismatch, .authenticationSessionIssuerMismatch)
            #expect(mismatch.error?.action == .authentication)
            expectV1Error(
                try await exchange(app, mvpd: "AuroraCable", saml: nil), "invalid_parameter_saml_response", status: 400)
            let notBase64 = try await app.postForm(
                "/api/v1/tokens/authn",
                [
                    ("requestor", "ORBIT"), ("deviceId", "d"), ("mvpd", "AuroraCable"), ("deviceType", "iOS"),
                    ("SAMLResponse", "%%%"),
                ])
            expectV1Error(notBase64, "invalid_parameter_saml_response", status: 400)
            // A request issued to another requestor does not count.
            let lite = try await V1App(harness, requestor: "ORBITLITE")
            var liteDashboard = harness.backend.dashboard
            liteDashboard.requestors[1].appleSSO = true
            harness.backend.replaceDashboard(liteDashboard)
            let liteReply = try await exchange(lite, mvpd: "AuroraCable", saml: saml)
            expectPlainError(liteReply, status: 400, message: "Bad Request")
            #expect(liteReply.plainError?.details?.contains("InResponseTo") == true)
            // The assertion's validity window.
            let late = try await samlResponse(harness, mvpd: "AuroraCable", request: request)
            harness.clock.advance(by: 301)
            let expired = try await exchange(app, mvpd: "AuroraCable", saml: late)
            #expect(expired.error?.details == "The assertion has expired.")
            expectV1Error(try await app.get("/api/v1/checkauthn"), .authenticationSessionMissing)
        }
    }

    @Test func onlyAppleSSOIntegrationsHandOutRequests() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            expectV1Error(try await profileRequest(app, mvpd: "Nobody"), .unknownIntegration)
            expectV1Error(try await profileRequest(app, mvpd: "Ironwood"), .unknownIntegration)
            let juniper = try await profileRequest(app, mvpd: "Juniper")
            expectV1Error(juniper, .unknownIntegration)
            #expect(juniper.error?.details?.contains("not enabled for Apple single sign-on") == true)
            expectV1Error(try await profileRequest(app, mvpd: "Bluebonnet"), .unknownIntegration)
            expectV1Error(try await profileRequest(app, mvpd: "AuroraCable", deviceType: "Android"), .invalidDeviceInfo)
            let noType = try await harness.send(.get, "/api/v1/ORBIT/profile-requests/AuroraCable", headers: app.auth)
            expectV1Error(noType, .invalidDeviceInfo)
            let lite = try await V1App(harness, requestor: "ORBITLITE")
            let refused = try await profileRequest(lite, mvpd: "AuroraCable")
            expectPlainError(refused, status: 400, message: "Bad Request")
            #expect(refused.plainError?.details == "'ORBITLITE' does not use Apple single sign-on.")
            let xml = try await harness.send(
                .get, "/api/v1/ORBIT/profile-requests/Nobody?deviceType=iOS&format=xml", headers: app.auth)
            #expect(xml.text.contains("<code>unknown_integration</code>"))
            expectV1Error(
                try await exchange(app, mvpd: "AuroraCable", saml: "x", deviceType: "watchOS"), .invalidDeviceInfo)
        }
    }
}
