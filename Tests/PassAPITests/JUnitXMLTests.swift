import Testing

@testable import PassAPI

/// One JUnit writer for `tvsim run` and `tvsim audit`: counts come from the cases, times are
/// seconds with three decimals, and text from outside is escaped without XML's forbidden bytes.
@Suite struct JUnitXMLTests {
    static let report = JUnitXML(
        name: "tvsim audit",
        suites: [
            JUnitXML.Suite(
                name: "a.har · app",
                cases: [
                    .init(name: "R1", className: "tvsim.audit.order", outcome: .passed),
                    .init(
                        name: "R2", className: "tvsim.audit.order",
                        outcome: .failed(message: "no <config>", type: "seed 002", text: "a\u{1B}[2Jb & c")),
                    .init(name: "R3", className: "tvsim.audit.headers", outcome: .skipped(message: "no call")),
                    .init(name: "R4", className: "tvsim.audit.headers", outcome: .passedWithOutput("advice")),
                ])
        ])

    @Test func countsComeFromTheCases() {
        let lines = Self.report.xml.split(separator: "\n").map(String.init)
        #expect(lines[1] == #"<testsuites name="tvsim audit" tests="4" failures="1" errors="0">"#)
        #expect(lines[2] == #"  <testsuite name="a.har · app" tests="4" failures="1" errors="0" skipped="1">"#)
        #expect(lines[3] == #"    <testcase name="R1" classname="tvsim.audit.order"/>"#)
    }

    @Test func outcomesAreTheirElementsAndTextIsEscaped() {
        let xml = Self.report.xml
        #expect(xml.contains(#"<failure message="no &lt;config&gt;" type="seed 002">a[2Jb &amp; c</failure>"#))
        #expect(xml.contains(#"<skipped message="no call"/>"#))
        #expect(xml.contains("<system-out>advice</system-out>"))
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func timesAreSecondsWithThreeDecimalsWhenEveryCaseWasTimed() {
        let timed = JUnitXML(
            name: "tvsim run",
            suites: [
                .init(
                    name: "tvsim run",
                    cases: [
                        .init(name: "a", className: "c", milliseconds: 1234.4, outcome: .passed),
                        .init(name: "b", className: "c", milliseconds: 5, outcome: .passed),
                    ])
            ])
        #expect(timed.xml.contains(#"<testsuites name="tvsim run" tests="2" failures="0" errors="0" time="1.239">"#))
        #expect(timed.xml.contains(#"<testcase name="b" classname="c" time="0.005"/>"#))
        let extreme = JUnitXML(
            name: "r",
            suites: [
                .init(name: "s", cases: [.init(name: "n", className: "c", milliseconds: -.infinity, outcome: .passed)])
            ])
        #expect(extreme.xml.contains(#"time="0.000""#))
    }
}
