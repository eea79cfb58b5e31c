import Foundation
import MockBackendAPI
import PassAPI
import Synchronization
import Testing

@testable import PassMockServer

/// A programmer's own identity provider (seed 003) under `/custom-idp/{requestor}`.
@Suite struct CustomIdentityProviderTests {
    static let channel = "https://orbit.tvsim.example/saml/sp"

    // MARK: Helpers

    func info(_ harness: Harness, provider: String? = "tvsim.aurora", requestor: String = "ORBIT") async throws
        -> Harness.Reply
    {
        let query = provider.map { "?provider=\($0.formEncoded)" } ?? ""
        return try await harness.send(.get, "/custom-idp/\(requestor)/info\(query)")
    }

    func goodInfo(_ harness: Harness, provider: String = "tvsim.aurora") async throws -> IdentityProviderInfo {
        let reply = try await info(harness, provider: provider)
        #expect(reply.status == 200, "\(reply.text)")
        return try reply.decode()
    }

    /// Checks an `{"error", "message"}` answer; returns the message.
    @discardableResult
    func expectProviderError(
        _ reply: Harness.Reply, _ error: String, status: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        #expect(reply.status == status, "\(reply.text)", sourceLocation: sourceLocation)
        let body = try? JSONDecoder().decode(CustomIdentityError.self, from: reply.body)
        #expect(body?.error == error, "\(reply.text)", sourceLocation: sourceLocation)
        #expect(body?.message.isEmpty == false, sourceLocation: sourceLocation)
        return body?.message ?? ""
    }

