import FlowCore
import Foundation
import Localization
import LocatedJSON
import Testing
import VSASimulator

@testable import FlowRuntime

/// The whole built-in catalog, end to end: embedded mock on loopback, virtual clock, scripted user.
@Suite struct CatalogTests {
    static let names = ScenarioCatalog.files.map(\.name)
    /// The integrations the catalog covers on both platforms.
    static let cataloguedIntegrations: [Integration] = [.restV2, .sdk, .restV1, .customIdP]

    /// The scenario files in the catalog's folders in the source tree.
    static func scenarioFilesOnDisk() throws -> Int {
        let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/FlowRuntime/Scenarios/Catalog")
        let files = FileManager.default.enumerator(at: catalog, includingPropertiesForKeys: nil)?.allObjects ?? []
        return files.compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }.count
    }

    @Test func theCatalogParsesAndCoversBothPlatformsAndIntegrations() throws {
        let scenarios = try ScenarioCatalog.all()
        #expect(scenarios.count >= 30)
        #expect(Set(scenarios.map(\.name)).count == scenarios.count)
        for platform in ["ios", "tvos"] {
            for integration in Self.cataloguedIntegrations {
                #expect(scenarios.contains { $0.platform.rawValue == platform && $0.integration == integration })
            }
        }
        let codes = Set(scenarios.flatMap { $0.expect.codes ?? [] })
        for code in StatusCode.all.map(\.id) {
            #expect(codes.contains(code), "no scenario expects \(code)")
        }
        #expect(codes.contains { $0.hasPrefix("CFG5") }, "no scenario expects a CFG5xx")
        for file in ScenarioCatalog.files {
            #expect(try Scenario.parse(file.text, file: file.name).name == file.name)
        }
    }

    /// The status-code table of the documentation has a row for every code an app can see.
    @Test func theStatusCodeTableHasARowForEveryCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let table = try String(
            contentsOf: root.appendingPathComponent("Sources/tvsim/Documentation.docc/StatusCodes.md"), encoding: .utf8)
        let rows = table.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: /\| `([A-Z][A-Z0-9_<>a-z]*)` \|.*/).map { String($0.1) }
        }
        // Every code has its row, in the order of `StatusCode.all` (the codes menu's).
        #expect(Array(rows.prefix(StatusCode.all.count + 1)) == StatusCode.all.map(\.id) + ["CFG<status>"])
    }

    /// Issue 28's rule for the catalog: every built-in scenario quotes the cookbook line it
    /// follows, as `(Seed 00N, step: “quote”)`, so a trainee can read it beside the seed.
    @Test func everyBuiltInScenarioQuotesItsSeedLine() throws {
        let seedLine = /\(Seed 00[0-4], [^“]+: “.+”[^“]*\)/
        let unquoted = try ScenarioCatalog.all().filter { $0.description.firstMatch(of: seedLine) == nil }
        #expect(unquoted.map(\.name) == [])
    }

    /// The catalog's articles state how many scenarios tvsim ships; they follow the catalog.
    @Test func theArticlesCountTheBuiltInScenarios() throws {
        let count = try ScenarioCatalog.all().count
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for (article, phrase) in [
            ("ScenarioCatalog.md", "tvsim ships \(count) scenarios"), ("ScenarioCatalog.md", "`\(count) scenarios`"),
            ("ScenariosInTheTerminalUI.md", "the \(count) built-in scenarios"),
        ] {
            let url = root.appendingPathComponent("Sources/tvsim/Documentation.docc/\(article)")
            #expect(try String(contentsOf: url, encoding: .utf8).contains(phrase), "\(article) lacks “\(phrase)”")
        }
    }

    /// The built-in files name no scenario: each is named after its file, once.
    @Test func builtInFilesHaveNoNameFieldAndUniqueNames() throws {
        let entries = ScenarioCatalog.entries
        #expect(entries.count == (try Self.scenarioFilesOnDisk()), "a scenario file of the folder is not built in")
        #expect(Set(entries.map(\.name)).count == entries.count)
        for entry in entries {
            let root = try JSONNode.parse(Array(entry.text.utf8), file: entry.path)
            #expect(root.member("name") == nil, "\(entry.path) has a name field")
            #expect(entry.path == "Sources/FlowRuntime/Scenarios/Catalog/\(try Self.folder(entry))/\(entry.name).json")
            #expect(entry.text.hasSuffix("}\n"), "\(entry.path) does not end with a newline")
        }
    }

    /// The integration's folder a scenario is in: the one of its `integration`.
    static func folder(_ entry: ScenarioCatalog.File) throws -> String {
        try Scenario.parse(entry.text, file: entry.path).integration.rawValue
    }

    /// The index files list exactly the files of their folders, and the binary holds exactly the
    /// files of the source tree.
    @Test func theIndexFilesAndTheFoldersAgree() throws {
        #expect(ScenarioCatalog.indexMismatches == [])
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let catalog = root.appendingPathComponent(ScenarioCatalog.folder)
        let walker = try #require(FileManager.default.enumerator(atPath: catalog.path))
        let onDisk = walker.compactMap { $0 as? String }.filter {
            !$0.hasSuffix(".swift") && !Self.isFolder(catalog.appendingPathComponent($0).path)
        }
        .map { "\(ScenarioCatalog.folder)/\($0)" }
        #expect(Set(onDisk) == Set(EmbeddedDataFiles.files.map(\.path)))
        for folder in ["", "/rest-v2", "/sdk", "/rest-v1", "/custom-idp"] {
            let index = try String(
                contentsOf: catalog.appendingPathComponent("\(folder)/index.txt"), encoding: .utf8)
            #expect(index.hasSuffix("\n") && !index.contains("\n\n"), "\(folder)/index.txt has blank lines")
        }
    }

    static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    @Test func indexMismatchesAreReportedAndNoFileIsLost() {
        let folder = "Catalog"
        let (files, mismatches) = ScenarioCatalog.ordered(
            [
                ("Catalog/index.txt", "b\na\n"), ("Catalog/a/index.txt", "a-1.json\ngone.json\n"),
                ("Catalog/a/a-1.json", "{}"), ("Catalog/a/a-2.json", "{}"), ("Catalog/b/index.txt", "b-1.json\n"),
                ("Catalog/b/b-1.json", "{}"),
            ], in: folder)
        #expect(files.map(\.path) == ["Catalog/b/b-1.json", "Catalog/a/a-1.json", "Catalog/a/a-2.json"])
        #expect(files.map(\.name) == ["b-1", "a-1", "a-2"])
        #expect(
            mismatches == [
                "Catalog/a/index.txt lists 'gone.json', which is not there", "Catalog/a/a-2.json is in no index.txt",
            ])
    }

    /// A broken built-in is named by its path in the source tree and its line, and the others
    /// still parse.
    @Test func aBrokenBuiltInNamesItsFileAndLine() throws {
        let good = try #require(ScenarioCatalog.entries.first)
        let path = "Sources/FlowRuntime/Scenarios/Catalog/rest-v2/rest-v2-broken.json"
        let broken = ScenarioCatalog.File(
            name: "rest-v2-broken", path: path,
            text: good.text.replacingOccurrences(of: "\"launch\",", with: "\"launch\",\n    \"fly away\","))
        let parsed = ScenarioCatalog.parsed([good, broken])
        #expect(parsed.scenarios.map(\.name) == [good.name])
        let problem = try #require(parsed.problems.first)
        #expect(problem.description.hasPrefix("\(path):7:5: field 'steps[1]': 'fly' is not a step"))
    }

    /// Every code of the journey, raised by a passing scenario in every integration on both
    /// platforms (the scenarios themselves pass in `scenarioPasses`).
    @Test func everyCellOfTheCodeMatrixHasAScenario() throws {
        let matrix = CodeMatrix(try ScenarioCatalog.all())
        #expect(matrix.empty.isEmpty, "cells without a scenario: \(matrix.empty)")
        let expected = Self.cataloguedIntegrations.flatMap { integration in
            DevicePlatform.allCases.flatMap { platform in
                CodeMatrix.codes.map { CodeMatrix.Cell(integration: integration, platform: platform, code: $0) }
            }
        }
        #expect(Set(CodeMatrix.cells) == Set(expected) && CodeMatrix.cells.count == expected.count)
    }

    @Test func theMatrixNoticesACellThatEmpties() throws {
        let catalog = try ScenarioCatalog.all()
        let withoutTVOSVSA503 = catalog.filter {
            !($0.platform == .tvos && $0.expect.codes?.contains("VSA503") == true)
        }
        let matrix = CodeMatrix(withoutTVOSVSA503)
        #expect(matrix.empty.count == 4)
        #expect(matrix.empty.allSatisfy { $0.platform == .tvos && $0.code == "VSA503" })
        #expect(matrix.table.count == 9)
        #expect(matrix.table[2].hasPrefix("rest-v2 tvos"))
        #expect(matrix.table[2].contains("—"))
    }

    @Test(arguments: names)
    func scenarioPasses(_ name: String) async throws {
        let file = try #require(ScenarioCatalog.named(name))
        let scenario = try Scenario.parse(file.text, file: name)
        let result = await ScenarioRunner().run(scenario)
        #expect(result.passed, "\(name): \(result.failures.joined(separator: "; "))")
        // Every step and code the run met has its text in the catalogs (a missing key would show
        // as itself, `step.…` or `status.…`).
        for entry in result.timeline {
            if let step = entry.step { #expect(Strings.english.has(step.key), "\(name): \(step.key)") }
            if let status = entry.status {
                #expect(!status.meaning(in: .english).hasPrefix("status."), "\(name): \(status.id)")
            }
        }
    }

    /// The flow's own words that screens show (what the app is doing, a code screen's status)
    /// are typed facts in FlowCore, worded from the catalogs: every case has its words, in
    /// every language its own (not English standing in).
    @Test func everyActivityAndCodeScreenStatusHasItsWords() {
        let keys = Activity.allCases.map(\.key) + CodeScreenStatus.allCases.map(\.key) + ["activity.working"]
        for key in keys { #expect(Strings.english.has(key), "no \(key)") }
        for language in Language.allCases where language != .english {
            let strings = Strings.of(language)
            for key in keys { #expect(strings(key) != Strings.english(key), "\(language) words \(key) in English") }
        }
    }

    /// The flows never read the words of a page or a message: on a device in another language
    /// (its pages and the provider's answers in that language) every scenario passes the same.
    @Test(arguments: Language.allCases.filter { $0 != .english })
    func everyScenarioPassesOnADeviceInAnotherLanguage(_ language: Language) async throws {
        var failures: [String] = []
        for name in Self.names {
            let file = try #require(ScenarioCatalog.named(name))
            let result = await ScenarioRunner(launcher: .embedded, language: language).run(
                try Scenario.parse(file.text, file: name))
            if !result.passed { failures.append("\(name): \(result.failures.joined(separator: "; "))") }
        }
        #expect(failures.isEmpty, "\(language.tag):\n\(failures.joined(separator: "\n"))")
        // And the device did speak it: the web view and the other device got the pages in it.
        let strings = Strings.of(language)
        let webLogin = await ScenarioRunner(launcher: .embedded, language: language).run(
            try ScenarioCatalog.resolve("rest-v2-ios-n003-web-login"))
        let signInTo = strings("page.signInTo", ["provider": "\u{0}"]).components(separatedBy: "\u{0}")[0]
        #expect(webLogin.timeline.contains { $0.title.hasPrefix("Web view: " + signInTo) }, "\(language.tag)")
        let secondScreen = await ScenarioRunner(launcher: .embedded, language: language).run(
            try ScenarioCatalog.resolve("rest-v2-tvos-n003-second-screen"))
        #expect(secondScreen.timeline.contains { $0.title == "Other device: " + strings("page.signedIn") })
    }

    @Test func mentionsAndExactListsFailWithAClearReason() async throws {
        var scenario = try ScenarioCatalog.resolve("sdk-ios-calls-before-set-requestor-complete")
        scenario.expect.mentions = ["B.3 checkAuthentication", "B.2 setRequestor"]
        scenario.expect.callbacks = ["setRequestorComplete"]
        let result = await ScenarioRunner().run(scenario)
        #expect(
            result.failures.contains(
                "the timeline does not mention 'B.2 setRequestor' where expected (mentions are checked in order)"))
        #expect(result.failures.contains { $0.hasPrefix("callbacks setRequestorComplete did not happen exactly") })
    }

    @Test func aWrongExpectationFailsWithAClearReason() async throws {
        var scenario = try ScenarioCatalog.resolve("rest-v2-ios-n005-apple-picker")
        scenario.expect.codes = ["N000", "N003"]
        scenario.expect.authenticated = false
        let result = await ScenarioRunner().run(scenario)
        #expect(!result.passed)
        #expect(result.failures.contains("codes were [N000, N005], expected [N000, N003]"))
        #expect(result.failures.contains("the user is authenticated"))
    }

    @Test func aStepThatDoesNotFitTheScreenIsReported() async throws {
        var scenario = try ScenarioCatalog.resolve("rest-v2-ios-n005-apple-picker")
        scenario.steps = [.app(.launch), .permission(true), .app(.signIn), .choose("Cascade")]
        scenario.expect.codes = nil
        scenario.expect.authenticated = nil
        let result = await ScenarioRunner().run(scenario)
        #expect(result.failures.first == "step 4 'choose Cascade' does not fit Apple's TV provider picker")
    }

    @Test func runsAreDeterministic() async throws {
        let scenario = try ScenarioCatalog.resolve("rest-v2-tvos-code-expiry")
        let first = await ScenarioRunner().run(scenario)
        let second = await ScenarioRunner().run(scenario)
        let titles = { (result: ScenarioResult) in
            result.timeline.map {
                "\($0.time) \($0.kind) \($0.title.replacingOccurrences(of: #":\d+/"#, with: ":PORT/", options: .regularExpression))"
            }
        }
        #expect(titles(first) == titles(second))
        #expect(first.codes == second.codes)
    }
}
