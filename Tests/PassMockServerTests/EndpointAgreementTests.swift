import Conformance
import Foundation
import MockBackendAPI
import PassAPI
import PassClient
import Simulation
import Synchronization
import Testing

@testable import PassMockServer

/// Each call is defined once (`Endpoint`); the mock's routes, the clients' requests, the
/// journal and the audit's table all name it from there. These tests hold the four together:
/// a call the mock serves that no definition names, or a client request the mock journals
/// under another name, fails here.
@Suite struct EndpointAgreementTests {
    static func backend(_ clock: VirtualClock = VirtualClock()) -> MockBackend {
        MockBackend(dashboard: .builtIn, clock: clock, seed: 1)
    }

    /// The calls tvsim's own clients never make: the mock serves them to outside clients (a
    /// second-screen web app, a V1 set-top box) and its own pages.
    static let servedForOthers: Set<String> = [
        "v1.regcode.retrieve", "v1.regcode.delete", "v1.authenticate.regcode", "v1.freepreview",
        "v1.checkauthn.code", "v1.tokens.authz", "v1.preauthorize.code", "idp.vsa.context",
        // A lab's framework stand-in, for trainees' clients (tvsim's own has the simulated framework).
        "lab.framework",
    ]

    @Test func theMockServesEveryDefinedCallAndNothingElseButItsAdminAPI() {
        let routes = MockServer.routes(backend: Self.backend())
        for endpoint in Endpoint.all {
            for path in endpoint.paths {
                let served = routes.first { $0.method == endpoint.method && $0.path == path }
                #expect(
                    served?.operation == endpoint.operation,
                    "\(endpoint.method) \(path) is not served as \(endpoint.operation)")
            }
        }
        for route in routes where !route.path.hasPrefix("/__tvsim") {
            let bare = [".json", ".xml"].reduce(route.path) { path, suffix in
                path.hasSuffix(suffix) ? String(path.dropLast(suffix.count)) : path
            }
            let endpoint = Endpoint.named(route.operation)
            #expect(
                endpoint?.method == route.method && endpoint?.paths.contains(bare) == true,
                "\(route.method) \(route.path) is served as \(route.operation), which no definition gives that path")
        }
    }

    @Test func theAuditRecognisesExactlyTheCallsACookbookNames() {
        let table = RuleCatalog.builtIn.operations.entries
        #expect(Set(table.map(\.operation)) == Set(Endpoint.all.filter { !$0.steps.isEmpty }.map(\.operation)))
        for endpoint in Endpoint.all where !endpoint.isPage {
            let sample = endpoint.path(filling: Array(repeating: "x", count: endpoint.path.count { $0 == "{" }))
            let entry = RuleCatalog.builtIn.operations.entry(method: endpoint.method, path: sample)
            #expect(entry?.operation == (endpoint.steps.isEmpty ? nil : endpoint.operation), "\(endpoint)")
        }
    }

    @Test func definitionsNameEachCallOnceAndFillTheirPaths() {
        #expect(Set(Endpoint.all.map(\.operation)).count == Endpoint.all.count)
        #expect(Endpoint.profileForMvpd.path("ORBIT", "a b/c") == "/api/v2/ORBIT/profiles/a%20b%2Fc")
        for endpoint in Endpoint.all {
            let values = (0..<endpoint.path.count { $0 == "{" }).map { "v\($0)" }
            // Each `{name}` in turn replaced by its value.
            let expected = values.reduce(endpoint.path) { path, value in
                guard let open = path.firstIndex(of: "{"), let close = path[open...].firstIndex(of: "}") else {
                    return path
                }
                return path.replacingCharacters(in: open...close, with: value)
            }
            #expect(endpoint.path(filling: values) == expected, "\(endpoint)")
        }
        #expect(Endpoint.matching(method: "GET", path: "/api/v2/ORBIT/profiles/code/ABC") == .profileForCode)
        #expect(Endpoint.matching(method: "GET", path: "/api/v2/ORBIT/profiles/aurora") == .profileForMvpd)
        #expect(Endpoint.matching(method: "GET", path: "/api/v1/mediatoken") == .v1MediaToken)
        #expect(Endpoint.matching(method: "PUT", path: "/api/v1/mediatoken") == nil)
    }

    /// Every call tvsim's clients make reaches the mock under the client's own name for it: the
    /// journal's operation is the client's label, which the definitions match by method and path.
    @Test func everyCallOfTheClientsIsJournalledUnderTheClientsName() async throws {
        let clock = VirtualClock()
        let backend = Self.backend(clock)
        let server = try await MockServer.start(backend: backend)
        let sent = Mutex<[HTTPExchange]>([])
        let observer: ExchangeObserver = { exchange in sent.withLock { $0.append(exchange) } }
        await Self.callEverything(baseURL: server.baseURL, backend: backend, clock: clock, observer: observer)
        await server.stop()

        let exchanges = sent.withLock { $0 }
        let journal = backend.journalEntries().filter { $0.operation != "admin" }
        #expect(exchanges.count == journal.count)
        for (exchange, entry) in zip(exchanges, journal) {
            let path = HTTPExchange.path(of: exchange.url)
            #expect(entry.operation == exchange.operation, "\(exchange.method) \(path)")
            #expect(Endpoint.matching(method: exchange.method, path: path)?.operation == exchange.operation)
        }
        let called = Set(exchanges.compactMap(\.operation))
        for endpoint in Endpoint.all where !endpoint.isPage && !Self.servedForOthers.contains(endpoint.operation) {
            #expect(called.contains(endpoint.operation), "no client of tvsim calls \(endpoint.operation)")
        }
    }

    /// One of each call of the clients, in any state: a refusal is journalled under the
    /// call's name as an answer is.
    static func callEverything(
        baseURL: String, backend: MockBackend, clock: VirtualClock, observer: @escaping ExchangeObserver
    ) async {
        let client = PassClient(
            configuration: .init(
                baseURL: baseURL, serviceProvider: "ORBIT", softwareStatement: backend.softwareStatement(for: "ORBIT")!,
                deviceIdentifier: DeviceIdentifier(identifier: "device-1"),
                deviceInfo: .iPhone(applicationId: "ORBIT")),
            clock: clock, observer: observer)
        _ = try? await client.requestAccessToken()
        _ = try? await client.configuration()
        let session = try? await client.createSession(mvpd: nil, domainName: "orbit.tvsim.example", redirectUrl: nil)
        let code = session?.code ?? "NOCODE"
        _ = try? await client.retrieveSession(code: code)
        _ = try? await client.resumeSession(code: code, mvpd: "aurora", domainName: nil, redirectUrl: nil)
        _ = try? await client.profiles()
        _ = try? await client.profile(mvpd: "aurora")
        _ = try? await client.profile(code: code)
        _ = try? await client.preauthorize(mvpd: "aurora", resources: ["r"])
        _ = try? await client.authorize(mvpd: "aurora", resources: ["r"])
        _ = try? await client.logout(mvpd: "aurora", redirectUrl: nil)
        _ = try? await client.partnerSession(partnerStatus: nil, domainName: nil, redirectUrl: nil)
        _ = try? await client.partnerProfile(samlResponse: "x", partnerStatus: nil)
        _ = try? await client.v1CheckAuthentication()
        _ = try? await client.v1AuthenticationToken()
        _ = try? await client.v1Configuration()
        _ = try? await client.v1CreateRegistrationCode(mvpd: nil)
        _ = try? await client.v1ProfileRequest(mvpd: "aurora", deviceType: .iOS)
        _ = try? await client.v1TokenExchange(mvpd: "aurora", deviceType: .iOS, samlResponse: "x")
        _ = try? await client.v1Preauthorize(resources: ["r"])
        _ = try? await client.v1Authorize(resource: "r")
        _ = try? await client.v1MediaToken(resource: "r")
        _ = try? await client.v1UserMetadata()
        _ = try? await client.v1Logout()
        let provider = IdentityProviderClient(baseURL: baseURL, clock: clock, observer: observer)
        _ = try? await provider.signIn(mvpd: "aurora", username: "x", password: "x")
        _ = try? await provider.attributeQuery(
            mvpd: "aurora", providerSessionToken: "x", verificationToken: nil, attributeNames: [],
            channelIdentifier: nil)
        let own = CustomIdentityProviderClient(baseURL: baseURL, requestor: "ORBIT", clock: clock, observer: observer)
        _ = try? await own.info(provider: "aurora")
        _ = try? await own.translate(saml: "x", provider: "aurora", deviceId: "device-1")
        _ = try? await own.exchange(code: "x", redirectURI: "app://x")
        _ = try? await own.deviceAuthorization(deviceId: "device-1")
        _ = try? await own.pollDeviceToken(deviceCode: "x")
    }
}
