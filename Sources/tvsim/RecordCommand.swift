import ArgumentParser
import FlowRuntime
import Foundation
import MockBackendAPI
import PassMockServer
import TerminalUI

/// `tvsim record SCENARIO -o FILE.cast`: a demo recorded with no terminal.
struct Record: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a scenario by itself and record it as an asciicast file ('asciinema play' plays it).",
        discussion: """
            The scenario runs in the terminal UI's renderer with no terminal, ten times faster than the given \
            pace, and the file's times are stretched back: it plays at the pace, and recording it takes a tenth of \
            that. The recording ends a moment after the last step. The file holds only what changed from frame to \
            frame, and no frame where nothing did.
            """)

    @Argument(help: "A built-in scenario name or a scenario file.")
    var scenario: String

    @Option(name: [.short, .customLong("output")], help: "The asciicast file to write.")
    var output: String

    @Option(help: ArgumentHelp("The window, columns×rows.", valueName: "WxH"))
    var size = "120x36"

    @Option(help: "Seconds between the scenario's steps.")
    var pace: Double = 1

    @Option(help: "A theme name (see 'tvsim themes list') or a theme file.")
    var theme: String?

    @OptionGroup var lang: LanguageOption

    func validate() throws {
        guard pace > 0, pace <= 60 else {
            throw ValidationError("--pace must be more than 0 and at most 60 seconds (for example 0.5).")
        }
        _ = try windowSize()
    }

    /// `--size`, at least the terminal UI's minimum.
    func windowSize() throws -> Size {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        let minimum = UIModel.minimumSize
        guard parts.count == 2, parts[0] >= minimum.width, parts[1] >= minimum.height, parts[0] <= 500,
            parts[1] <= 200
        else {
            throw ValidationError(
                "--size must be columns×rows, at least \(minimum.width)x\(minimum.height) (for example 120x36).")
        }
        return Size(width: parts[0], height: parts[1])
    }

    /// How much faster than its pace a scenario is recorded: ten times, fast enough that a demo
    /// records in a second or two, but never with less than a tenth of a second per step, so
    /// that every step still gets its frames on a busy machine.
    static func timeScale(pace: Double) -> Double { max(1, min(10, pace / 0.1)) }

    func run() async throws {
        try OutputFile.check(output, option: "--output")
        let resolved: Scenario
        do { resolved = try ScenarioCatalog.resolve(scenario) } catch { throw CommandFailure("\(error)") }
        let loaded = ThemeLibrary.standard().load(theme)
        if let problem = loaded.problem { Console.error("tvsim: \(problem)") }
        let options = TerminalApp.Options(
            platform: resolved.platform, integration: resolved.integration, requestor: resolved.requestor,
            launcher: WorldLauncher(host: EmbeddedBackendHost(), dashboard: .builtIn), scenario: scenario,
            autoplay: true, pace: pace, endAfterScenario: .seconds(2), language: lang.language())
        let status: Int32
        do {
            status = try await TerminalSession.record(
                options: options, theme: loaded.theme, size: try windowSize(), to: output,
                timeScale: Self.timeScale(pace: pace))
        } catch {
            throw CommandFailure("cannot write \(output): \(error.localizedDescription)")
        }
        if status != 0 { throw ExitCode(status) }
        Console.line("tvsim: recorded \(resolved.name) in \(output)")
    }
}
