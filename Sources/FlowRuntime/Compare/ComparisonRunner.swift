import FlowCore
import Foundation
import MockBackendAPI

/// Runs one scenario twice, with its integration replaced by each of two, and compares the runs.
/// Everything else stays: platform, device, back end, faults and the user's steps. The scenario's
/// expectations are not checked: they were written for one integration, and codes and steps
/// legitimately differ between integrations.
public struct ComparisonRunner: Sendable {
    public let launcher: WorldLauncher

    public init(launcher: WorldLauncher) {
        self.launcher = launcher
    }

    public func run(_ scenario: Scenario, left: Integration, right: Integration) async -> Comparison {
        async let first = runOne(scenario, with: left)
        async let second = runOne(scenario, with: right)
        let runs = await (first, second)
        var comparison = SideBySide.compare(runs.0, runs.1, names: Self.names(for: scenario))
        comparison.timelines = (runs.0.result.timeline, runs.1.result.timeline)
        return comparison
    }

    func runOne(_ scenario: Scenario, with integration: Integration) async -> ComparedRun {
        var variant = scenario
        variant.integration = integration
        let (result, ending) = await ScenarioRunner(launcher: launcher).runUnchecked(variant)
        let kind: ComparisonOutcome.Ending =
            switch ending {
            case nil: .notStarted
            case .finished?: .finished
            case .crashed?: .crashed
            case .runaway?: .runaway
            }
        return ComparedRun(result: result, ending: kind, problems: result.failures)
    }

    /// The names that differ from scenario to scenario: the requestor and every MVPD of the
    /// scenario's back end, by id and by its id in Apple's catalog.
    static func names(for scenario: Scenario) -> CallNames {
        let dashboard = (try? scenario.backend.applied(to: .builtIn)) ?? .builtIn
        var mvpds = Set(dashboard.mvpds.map(\.id))
        mvpds.formUnion(dashboard.mvpds.compactMap(\.platformMappingId))
        return CallNames(requestor: scenario.requestor, mvpds: mvpds)
    }
}

extension Integration {
    /// The integration a comparison puts beside this one unless told otherwise: REST API V2
    /// beside each of the others, and REST API V1 beside V2 (the migration V2 is about).
    public var counterpart: Integration {
        switch self {
        case .restV2: .restV1
        case .restV1, .sdk, .customIdP: .restV2
        }
    }
}
