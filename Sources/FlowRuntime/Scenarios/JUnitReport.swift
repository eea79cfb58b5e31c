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
        JUnitXML(name: "tvsim run", suites: [JUnitXML.Suite(name: "tvsim run", cases: results.map(testCase))]).xml
    }

    private static func testCase(_ result: ScenarioResult) -> JUnitXML.TestCase {
        JUnitXML.TestCase(
            name: result.name, className: "tvsim.\(result.integration).\(result.platform)",
            milliseconds: result.elapsedMilliseconds, outcome: result.passed ? .passed : failure(result))
    }

    private static func failure(_ result: ScenarioResult) -> JUnitXML.TestCase.Outcome {
        let timeline = TimelineText.lines(result.timeline, start: result.startTime).suffix(timelineTail)
        let text =
            result.failures.map { "✗ \($0)" }.joined(separator: "\n")
            + "\n\ntimeline, last \(timeline.count) lines:\n" + timeline.joined(separator: "\n")
        return .failed(
            message: result.failures.first ?? "the scenario did not pass", type: "unmet expectation", text: text)
    }
}
