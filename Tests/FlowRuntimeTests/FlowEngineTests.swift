import FlowCore
import Foundation
import MockBackendAPI
import PassAPI
import PassClient
import Simulation
import Synchronization
import Testing
import VSASimulator

@testable import FlowRuntime

/// Answers the app's calls from a table and keeps them in order: the engine runs without a
/// server, and a test sees exactly what the app asked.
final class FakeAppCalls: AppCalls {
    private let made = Mutex<[APICall]>([])
    private let answer: @Sendable (APICall) -> APIResult

    init(answer: @escaping @Sendable (APICall) -> APIResult) {
        self.answer = answer
    }

    var calls: [APICall] { made.withLock { $0 } }

    func perform(_ call: APICall) async -> APIResult {
        made.withLock { $0.append(call) }
        return answer(call)
    }
}

/// The engine alone: the flow's reducer, the screens, the framework and the user, with the
/// app's calls answered by a fake. The end-to-end runs of the catalog test the HTTP side.
@Suite struct FlowEngineTests {
    static let tokenLifetime: Int64 = 86_400_000

    static func setup(_ platform: DevicePlatform = .ios, _ integration: Integration = .restV2) -> AppSetup {
        AppSetup(
            identity: AppIdentity(
                bundleId: "tv.orbit.orbit", displayName: "Orbit TV", usageDescription: "Orbit TV uses your provider."),
            platform: platform, integration: integration, requestor: "ORBIT", domainName: "orbit.tvsim.example",
            redirectUrl: "adbe.orbit://auth/done", catalog: [CatalogItem(id: "orbit-live", title: "Orbit Live")])
    }

    /// Services whose HTTP clients point nowhere: a test that reached them would fail its calls.
    static func services(_ setup: AppSetup, clock: any SimulationClock) -> FlowEngine.Services {
        let nowhere = "http://127.0.0.1:9"
        let info = ServerInfo(
            baseURL: nowhere, time: 0, requestors: [], mvpds: [], personas: [], identityProvider: [:],
            activationURL: "", customIdentityProvider: nil)
        let client = PassClient(
            configuration: .init(
                baseURL: nowhere, serviceProvider: setup.requestor, softwareStatement: "unused",
                deviceIdentifier: DeviceIdentifier(identifier: "engine-test"),
                deviceInfo: .iPhone(applicationId: "ORBIT"),
                redirectUri: setup.redirectUrl),
            clock: clock, credentials: nil, observer: nil)
        return FlowEngine.Services(
            client: client, identityProvider: IdentityProviderClient(baseURL: nowhere, clock: clock, observer: nil),
            baseURL: nowhere, info: info, catalog: ProviderCatalog(providers: []),
            customIdentityProvider: CustomIdentityProviderClient(
                baseURL: nowhere, requestor: setup.requestor, clock: clock, observer: nil))
    }

    static func run(
        _ steps: [String], setup: AppSetup = Self.setup(), calls: FakeAppCalls
    ) async throws -> (engine: FlowEngine, ending: FlowEngine.Ending, user: ScriptedUser, timeline: Timeline) {
        let clock = VirtualClock()
        let user = ScriptedUser(steps: try steps.map { try ScriptStep.parse($0) }, personas: [])
        let timeline = Timeline(now: { clock.nowMilliseconds() })
        let engine = FlowEngine(
            setup: setup, services: services(setup, clock: clock), clock: clock, agent: user,
            store: MemoryDeviceStore(SimulatedDevice(platform: setup.platform, deviceIdentifier: "engine-test")),
            timeline: timeline, backend: nil, calls: { _ in calls })
        let ending = await engine.run()
        return (engine, ending, user, timeline)
    }

    /// A REST API V2 launch on a device signed in nowhere: A.1, A.3, the permission, B.3 with
    /// the partner status, and no profile: N000.
    @Test func aLaunchRegistersAsksAndFindsNoProfile() async throws {
        let calls = FakeAppCalls { call in
            switch call {
            case .register: .registered
            case .token: .tokenIssued(expiresAt: VirtualClock.defaultStart.milliseconds + Self.tokenLifetime)
            case .v2(let v2) where v2.endpoint == .profiles: .profiles(ProfilesResponse(profiles: [:]))
            default: .failed(PassErrorSummary(kind: .transport, httpStatus: nil, message: "unexpected \(call)"))
            }
        }
        let (engine, ending, user, timeline) = try await Self.run(["launch", "allow"], calls: calls)
        #expect(ending == .finished)
        #expect(user.problems.isEmpty)
        #expect(user.unusedSteps.isEmpty)
        #expect(calls.calls.count == 3)
        #expect(calls.calls.prefix(2) == [.register, .token])
        guard case .v2(let call) = try #require(calls.calls.last), call.endpoint == .profiles else {
            Issue.record("the last call is \(calls.calls.last.map { "\($0)" } ?? "none"), not GET /profiles")
            return
        }
        #expect(call.partnerStatus != nil, "B.3 carries the partner framework status")
        #expect(await engine.app.authentication == .notAuthenticated)
        #expect(timeline.statusCodes == ["N000"])
        #expect(timeline.steps == ["A.1", "A.3", "B.1", "B.2", "B.3"])
    }

    /// A failed call reaches the flow as its failure: registration refused, the app says so and
    /// makes no other call.
    @Test func aFailedRegistrationStopsTheLaunch() async throws {
        let refused = PassErrorSummary(
            kind: .registration(.invalidSoftwareStatement), httpStatus: 400, message: "invalid_software_statement")
        let calls = FakeAppCalls { _ in .failed(refused) }
        let (engine, ending, _, timeline) = try await Self.run(["launch"], calls: calls)
        #expect(ending == .finished)
        #expect(calls.calls == [.register])
        #expect(await engine.app.authentication.isAuthenticated == false)
        let notes = timeline.entries.filter { $0.kind == .note }.map(\.title)
        #expect(notes.contains { $0.contains("failed: invalid_software_statement") }, "\(notes)")
    }
}
