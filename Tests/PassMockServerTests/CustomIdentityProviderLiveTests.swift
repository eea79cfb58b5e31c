import Foundation
import MockBackendAPI
import PassAPI
import PassClient
import PassMockServer
import Simulation
import Synchronization
import Testing

/// What the clients reported, in order.
final class ExchangeRecorder: Sendable {
    private let entries = Mutex<[HTTPExchange]>([])

    var observer: ExchangeObserver { { exchange in self.entries.withLock { $0.append(exchange) } } }
    var all: [HTTPExchange] { entries.withLock { $0 } }
}

/// The custom identity provider on a real loopback socket, driven by the clients the flows use:
/// `CustomIdentityProviderClient`, the VSA framework's `IdentityProviderClient` and `WebBrowser`.
@Suite(.serialized) struct CustomIdentityProviderLiveTests {
    /// A mock server on a free loopback port, with what the client side reported.
    struct World {
        let server: RunningMockServer
        let clock: VirtualClock
        let recorder = ExchangeRecorder()

        static func run(_ body: @Sendable (World) async throws -> Void) async throws {
            let clock = VirtualClock()
            let server = try await MockServer.start(backend: MockBackend(clock: clock, seed: 7))
            let world = World(server: server, clock: clock)
            do { try await body(world) } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        var observer: ExchangeObserver { recorder.observer }

        func custom(requestor: String = "ORBIT") -> CustomIdentityProviderClient {
            CustomIdentityProviderClient(
                baseURL: server.baseURL, requestor: requestor, clock: clock, observer: observer)
        }

        var framework: IdentityProviderClient {
            IdentityProviderClient(baseURL: server.baseURL, clock: clock, observer: observer)
        }

        func browser(stopAt: [String] = []) -> WebBrowser {
            WebBrowser(clock: clock, observer: observer, stopAt: stopAt)
        }

        /// What the VSA framework does for the second metadata request: sign in at the MVPD,
        /// then the attribute query with the identity provider's values.
        func samlResponse(for info: IdentityProviderInfo, mvpd: String = "AuroraCable", user: String = "demo")
            async throws -> String
        {
            let session = try await framework.signIn(mvpd: mvpd, username: user, password: user)
            return try await framework.attributeQuery(
                mvpd: mvpd, providerSessionToken: session.providerSessionToken,
                verificationToken: info.verificationToken, attributeNames: info.attributeNames,
                channelIdentifier: info.channelIdentifier
            ).samlResponse
        }

        /// The newest journal entry of `operation`.
        func journal(_ operation: String) throws -> HTTPExchange {
            try #require(server.backend.journalEntries().last { $0.operation == operation })
        }

        func clientExchange(_ label: String) throws -> HTTPExchange {
            try #require(recorder.all.last { $0.operation == label })
        }
    }

