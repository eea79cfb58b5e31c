import Foundation
import Subprocess
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

@Suite(.serialized) struct RunCommandTests {
    @Test func scenariosListShowsTheCatalog() async throws {
        let running = TVSimBinary.Running(["scenarios", "list"])
        #expect(await running.waitForExit() == 0)
        #expect(running.text.contains("rest-v2-ios-apple-sso"))
        #expect(running.text.contains("sdk-tvos-silent-exchange"))
        let count = Int(running.text.firstMatch(of: /(\d+) scenarios/)?.1 ?? "0") ?? 0
        #expect(count >= 30)
    }

    @Test func versionIsAnOption() async throws {
        let running = TVSimBinary.Running(["--version"])
        #expect(await running.waitForExit() == 0)
        #expect(running.text.trimmingCharacters(in: .whitespacesAndNewlines).firstMatch(of: /^\d+\.\d+\.\d+$/) != nil)
    }

    /// A file to write at the end is checked before anything runs, and the error says why.
    @Test func anOutputInAMissingFolderIsRefusedBeforeRunning() async throws {
        let missing = "/nonexistent-\(UUID().uuidString)"
        let run = TVSimBinary.Running(["run", "rest-v2-ios-apple-sso", "--har", "\(missing)/x.har"])
        #expect(await run.waitForExit() == 1)
        #expect(run.text.contains("--har \(missing)/x.har: the folder \(missing) does not exist"), "\(run.text)")
        #expect(!run.text.contains("PASS"), "nothing ran: \(run.text)")
        let record = TVSimBinary.Running(["record", "rest-v2-ios-apple-sso", "-o", "\(missing)/x.cast"])
        #expect(await record.waitForExit() == 1)
        #expect(record.text.contains("the folder \(missing) does not exist"), "\(record.text)")
        let folder = TVSimBinary.Running(["run", "rest-v2-ios-apple-sso", "--junit", NSTemporaryDirectory()])
        #expect(await folder.waitForExit() == 1)
        #expect(folder.text.contains("that is a folder"), "\(folder.text)")
    }

    /// A scenario file is outside text: its description reaches the terminal with nothing a
    /// terminal acts on, and `--json` keeps it whole as JSON escapes.
    @Test func aScenarioFilesControlCharactersAreShownNotSent() async throws {
        let shown = TVSimBinary.Running(["scenarios", "show", "rest-v2-ios-n003-web-login"])
        #expect(await shown.waitForExit() == 0)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(shown.text.utf8)) as? [String: Any])
        let hostile = "Clear\u{1B}[2J clipboard\u{1B}]52;c;ZXZpbA==\u{07} CSI\u{9B}31m flipped\u{202E}txt.exe"
        object["description"] = hostile
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("hostile.json").path
        FileManager.default.createFile(atPath: file, contents: try JSONSerialization.data(withJSONObject: object))
        let controls: (String) -> [Unicode.Scalar] = { text in
            text.unicodeScalars.filter { [0x1B, 0x07, 0x9B, 0x202E].contains($0.value) }
        }
        let text = TVSimBinary.Running(["run", file])
        #expect(await text.waitForExit(seconds: 30) == 0)
        #expect(controls(text.text).isEmpty, "\(text.text.debugDescription)")
        #expect(text.text.contains("Clear^[[2J"), "\(text.text)")
        let json = TVSimBinary.Running(["run", file, "--json"])
        #expect(await json.waitForExit(seconds: 30) == 0)
        #expect(controls(json.text).isEmpty, "\(json.text.debugDescription)")
        let report = try JSONSerialization.jsonObject(with: Data(json.text.utf8))
        #expect("\(report)".contains("flipped"), "the report parses and holds the description")
        #expect(json.text.contains(#"\u202e"#) || json.text.contains(#"\u202E"#), "\(json.text.prefix(400))")
    }

    @Test func scenariosShowPrintsALoadableFile() async throws {
        let running = TVSimBinary.Running(["scenarios", "show", "rest-v2-ios-n003-web-login"])
        #expect(await running.waitForExit() == 0)
        let object = try JSONSerialization.jsonObject(with: Data(running.text.utf8)) as? [String: Any]
        // A scenario is named after its file; the built-in files have no name field.
        #expect(object?["name"] == nil)
        #expect(object?["integration"] as? String == "rest-v2")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenarios-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("my-copy.json").path
        FileManager.default.createFile(atPath: copy, contents: Data(running.text.utf8))
        let run = TVSimBinary.Running(["run", copy, "--quiet"])
        #expect(await run.waitForExit(seconds: 30) == 0)
        #expect(run.text.hasPrefix("PASS my-copy (ios, rest-v2)"))
        let missing = TVSimBinary.Running(["scenarios", "show", "nope"])
        #expect(await missing.waitForExit() == 1)
        #expect(missing.text.contains("there is no built-in scenario 'nope'"))
    }

