import ArgumentParser
import FlowRuntime
import Foundation
import LocatedJSON

/// `tvsim scenarios list|show`.
struct Scenarios: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the built-in scenarios, or print one as a scenario file.",
        subcommands: [List.self, Show.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the built-in scenarios.")

        func run() throws {
            let scenarios = try ScenarioCatalog.all()
            let width = scenarios.map(\.name.count).max() ?? 10
            for scenario in scenarios {
                let codes = scenario.expect.codes?.joined(separator: ",") ?? "-"
                let platform = scenario.platform.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)
                let integration = scenario.integration.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                Console.line(
                    "\(scenario.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(platform) \(integration) "
                        + "\(codes.count < 24 ? codes.padding(toLength: 24, withPad: " ", startingAt: 0) : codes)  \(scenario.description)"
                )
            }
            Console.line("\(scenarios.count) scenarios")
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a built-in scenario file.")

        @Argument(help: "The scenario name (see 'tvsim scenarios list').")
        var name: String

        func run() throws {
            guard let file = ScenarioCatalog.named(name) else {
                throw CommandFailure("there is no built-in scenario '\(name)'; 'tvsim scenarios list' shows them")
            }
            Console.line(file.text)
        }
    }
}

/// `tvsim run NAME|FILE… | --all [--json]`.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scenarios headless on a virtual clock, print their timelines, and exit non-zero if one fails.")

    @Argument(help: "Built-in scenario names or scenario files.")
    var scenarios: [String] = []

    @Flag(help: "Run the whole built-in catalog.")
    var all = false

    @Flag(help: "Print the results as JSON (timelines included) instead of text.")
    var json = false

    @Flag(help: "Print only the summary line of each scenario.")
    var quiet = false

    func validate() throws {
        if scenarios.isEmpty, !all { throw ValidationError("Name at least one scenario, or use --all.") }
    }

    func run() async throws {
        let selected = try resolve()
        var results: [ScenarioResult] = []
        for scenario in selected {
            let result = await ScenarioRunner().run(scenario)
            results.append(result)
            if !json { printText(result) }
        }
        let failed = results.filter { !$0.passed }.count
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            Console.line(String(decoding: try encoder.encode(results), as: UTF8.self))
        } else {
            Console.line("\(results.count - failed) passed, \(failed) failed")
        }
        if failed > 0 { throw ExitCode(1) }
    }

    private func resolve() throws -> [Scenario] {
        if all { return try ScenarioCatalog.all() }
        return try scenarios.map { argument in
            do { return try ScenarioCatalog.resolve(argument) } catch { throw CommandFailure("\(error)") }
        }
    }

    private func printText(_ result: ScenarioResult) {
        let mark = result.passed ? "PASS" : "FAIL"
        Console.line("\(mark) \(result.name) (\(result.platform), \(result.integration)) — \(result.description)")
        if !quiet {
            for line in TimelineText.lines(result.timeline, start: result.startTime) { Console.line("  \(line)") }
        }
        for failure in result.failures { Console.line("  ✗ \(failure)") }
    }
}
