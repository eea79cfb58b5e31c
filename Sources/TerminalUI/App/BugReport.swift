import FlowRuntime
import Foundation
import Localization
import PassAPI
import SequenceDiagram

/// What QA attaches to a bug: the session's HTTP exchanges as a HAR file (Chrome DevTools and
/// Charles open it), its whole timeline as JSON, and its sequence diagram as Mermaid and SVG
/// (for a ticket, a wiki or a slide), side by side, named by the time of export.
enum BugReport {
    static func write(
        _ timeline: [TimelineEntry], scenario: String?, in directory: String, strings: Strings = .english,
        now: Date = Date()
    ) throws -> (har: String, timeline: String) {
        let stamp = now.formatted(
            .iso8601.year().month().day().dateSeparator(.omitted).time(includingFractionalSeconds: false).timeSeparator(
                .omitted))
        let base = "\(directory)/tvsim-report-\(stamp)"
        let run = HARDocument.Run(id: scenario ?? "session", title: scenario ?? "tvsim session", entries: timeline)
        try HARDocument.data([run]).write(to: URL(fileURLWithPath: base + ".har"), options: .atomic)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(timeline).write(to: URL(fileURLWithPath: base + ".timeline.json"), options: .atomic)
        let diagram = SequenceDiagram(entries: timeline, strings: strings)
        for format in [SequenceFormat.mermaid, .svg] {
            let text = format.render(diagram, title: scenario ?? "tvsim session")
            try Data(text.utf8).write(to: URL(fileURLWithPath: base + "." + format.fileExtension), options: .atomic)
        }
        return (base + ".har", base + ".timeline.json")
    }
}
