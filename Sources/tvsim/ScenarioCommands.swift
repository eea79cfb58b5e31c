import ArgumentParser
import FlowCore
import FlowRuntime
import Foundation
import Localization
import LocatedJSON
import PassAPI
import PassMockServer
import SequenceDiagram

/// `tvsim scenarios list|show|matrix`.
struct Scenarios: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the built-in scenarios, print one as a scenario file, or show which codes they cover.",
        subcommands: [List.self, Show.self, Matrix.self], defaultSubcommand: List.self)

    struct Matrix: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show which built-in scenarios raise each status code, per integration and platform.",
            discussion: """
                One row per integration and platform, one column per code, the number of scenarios whose \
                expected codes include it. With --list, the scenario names of every cell.
                """)

        @Flag(help: "List the scenarios of every cell.")
        var list = false

        func run() throws {
            let matrix = CodeMatrix(try ScenarioCatalog.all())
            for line in matrix.table { Console.line(line) }
            if list {
                for cell in CodeMatrix.cells {
                    let names = matrix.scenarios[cell] ?? []
                    Console.line(
                        "\(cell.integration.rawValue) \(cell.platform.rawValue) \(cell.code): "
                            + (names.isEmpty ? "—" : names.joined(separator: ", ")))
                }
            }
            let empty = matrix.empty
            Console.line(
                empty.isEmpty
                    ? "All \(CodeMatrix.cells.count) cells are covered."
                    : "\(empty.count) of \(CodeMatrix.cells.count) cells have no scenario.")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the built-in scenarios.")

        func run() throws {
            let scenarios = try ScenarioCatalog.all()
            let width = scenarios.map(\.name.count).max() ?? 10
            for scenario in scenarios {
                let codes = scenario.expect.codes?.joined(separator: ",") ?? "-"
                let platform = scenario.platform.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)
                let integration = scenario.integration.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
                Console.line(
                    "\(scenario.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(platform) \(integration) "
                        + "\(codes.count < 24 ? codes.padding(toLength: 24, withPad: " ", startingAt: 0) : codes)  \(scenario.description)"
                )
            }
            Console.line("\(scenarios.count) scenarios")
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a built-in scenario file, or its run's sequence diagram.")

        @Argument(help: "The scenario name (see 'tvsim scenarios list').")
        var name: String

        @Option(
            help: ArgumentHelp(
                "Run the scenario and print its sequence diagram instead: text, mermaid or svg.",
                valueName: "format"))
        var sequence: SequenceFormat?

        @OptionGroup var lang: LanguageOption

        func run() async throws {
            guard let file = ScenarioCatalog.named(name) else {
                throw CommandFailure("there is no built-in scenario '\(name)'; 'tvsim scenarios list' shows them")
            }
            if let sequence {
                let scenario: Scenario
                do { scenario = try ScenarioCatalog.resolve(name) } catch { throw CommandFailure("\(error)") }
                let result = await ScenarioRunner(launcher: .embedded, language: lang.language()).run(scenario)
                try SequenceOutput.print(result, as: sequence, language: lang.language())
                return
            }
            // The file exactly, its last newline included.
            Console.line(file.text.hasSuffix("\n") ? String(file.text.dropLast()) : file.text)
        }
    }
}

