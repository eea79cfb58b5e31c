import FlowCore
import Foundation
import Simulation
import Testing

@testable import FlowRuntime

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The terminal UI and `tvsim run` start their runs through one function: the same plan sets
/// up the same app, and only what the plan says (a brand) changes it.
@Suite struct SessionStartTests {
    static func scenario(_ name: String) throws -> Scenario {
        let file = try #require(ScenarioCatalog.named(name))
        return try Scenario.parse(file.text, file: name)
    }

    static func prepare(_ plan: SessionPlan) async throws -> PreparedSession<MemoryDeviceStore> {
        let clock = VirtualClock()
        return try await WorldLauncher.embedded.prepare(
            plan, clock: clock, timeline: Timeline(now: { clock.nowMilliseconds() }),
            device: { world, setup in
                guard let scenario = plan.scenario else {
                    return MemoryDeviceStore(SimulatedDevice(platform: setup.platform, deviceIdentifier: "free"))
                }
                return MemoryDeviceStore(try await world.givenDevice(for: scenario, setup: setup))
            },
            agent: { world in ScriptedUser(steps: [], personas: world.info.personas) })
    }

    @Test func aScenarioSetsUpItsAppAndABrandOnlyRenamesIt() async throws {
        let scenario = try Self.scenario("rest-v2-tvos-vsa404-not-allowed")
        let plain = try await Self.prepare(SessionPlan(scenario: scenario))
        let branded = try await Self.prepare(SessionPlan(scenario: scenario, appName: "Acme TV"))
        await plain.world.stop()
        await branded.world.stop()
        #expect(plain.setup.asksPermission == false)
        #expect(plain.setup.platform == .tvos)
        #expect(plain.setup.identity.displayName == "Orbit TV")
        #expect(branded.setup.identity.displayName == "Acme TV")
        #expect(branded.setup.identity.usageDescription?.contains("Acme TV") == true)
        #expect(branded.setup.identity.usageDescription?.contains("Orbit TV") == false)
        var renamed = plain.setup
        renamed.identity = branded.setup.identity
        #expect(renamed == branded.setup)
    }

    @Test func aPlanWithAScenarioTakesItsPlatformIntegrationAndRequestor() throws {
        let scenario = try Self.scenario("rest-v2-tvos-vsa404-not-allowed")
        let plan = SessionPlan(scenario: scenario, platform: .ios, integration: .sdk, requestor: "OTHER")
        #expect(plan.platform == .tvos)
        #expect(plan.integration == .restV2)
        #expect(plan.requestor == scenario.requestor)
    }

    @Test func aFailedDeviceStopsTheWorldItStarted() async throws {
        struct NoDevice: Error {}
        let clock = VirtualClock()
        var started: SimulationWorld?
        await #expect(throws: NoDevice.self) {
            _ = try await WorldLauncher.embedded.prepare(
                SessionPlan(scenario: nil), clock: clock, timeline: Timeline(now: { clock.nowMilliseconds() }),
                device: { world, _ -> MemoryDeviceStore in
                    started = world
                    throw NoDevice()
                },
                agent: { _ in ScriptedUser(steps: [], personas: []) })
        }
        let world = try #require(started)
        let port = try #require(URLComponents(string: world.baseURL)?.port)
        #expect(!Self.accepts(port: port), "the world's back end still listens on \(port)")
    }

    /// Whether something listens on `port` of the loopback interface.
    static func accepts(port: Int) -> Bool {
        #if canImport(Glibc)
            let stream = Int32(SOCK_STREAM.rawValue)
        #else
            let stream = SOCK_STREAM
        #endif
        let socket = socket(AF_INET, stream, 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