    @Test func runPrintsTheTimelineAndASummary() async throws {
        let running = TVSimBinary.Running(["run", "rest-v2-tvos-n003-second-screen"])
        #expect(await running.waitForExit(seconds: 30) == 0)
        #expect(running.text.contains("PASS rest-v2-tvos-n003-second-screen"))
        #expect(running.text.contains("status   REGCODE"))
        #expect(running.text.contains("step     BA.3 retrieve profile for code"))
        #expect(running.text.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func runExplainsTheStepsInTheLanguageAsked() async throws {
        let russian = TVSimBinary.Running(["run", "rest-v2-ios-apple-sso", "--lang", "ru"])
        #expect(await russian.waitForExit(seconds: 30) == 0)
        // The calls stay as they are; the cookbook's steps and what they mean are Russian.
        #expect(
            russian.text.contains(
                "step     A.1 получить учетные данные клиента — Приложение регистрируется со своим software statement"))
        #expect(russian.text.contains("status   N000 (код SDK для этого решения) — Пользователь не аутентифицирован."))
        #expect(russian.text.contains("POST /o/client/register → 201"))
        let english = TVSimBinary.Running(["run", "rest-v2-ios-apple-sso"], environment: ["LC_ALL": "C.UTF-8"])
        #expect(await english.waitForExit(seconds: 30) == 0)
        #expect(english.text.contains("step     A.1 retrieve client credentials — The app registers"))
        let fromEnvironment = TVSimBinary.Running(
            ["run", "rest-v2-ios-apple-sso"], environment: ["LC_ALL": "zh_TW.UTF-8"])
        #expect(await fromEnvironment.waitForExit(seconds: 30) == 0)
        #expect(fromEnvironment.text.contains("step     A.1 擷取用戶端憑證 — App 以其軟體陳述式註冊"))
        let unknown = TVSimBinary.Running(["run", "rest-v2-ios-apple-sso", "--lang", "fr"])
        #expect(await unknown.waitForExit() == 64)
        #expect(unknown.text.contains("--lang: unsupported language 'fr'; tvsim speaks en, es, zh-Hans, zh-Hant, ru"))
    }

    @Test func aFailingScenarioExitsNonZero() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenarios-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("failing.json").path
        let text = """
            {"description": "expects the wrong code", "platform": "ios", "integration": "rest-v2",
             "steps": ["launch", "deny"], "expect": {"codes": ["N003"]}}
            """
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let running = TVSimBinary.Running(["run", path, "--quiet"])
        #expect(await running.waitForExit(seconds: 30) == 1)
        #expect(running.text.contains("FAIL failing"))
        #expect(running.text.contains("✗ codes were [VSA403, N000], expected [N003]"))
        #expect(running.text.contains("0 passed, 1 failed"))
    }

    @Test func jsonOutputIsMachineReadable() async throws {
        let running = TVSimBinary.Running(["run", "sdk-ios-n003", "--json"])
        #expect(await running.waitForExit(seconds: 30) == 0)
        let results = try JSONSerialization.jsonObject(with: Data(running.text.utf8)) as? [[String: Any]]
        #expect(results?.first?["passed"] as? Bool == true)
        // The SDK's checkAuthentication raises no code when signed out (seed 004, step 3).
        #expect((results?.first?["codes"] as? [String]) == ["N003"])
        #expect(!running.text.contains("client_secret=") || running.text.contains("client_secret=‹redacted›"))
    }

    @Test func aBrokenScenarioFileNamesTheLine() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).json")
            .path
        FileManager.default.createFile(atPath: path, contents: Data("{\n  \"name\": \"x\",\n  \"platform\": 3\n}".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let running = TVSimBinary.Running(["run", path])
        #expect(await running.waitForExit() == 1)
        #expect(running.text.contains("\(path):"))
        #expect(running.text.contains("field '"))
    }

    @Test func deviceShowAndResetUseTheGivenFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("device-\(UUID().uuidString).json")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reset = TVSimBinary.Running(["device", "reset", "--platform", "tvos", "--device-state", path])
        #expect(await reset.waitForExit() == 0)
        let show = TVSimBinary.Running(["device", "show", "--platform", "tvos", "--device-state", path])
        #expect(await show.waitForExit() == 0)
        #expect(show.text.contains("\"platform\" : \"tvos\""))
    }

    @Test func aClosedPipeEndsOutputQuietly() async throws {
        let shell = try await Subprocess.run(
            .path("/bin/bash"),
            arguments: [
                "-c", "set -o pipefail; \"$0\" run --all 2>&1 | head -n 1 >/dev/null; echo \"status=${PIPESTATUS[0]}\"",
                TVSimBinary.url.path,
            ], environment: TVSimBinary.environment, output: .string(limit: 1 << 20), error: .combinedWithOutput)
        let text = shell.standardOutput
        #expect(text == "status=141\n", "\(text)")
    }
}
