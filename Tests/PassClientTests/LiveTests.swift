import Foundation
import MockBackendAPI
import PassAPI
import PassClient
import PassMockServer
import Simulation
import Synchronization
import Testing

/// Records the exchanges a client reports.
final class ExchangeLog: Sendable {
    private let entries = Mutex<[HTTPExchange]>([])

    var observer: ExchangeObserver { { exchange in self.entries.withLock { $0.append(exchange) } } }
    var all: [HTTPExchange] { entries.withLock { $0 } }
    var labels: [String] { all.map { $0.operation ?? "" } }
}

/// A real mock server on a free loopback port and a client pointed at it.
struct LiveWorld {
    let server: RunningMockServer
    let clock: VirtualClock
    let log = ExchangeLog()

    static func run(_ body: @Sendable (LiveWorld) async throws -> Void) async throws {
        let clock = VirtualClock()
        let server = try await MockServer.start(backend: MockBackend(clock: clock, seed: 3))
        let world = LiveWorld(server: server, clock: clock)
        do {
            try await body(world)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    func client(
        device: String = "device-1", info: DeviceInfo = .iPhone(applicationId: "ORBIT"),
        clock: (any SimulationClock)? = nil
    )
        -> PassClient
    {
        PassClient(
            configuration: .init(
                baseURL: server.baseURL, serviceProvider: "ORBIT",
                softwareStatement: server.backend.softwareStatement(for: "ORBIT")!,
                deviceIdentifier: DeviceIdentifier(identifier: device), deviceInfo: info),
            clock: clock ?? self.clock, observer: log.observer)
    }

    func browser(stopAt: [String]) -> WebBrowser {
        WebBrowser(clock: clock, observer: log.observer, stopAt: stopAt)
    }

    var identityProvider: IdentityProviderClient {
        IdentityProviderClient(baseURL: server.baseURL, clock: clock, observer: log.observer)
    }
}

@Suite(.serialized) struct LiveFlowTests {
    /// The partner status goes only when Adobe's reference would call it valid: with the
    /// provider's id and expiration; without them the header is left out, never sent empty.
    @Test func thePartnerStatusIsSentOnlyWhenItIsComplete() async throws {
        try await LiveWorld.run { world in
            let client = world.client()
            let signedOut = PartnerFrameworkStatus(
                accessStatus: .granted, providerId: nil, expirationDateMilliseconds: nil)
            let signedIn = PartnerFrameworkStatus(
                accessStatus: .granted, providerId: "tvsim.aurora", expirationDateMilliseconds: 1_900_000_000_000)
            #expect(!signedOut.isComplete && signedIn.isComplete)
            _ = try await client.profiles(partnerStatus: signedOut)
            _ = try await client.profiles(partnerStatus: signedIn)
            let sent = world.log.all.filter { $0.operation == "profiles" }.map {
                $0.requestHeader(HeaderName.partnerFrameworkStatus)
            }
            #expect(sent == [nil, signedIn.headerValue])
        }
    }

    /// An app that set a visitor ID sends it as AP-Visitor-Identifier with every call (seed 001);
    /// one that did not sends none.
    @Test func aVisitorIdGoesWithEveryCall() async throws {
        try await LiveWorld.run { world in
            let ecid = "12345678901234567890123456789012345678"
            var configuration = world.client().configuration
            configuration.visitorIdentifier = ecid
            let client = PassClient(configuration: configuration, clock: world.clock, observer: world.log.observer)
            _ = try await client.configuration()
            _ = try await client.profiles()
            let withIt = world.log.all
            #expect(withIt.count >= 4, "\(world.log.labels)")
            for exchange in withIt {
                #expect(exchange.requestHeader(HeaderName.visitorIdentifier) == ecid, "\(exchange.operation ?? "")")
            }
            _ = try await world.client(device: "device-2").profiles()
            for exchange in world.log.all.dropFirst(withIt.count) {
                #expect(exchange.requestHeader(HeaderName.visitorIdentifier) == nil, "\(exchange.operation ?? "")")
            }
        }
    }

    @Test func primaryScreenWebLogin() async throws {
        try await LiveWorld.run { world in
            let client = world.client()
            let session = try await client.createSession(
                mvpd: "Cascade", domainName: "orbit.tvsim.example", redirectUrl: "adbe.orbit://done")
            #expect(session.actionName == .authenticate)
            let browser = world.browser(stopAt: ["adbe.orbit://"])
            guard case .page(let login) = try await browser.open(world.server.baseURL + session.url!) else {
                Issue.record("expected the login page")
                return
            }
            #expect(login.title == "Sign in to Cascade Communications")
            guard
                case .page(let retry) = try await browser.submit(
                    on: login, fields: ["username": "demo", "password": "nope"])
            else {
                Issue.record("expected the login page again")
                return
            }
            #expect(retry.status == 401)
            #expect(retry.errorMessage == "The user ID or password is incorrect.")
            let outcome = try await browser.submit(on: retry, fields: ["username": "demo", "password": "demo"])
            #expect(outcome == .reachedRedirect("adbe.orbit://done"))
            let profile = try await client.profile(code: session.code!)
            #expect(profile.profiles["Cascade"]?.type == .regular)
            let hops = world.log.all.filter { $0.operation?.hasPrefix("web.") == true }.map(\.status)
            #expect(hops.filter { $0 == 302 }.count >= 4)
        }
    }

    @Test func secondScreenCodeWithPolling() async throws {
        try await LiveWorld.run { world in
            let tv = world.client(device: "living-room", info: .appleTV(applicationId: "ORBIT"))
            let session = try await tv.createSession(mvpd: nil, domainName: nil, redirectUrl: nil)
            let code = try #require(session.code)
            #expect(session.actionName == .resume)
            let clock = world.clock
            let poller = Task { () -> Profile? in
                for _ in 0..<10 {
                    if let profile = try await tv.profile(code: code).profiles.values.first { return profile }
                    try await clock.sleep(for: .seconds(4))
                }
                return nil
            }
            while clock.pendingSleepers == 0 { await Task.yield() }
            // Meanwhile, on a phone: the activation site.
            let phone = world.browser(stopAt: [])
            guard case .page(let start) = try await phone.open(world.server.baseURL + "/activate") else {
                Issue.record("no activation page")
                return
            }
            guard case .page(let providers) = try await phone.submit(on: start, fields: ["code": code]) else {
                Issue.record("no provider page")
                return
            }
            guard case .page(let login) = try await phone.submit(on: providers, fields: ["mvpd": "Meridian"]) else {
                Issue.record("no login page")
                return
            }
            guard
                case .page(let done) = try await phone.submit(
                    on: login, fields: ["username": "demo", "password": "demo"])
            else {
                Issue.record("no success page")
                return
            }
            #expect(done.title == "You're signed in")
            clock.advance(by: 4)
            let profile = try #require(try await poller.value)
            #expect(profile.issuer == "Meridian")
            let polls = world.log.labels.filter { $0 == "profiles.code" }.count
            #expect(polls == 2)
        }
    }

    @Test func applePartnerSingleSignOn() async throws {
        try await LiveWorld.run { world in
            let client = world.client()
            let signIn = try await world.identityProvider.signIn(
                mvpd: "AuroraCable", username: "demo", password: "demo")
            let status = PartnerFrameworkStatus(
                accessStatus: .granted, providerId: "tvsim.aurora",
                expirationDateMilliseconds: signIn.authenticationExpirationDate)
            #expect(try await client.profiles(partnerStatus: status).profiles.isEmpty)
            let session = try await client.partnerSession(
                partnerStatus: status, domainName: "orbit.tvsim.example", redirectUrl: nil)
            #expect(session.actionName == .partnerProfile)
            let request = try #require(session.authenticationRequest)
            let answer = try await world.identityProvider.attributeQuery(
                mvpd: "AuroraCable", providerSessionToken: signIn.providerSessionToken,
                verificationToken: request.request,
                attributeNames: request.attributesNames, channelIdentifier: "https://saml.sp.auth.adobe.com")
            let created = try await client.partnerProfile(
                samlResponse: SAMLResponseEncoding.encoded(answer.samlResponse), partnerStatus: status)
            #expect(created.profiles["AuroraCable"]?.type == .appleSSO)
            let decisions = try await client.authorize(
                mvpd: "AuroraCable", resources: ["orbit-live"], partnerStatus: status)
            #expect(decisions.decisions.first?.authorized == true)
            let logout = try await client.logout(mvpd: "AuroraCable", redirectUrl: nil)
            #expect(logout.logouts["AuroraCable"]?.actionName == .partnerLogout)
        }
    }

    @Test func decisionsAndLogoutAfterLogin() async throws {
        try await LiveWorld.run { world in
            let client = world.client()
            let session = try await client.createSession(
                mvpd: "Keystone", domainName: "d", redirectUrl: "adbe.orbit://done")
            let browser = world.browser(stopAt: ["adbe.orbit://"])
            guard case .page(let login) = try await browser.open(world.server.baseURL + session.url!) else {
                Issue.record("expected the login page")
                return
            }
            _ = try await browser.submit(on: login, fields: ["username": "basic", "password": "basic"])
            let preauthorized = try await client.preauthorize(
                mvpd: "Keystone", resources: ["deep-space", "orbit-sports"])
            #expect(preauthorized.decisions.map(\.authorized) == [true, false])
            let denied = try await client.authorize(mvpd: "Keystone", resources: ["orbit-sports"])
            #expect(denied.decisions[0].error?.code == "authorization_denied_by_mvpd")
            let permitted = try await client.authorize(mvpd: "Keystone", resources: ["deep-space"])
            #expect(permitted.decisions[0].token != nil)
            let logout = try await client.logout(mvpd: "Keystone", redirectUrl: "adbe.orbit://bye")
            let action = try #require(logout.logouts["Keystone"])
            #expect(action.actionName == .logout)
            let outcome = try await world.browser(stopAt: ["adbe.orbit://"]).open(world.server.baseURL + action.url!)
            #expect(outcome == .reachedRedirect("adbe.orbit://bye"))
            #expect(try await client.profiles().profiles.isEmpty)
        }
    }
}

@Suite(.serialized) struct LiveClientBehaviourTests {
    @Test func cachesCredentialsAndTheToken() async throws {
        try await LiveWorld.run { world in
            let client = world.client()
            _ = try await client.configuration()
            _ = try await client.profiles()
            #expect(world.log.labels == ["dcr.register", "dcr.token", "configuration", "profiles"])
            #expect(await client.credentials != nil)
        }
    }

    @Test func renewsTheTokenWhenItExpires() async throws {
        try await LiveWorld.run { world in
            let client = world.client()
            _ = try await client.profiles()
            world.clock.advance(by: 21_600)
            _ = try await client.profiles()
            #expect(world.log.labels == ["dcr.register", "dcr.token", "profiles", "dcr.token", "profiles"])
        }
    }

    @Test func renewsTheTokenOnA401() async throws {
        try await LiveWorld.run { world in
            // The client's own clock does not move, so it only learns of the expiry from the 401.
            let client = world.client(clock: VirtualClock(start: world.clock.now()))
            _ = try await client.profiles()
            world.clock.advance(by: 21_600)
            _ = try await client.profiles()
            #expect(world.log.labels == ["dcr.register", "dcr.token", "profiles", "profiles", "dcr.token", "profiles"])
            #expect(world.log.all[3].status == 401)
        }
    }

    @Test func reRegistersWhenCredentialsAreRejected() async throws {
        try await LiveWorld.run { world in
            let stale = ClientCredentials(clientId: "stale", clientSecret: "x", clientIdIssuedAt: 0, redirectUris: [])
            let client = PassClient(
                configuration: world.client().configuration, clock: world.clock, credentials: stale,
                observer: world.log.observer)
            _ = try await client.profiles()
            #expect(world.log.labels == ["dcr.token", "dcr.register", "dcr.token", "profiles"])
            #expect(await client.credentials?.clientId != "stale")
        }
    }

    @Test func enhancedErrorsBecomeTypedErrors() async throws {
        try await LiveWorld.run { world in
            let client = world.client()
            do {
                _ = try await client.createSession(mvpd: "Ironwood", domainName: nil, redirectUrl: nil)
                Issue.record("expected an error")
            } catch let error as PassError {
                guard case .enhanced(let enhanced, let status) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(status == 400)
                #expect(enhanced.code == "invalid_integration")
                #expect(error.action == ErrorAction.none)
            }
        }
    }

    @Test func faultsSurfaceAsTheirKindOfError() async throws {
        try await LiveWorld.run { world in
            let client = world.client()
            _ = try await client.profiles()
            let backend = world.server.backend
            backend.addFault(try FaultRule(route: "profiles", fault: .throttle(retryAfterSeconds: 3), times: 1))
            await #expect(throws: PassError.throttled(retryAfter: 3)) { try await client.profiles() }
            backend.addFault(try FaultRule(route: "profiles", fault: .malformed, times: 1))
            do {
                _ = try await client.profiles()
                Issue.record("expected a malformed body")
            } catch let error as PassError {
                guard case .malformedBody = error else { Issue.record("unexpected \(error)"); return }
            }
            backend.addFault(try FaultRule(route: "profiles", fault: .reset, times: 1))
            do {
                _ = try await client.profiles()
                Issue.record("expected a transport error")
            } catch let error as PassError {
                guard case .transport = error else { Issue.record("unexpected \(error)"); return }
            }
            backend.addFault(
                try FaultRule(route: "profiles", fault: .status(500, code: "internal_server_error"), times: 1))
            await #expect(throws: PassError.self) { try await client.profiles() }
            #expect(try await client.profiles().profiles.isEmpty)
        }
    }

    @Test func exchangesAreReportedWithSecretsRedacted() async throws {
        try await LiveWorld.run { world in
            let client = world.client()
            _ = try await client.configuration()
            let exchanges = world.log.all
            let token = try #require(exchanges.first { $0.operation == "dcr.token" })
            #expect(token.requestBody?.contains("client_secret=‹redacted›") == true)
            #expect(token.responseBody?.contains("‹redacted›") == true)
            let configuration = try #require(exchanges.first { $0.operation == "configuration" })
            #expect(configuration.method == "GET")
            #expect(configuration.status == 200)
            #expect(configuration.url.hasSuffix("/api/v2/ORBIT/configuration"))
            #expect(configuration.requestHeader("Authorization")?.hasPrefix("Bearer ‹redacted›") == true)
            #expect(configuration.requestHeader("X-Device-Info") != nil)
            #expect(configuration.responseHeader("Adobe-Request-Id") != nil)
            #expect(configuration.durationMilliseconds >= 0)
        }
    }

    @Test func aDeadServerIsATransportError() async throws {
        let client = PassClient(
            configuration: .init(
                baseURL: "http://127.0.0.1:1", serviceProvider: "ORBIT", softwareStatement: "x",
                deviceIdentifier: DeviceIdentifier(identifier: "d"), deviceInfo: .iPhone(applicationId: "ORBIT")))
        do {
            _ = try await client.configuration()
            Issue.record("expected an error")
        } catch {
            guard case .transport = error else { Issue.record("unexpected \(error)"); return }
        }
    }
}

/// The garbage and dribble faults through the real client, on a server that keeps wall-clock
/// time, so a dribbled body takes the time it is given.
@Suite(.serialized) struct GarbageAndDribbleLiveTests {
    static func run(_ body: @Sendable (RunningMockServer, PassClient, ExchangeLog) async throws -> Void)
        async throws
    {
        let clock = SystemClock()
        let server = try await MockServer.start(backend: MockBackend(clock: clock, seed: 3))
        let log = ExchangeLog()
        let client = PassClient(
            configuration: .init(
                baseURL: server.baseURL, serviceProvider: "ORBIT",
                softwareStatement: server.backend.softwareStatement(for: "ORBIT")!,
                deviceIdentifier: DeviceIdentifier(identifier: "device-1"),
                deviceInfo: .iPhone(applicationId: "ORBIT")),
            clock: clock, observer: log.observer)
        do {
            try await body(server, client, log)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func garbageIsAnAnswerTheClientCannotReadAndTheJournalNamesIt() async throws {
        try await Self.run { server, client, _ in
            let answer = try await client.configuration()
            let rule = server.backend.addFault(
                try FaultRule(route: "configuration", fault: .garbage, times: 1, seed: 5))
            do {
                _ = try await client.configuration()
                Issue.record("expected a transport error")
            } catch let error as PassError {
                guard case .transport(let reason) = error else { Issue.record("unexpected \(error)"); return }
                #expect(reason.hasPrefix("the answer is not HTTP"), "\(reason)")
            }
            let faulted = server.backend.journalEntries().filter { $0.fault != nil }
            #expect(faulted.count == 1)
            #expect(faulted.first?.fault == "garbage#\(rule.id ?? 0)")
            #expect(faulted.first?.operation == "configuration")
            #expect(faulted.first.map { $0.status == nil } == true, "a dropped answer has no status")
            // Used up: the route answers again, on a new connection.
            #expect(try await client.configuration() == answer)
        }
    }

    @Test func aDribbledBodyArrivesWholeAfterItsDurationAndTheJournalNamesIt() async throws {
        try await Self.run { server, client, log in
            let answer = try await client.configuration()
            let plain = try #require(log.all.last { $0.operation == "configuration" })
            let rule = server.backend.addFault(
                try FaultRule(route: "configuration", fault: .dribble(chunks: 4, durationMilliseconds: 800), times: 1))
            let started = ContinuousClock.now
            #expect(try await client.configuration() == answer)
            let elapsed = ContinuousClock.now - started
            #expect(elapsed >= .milliseconds(800), "\(elapsed)")
            let dribbled = try #require(log.all.last { $0.operation == "configuration" })
            #expect(dribbled.status == 200 && dribbled.failure == nil)
            #expect(plain.responseBody?.isEmpty == false && dribbled.responseBody == plain.responseBody)
            #expect(dribbled.responseHeader("X-Tvsim-Fault") == "dribble#\(rule.id ?? 0)")
            #expect(
                dribbled.responseHeader("Content-Length") == plain.responseHeader("Content-Length")
                    && dribbled.responseHeader("Content-Length") != nil)
            let entry = try #require(server.backend.journalEntries().last { $0.fault != nil })
            #expect(entry.fault == "dribble#\(rule.id ?? 0)" && entry.status == 200)
            #expect(
                entry.responseBody != nil
                    && entry.responseBody
                        == server.backend.journalEntries().first {
                            $0.operation == "configuration" && $0.fault == nil
                        }?.responseBody
            )
        }
    }
}
