import Foundation
import MockBackendAPI
import PassAPI
import Simulation

/// The mock back end running in this process, controlled directly rather than over HTTP.
public struct EmbeddedBackend: BackendControl {
    public let server: RunningMockServer

    public init(server: RunningMockServer) {
        self.server = server
    }

    public var backend: MockBackend { server.backend }
    public var baseURL: String { server.baseURL }

    public func info() -> ServerInfo { backend.info() }
    public func reset() { backend.reset() }
    public func configuration() -> Dashboard { backend.dashboard }
    public func replaceConfiguration(_ dashboard: Dashboard) { backend.replaceDashboard(dashboard) }
    public func addFault(_ rule: FaultRule) { backend.addFault(rule) }
    public func faults() -> [FaultRule] { backend.faultRules }
    public func removeFault(id: Int) { _ = backend.faults.remove(id: id) }
    public func state() -> StateSnapshot { backend.stateSnapshot() }
    public func expireProfiles() { backend.expireAllProfiles() }
    public func journal(after id: Int, limit: Int) -> [HTTPExchange] { backend.journalEntries(after: id, limit: limit) }

    public func verifyMediaToken(_ serializedToken: String, resource: String) -> MediaTokenVerification {
        backend.verifyMediaToken(serializedToken, resource: resource)
    }

    public func advanceClock(bySeconds seconds: Double) {
        backend.clock.skip(to: backend.clock.now().addingTimeInterval(max(0, seconds)))
    }

    public func stop() async { await server.stop() }
}

/// Starts embedded back ends on free loopback ports.
public struct EmbeddedBackendHost: BackendHost {
    public let adminToken: String?

    public init(adminToken: String? = nil) {
        self.adminToken = adminToken
    }

    public func start(dashboard: Dashboard, clock: any SimulationClock, seed: UInt64) async throws
        -> any BackendControl
    {
        let backend = MockBackend(dashboard: dashboard, clock: clock, seed: seed, adminToken: adminToken)
        return EmbeddedBackend(server: try await MockServer.start(backend: backend))
    }
}