/// `tvsim run NAME|FILE… | --all [--json]`, and `tvsim run NAME|FILE --compare A,B`.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scenarios headless on a virtual clock, print their timelines, and exit non-zero if one fails.",
        discussion: """
            With --compare A,B, one scenario runs twice, with its integration replaced by A and by B, and the two \
            runs are printed side by side, aligned on the parts of the journey (the scenario's expectations are \
            not checked then).
            """)

    @Argument(help: "Built-in scenario names or scenario files.")
    var scenarios: [String] = []

    @Flag(help: "Run the whole built-in catalog.")
    var all = false

    @Flag(help: "Print the results as JSON (timelines included) instead of text.")
    var json = false

    @Flag(help: "Print only the summary line of each scenario (with --compare: only the summary).")
    var quiet = false

    @Option(
        help: ArgumentHelp(
            "Run the scenario with two integrations and print the runs side by side.",
            valueName: "A,B"))
    var compare: String?

    @Option(
        help: ArgumentHelp(
            "Also write the runs' HTTP exchanges as a HAR 1.2 file (secrets redacted), one page per scenario.",
            valueName: "file.har"))
    var har: String?

    @Option(
        help: ArgumentHelp(
            "Also write the results as JUnit XML for CI: one test case per scenario, failures with the unmet "
                + "expectations and the end of the timeline.",
            valueName: "file.xml"))
    var junit: String?

    @Option(help: SequenceOutput.help)
    var sequence: SequenceFormat?

    @OptionGroup var lang: LanguageOption

    func validate() throws {
        if sequence != nil, all || scenarios.count != 1 || json || compare != nil {
            throw ValidationError(
                "--sequence draws one scenario's run; name exactly one, without --all, --json or --compare.")
        }
        if let compare {
            if all { throw ValidationError("--compare compares one scenario; it cannot be used with --all.") }
            if junit != nil {
                throw ValidationError("--junit reports scenarios run with their expectations, not --compare.")
            }
            _ = try Self.integrations(compare)
            if scenarios.count != 1 {
                throw ValidationError("--compare compares one scenario at a time; name exactly one.")
            }
        }
        if scenarios.isEmpty, !all { throw ValidationError("Name at least one scenario, or use --all.") }
    }

    /// The two integrations of `--compare A,B`: two valid names, different from each other.
    static func integrations(_ value: String) throws -> (Integration, Integration) {
        let names = value.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let known = Integration.allCases.map(\.rawValue).joined(separator: ", ")
        guard names.count == 2 else {
            throw ValidationError(
                "--compare takes two integrations separated by a comma, for example --compare rest-v2,sdk (one of \(known))."
            )
        }
        let parsed = try names.map { name in
            guard let integration = Integration(rawValue: name) else {
                throw ValidationError("--compare: '\(name)' is not an integration; use two of \(known).")
            }
            return integration
        }
        guard parsed[0] != parsed[1] else {
            throw ValidationError("--compare needs two different integrations, not \(names[0]) twice.")
        }
        return (parsed[0], parsed[1])
    }

    func run() async throws {
        // Before the runs: a wrong folder is found now, not after every scenario has run.
        if let har { try OutputFile.check(har, option: "--har") }
        if let junit { try OutputFile.check(junit, option: "--junit") }
        if let compare {
            try await runComparison(try Self.integrations(compare))
            return
        }
        let selected = try resolve()
        if let sequence {
            let result = await ScenarioRunner(launcher: .embedded, language: lang.language()).run(selected[0])
            if let har { try Self.write(HARDocument.data([Self.run(of: result)]), to: har) }
            if let junit { try Self.write(Data(JUnitReport.xml([result]).utf8), to: junit) }
            try SequenceOutput.print(result, as: sequence, language: lang.language())
            return
        }
        var results: [ScenarioResult] = []
        for scenario in selected {
            let result = await ScenarioRunner(launcher: .embedded, language: lang.language()).run(scenario)
            results.append(result)
            if !json { printText(result) }
        }
        let failed = results.filter { !$0.passed }.count
        if let har {
            let runs = results.map(Self.run(of:))
            try Self.write(HARDocument.data(runs), to: har)
        }
        if let junit { try Self.write(Data(JUnitReport.xml(results).utf8), to: junit) }
        if json {
            Console.json(try ScenarioResult.jsonReport(results))
        } else {
            Console.line("\(results.count - failed) passed, \(failed) failed")
        }
        if failed > 0 { throw ExitCode(1) }
    }

    /// A result as a page of the HAR export.
    static func run(of result: ScenarioResult) -> HARDocument.Run {
        HARDocument.Run(id: result.name, title: result.description, entries: result.timeline)
    }

    /// Writes a report file whole, or says which file could not be written.
    static func write(_ data: @autoclosure () throws -> Data, to path: String) throws {
        do {
            try data().write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)")
        }
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
            let strings = Strings.of(lang.language())
            for line in TimelineText.lines(result.timeline, start: result.startTime, strings: strings) {
                Console.line("  \(line)")
            }
        }
        for failure in result.failures { Console.line("  ✗ \(failure)") }
    }
}

extension Run {
    /// `--compare A,B`: the scenario run with A and with B, side by side. Exits 0 when both runs
    /// finished, however different; 1 when one could not start or did not settle.
    func runComparison(_ pair: (Integration, Integration)) async throws {
        let scenario: Scenario
        do { scenario = try ScenarioCatalog.resolve(scenarios[0]) } catch { throw CommandFailure("\(error)") }
        let comparison = await ComparisonRunner(launcher: .embedded).run(scenario, left: pair.0, right: pair.1)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            Console.json(String(decoding: try encoder.encode(comparison), as: UTF8.self))
        } else {
            var lines = ComparisonText.lines(comparison, width: Self.terminalWidth())
            if quiet {
                // The column names, one rule and the summary.
                let rows: [ComparisonText.Line.Role] = [.stage, .step, .call]
                lines = lines.filter { !rows.contains($0.role) }
                lines = lines.enumerated().filter {
                    $0.offset == 0 || $0.element.role != .rule || lines[$0.offset - 1].role != .rule
                }
                .map(\.element)
            }
            for line in lines { Console.line(line.text) }
        }
        if comparison.left.failed || comparison.right.failed { throw ExitCode(1) }
    }

    /// `COLUMNS` when set, else the terminal's width, else 120 (output to a pipe or a file).
    static func terminalWidth(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text.trimmingCharacters(in: .whitespaces)),
            columns > 0
        {
            return max(columns, 20)
        }
        if isatty(STDOUT_FILENO) == 1 {
            var size = winsize()
            let status = withUnsafeMutablePointer(to: &size) { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }
            if status == 0, size.ws_col > 0 { return max(Int(size.ws_col), 20) }
        }
        return 120
    }
}

extension WorldLauncher {
    /// Headless runs start a back end of their own for every scenario, from the built-in dashboard.
    static let embedded = WorldLauncher(host: EmbeddedBackendHost())
}
