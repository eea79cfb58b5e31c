import ArgumentParser
import Foundation
import Localization

/// `tvsim-bench`: the performance figures, with their targets, measured on this machine against
/// a built `tvsim` (the product binary carries no load generator). Its hidden `floor-server`
/// command is the bare server the server figures are compared with.
@main
struct TVSimBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tvsim-bench",
        abstract: "Measure startup, input latency, scenario runs, mock server throughput and memory; print a table.",
        discussion: """
            Run it as 'swift run -c release tvsim-bench': debug builds are several times slower. It measures the \
            tvsim binary beside it (or --tvsim PATH). A full run takes about four minutes; --only picks parts. \
            'soak' (ten minutes of polling clients) runs only when named in --only. Exits 1 when a target is missed.
            """,
        subcommands: [FloorServer.self])

    @Option(
        help: ArgumentHelp("The tvsim binary to measure; by default the one beside tvsim-bench.", valueName: "path"))
    var tvsim: String?

    @Option(
        help: ArgumentHelp(
            "Run only these parts (comma-separated): \(BenchmarkKind.allCases.map(\.rawValue).joined(separator: ", ")).",
            valueName: "parts"))
    var only: String?

    @Option(help: "Launches measured for the startup median.")
    var startupRuns = 20

    @Option(help: "Seconds of load per server route on each server (tvsim serve and the floor).")
    var seconds = 10

    @Option(help: "Concurrent connections for the server benchmarks.")
    var connections = 64

    @Option(help: "Requests sent before the server's memory is read.")
    var memoryRequests = 1_000_000

    @Option(help: "Minutes of the soak.")
    var soakMinutes = 10

    @Option(help: "Polling clients in the soak.")
    var soakClients = 100

    @Flag(help: "Print the rows as JSON instead of a table.")
    var json = false

    @Option(help: "The language of the terminal UI measured: en, es, zh-Hans, zh-Hant or ru.")
    var lang = "en"

    func validate() throws {
        _ = try kinds()
        do { _ = try Language(tag: lang) } catch { throw ValidationError("--lang: \(error)") }
        guard startupRuns > 0, seconds > 0, soakMinutes > 0, (1...1024).contains(connections),
            (1...1024).contains(soakClients), memoryRequests >= 2
        else {
            throw ValidationError(
                "--startup-runs, --seconds and --soak-minutes must be positive, --connections and --soak-clients 1…1024, --memory-requests at least 2."
            )
        }
    }

    func kinds() throws -> [BenchmarkKind] {
        guard let only else { return BenchmarkKind.standard }
        return try only.split(separator: ",").map { name in
            guard let kind = BenchmarkKind(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError(
                    "--only: '\(name)' is not a benchmark; use \(BenchmarkKind.allCases.map(\.rawValue).joined(separator: ", "))."
                )
            }
            return kind
        }
    }

    func run() async throws {
        var settings = BenchmarkSuite.Settings(executable: try measuredExecutable(), benchExecutable: Self.ownPath)
        settings.kinds = try kinds()
        settings.startupRuns = startupRuns
        settings.serverDuration = .seconds(seconds)
        settings.connections = connections
        settings.memoryRequests = memoryRequests
        settings.soakMinutes = soakMinutes
        settings.soakClients = soakClients
        settings.language = try Language(tag: lang)
        let rows: [BenchmarkRow]
        do {
            rows = try await BenchmarkSuite(settings: settings).run { Self.say("bench: \($0)…") }
        } catch {
            throw ValidationError("benchmark failed: \(error)")
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(rows), as: UTF8.self))
        } else {
            print(BenchmarkTable.render(rows, machine: MachineDescription.current))
        }
        if rows.contains(where: { $0.met == false }) { throw ExitCode(1) }
    }

    /// The `tvsim` to start in a pseudo-terminal and as `tvsim serve`.
    func measuredExecutable() throws -> String {
        let path: String
        if let tvsim {
            path = tvsim
        } else {
            path = URL(fileURLWithPath: Self.ownPath).deletingLastPathComponent().appendingPathComponent("tvsim").path
        }
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ValidationError(
                "no tvsim binary at \(path): build it first ('swift build -c release') or pass --tvsim")
        }
        return path
    }

    /// This `tvsim-bench`, which also serves the floor.
    static var ownPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath
            ?? CommandLine.arguments[0]
    }

    static func say(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
