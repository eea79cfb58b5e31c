import Foundation
import MockBackendAPI
import PassClient
import Simulation

/// Builds the world a run plays in, the one way runs, comparisons and the terminal UI do: the
/// back end (started here, or a running `tvsim serve` made ready over its admin API) with the
/// scenario's dashboard changes and faults, on the run's clock.
public struct WorldLauncher: Sendable {
    enum Source: Sendable {
        /// A fresh back end per world, from this dashboard.
        case embedded(any BackendHost, dashboard: Dashboard)
        /// One shared back end, reset for every world.
        case remote(url: String, adminToken: String?)
    }

    let source: Source

    /// Worlds on back ends started in this process, from `dashboard`.
    public init(host: any BackendHost, dashboard: Dashboard = .builtIn) {
        source = .embedded(host, dashboard: dashboard)
    }

    /// Worlds on a back end that is already running (`--server URL`).
    public static func remote(url: String, adminToken: String? = nil) -> WorldLauncher {
        WorldLauncher(source: .remote(url: url, adminToken: adminToken))
    }

    init(source: Source) {
        self.source = source
    }

    /// A world for `scenario`, or for the free device when there is none.
    public func launch(for scenario: Scenario?, clock: any SimulationClock, seed: UInt64 = 1) async throws
        -> SimulationWorld
    {
        switch source {
        case .embedded(let host, let dashboard):
            let changed = try scenario.map { try $0.backend.applied(to: dashboard) } ?? dashboard
            let backend = try await host.start(dashboard: changed, clock: clock, seed: seed)
            do {
                for fault in scenario?.faults ?? [] { try await backend.addFault(fault) }
                return SimulationWorld(backend: backend, info: try await backend.info(), clock: clock)
            } catch {
                await backend.stop()
                throw error
            }
        case .remote(let url, let token):
            let backend = RemoteBackend(baseURL: url, token: token, clock: clock)
            do { _ = try await backend.info() } catch {
                // A token problem is the user's to fix; anything else means this is not our server.
                if case .refused(401, _) = error { throw error }
                throw WorldError.notAMockServer(backend.baseURL)
            }
            if let scenario {
                do { try await backend.prepare(backend: scenario.backend, faults: scenario.faults) } catch {
                    throw WorldError.notPrepared(backend.baseURL, "\(error)")
                }
            }
            return SimulationWorld(backend: backend, info: try await backend.info(), clock: clock)
        }
    }
}
