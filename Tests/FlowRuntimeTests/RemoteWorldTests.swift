import Foundation
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
        let server = try await SimulationWorld.embedded(clock: clock, adminToken: "s3cret-token")
        defer { Task { await server.stop() } }
        let remote = try await SimulationWorld.remote(baseURL: server.baseURL, clock: clock, adminToken: "s3cret-token")
        let scenario = try Scenario.parse(Self.scenarioText, file: "remote.json")

        let prepared = try await remote.prepared(for: scenario)

        #expect(prepared.info.mvpds.first { $0.id == "AuroraCable" }?.displayName == "Aurora Remote")
        let state = try #require(await prepared.stateSnapshot())
        #expect(state.faults.count == 1)
        try await prepared.backstage.expireProfiles()
    }

    @Test func aMissingAdminTokenIsNamed() async throws {
        let clock = VirtualClock()
        let server = try await SimulationWorld.embedded(clock: clock, adminToken: "s3cret-token")
        defer { Task { await server.stop() } }
        do {
            _ = try await SimulationWorld.remote(baseURL: server.baseURL, clock: clock)
            Issue.record("the server accepted admin calls without its token")
        } catch {
            #expect("\(error)".contains("--admin-token"))
        }
        let wrong = try await SimulationWorld.remote(baseURL: server.baseURL, clock: clock, adminToken: "s3cret-token")
        let changed = AdminClient(baseURL: wrong.baseURL, token: "not-the-token", clock: clock)
        await #expect(throws: AdminError.self) { try await RemoteBackstage(admin: changed).expireProfiles() }
    }

    @Test func scenariosResolveByNameOrFileAndSayWhatIsMissing() throws {
        #expect(try ScenarioCatalog.resolve("rest-v2-ios-apple-sso").name == "rest-v2-ios-apple-sso")
        #expect(throws: ScenarioLookupError.self) { try ScenarioCatalog.resolve("no-such-scenario") }
        do { _ = try ScenarioCatalog.resolve("no-such-scenario") } catch {
            #expect("\(error)".contains("neither a built-in scenario nor a file"))
        }
    }
}
