import Foundation
import PassAPI

/// Scenario results as JUnit XML, the report CI systems read (`tvsim run --junit FILE`): one
/// test case per scenario, named after it and classed by integration and platform; a failed
/// scenario's failure carries its first unmet expectation as the message, every one in the
/// text, and the end of its timeline to see where it went.
public enum JUnitReport {
    /// How many timeline lines a failure shows, counted from the end.
    public static let timelineTail = 25

    public static func xml(_ results: [ScenarioResult]) -> String {
        let failed = results.filter { !$0.passed }.count
        let time = seconds(results.reduce(0) { $0 + $1.elapsedMilliseconds })
        let counts = #"tests="\#(results.count)" failures="\#(failed)" errors="0""#
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="tvsim run" \#(counts) time="\#(time)">"#,
            #"  <testsuite name="tvsim run" \#(counts) skipped="0" time="\#(time)">"#,
        ]
        lines += results.flatMap(testCase)
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func testCase(_ result: ScenarioResult) -> [String] {
        let opening =
            #"    <testcase name="\#(escaped(result.name))" classname="tvsim.\#(escaped(result.integration)).\#(escaped(result.platform))" time="\#(seconds(result.elapsedMilliseconds))""#
        guard !result.passed else { return [opening + "/>"] }
        let message = result.failures.first ?? "the scenario did not pass"
        let timeline = TimelineText.lines(result.timeline, start: result.startTime).suffix(timelineTail)
        let text =
            result.failures.map { "✗ \($0)" }.joined(separator: "\n")
            + "\n\ntimeline, last \(timeline.count) lines:\n" + timeline.joined(separator: "\n")
        return [
            opening + ">",
            #"      <failure message="\#(escaped(message))" type="unmet expectation">\#(escaped(text))</failure>"#,
            "    </testcase>",
        ]
    }

    private static func seconds(_ milliseconds: Double) -> String {
        String(format: "%.3f", milliseconds / 1000)
    }

    /// Escaped for XML, without the control characters XML 1.0 cannot carry at all.
    private static func escaped(_ text: String) -> String {
        let allowed = text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\n" || $0 == "\t" }
        return Markup.escapeXML(String(String.UnicodeScalarView(allowed)))
    }
}