    /// What the VSA framework does at the MVPD: sign in, then the attribute query with the
    /// values of the second metadata request. Returns the SAML response as the framework gives it.
    func samlResponse(
        _ harness: Harness, mvpd: String = "AuroraCable", info: IdentityProviderInfo, username: String = "demo"
    ) async throws -> String {
        let signIn = try await harness.send(
            .post, "/idp/\(mvpd)/vsa/sign-in", headers: [("Content-Type", "application/json")],
            body: #"{"username": "\#(username)", "password": "\#(username)"}"#)
        #expect(signIn.status == 200, "\(signIn.text)")
        let session = try #require(try JSONSerialization.jsonObject(with: signIn.body) as? [String: Any])
        let query: [String: Any] = [
            "providerSessionToken": session["providerSessionToken"] as! String,
            "verificationToken": info.verificationToken, "attributeNames": info.attributeNames,
            "channelIdentifier": info.channelIdentifier,
        ]
        let reply = try await harness.send(
            .post, "/idp/\(mvpd)/vsa/attribute-query", headers: [("Content-Type", "application/json")],
            body: String(decoding: try JSONSerialization.data(withJSONObject: query), as: UTF8.self))
        #expect(reply.status == 200, "\(reply.text)")
        let answer = try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
        return try #require(answer["samlResponse"] as? String)
    }

    func translate(
        _ harness: Harness, saml: String, provider: String = "tvsim.aurora", deviceId: String = "device-1",
        requestor: String = "ORBIT"
    ) async throws -> Harness.Reply {
        let body = SAMLTranslateRequest(saml: saml, provider: provider, deviceId: deviceId)
        return try await harness.send(
            .post, "/custom-idp/\(requestor)/saml/translate", headers: [("Content-Type", "application/json")],
            body: String(decoding: try JSONEncoder().encode(body), as: UTF8.self))
    }

    func postForm(_ harness: Harness, _ path: String, _ form: String) async throws -> Harness.Reply {
        try await harness.send(
            .post, path, headers: [("Content-Type", "application/x-www-form-urlencoded")], body: form)
    }

    // MARK: Info

    @Test func infoHandsOutASignedRequestFromTheProgrammersServiceProvider() async throws {
        try await Harness.run { harness in
            let info = try await goodInfo(harness)
            #expect(info.attributeNames == ["userID", "householdID"])
            #expect(info.channelIdentifier == Self.channel)
            let xml = String(decoding: try #require(Base64.decode(info.verificationToken)), as: UTF8.self)
            let request = try #require(AuthnRequestDocument.parse(verificationToken: info.verificationToken))
            #expect(xml.contains("<samlp:AuthnRequest"))
            #expect(request.issuer == Self.channel)
            #expect(request.destination == "http://mock.test/idp/AuroraCable/vsa/attribute-query")
            #expect(request.assertionConsumerService == "http://mock.test/custom-idp/ORBIT/saml/translate")
            #expect(request.isVouched(by: harness.backend.signer))
            let issued = try #require(harness.backend.customIdentity.issuedRequest(id: request.id))
            #expect(issued.requestor == "ORBIT")
            #expect(issued.mvpd == "AuroraCable")
            #expect(issued.expiresAt == harness.backend.nowMilliseconds + 900_000)
            // Each call is a new request.
            #expect(try await goodInfo(harness).verificationToken != info.verificationToken)
        }
    }

    @Test func infoAsksForTheProgrammersDefaultAttributesWhenTheDashboardListsNone() async throws {
        var dashboard = Dashboard.builtIn
        let index = try #require(dashboard.mvpds.firstIndex { $0.id == "AuroraCable" })
        dashboard.mvpds[index].requiredMetadataFields = []
        try await Harness.run(dashboard: dashboard) { harness in
            let info = try await goodInfo(harness)
            #expect(info.attributeNames == ["userID", "householdID", "maxRating"])
        }
    }

    @Test func infoRefusesProvidersWithoutSingleSignOn() async throws {
        try await Harness.run { harness in
            expectProviderError(try await info(harness, provider: nil), "invalid_request", status: 400)
            expectProviderError(try await info(harness, provider: " "), "invalid_request", status: 400)
            let unknown = expectProviderError(
                try await info(harness, provider: "tvsim.nobody"), "unknown_provider", status: 404)
            #expect(unknown.contains("tvsim.nobody"))
            // SSO disabled on the integration, picker-only onboarding, integration disabled.
            for provider in ["tvsim.juniper", "tvsim.bluebonnet", "tvsim.ironwood"] {
                expectProviderError(try await info(harness, provider: provider), "unknown_provider", status: 404)
            }
            // A requestor without Apple single sign-on.
            let lite = expectProviderError(
                try await info(harness, requestor: "ORBITLITE"), "unknown_provider", status: 404)
            #expect(lite.contains("Orbit TV Lite"))
            expectProviderError(try await info(harness, requestor: "NOBODY"), "unknown_requestor", status: 404)
        }
    }

    @Test func serverInfoNamesEveryRequestorsIdentityProvider() async throws {
        try await Harness.run { harness in
            let info = harness.backend.info()
            #expect(info.requestors.map(\.customIdentityProvider) == ["/custom-idp/ORBIT", "/custom-idp/ORBITLITE"])
            #expect(info.customIdentityProvider?["translate"] == "/custom-idp/{requestor}/saml/translate")
            #expect(info.customIdentityProvider?["deviceCode"] == "/custom-idp/{requestor}/device/code")
        }
    }

    // MARK: Round trip

    @Test func theWholeExchangeEndsInTheAppsOwnTokens() async throws {
        try await Harness.run { harness in
            let info = try await goodInfo(harness)
            let request = try #require(AuthnRequestDocument.parse(verificationToken: info.verificationToken))
            let saml = try await samlResponse(harness, info: info)
            let assertion = try AssertionDocument.parse(saml)
            #expect(assertion.inResponseTo == request.id)
            #expect(assertion.audience == Self.channel)
            #expect(assertion.recipient == "http://mock.test/custom-idp/ORBIT/saml/translate")
            #expect(assertion.attributes == ["userID": "u-jordan-0001", "householdID": "hh-4410"])
            // Raw XML, as the framework hands it to the app.
            let reply = try await translate(harness, saml: saml)
            #expect(reply.status == 200, "\(reply.text)")
            let tokens = try reply.decode(CustomIdentityTokens.self)
            #expect(tokens.userId == "u-jordan-0001")
            #expect(tokens.provider == "tvsim.aurora")
            #expect(tokens.tokenType == "Bearer")
            #expect(tokens.expiresIn == 2_592_000)
            #expect(tokens.entitlements == ["orbit-live", "deep-space", "midnight-run", "orbit-sports", "trailers"])
            #expect(tokens.accessToken.count == 40)
            #expect(tokens.refreshToken.count == 40)
            #expect(tokens.accessToken != tokens.refreshToken)
            // Base64 of the collapsed XML, as Adobe's cookbooks send it, works too.
            let basic = try await samlResponse(harness, info: try await goodInfo(harness), username: "basic")
            let basicTokens = try await translate(harness, saml: SAMLResponseEncoding.encoded(basic))
                .decode(CustomIdentityTokens.self)
            #expect(basicTokens.userId == "u-sam-0002")
            #expect(basicTokens.entitlements == ["orbit-live", "deep-space", "midnight-run", "trailers"])
            // Parental controls up to TV-PG: the TV-14 and TV-MA titles are not included.
            let family = try await samlResponse(harness, info: try await goodInfo(harness), username: "family")
            #expect(
                try await translate(harness, saml: family).decode(CustomIdentityTokens.self).entitlements == [
                    "orbit-live", "orbit-sports", "trailers",
                ])
            // The journal keeps the exchange, secrets hidden.
            let entry = try #require(harness.backend.journalEntries().last { $0.operation == "custom.translate" })
            #expect(entry.responseBody?.contains(Redaction.marker) == true)
            #expect(entry.responseBody?.contains(tokens.refreshToken) == false)
        }
    }

    @Test func theSameSeedGivesTheSameTokens() async throws {
        let first = try await roundTripTokens()
        let second = try await roundTripTokens()
        #expect(first == second)
    }

    private func roundTripTokens() async throws -> CustomIdentityTokens {
        let result = Mutex<CustomIdentityTokens?>(nil)
        try await Harness.run { harness in
            let saml = try await samlResponse(harness, info: try await goodInfo(harness))
            let tokens = try await translate(harness, saml: saml).decode(CustomIdentityTokens.self)
            result.withLock { $0 = tokens }
        }
        return try #require(result.withLock { $0 })
    }

    @Test func adobeAndTheProgrammerDoNotAcceptEachOthersResponses() async throws {
        try await Harness.run { harness in
            // A response to the programmer's request cannot create an Adobe profile…
            let app = try await harness.app()
            let custom = try await samlResponse(harness, info: try await goodInfo(harness))
            let status = (
                "AP-Partner-Framework-Status",
                PartnerFrameworkStatus(
                    accessStatus: .granted, providerId: "tvsim.aurora", expirationDateMilliseconds: nil
                ).headerValue
            )
            expectError(
                try await app.postForm(
                    "/profiles/sso/Apple", "SAMLResponse=\(SAMLResponseEncoding.encoded(custom).formEncoded)",
                    extra: [status]), .invalidParameterSamlResponse)
            // …and a response to Adobe's request cannot be translated.
            let session = try await app.postForm(
                "/sessions/sso/Apple", "domainName=orbit.tvsim.example&redirectUrl=https%3A%2F%2Forbit.tvsim.example",
                extra: [status]
            ).decode(SessionResponse.self)
            let adobeRequest = try #require(session.authenticationRequest)
            let adobe = try await samlResponse(
                harness,
                info: IdentityProviderInfo(
                    attributeNames: adobeRequest.attributesNames, verificationToken: adobeRequest.request,
                    channelIdentifier: PartnerAuthenticationRequestBuilder.serviceProviderIssuer))
            #expect(
                try AssertionDocument.parse(adobe).audience == PartnerAuthenticationRequestBuilder.serviceProviderIssuer
            )
            let message = expectProviderError(try await translate(harness, saml: adobe), "invalid_saml", status: 401)
            #expect(message.contains("InResponseTo"))
        }
    }

