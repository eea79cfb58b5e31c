import Foundation
import PassAPI
import PassClient
import PassMockServer
import Simulation
import Testing

/// The app's own V1 client against the mock on a loopback port: what the rest-v1 flow sends
/// must be what the mock answers.
struct V1LiveServer {
    let server: RunningMockServer
    let clock: VirtualClock

    static func run(_ body: @Sendable (V1LiveServer) async throws -> Void) async throws {
        let clock = VirtualClock()
        let server = try await MockServer.start(backend: MockBackend(clock: clock, seed: 11))
        var failure: (any Error)?
        do { try await body(V1LiveServer(server: server, clock: clock)) } catch { failure = error }
        await server.stop()
        if let failure { throw failure }
    }

    func app(_ requestor: String = "ORBIT", device: String = "living-room") -> PassClient {
        PassClient(
            configuration: .init(
                baseURL: server.baseURL, serviceProvider: requestor,
                softwareStatement: server.backend.softwareStatement(for: requestor)!,
                deviceIdentifier: DeviceIdentifier(identifier: device),
                deviceInfo: .appleTV(applicationId: requestor)),
            clock: clock)
    }

    func browser(stopAt prefix: String) -> WebBrowser { WebBrowser(clock: clock, observer: nil, stopAt: [prefix]) }

    /// Opens `url` and signs in on the MVPD's login page as `username`.
    func signIn(at url: String, username: String, returningTo prefix: String) async throws -> WebBrowser.Outcome {
        let browser = browser(stopAt: prefix)
        guard case .page(let login) = try await browser.open(url) else {
            Issue.record("expected the MVPD's login page")
            return .reachedRedirect("")
        }
        return try await browser.submit(on: login, fields: ["username": username, "password": username])
    }
}

@Suite(.serialized) struct V1LiveClientTests {
    @Test func theSecondScreenFlowFromCodeToMediaTokenAndLogout() async throws {
        try await V1LiveServer.run { live in
            let tv = live.app()
            #expect(try await tv.v1CheckAuthentication() == false)
            #expect(try await tv.v1AuthenticationToken() == .missing)
            let configuration = try await tv.v1Configuration()
            #expect(configuration.requestor.mvpds.contains { $0.id == "Cascade" })
            let code = try await tv.v1CreateRegistrationCode(mvpd: nil)
            #expect(code.requestor == "ORBIT")
            #expect(code.info.deviceId == "living-room")
            let url = tv.v1AuthenticateURL(
                registrationCode: code.code, mvpd: "Cascade", domainName: "orbit.tvsim.example",
                redirectUrl: "https://orbit.tvsim.example/done")
            let outcome = try await live.signIn(at: url, username: "demo", returningTo: "https://orbit.tvsim.example")
            #expect(outcome == .reachedRedirect("https://orbit.tvsim.example/done"))
            #expect(try await tv.v1CheckAuthentication())
            guard case .found(let token) = try await tv.v1AuthenticationToken() else {
                Issue.record("expected an authentication token")
                return
            }
            #expect(token.mvpd == "Cascade")
            #expect(try await tv.v1UserMetadata().tokenSource == "Cascade")
            let preauthorized = try await tv.v1Preauthorize(resources: ["deep-space", "orbit-live"])
            #expect(preauthorized.resources.map(\.id) == ["deep-space", "orbit-live"])
            #expect(try await tv.v1Authorize(resource: "deep-space").mvpd == "Cascade")
            let media = try await tv.v1MediaToken(resource: "deep-space")
            #expect(media.userId == token.userId)
            #expect(!media.serializedToken.isEmpty)
            try await tv.v1Logout()
            #expect(try await tv.v1AuthenticationToken() == .missing)
        }
    }

    @Test func theWebLogoutEndsAtTheRedirectUrl() async throws {
        try await V1LiveServer.run { live in
            let phone = live.app(device: "phone")
            let code = try await phone.v1CreateRegistrationCode(mvpd: "Cascade")
            let url = phone.v1AuthenticateURL(
                registrationCode: code.code, mvpd: "Cascade", domainName: "orbit.tvsim.example",
                redirectUrl: "adbe.orbit://signed-in")
            _ = try await live.signIn(at: url, username: "demo", returningTo: "adbe.orbit://")
            #expect(try await phone.v1CheckAuthentication())
            let logout = try await live.browser(stopAt: "adbe.orbit://")
                .open(phone.v1LogoutURL(redirectUrl: "adbe.orbit://signed-out"))
            #expect(logout == .reachedRedirect("adbe.orbit://signed-out"))
            #expect(try await phone.v1CheckAuthentication() == false)
        }
    }

    @Test func appleSingleSignOnExchangesTheSAMLResponseFor204() async throws {
        try await V1LiveServer.run { live in
            let tv = live.app()
            let request = try await tv.v1ProfileRequest(mvpd: "AuroraCable", deviceType: .tvOS)
            let saml = try await samlResponse(live, mvpd: "AuroraCable", request: request)
            try await tv.v1TokenExchange(mvpd: "AuroraCable", deviceType: .tvOS, samlResponse: saml)
            #expect(try await tv.v1UserMetadata().tokenSource == "Apple")
            // The same response a second time, or for another MVPD, is refused.
            await expectRefusal("invalid_parameter_saml_response") {
                try await tv.v1TokenExchange(mvpd: "AuroraCable", deviceType: .tvOS, samlResponse: saml)
            }
            let another = try await samlResponse(live, mvpd: "AuroraCable", request: request)
            await expectRefusal(V1ErrorCode.authenticationSessionIssuerMismatch.rawValue) {
                try await tv.v1TokenExchange(mvpd: "BeaconFiber", deviceType: .tvOS, samlResponse: another)
            }
        }
    }

    @Test func errorsArriveEnhancedOrPlainAsTheRequestorChose() async throws {
        try await V1LiveServer.run { live in
            await expectRefusal(V1ErrorCode.authenticationSessionMissing.rawValue) {
                _ = try await live.app().v1MediaToken(resource: "deep-space")
            }
            do {
                _ = try await live.app("ORBITLITE").v1Authorize(resource: "deep-space")
                Issue.record("expected a refusal")
            } catch PassError.plain(let error, let status) {
                #expect(status == 403)
                #expect(error.message == "User not authenticated")
            } catch {
                Issue.record("expected a plain error, got \(error)")
            }
        }
    }

    /// What the VSA framework does with the profile request: sign in at the MVPD, then ask for
    /// the attributes; the answer is Base64 as the token exchange takes it.
    private func samlResponse(_ live: V1LiveServer, mvpd: String, request: String) async throws -> String {
        let provider = IdentityProviderClient(baseURL: live.server.baseURL, clock: live.clock, observer: nil)
        let signIn = try await provider.signIn(mvpd: mvpd, username: "demo", password: "demo")
        let answer = try await provider.attributeQuery(
            mvpd: mvpd, providerSessionToken: signIn.providerSessionToken, verificationToken: request,
            attributeNames: ["uid"], channelIdentifier: nil)
        return SAMLResponseEncoding.encoded(answer.samlResponse)
    }

    private func expectRefusal(
        _ code: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ call: () async throws -> Void
    ) async {
        do {
            try await call()
            Issue.record("expected \(code)", sourceLocation: sourceLocation)
        } catch {
            #expect((error as? PassError)?.enhancedCode == code, "\(error)", sourceLocation: sourceLocation)
        }
    }
}
