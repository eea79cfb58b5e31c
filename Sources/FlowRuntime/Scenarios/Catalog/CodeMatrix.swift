import FlowCore
import VSASimulator

/// Which built-in scenarios raise each of the codes of the single sign-on journey, per
/// integration and platform: the catalog's coverage, as `tvsim scenarios matrix` prints it.
public struct CodeMatrix: Sendable, Equatable {
    /// The codes every integration must be shown to raise on both platforms.
    public static let codes = StatusCode.singleSignOnJourney.map(\.id)

    public struct Cell: Sendable, Equatable, Hashable {
        public let integration: Integration
        public let platform: DevicePlatform
        public let code: String
    }

    /// The scenarios expecting each cell's code, in catalog order.
    public let scenarios: [Cell: [String]]

    public init(_ catalog: [Scenario]) {
        var scenarios: [Cell: [String]] = [:]
        for scenario in catalog {
            for code in Set(scenario.expect.codes ?? []) where Self.codes.contains(code) {
                let cell = Cell(integration: scenario.integration, platform: scenario.platform, code: code)
                scenarios[cell, default: []].append(scenario.name)
            }
        }
        self.scenarios = scenarios
    }

    /// Every cell, integration by integration, platform by platform, code by code.
    public static var cells: [Cell] {
        Integration.allCases.flatMap { integration in
            DevicePlatform.allCases.flatMap { platform in
                codes.map { Cell(integration: integration, platform: platform, code: $0) }
            }
        }
    }

    /// The cells no scenario covers.
    public var empty: [Cell] { Self.cells.filter { (scenarios[$0] ?? []).isEmpty } }

    /// A table: one row per integration and platform, one column per code, the number of
    /// scenarios in each cell (`—` for none).
    public var table: [String] {
        let rowTitles = Integration.allCases.flatMap { integration in
            DevicePlatform.allCases.map { "\(integration.rawValue) \($0.rawValue)" }
        }
        let titleWidth = rowTitles.map(\.count).max() ?? 0
        let widths = Self.codes.map { max($0.count, 3) }
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        var lines = [pad("", titleWidth) + "  " + zip(Self.codes, widths).map { pad($0, $1) }.joined(separator: "  ")]
        for integration in Integration.allCases {
            for platform in DevicePlatform.allCases {
                let counts = Self.codes.map { code in
                    scenarios[Cell(integration: integration, platform: platform, code: code)]?.count ?? 0
                }
                let title = pad("\(integration.rawValue) \(platform.rawValue)", titleWidth)
                let row = zip(counts, widths).map { pad($0.0 == 0 ? "—" : String($0.0), $0.1) }.joined(separator: "  ")
                lines.append(String((title + "  " + row).reversed().drop { $0 == " " }.reversed()))
            }
        }
        return lines
    }
}
