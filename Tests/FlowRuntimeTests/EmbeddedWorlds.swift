import FlowRuntime
import PassMockServer

/// Tests run scenarios the way `tvsim run` does: a back end of their own for every world.
extension WorldLauncher {
    static let embedded = WorldLauncher(host: EmbeddedBackendHost())
}

extension ScenarioRunner {
    init() { self.init(launcher: .embedded) }
}

extension ComparisonRunner {
    init() { self.init(launcher: .embedded) }
}
