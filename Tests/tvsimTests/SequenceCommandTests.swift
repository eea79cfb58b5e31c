import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `--sequence`: a V2, a V1, an SDK and an own-IdP run drawn as text (the DocC article's
/// diagrams are their snapshots), as Mermaid (checked by structure) and as SVG (checked as XML;
/// `.ci/browser` opens them in Chromium).
@Suite(.serialized) struct SequenceCommandTests {
    static let article = ArchitectureTests.root.appendingPathComponent(
        "Sources/tvsim/Documentation.docc/SequenceDiagrams.md")

    static let scenarios = [
        "rest-v2-ios-apple-sso", "rest-v1-tvos-apple-sso", "sdk-ios-apple-sso", "custom-idp-tvos-apple-sso",
    ]

    static func tvsim(_ arguments: [String], columns: Int = 100) async -> (status: Int32?, output: String) {
        let running = TVSimBinary.Running(arguments, environment: ["COLUMNS": "\(columns)"])
        let status = await running.waitForExit(seconds: 60)
        return (status, running.text)
    }

    /// Each diagram of the article is what the command above it prints today.
    @Test func theArticlesDiagramsAreCurrent() async throws {
        var text = try String(contentsOf: Self.article, encoding: .utf8)
        let commands = text.matches(of: /`tvsim scenarios show ([a-z0-9-]+) --sequence text`\n\n```\n/)
        #expect(commands.count == 5)
        for command in commands.reversed() {
            let name = String(command.1)
            var drawn = await Self.tvsim(["scenarios", "show", name, "--sequence", "text"])
            #expect(drawn.status == 0, "\(drawn.output)")
            // The embedded back end takes a new port at every run; the article shows serve's default.
            drawn.output.replace(/127\.0\.0\.1:\d+/, with: "127.0.0.1:8080")
            let start = command.range.upperBound
            let end = try #require(text[start...].range(of: "```\n")).lowerBound
            if ProcessInfo.processInfo.environment["TVSIM_RECORD"] == "1" {
                text.replaceSubrange(start..<end, with: drawn.output)
            } else {
                #expect(String(text[start..<end]) == drawn.output, "\(name): record with TVSIM_RECORD=1")
            }
        }
        if ProcessInfo.processInfo.environment["TVSIM_RECORD"] == "1" {
            try text.write(to: Self.article, atomically: true, encoding: .utf8)
        }
    }

    /// Every row reaches the lanes it names: a framework call starts on the app's lane, a page on
    /// the browser's, and every step is a band.
    @Test(arguments: scenarios)
    func theTextFormDrawsTheRunsParties(_ name: String) async throws {
        let drawn = await Self.tvsim(["run", name, "--sequence", "text"])
        #expect(drawn.status == 0, "\(drawn.output)")
        let lines = drawn.output.split(separator: "\n").map(String.init)
        #expect(lines.prefix(3).joined().contains("App"))
        #expect(lines.contains { $0.hasPrefix("── ") }, "steps as bands")
        #expect(lines.contains { $0.contains("▶") && $0.hasSuffix("checkAccessStatus(options: [.prompt: true])") })
        #expect(!lines.contains { $0.contains("PASS") }, "the diagram alone")
        for line in lines where line.hasPrefix(" ") {
            #expect(line.count <= 100, "\(line)")
        }
    }

    @Test(arguments: scenarios)
    func mermaidDeclaresEveryParticipantItDrawsAnArrowTo(_ name: String) async throws {
        let drawn = await Self.tvsim(["run", name, "--sequence", "mermaid"])
        #expect(drawn.status == 0, "\(drawn.output)")
        let lines = drawn.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first == "sequenceDiagram")
        let declared = Set(lines.compactMap { $0.firstMatch(of: /^participant (\w+) as .+$/).map { String($0.1) } })
        #expect(declared.isSuperset(of: ["user", "app", "framework"]), "\(declared)")
        var arrows = 0
        for line in lines {
            guard let arrow = line.firstMatch(of: /^(\w+)(->>|-->>|--x)(\w+): .+$/) else { continue }
            arrows += 1
            #expect(declared.contains(String(arrow.1)) && declared.contains(String(arrow.3)), "\(line)")
        }
        #expect(arrows > 10)
        for line in lines.dropFirst() {
            let known = ["title ", "participant ", "Note over "].contains { line.hasPrefix($0) }
            #expect(known || line.firstMatch(of: /^(\w+)(->>|-->>|--x)(\w+): .+$/) != nil, "not Mermaid: \(line)")
        }
    }

    @Test(arguments: scenarios)
    func theSVGIsOneWellFormedDocumentNamingTheLanes(_ name: String) async throws {
        let drawn = await Self.tvsim(["scenarios", "show", name, "--sequence", "svg"])
        #expect(drawn.status == 0)
        let parser = XMLParser(data: Data(drawn.output.utf8))
        #expect(parser.parse(), "\(name): \(parser.parserError.map { "\($0)" } ?? "")")
        #expect(drawn.output.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        for lane in ["User", "App", "TV Provider framework"] {
            #expect(drawn.output.contains(">\(lane)</text>"), "\(name): \(lane)")
        }
    }

    @Test func theDiagramIsInTheLanguageAsked() async throws {
        let drawn = await Self.tvsim(["run", "rest-v2-ios-apple-sso", "--sequence", "text", "--lang", "es"])
        #expect(drawn.status == 0)
        #expect(drawn.output.contains("Usuario"), "\(drawn.output.prefix(400))")
        #expect(drawn.output.contains("Navegador") == false, "no browser in this flow")
    }

    @Test func aFailingRunStillDrawsAndExitsOne() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seq-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shown = await Self.tvsim(["scenarios", "show", "rest-v2-ios-apple-sso"])
        var object = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any])
        var expect = object["expect"] as? [String: Any] ?? [:]
        expect["codes"] = ["N999"]
        object["expect"] = expect
        let file = folder.appendingPathComponent("wrong.json")
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        let drawn = await Self.tvsim(["run", file.path, "--sequence", "text"])
        #expect(drawn.status == 1)
        #expect(drawn.output.contains("── C.5 retrieve partner authentication request"))
        #expect(drawn.output.contains("✗ ") && drawn.output.contains("N999"), "\(drawn.output.suffix(300))")
    }

    @Test func aDiagramIsOfOneRun() async throws {
        let all = await Self.tvsim(["run", "--all", "--sequence", "svg"])
        #expect(all.status == 64)
        #expect(all.output.contains("--sequence draws one scenario's run"), "\(all.output)")
        let unknown = await Self.tvsim(["run", "rest-v2-ios-apple-sso", "--sequence", "png"])
        #expect(unknown.status == 64)
        #expect(unknown.output.contains("text") && unknown.output.contains("mermaid"), "\(unknown.output)")
    }
}