    @Test func theProviderRefusesForgedRequests() async throws {
        try await Harness.run { harness in
            let info = try await goodInfo(harness)
            let xml = String(decoding: try #require(Base64.decode(info.verificationToken)), as: UTF8.self)
            let forged = Base64.encode(xml.replacingOccurrences(of: Self.channel, with: "https://evil.example/sp"))
            let unsigned = Base64.encode(
                xml.replacingOccurrences(
                    of: #"<ds:SignatureValue>[^<]*</ds:SignatureValue>"#, with: "", options: .regularExpression))
            for token in [forged, unsigned] {
                let signIn = try await harness.send(
                    .post, "/idp/AuroraCable/vsa/sign-in", headers: [("Content-Type", "application/json")],
                    body: #"{"username": "demo", "password": "demo"}"#)
                let session = try #require(try JSONSerialization.jsonObject(with: signIn.body) as? [String: Any])
                let reply = try await harness.send(
                    .post, "/idp/AuroraCable/vsa/attribute-query", headers: [("Content-Type", "application/json")],
                    body:
                        #"{"providerSessionToken": "\#(session["providerSessionToken"] as! String)", "verificationToken": "\#(token)"}"#
                )
                expectProviderError(reply, "invalid_verification_token", status: 400)
            }
        }
    }

    // MARK: Translate refusals

    @Test func translateChecksIssuerRequestAudienceAndSignature() async throws {
        try await Harness.run { harness in
            // Another provider answered.
            let beacon = try await samlResponse(harness, mvpd: "BeaconFiber", info: try await goodInfo(harness))
            #expect(
                expectProviderError(try await translate(harness, saml: beacon), "invalid_saml", status: 401)
                    .contains("issuer 'urn:tvsim:idp:BeaconFiber'"))
            // The right provider, but the request was issued for another one.
            let crossed = try await samlResponse(harness, info: try await goodInfo(harness, provider: "tvsim.beacon"))
            #expect(
                expectProviderError(try await translate(harness, saml: crossed), "invalid_saml", status: 401)
                    .contains("issued for BeaconFiber"))
            let saml = try await samlResponse(harness, info: try await goodInfo(harness))
            // InResponseTo this identity provider never issued.
            let unknown = saml.replacingOccurrences(of: "InResponseTo=\"_", with: "InResponseTo=\"_x")
            #expect(
                expectProviderError(try await translate(harness, saml: unknown), "invalid_saml", status: 401)
                    .contains("InResponseTo does not name"))
            // Content changed after signing.
            let tampered = saml.replacingOccurrences(of: "u-jordan-0001", with: "u-sam-0002")
            #expect(
                expectProviderError(try await translate(harness, saml: tampered), "invalid_saml", status: 401)
                    .contains("signature"))
            // Signed, but meant for another service provider.
            var other = try AssertionDocument.parse(saml)
            other.responseID = "_other"
            other.audience = "https://elsewhere.example/saml/sp"
            other.sign(with: harness.backend.signer)
            #expect(
                expectProviderError(try await translate(harness, saml: other.xml), "invalid_saml", status: 401)
                    .contains("audience"))
            // The untouched response is still good, once.
            #expect(try await translate(harness, saml: saml).status == 200)
            let replay = expectProviderError(try await translate(harness, saml: saml), "invalid_saml", status: 401)
            #expect(replay == "This SAML response was already used.")
        }
    }

    @Test func translateRefusesLateAnswers() async throws {
        try await Harness.run { harness in
            let saml = try await samlResponse(harness, info: try await goodInfo(harness))
            harness.clock.advance(by: 301)
            #expect(
                expectProviderError(try await translate(harness, saml: saml), "invalid_saml", status: 401)
                    == "The assertion has expired.")
            // The request (15 minutes) runs out while its answer (5 minutes) is still fresh.
            let info = try await goodInfo(harness)
            harness.clock.advance(by: 899)
            let late = try await samlResponse(harness, info: info)
            harness.clock.advance(by: 2)
            #expect(
                expectProviderError(try await translate(harness, saml: late), "invalid_saml", status: 401)
                    == "The authentication request this answers has expired.")
        }
    }

    @Test func translateNamesTheFieldOfAMalformedBody() async throws {
        try await Harness.run { harness in
            func post(_ body: String, type: String = "application/json") async throws -> Harness.Reply {
                try await harness.send(
                    .post, "/custom-idp/ORBIT/saml/translate", headers: [("Content-Type", type)], body: body)
            }
            #expect(expectProviderError(try await post("["), "invalid_body", status: 400) == "The body is not JSON.")
            #expect(
                expectProviderError(
                    try await post(#"{"provider": "tvsim.aurora", "deviceId": "d"}"#), "invalid_body", status: 400)
                    == "The body has no 'saml'.")
            #expect(
                expectProviderError(
                    try await post(#"{"saml": 1, "provider": "tvsim.aurora", "deviceId": "d"}"#), "invalid_body",
                    status: 400) == "'saml' must be a string.")
            #expect(
                expectProviderError(
                    try await post(#"{"saml": "<x/>", "provider": "tvsim.aurora", "deviceId": " "}"#),
                    "invalid_body", status: 400) == "'deviceId' is empty.")
            expectProviderError(
                try await post("saml=x", type: "application/x-www-form-urlencoded"), "invalid_body", status: 400)
            #expect(
                expectProviderError(try await translate(harness, saml: "%%% not saml"), "invalid_body", status: 400)
                    .hasPrefix("'saml' is neither"))
            #expect(
                expectProviderError(
                    try await translate(harness, saml: Base64.encode("<samlp:Response ID=\"x\">")), "invalid_body",
                    status: 400
                ).hasPrefix("'saml' is not a usable SAML response"))
            // Nested far deeper than any SAML response: refused, and the server stays up.
            let deep =
                #"<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_x" InResponseTo="_y">"#
                + String(repeating: "<a>", count: 6000) + String(repeating: "</a>", count: 6000) + "</samlp:Response>"
            #expect(
                expectProviderError(try await translate(harness, saml: deep), "invalid_body", status: 400)
                    .hasPrefix("'saml' is not a usable SAML response"))
            expectProviderError(
                try await translate(harness, saml: "<x/>", provider: "tvsim.juniper"), "unknown_provider", status: 404)
            expectProviderError(
                try await translate(harness, saml: "<x/>", requestor: "NOBODY"), "unknown_requestor", status: 404)
        }
    }

    @Test func aSubscriptionThatEndedIsNotEntitled() async throws {
        try await Harness.run { harness in
            let info = try await goodInfo(harness)
            // Signed in while the subscription was active; it ends before the attribute query.
            let signIn = try await harness.send(
                .post, "/idp/AuroraCable/vsa/sign-in", headers: [("Content-Type", "application/json")],
                body: #"{"username": "demo", "password": "demo"}"#)
            #expect(signIn.status == 200)
            var dashboard = harness.backend.dashboard
            dashboard.defaultPersonas[0].expired = true
            harness.backend.replaceDashboard(dashboard)
            let session = try #require(try JSONSerialization.jsonObject(with: signIn.body) as? [String: Any])
            let query = try await harness.send(
                .post, "/idp/AuroraCable/vsa/attribute-query", headers: [("Content-Type", "application/json")],
                body:
                    #"{"providerSessionToken": "\#(session["providerSessionToken"] as! String)", "verificationToken": "\#(info.verificationToken)", "attributeNames": ["userID"]}"#
            )
            let saml = try #require(try JSONSerialization.jsonObject(with: query.body) as? [String: Any])[
                "samlResponse"]
            expectProviderError(
                try await translate(harness, saml: try #require(saml as? String)), "not_entitled", status: 403)
        }
    }

    // MARK: The app's own sign-in (web view)

    @Test func theWebSignInRedirectsWithACodeThatBuysTokensOnce() async throws {
        try await Harness.run { harness in
            let callback = "https://orbit.tvsim.example/callback"
            let missing = try await harness.send(.get, "/custom-idp/ORBIT/login?state=s")
            #expect(missing.status == 400)
            #expect(missing.text.contains("redirect_uri"))
            #expect(try await harness.send(.get, "/custom-idp/ORBIT/login?redirect_uri=relative").status == 400)
            #expect(try await harness.send(.get, "/custom-idp/NOBODY/login?redirect_uri=\(callback)").status == 404)
            let page = try await harness.send(
                .get, "/custom-idp/ORBIT/login?redirect_uri=\(callback.formEncoded)&state=s1&provider=tvsim.aurora")
            #expect(page.status == 200)
            #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(page.text.contains("<option value=\"AuroraCable\" selected>Aurora Cable</option>"))
            #expect(page.text.contains("<option value=\"AlderCreek\">"))
            #expect(!page.text.contains("TempPass_ORBIT"))
            #expect(page.text.contains("<code>basic</code>"))
            #expect(!page.text.contains("<script"))
            #expect(Harness.hiddenValue("redirect_uri", in: page.text) == callback)
            #expect(Harness.hiddenValue("state", in: page.text) == "s1")
            let form = "redirect_uri=\(callback.formEncoded)&state=s1&provider=AuroraCable&username=demo"
            let wrong = try await postForm(harness, "/custom-idp/ORBIT/login", form + "&password=nope")
            #expect(wrong.status == 401)
            #expect(wrong.text.contains("id=\"error\">The user ID or password is incorrect."))
            #expect(wrong.text.contains("value=\"demo\""))
            let ended = try await postForm(
                harness, "/custom-idp/ORBIT/login",
                "redirect_uri=\(callback.formEncoded)&provider=AuroraCable&username=expired&password=expired")
            #expect(ended.status == 403)
            #expect(ended.text.contains("subscription has ended"))
            let noProvider = try await postForm(
                harness, "/custom-idp/ORBIT/login", "redirect_uri=\(callback.formEncoded)&username=demo&password=demo")
            #expect(noProvider.status == 400)
            #expect(noProvider.text.contains("Choose your TV provider."))
            let signedIn = try await postForm(harness, "/custom-idp/ORBIT/login", form + "&password=demo")
            #expect(signedIn.status == 302, "\(signedIn.text)")
            let location = try #require(signedIn.header("Location"))
            #expect(location.hasPrefix(callback + "?code="))
            #expect(location.hasSuffix("&state=s1"))
            let code = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)
            let exchange = "grant_type=authorization_code&code=\(code)"
            let tokens = try await postForm(harness, "/custom-idp/ORBIT/token", exchange)
            #expect(tokens.status == 200, "\(tokens.text)")
            let decoded = try tokens.decode(CustomIdentityTokens.self)
            #expect(decoded.userId == "u-jordan-0001")
            #expect(decoded.provider == "tvsim.aurora")
            #expect(decoded.entitlements.count == 5)
            expectProviderError(
                try await postForm(harness, "/custom-idp/ORBIT/token", exchange), "invalid_grant", status: 400)
        }
    }

    @Test func codesExpireAndTheTokenEndpointChecksItsInput() async throws {
        try await Harness.run { harness in
            let callback = "myapp://signed-in"
            let signedIn = try await postForm(
                harness, "/custom-idp/ORBIT/login",
                "redirect_uri=\(callback.formEncoded)&provider=AlderCreek&username=basic&password=basic")
            let location = try #require(signedIn.header("Location"))
            #expect(location.hasPrefix("myapp://signed-in?code="))
            #expect(!location.contains("state="))
            let code = String(location.dropFirst("myapp://signed-in?code=".count))
            // Not for another requestor, not with another redirect URI.
            expectProviderError(
                try await postForm(
                    harness, "/custom-idp/ORBIT/token",
                    "grant_type=authorization_code&code=\(code)&redirect_uri=https%3A%2F%2Fother.example"),
                "invalid_grant", status: 400)
            // That attempt spent the code; a fresh one for the rest.
            let again = try await postForm(
                harness, "/custom-idp/ORBIT/login",
                "redirect_uri=\(callback.formEncoded)&provider=AlderCreek&username=basic&password=basic")
            let fresh = String(try #require(again.header("Location")).dropFirst("myapp://signed-in?code=".count))
            let tokens = try await postForm(
                harness, "/custom-idp/ORBIT/token",
                "grant_type=authorization_code&code=\(fresh)&redirect_uri=\(callback.formEncoded)"
            ).decode(CustomIdentityTokens.self)
            // A provider outside Apple's catalog is named by its MVPD id.
            #expect(tokens.provider == "AlderCreek")
            #expect(tokens.entitlements == ["orbit-live", "deep-space", "midnight-run", "trailers"])
            let late = try await postForm(
                harness, "/custom-idp/ORBIT/login",
                "redirect_uri=\(callback.formEncoded)&provider=AlderCreek&username=demo&password=demo")
            let lateCode = String(try #require(late.header("Location")).dropFirst("myapp://signed-in?code=".count))
            harness.clock.advance(by: 61)
            expectProviderError(
                try await postForm(
                    harness, "/custom-idp/ORBIT/token", "grant_type=authorization_code&code=\(lateCode)"),
                "invalid_grant", status: 400)
            expectProviderError(
                try await postForm(harness, "/custom-idp/ORBIT/token", "grant_type=authorization_code"),
                "invalid_request", status: 400)
            expectProviderError(
                try await postForm(harness, "/custom-idp/ORBIT/token", "code=x"), "invalid_request", status: 400)
            expectProviderError(
                try await postForm(harness, "/custom-idp/ORBIT/token", "grant_type=password"), "unsupported_grant_type",
                status: 400)
            expectProviderError(
                try await harness.send(
                    .post, "/custom-idp/ORBIT/token", headers: [("Content-Type", "application/json")], body: "{}"),
                "invalid_request", status: 400)
            expectProviderError(
                try await postForm(harness, "/custom-idp/NOBODY/token", "grant_type=password"), "unknown_requestor",
                status: 404)
        }
    }

    // MARK: The app's own sign-in (second screen)

    @Test func theTVPollsUntilTheUserSignsInOnTheSecondScreen() async throws {
        try await Harness.run { harness in
            expectProviderError(
                try await postForm(harness, "/custom-idp/ORBIT/device/code", ""), "invalid_request", status: 400)
            let reply = try await postForm(harness, "/custom-idp/ORBIT/device/code", "deviceId=apple-tv-1")
            #expect(reply.status == 200, "\(reply.text)")
            #expect(reply.text.contains("\"device_code\""))
            let grant = try reply.decode(CustomDeviceAuthorization.self)
            #expect(grant.verificationUri == "http://mock.test/custom-idp/ORBIT/device")
            #expect(grant.expiresIn == 1_800)
            #expect(grant.interval == 5)
            #expect(grant.userCode.count == 9)
            #expect(grant.userCode.dropFirst(4).first == "-")
            let poll =
                "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=\(grant.deviceCode)"
            expectProviderError(
                try await postForm(harness, "/custom-idp/ORBIT/token", poll), "authorization_pending", status: 400)
            expectProviderError(try await postForm(harness, "/custom-idp/ORBIT/token", poll), "slow_down", status: 400)
            harness.clock.advance(by: 5)
            expectProviderError(
                try await postForm(harness, "/custom-idp/ORBIT/token", poll), "authorization_pending", status: 400)
            // The second screen: code, then sign-in.
            let start = try await harness.send(.get, "/custom-idp/ORBIT/device")
            #expect(start.status == 200)
            #expect(start.text.contains("name=\"user_code\""))
            let unknownCode = try await postForm(harness, "/custom-idp/ORBIT/device", "user_code=ZZZZ-ZZZZ")
            #expect(unknownCode.status == 400)
            #expect(unknownCode.text.contains("That code is not valid."))
            let typed = grant.userCode.replacingOccurrences(of: "-", with: " ").lowercased()
            let signInPage = try await postForm(harness, "/custom-idp/ORBIT/device", "user_code=\(typed.formEncoded)")
            #expect(signInPage.status == 200)
            #expect(Harness.hiddenValue("user_code", in: signInPage.text) == grant.userCode)
            #expect(signInPage.text.contains("name=\"password\""))
            let form = "user_code=\(grant.userCode)&provider=tvsim.cascade&username=family"
            let wrong = try await postForm(harness, "/custom-idp/ORBIT/device", form + "&password=x")
            #expect(wrong.status == 401)
            #expect(wrong.text.contains("id=\"error\""))
            let done = try await postForm(harness, "/custom-idp/ORBIT/device", form + "&password=family")
            #expect(done.status == 200)
            #expect(done.text.contains("id=\"success\""))
            #expect(done.text.contains("Cascade Communications"))
            // The user code signs in once: another account on it changes nothing the TV gets.
            let second = "user_code=\(grant.userCode)&provider=tvsim.cascade&username=demo&password=demo"
            #expect(try await postForm(harness, "/custom-idp/ORBIT/device", second).status == 200)
            harness.clock.advance(by: 5)
            let tokens = try await postForm(harness, "/custom-idp/ORBIT/token", poll)
            #expect(tokens.status == 200, "\(tokens.text)")
            let decoded = try tokens.decode(CustomIdentityTokens.self)
            #expect(decoded.userId == "u-casey-0003")
            #expect(decoded.provider == "tvsim.cascade")
            #expect(decoded.entitlements == ["orbit-live", "orbit-sports", "trailers"])
            harness.clock.advance(by: 5)
            expectProviderError(
                try await postForm(harness, "/custom-idp/ORBIT/token", poll), "invalid_grant", status: 400)
            // The device code belongs to its requestor.
            let other = try await postForm(harness, "/custom-idp/ORBIT/device/code", "deviceId=apple-tv-1")
                .decode(CustomDeviceAuthorization.self)
            expectProviderError(
                try await postForm(
                    harness, "/custom-idp/ORBITLITE/token",
                    "grant_type=urn:ietf:params:oauth:grant-type:device_code&device_code=\(other.deviceCode)"),
                "invalid_grant", status: 400)
        }
    }

    @Test func deviceCodesExpire() async throws {
        try await Harness.run { harness in
            let grant = try await postForm(harness, "/custom-idp/ORBIT/device/code", "deviceId=apple-tv-1")
                .decode(CustomDeviceAuthorization.self)
            harness.clock.advance(by: 1_800)
            let page = try await postForm(harness, "/custom-idp/ORBIT/device", "user_code=\(grant.userCode)")
            #expect(page.status == 400)
            #expect(page.text.contains("That code has expired."))
            expectProviderError(
                try await postForm(
                    harness, "/custom-idp/ORBIT/token",
                    "grant_type=urn:ietf:params:oauth:grant-type:device_code&device_code=\(grant.deviceCode)"),
                "expired_token", status: 400)
        }
    }

    // MARK: Pipeline

    @Test func faultsApplyToTheIdentityProvider() async throws {
        try await Harness.run { harness in
            harness.backend.addFault(try FaultRule(route: "custom.info", fault: .status(503, code: nil), times: 1))
            expectProviderError(try await info(harness), "provider_error", status: 503)
            #expect(try await info(harness).status == 200)
            harness.backend.addFault(try FaultRule(route: "custom.device", fault: .status(500, code: nil), times: 1))
            let page = try await harness.send(.get, "/custom-idp/ORBIT/device")
            #expect(page.status == 500)
            #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(try await harness.send(.delete, "/custom-idp/ORBIT/info").status == 405)
        }
    }
}
