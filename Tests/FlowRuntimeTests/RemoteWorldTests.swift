import Foundation
import MockBackendAPI
import PassClient
import PassMockServer
import Simulation
import Testing

@testable import FlowRuntime

/// A world on a running back end (`--server`): scenarios change it through the admin API.
@Suite struct RemoteWorldTests {
    static let scenarioText = """
        {"name": "remote", "description": "changes a shared back end", "platform": "ios", "integration": "rest-v2",
         "backend": {"mvpds": {"AuroraCable": {"displayName": "Aurora Remote"}}},
         "faults": [{"route": "configuration", "kind": "latency", "latencyMilliseconds": 10}],
         "steps": ["launch"], "expect": {}}
        """

    @Test func aScenarioResetsAndChangesTheServerThroughTheAdminAPI() async throws {
        let clock = VirtualClock()
        let server = try await WorldLauncher(host: EmbeddedBackendHost(adminToken: "s3cret-token"))
            .launch(for: nil, clock: clock)
        defer { Task { await server.stop() } }
        let scenario = try Scenario.parse(Self.scenarioText, file: "remote.json")

        let remote = try await WorldLauncher.remote(url: server.baseURL, adminToken: "s3cret-token")
            .launch(for: scenario, clock: clock)

        #expect(remote.backend is RemoteBackend)
        #expect(remote.info.mvpds.first { $0.id == "AuroraCable" }?.displayName == "Aurora Remote")
        let state = try #require(await remote.stateSnapshot())
        #expect(state.faults.count == 1)
        try await remote.backend.expireProfiles()
        let before = try await remote.backend.state().time
        try await remote.backend.advanceClock(bySeconds: 60)
        #expect(try await remote.backend.state().time - before == 60_000)
        let verdict = try await remote.backend.verifyMediaToken("not a token", resource: "orbit-live")
        #expect(verdict.status == .invalidTokenFormat, "the verifier answers over the admin API too")
    }

    @Test func anEmbeddedWorldGetsTheScenarioBackEndAndFaultsToo() async throws {
        let scenario = try Scenario.parse(Self.scenarioText, file: "remote.json")
        let world = try await WorldLauncher.embedded.launch(for: scenario, clock: VirtualClock())
        defer { Task { await world.stop() } }

        #expect(world.backend is EmbeddedBackend)
        #expect(world.info.mvpds.first { $0.id == "AuroraCable" }?.displayName == "Aurora Remote")
        #expect(try await world.backend.state().faults.map(\.route) == ["configuration"])
    }

    @Test func aMissingAdminTokenIsNamed() async throws {
        let clock = VirtualClock()
        let server = try await WorldLauncher(host: EmbeddedBackendHost(adminToken: "s3cret-token"))
            .launch(for: nil, clock: clock)
        defer { Task { await server.stop() } }
        do {
            _ = try await WorldLauncher.remote(url: server.baseURL).launch(for: nil, clock: clock)
            Issue.record("the server accepted admin calls without its token")
        } catch {
            #expect("\(error)".contains("--admin-token"))
        }
        let wrong = RemoteBackend(baseURL: server.baseURL, token: "not-the-token", clock: clock)
        await #expect(throws: AdminError.self) { try await wrong.expireProfiles() }
    }

    @Test func somethingElseThanTheMockIsNamed() async throws {
        // Nothing listens on port 9 of the loopback address (discard is never enabled here).
        do {
            _ = try await WorldLauncher.remote(url: "http://127.0.0.1:9/").launch(for: nil, clock: VirtualClock())
            Issue.record("a world started without a back end")
        } catch {
            #expect("\(error)".contains("does not answer like a tvsim mock back end"))
        }
    }

    @Test func scenariosResolveByNameOrFileAndSayWhatIsMissing() throws {
        #expect(try ScenarioCatalog.resolve("rest-v2-ios-apple-sso").name == "rest-v2-ios-apple-sso")
        #expect(throws: ScenarioLookupError.self) { try ScenarioCatalog.resolve("no-such-scenario") }
        do { _ = try ScenarioCatalog.resolve("no-such-scenario") } catch {
            #expect("\(error)".contains("neither a built-in scenario nor a file"))
        }
    }
}
