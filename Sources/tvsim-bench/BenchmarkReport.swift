import Foundation

/// The parts of `tvsim-bench`, runnable one by one with `--only`.
public enum BenchmarkKind: String, CaseIterable, Sendable, Codable {
    case startup, input, scenarios, audit, server, limits, memory
    /// Ten minutes of polling clients; only when asked for.
    case soak

    /// What `tvsim-bench` runs without `--only`.
    public static let standard: [BenchmarkKind] = [.startup, .input, .scenarios, .audit, .server, .limits, .memory]
}

/// One measured figure, its target and whether it met it.
public struct BenchmarkRow: Sendable, Codable, Equatable {
    public let kind: BenchmarkKind
    public let metric: String
    public let value: Double
    public let unit: String
    /// `< 150 ms`, `≥ 20000 req/s`; nil for figures reported without a target.
    public let target: String?
    public let met: Bool?
    /// How it was measured: sample count, spread.
    public let detail: String

    init(
        _ kind: BenchmarkKind, _ metric: String, _ value: Double, _ unit: String, target: Target? = nil,
        detail: String = ""
    ) {
        self.kind = kind
        self.metric = metric
        self.value = value
        self.unit = unit
        self.target = target.map { "\($0.isMaximum ? "<" : "≥") \(Self.format($0.limit)) \(unit)" }
        self.met = target.map { $0.isMaximum ? value < $0.limit : value >= $0.limit }
        self.detail = detail
    }

    struct Target {
        let limit: Double
        let isMaximum: Bool
        static func under(_ limit: Double) -> Target { Target(limit: limit, isMaximum: true) }
        static func atLeast(_ limit: Double) -> Target { Target(limit: limit, isMaximum: false) }
    }

    /// Three significant digits at most, no exponent: 0.412, 41.2, 23 180.
    static func format(_ value: Double) -> String {
        if value >= 1000 { return String(Int(value.rounded())) }
        if value >= 100 { return String(format: "%.0f", value) }
        if value >= 10 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }
}

/// The table `tvsim-bench` prints.
public enum BenchmarkTable {
    public static func render(_ rows: [BenchmarkRow], machine: String) -> String {
        let header = ["benchmark", "metric", "measured", "target", "", "how"]
        let cells = rows.map { row in
            [
                row.kind.rawValue, row.metric, "\(BenchmarkRow.format(row.value)) \(row.unit)", row.target ?? "—",
                row.met.map { $0 ? "ok" : "MISSED" } ?? "", row.detail,
            ]
        }
        let widths = header.indices.map { column in
            ([header] + cells).map { $0[column].count }.max() ?? 0
        }
        func line(_ values: [String]) -> String {
            zip(values, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
        let missed = rows.filter { $0.met == false }.count
        let summary =
            missed == 0
            ? "Every target met."
            : "\(missed) target\(missed == 1 ? "" : "s") missed."
        return
            ([machine, "", line(header), String(repeating: "─", count: widths.reduce(0, +) + 10)]
            + cells.map(line) + ["", summary]).joined(separator: "\n")
    }
}

/// What the figures came from: processor, cores, memory, build.
public enum MachineDescription {
    public static var current: String {
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown processor"
        let memory = ProcessInfo.processInfo.physicalMemory / 1_048_576 / 1024
        #if DEBUG
            let build = "debug build (use 'swift build -c release' for real figures)"
        #else
            let build = "release build"
        #endif
        return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) GB; \(build)"
    }
}
