import Foundation
import Subprocess
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// `tvsim run … --junit FILE`: JUnit XML that CI systems read, checked with xmllint against the
/// schema of `Fixtures/junit.xsd`.
@Suite struct JUnitReportTests {
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/junit.xsd").path

    /// xmllint's verdict on `file`: nil when valid, else what it said.
    static func invalidity(of file: String) async throws -> String? {
        let check = try await Subprocess.run(
            .name("xmllint"), arguments: ["--noout", "--schema", schema, file],
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
            output: .string(limit: 1 << 20), error: .combinedWithOutput)
        #expect(run.terminationStatus.shellCode == 1, "\(run.standardOutput)")
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        let invalid = try await Self.invalidity(of: report)
        #expect(invalid == nil, "\(invalid ?? "")\n\(xml)")

        #expect(xml.contains(#"<testsuites name="tvsim run" tests="2" failures="1" errors="0""#))
        #expect(xml.contains(#"<testcase name="rest-v2-ios-apple-sso" classname="tvsim.rest-v2.ios""#))
        let failing = try #require(xml.firstRange(of: #"<testcase name="expects-n999""#))
        let failure = String(xml[failing.lowerBound...])
        #expect(failure.contains(#"<failure message=""#) && failure.contains("N999"), "\(failure)")
        #expect(failure.contains("timeline, last") && failure.contains("/api/v2/ORBIT/sessions"), "\(failure)")
    }

    @Test func theSchemaRefusesWhatCIToolsCannotRead() async throws {
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