    /// Expects `call` to fail with the identity provider's error `code` and `status`.
    func expectRefusal<T>(
        _ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ call: () async throws -> T
    ) async {
        do {
            _ = try await call()
            Issue.record("expected \(status) \(code)", sourceLocation: sourceLocation)
        } catch {
            guard case .unexpectedStatus(let got, let body) = error as? PassError else {
                Issue.record("expected \(status) \(code), got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(got == status, sourceLocation: sourceLocation)
            #expect(body.hasPrefix("\(code): "), "\(body)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Single sign-on

    @Test func infoAndTranslateThroughTheClient() async throws {
        try await World.run { world in
            let client = world.custom()
            let info = try await client.info(provider: "tvsim.aurora")
            #expect(info.attributeNames == ["userID", "householdID"])
            #expect(info.channelIdentifier == "https://orbit.tvsim.example/saml/sp")
            let saml = try await world.samlResponse(for: info)
            let tokens = try await client.translate(saml: saml, provider: "tvsim.aurora", deviceId: "apple-tv-1")
            #expect(tokens.userId == "u-jordan-0001")
            #expect(tokens.provider == "tvsim.aurora")
            #expect(tokens.entitlements.count == 5)
            await expectRefusal(401, "invalid_saml") {
                try await client.translate(saml: saml, provider: "tvsim.aurora", deviceId: "apple-tv-1")
            }
            // The journal and the client's wire log keep the exchange, secrets hidden.
            let entry = try world.journal("custom.translate")
            // (The journal writes JSON with `/` escaped.)
            #expect(entry.requestBody?.contains("SignatureValue>\(Redaction.marker)<") == true)
            #expect(entry.responseBody?.contains(tokens.accessToken) == false)
            #expect(try world.journal("custom.info").responseBody?.contains(info.verificationToken) == false)
            #expect(try world.clientExchange("custom.translate").responseBody?.contains(tokens.refreshToken) == false)
        }
    }

    @Test func infoAndTranslateRefusalsReachTheClient() async throws {
        try await World.run { world in
            let client = world.custom()
            await expectRefusal(400, "invalid_request") { try await client.info(provider: "") }
            await expectRefusal(404, "unknown_provider") { try await client.info(provider: "tvsim.nobody") }
            await expectRefusal(404, "unknown_provider") {
                try await world.custom(requestor: "ORBITLITE").info(provider: "tvsim.aurora")
            }
            await expectRefusal(404, "unknown_requestor") {
                try await world.custom(requestor: "NOBODY").info(provider: "tvsim.aurora")
            }
            await expectRefusal(400, "invalid_body") {
                try await client.translate(saml: "not saml", provider: "tvsim.aurora", deviceId: "d")
            }
            await expectRefusal(400, "invalid_body") {
                try await client.translate(saml: "<x/>", provider: "tvsim.aurora", deviceId: " ")
            }
            await expectRefusal(404, "unknown_provider") {
                try await client.translate(saml: "<x/>", provider: "tvsim.juniper", deviceId: "d")
            }
            let info = try await client.info(provider: "tvsim.aurora")
            let saml = try await world.samlResponse(for: info)
            // Another provider's answer, a tampered one, a late one.
            let other = try await world.samlResponse(for: info, mvpd: "BeaconFiber")
            await expectRefusal(401, "invalid_saml") {
                try await client.translate(saml: other, provider: "tvsim.aurora", deviceId: "d")
            }
            let tampered = saml.replacingOccurrences(of: "u-jordan-0001", with: "u-sam-0002")
            await expectRefusal(401, "invalid_saml") {
                try await client.translate(saml: tampered, provider: "tvsim.aurora", deviceId: "d")
            }
            world.clock.advance(by: 301)
            await expectRefusal(401, "invalid_saml") {
                try await client.translate(
                    saml: SAMLResponseEncoding.encoded(saml), provider: "tvsim.aurora", deviceId: "d")
            }
        }
    }

    // MARK: iOS web sign-in

    @Test func theWebSignInEndsInACodeTheClientExchanges() async throws {
        try await World.run { world in
            let client = world.custom()
            let callback = "orbit://signed-in"
            let browser = world.browser(stopAt: [callback])
            let url = client.loginURL(redirectURI: callback, state: "s1", provider: "tvsim.aurora")
            guard case .page(let form) = try await browser.open(url) else {
                Issue.record("expected the sign-in page")
                return
            }
            #expect(form.title == "Sign in to Orbit TV")
            guard
                case .page(let wrong) = try await browser.submit(
                    on: form, fields: ["username": "demo", "password": "x"])
            else {
                Issue.record("expected the sign-in page again")
                return
            }
            #expect(wrong.status == 401)
            #expect(wrong.errorMessage == "The user ID or password is incorrect.")
            let outcome = try await browser.submit(on: wrong, fields: ["username": "demo", "password": "demo"])
            guard case .reachedRedirect(let redirect) = outcome else {
                Issue.record("expected the redirect to the app, got \(outcome)")
                return
            }
            let query = URLComponents(string: redirect)?.queryItems ?? []
            #expect(query.first { $0.name == "state" }?.value == "s1")
            let code = try #require(query.first { $0.name == "code" }?.value)
            await expectRefusal(400, "invalid_grant") {
                try await client.exchange(code: code, redirectURI: "orbit://elsewhere")
            }
            // The refused attempt spent the code; sign in again for a fresh one.
            let again = try await browser.submit(on: wrong, fields: ["username": "demo", "password": "demo"])
            guard case .reachedRedirect(let second) = again else {
                Issue.record("expected the redirect to the app, got \(again)")
                return
            }
            let fresh = try #require(URLComponents(string: second)?.queryItems?.first { $0.name == "code" }?.value)
            let tokens = try await client.exchange(code: fresh, redirectURI: callback)
            #expect(tokens.userId == "u-jordan-0001")
            #expect(tokens.provider == "tvsim.aurora")
            await expectRefusal(400, "invalid_grant") { try await client.exchange(code: fresh, redirectURI: callback) }
            // Neither the redirect nor the exchange shows the code in the records.
            let login = try world.journal("custom.login.submit")
            #expect(login.responseHeader("Location")?.contains(fresh) == false)
            #expect(login.responseHeader("Location")?.contains("code=\(Redaction.marker)") == true)
            #expect(try world.journal("custom.token").requestBody?.contains(fresh) == false)
            #expect(try world.clientExchange("custom.token").requestBody?.contains(fresh) == false)
            #expect(try world.clientExchange("web.form").responseHeader("Location")?.contains(fresh) == false)
        }
    }

    @Test func anAuthorizationCodeExpires() async throws {
        try await World.run { world in
            let client = world.custom()
            let callback = "orbit://signed-in"
            let browser = world.browser(stopAt: [callback])
            guard case .page(let form) = try await browser.open(client.loginURL(redirectURI: callback, state: "s")),
                case .reachedRedirect(let redirect) = try await browser.submit(
                    on: form, fields: ["provider": "AlderCreek", "username": "basic", "password": "basic"])
            else {
                Issue.record("expected a sign-in that ends in the app")
                return
            }
            let code = try #require(URLComponents(string: redirect)?.queryItems?.first { $0.name == "code" }?.value)
            world.clock.advance(by: 61)
            await expectRefusal(400, "invalid_grant") { try await client.exchange(code: code, redirectURI: callback) }
            await expectRefusal(404, "unknown_requestor") {
                try await world.custom(requestor: "NOBODY").exchange(code: code, redirectURI: callback)
            }
        }
    }

    // MARK: tvOS device code

    @Test func theTVPollsWhileTheUserSignsInOnTheSecondScreen() async throws {
        try await World.run { world in
            let client = world.custom()
            let grant = try await client.deviceAuthorization(deviceId: "apple-tv-1")
            #expect(grant.verificationUri == "\(world.server.baseURL)/custom-idp/ORBIT/device")
            #expect(grant.interval == 5)
            #expect(try await client.pollDeviceToken(deviceCode: grant.deviceCode) == .pending)
            #expect(try await client.pollDeviceToken(deviceCode: grant.deviceCode) == .slowDown)
            let browser = world.browser()
            guard case .page(let start) = try await browser.open(grant.verificationUri),
                case .page(let signIn) = try await browser.submit(on: start, fields: ["user_code": grant.userCode])
            else {
                Issue.record("expected the code form, then the sign-in form")
                return
            }
            guard
                case .page(let done) = try await browser.submit(
                    on: signIn, fields: ["provider": "tvsim.cascade", "username": "family", "password": "family"])
            else {
                Issue.record("expected the confirmation")
                return
            }
            #expect(done.title == "You're signed in")
            world.clock.advance(by: 5)
            guard case .signedIn(let tokens) = try await client.pollDeviceToken(deviceCode: grant.deviceCode) else {
                Issue.record("expected the tokens")
                return
            }
            #expect(tokens.userId == "u-casey-0003")
            #expect(tokens.provider == "tvsim.cascade")
            world.clock.advance(by: 5)
            await expectRefusal(400, "invalid_grant") { try await client.pollDeviceToken(deviceCode: grant.deviceCode) }
            // Both codes sign the TV in while they live: the TV shows the user code, the
            // journal neither.
            let issued = try world.journal("custom.device.code").responseBody ?? ""
            #expect(!issued.contains(grant.deviceCode))
            #expect(!issued.contains(grant.userCode))
            #expect(issued.contains(#""interval":5"#), "the rest of the answer stays: \(issued)")
            #expect(try world.journal("custom.token").requestBody?.contains(grant.deviceCode) == false)
        }
    }

    @Test func deviceCodeRefusalsReachTheClient() async throws {
        try await World.run { world in
            let client = world.custom()
            await expectRefusal(400, "invalid_request") { try await client.deviceAuthorization(deviceId: " ") }
            await expectRefusal(404, "unknown_requestor") {
                try await world.custom(requestor: "NOBODY").deviceAuthorization(deviceId: "apple-tv-1")
            }
            await expectRefusal(400, "invalid_grant") { try await client.pollDeviceToken(deviceCode: "nope") }
            let grant = try await client.deviceAuthorization(deviceId: "apple-tv-1")
            await expectRefusal(400, "invalid_grant") {
                try await world.custom(requestor: "ORBITLITE").pollDeviceToken(deviceCode: grant.deviceCode)
            }
            world.clock.advance(by: 1_800)
            #expect(try await client.pollDeviceToken(deviceCode: grant.deviceCode) == .expired)
            guard case .page(let start) = try await world.browser().open(grant.verificationUri),
                case .page(let refused) = try await world.browser().submit(
                    on: start, fields: ["user_code": grant.userCode])
            else {
                Issue.record("expected the code form twice")
                return
            }
            #expect(refused.status == 400)
            #expect(refused.errorMessage == "That code has expired. Get a new code on your TV.")
        }
    }
}
