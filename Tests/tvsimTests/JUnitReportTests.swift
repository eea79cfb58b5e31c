import Foundation
import Subprocess
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `tvsim run … --junit FILE`: JUnit XML that CI systems read, read back with an XML parser and,
/// where xmllint is installed, checked against the schema of `Fixtures/junit.xsd`.
@Suite struct JUnitReportTests {
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/junit.xsd").path

    /// xmllint's verdict on `file`: nil when valid, else what it said.
    static func invalidity(of file: String) async throws -> String? {
        let check = try await Subprocess.run(
            .path(FilePath(try OutsideTool.xmllint.require())), arguments: ["--noout", "--schema", schema, file],
            output: .string(limit: 1 << 20), error: .combinedWithOutput)
        return check.terminationStatus.isSuccess ? nil : check.standardOutput
    }

    @Test func aRunWritesOneCasePerScenarioAndAFailureWithItsExpectationAndTimeline() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A catalog scenario that expects a code the flow never gives.
        let shown = try await Subprocess.run(
            .path(FilePath(TVSimBinary.url.path)), arguments: ["scenarios", "show", "rest-v2-ios-n003-web-login"],
            environment: TVSimBinary.environment,
            output: .string(limit: 1 << 20), error: .discarded)
        var scenario = try #require(
            try JSONSerialization.jsonObject(with: Data(shown.standardOutput.utf8)) as? [String: Any])
        var expect = try #require(scenario["expect"] as? [String: Any])
        expect["codes"] = ["N000", "N999"]
        scenario["expect"] = expect
        let wrong = folder.appendingPathComponent("expects-n999.json")
        try JSONSerialization.data(withJSONObject: scenario).write(to: wrong)
        let report = folder.appendingPathComponent("report.xml").path

        let run = try await Subprocess.run(
            .path(FilePath(TVSimBinary.url.path)),
            arguments: ["run", "rest-v2-ios-apple-sso", wrong.path, "--quiet", "--junit", report],
            environment: TVSimBinary.environment,
            output: .string(limit: 1 << 20), error: .combinedWithOutput)
        #expect(run.terminationStatus.shellCode == 1, "\(run.standardOutput)")
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(Self.attributes(of: root, ["name", "tests", "failures", "errors"]) == ["tvsim run", "2", "1", "0"])
        let cases = try root.nodes(forXPath: "testsuite/testcase").compactMap { $0 as? XMLElement }
        let passing = try #require(
            cases.first { $0.attribute(forName: "name")?.stringValue == "rest-v2-ios-apple-sso" })
        #expect(passing.attribute(forName: "classname")?.stringValue == "tvsim.rest-v2.ios")
        #expect(passing.elements(forName: "failure").isEmpty)
        let failing = try #require(cases.first { $0.attribute(forName: "name")?.stringValue == "expects-n999" })
        let failure = try #require(failing.elements(forName: "failure").first, "\(xml)")
        let message = failure.attribute(forName: "message")?.stringValue ?? ""
        let details = failure.stringValue ?? ""
        #expect(message.contains("N999") || details.contains("N999"), "\(xml)")
        #expect(details.contains("timeline, last") && details.contains("/api/v2/ORBIT/sessions"), "\(details)")
        if OutsideTool.xmllint.path != nil || OutsideTool.required {
            let invalid = try await Self.invalidity(of: report)
            #expect(invalid == nil, "\(invalid ?? "")\n\(xml)")
        }
    }

    static func attributes(of element: XMLElement, _ names: [String]) -> [String?] {
        names.map { element.attribute(forName: $0)?.stringValue }
    }

    @Test(.needs(.xmllint)) func theSchemaRefusesWhatCIToolsCannotRead() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        let nameless = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites><testsuite name="s" tests="1"><testcase classname="c"/></testsuite></testsuites>
            """
        try Data(nameless.utf8).write(to: file)
        #expect(try await Self.invalidity(of: file.path) != nil)
    }
}
