/// A JUnit XML report, the form CI systems read: suites of test cases, each passed, failed,
/// skipped or passed with output. `tvsim run --junit` and `tvsim audit --junit` both write it
/// through this one writer, so the two reports share their shape, their counts and their
/// escaping.
public struct JUnitXML: Sendable, Equatable {
    public struct TestCase: Sendable, Equatable {
        public enum Outcome: Sendable, Equatable {
            case passed
            /// `message` is the attribute CI tools show in a list; `text` the whole story.
            case failed(message: String, type: String, text: String)
            case skipped(message: String)
            /// Passed, with words worth reading (`<system-out>`).
            case passedWithOutput(String)
        }

        public let name: String
        public let className: String
        /// Milliseconds, when the case was timed.
        public let milliseconds: Double?
        public let outcome: Outcome

        public init(name: String, className: String, milliseconds: Double? = nil, outcome: Outcome) {
            self.name = name
            self.className = className
            self.milliseconds = milliseconds
            self.outcome = outcome
        }

        var failed: Bool {
            if case .failed = outcome { return true }
            return false
        }

        var skipped: Bool {
            if case .skipped = outcome { return true }
            return false
        }
    }

    public struct Suite: Sendable, Equatable {
        public let name: String
        public let cases: [TestCase]

        public init(name: String, cases: [TestCase]) {
            self.name = name
            self.cases = cases
        }
    }

    public let name: String
    public let suites: [Suite]

    public init(name: String, suites: [Suite]) {
        self.name = name
        self.suites = suites
    }

    /// The document, its counts derived from its cases.
    public var xml: String {
        let cases = suites.flatMap(\.cases)
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"\(Self.escaped(name))\" \(Self.counts(cases))\(Self.time(cases))>",
        ]
        for suite in suites {
            lines.append(
                "  <testsuite name=\"\(Self.escaped(suite.name))\" \(Self.counts(suite.cases))"
                    + " skipped=\"\(suite.cases.filter(\.skipped).count)\"\(Self.time(suite.cases))>")
            lines += suite.cases.flatMap(Self.lines)
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func lines(_ testCase: TestCase) -> [String] {
        let time = testCase.milliseconds.map { " time=\"\(seconds($0))\"" } ?? ""
        let opening =
            "    <testcase name=\"\(escaped(testCase.name))\" classname=\"\(escaped(testCase.className))\"\(time)"
        let body: String
        switch testCase.outcome {
        case .passed:
            return [opening + "/>"]
        case .failed(let message, let type, let text):
            body = "<failure message=\"\(escaped(message))\" type=\"\(escaped(type))\">\(escaped(text))</failure>"
        case .skipped(let message):
            body = "<skipped message=\"\(escaped(message))\"/>"
        case .passedWithOutput(let text):
            body = "<system-out>\(escaped(text))</system-out>"
        }
        return [opening + ">", "      " + body, "    </testcase>"]
    }

    private static func counts(_ cases: [TestCase]) -> String {
        "tests=\"\(cases.count)\" failures=\"\(cases.filter(\.failed).count)\" errors=\"0\""
    }

    /// The total time, when every case was timed.
    private static func time(_ cases: [TestCase]) -> String {
        let times = cases.compactMap(\.milliseconds)
        guard !cases.isEmpty, times.count == cases.count else { return "" }
        return " time=\"\(seconds(times.reduce(0, +)))\""
    }

    private static func seconds(_ milliseconds: Double) -> String {
        let thousandths = (milliseconds.isFinite ? max(0, milliseconds) : 0).rounded()
        let whole = Int(min(thousandths, 1e15))
        let fraction = String(whole % 1000)
        return "\(whole / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Escaped for XML, without the control characters XML 1.0 cannot carry at all.
    static func escaped(_ text: String) -> String {
        let allowed = text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\n" || $0 == "\t" }
        return Markup.escapeXML(String(String.UnicodeScalarView(allowed)))
    }
}
