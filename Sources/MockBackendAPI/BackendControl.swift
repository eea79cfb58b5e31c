import Foundation
import PassAPI
import Simulation

/// The app's Media Token Verifier (seed 001, F.3). Adobe's library checks a token with Adobe's
/// public certificate; tvsim's tokens are signed with the mock's own key, so the mock back end
/// verifies them in the library's place.
public protocol MediaTokenVerifying: Sendable {
    func verifyMediaToken(_ serializedToken: String, resource: String) async throws -> MediaTokenVerification
}

/// What a run may do to the mock back end it plays against. The back end is either started in
/// this process (embedded) or a `tvsim serve` reached through its admin API (remote); runs,
/// comparisons and the terminal UI see only this protocol.
public protocol BackendControl: MediaTokenVerifying {
    /// Where the back end answers, without a trailing slash (`http://127.0.0.1:PORT`).
    var baseURL: String { get }
    /// Where things are and what to sign in with (`GET /__tvsim/info`).
    func info() async throws -> ServerInfo
    /// Back to the dashboard the back end started with: no sessions, profiles, faults or journal.
    func reset() async throws
    func configuration() async throws -> Dashboard
    func replaceConfiguration(_ dashboard: Dashboard) async throws
    func addFault(_ rule: FaultRule) async throws
    /// The faults in force, with their ids and what is left of their `times`.
    func faults() async throws -> [FaultRule]
    func removeFault(id: Int) async throws
    /// The world as the back end sees it, secrets left out (`GET /__tvsim/state`).
    func state() async throws -> StateSnapshot
    /// Makes every stored profile expire now.
    func expireProfiles() async throws
    /// The journal's entries after `id`, oldest first, at most `limit` (`GET /__tvsim/journal`),
    /// secrets hidden: what `tvsim watch` follows.
    func journal(after id: Int, limit: Int) async throws -> [HTTPExchange]
    /// Moves the back end's clock forward (on the wall clock, by an offset).
    func advanceClock(bySeconds seconds: Double) async throws
    /// Stops a back end this process started; a remote one is left running.
    func stop() async
}

extension BackendControl {
    /// Applies dashboard changes on top of the back end's current dashboard.
    public func patch(_ patch: DashboardPatch) async throws {
        guard !patch.isEmpty else { return }
        let current = try await configuration()
        try await replaceConfiguration(try patch.applied(to: current))
    }

    /// Makes the back end ready for a scenario: a clean state, the scenario's dashboard changes
    /// and its faults.
    public func prepare(backend patch: DashboardPatch, faults: [FaultRule]) async throws {
        try await reset()
        try await self.patch(patch)
        for fault in faults { try await addFault(fault) }
    }
}

/// Starts back ends in this process. The executable gives the runtime one, so that the runtime
/// needs no server code of its own.
public protocol BackendHost: Sendable {
    /// A back end on a free loopback port, with this dashboard, clock and random seed.
    func start(dashboard: Dashboard, clock: any SimulationClock, seed: UInt64) async throws -> any BackendControl
}
