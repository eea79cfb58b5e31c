import FlowRuntime
import Foundation
import PassAPI

/// What QA attaches to a bug: the session's HTTP exchanges as a HAR file (Chrome DevTools and
/// Charles open it) and its whole timeline as JSON, side by side, named by the time of export.
enum BugReport {
    static func write(_ timeline: [TimelineEntry], scenario: String?, in directory: String, now: Date = Date())
        throws -> (har: String, timeline: String)
    {
        let stamp = now.formatted(
            .iso8601.year().month().day().dateSeparator(.omitted).time(includingFractionalSeconds: false).timeSeparator(
                .omitted))
        let base = "\(directory)/tvsim-report-\(stamp)"
        let run = HARDocument.Run(id: scenario ?? "session", title: scenario ?? "tvsim session", entries: timeline)
        try HARDocument.data([run]).write(to: URL(fileURLWithPath: base + ".har"), options: .atomic)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(timeline).write(to: URL(fileURLWithPath: base + ".timeline.json"), options: .atomic)
        return (base + ".har", base + ".timeline.json")
    }
}
