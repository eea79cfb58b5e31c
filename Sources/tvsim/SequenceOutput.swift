import ArgumentParser
import FlowRuntime
import Localization
import SequenceDiagram

extension SequenceFormat: ExpressibleByArgument {}

/// `--sequence FORMAT`: a run or a HAR printed as its sequence diagram, alone on standard output
/// so that it can go straight to a file (`> flow.svg`).
enum SequenceOutput {
    static let help = ArgumentHelp(
        "Print the sequence diagram instead: text (the terminal's drawing), mermaid (a sequenceDiagram) or svg.",
        valueName: "format")

    /// A scenario's run as a diagram; its failures, if any, go to standard error and the exit
    /// status says so.
    static func print(_ result: ScenarioResult, as format: SequenceFormat, language: Language) throws {
        let strings = Strings.of(language)
        let diagram = SequenceDiagram(entries: result.timeline, strings: strings)
        let text = format.render(
            diagram, title: "\(result.name) (\(result.platform), \(result.integration))", width: Run.terminalWidth())
        Console.line(String(text.dropLast()))
        for failure in result.failures { Console.error("✗ \(result.name): \(failure)") }
        if !result.passed { throw ExitCode(1) }
    }
}
