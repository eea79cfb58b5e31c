import Foundation
import LocatedJSON
import MockBackendAPI
import Testing

@testable import FlowRuntime

@Suite struct ScriptStepTests {
    @Test func parsesEveryPhrase() throws {
        #expect(try ScriptStep.parse("launch") == .app(.launch))
        #expect(try ScriptStep.parse("play deep-space") == .app(.play("deep-space")))
        #expect(try ScriptStep.parse("pick Câble Étoile") == .pick("Câble Étoile"))
        #expect(try ScriptStep.parse("sign-in-as demo password x") == .signInAs(persona: "demo", password: "x"))
        #expect(
            try ScriptStep.parse("complete-second-screen as basic at Meridian")
                == .completeSecondScreen(persona: "basic", password: nil, mvpd: "Meridian"))
        #expect(try ScriptStep.parse("wait 31m") == .wait(1_860))
        #expect(try ScriptStep.parse("wait 2d") == .wait(172_800))
        #expect(try ScriptStep.parse("settings permission denied") == .adjust(.setPermission(.denied)))
        #expect(try ScriptStep.parse("settings sign-in") == .adjust(.signInToProvider))
        #expect(try ScriptStep.parse("expire-adobe-profiles") == .adjust(.expireAdobeProfiles))
        for text in [
            "launch", "pick Aurora Cable", "sign-in-as demo password x", "wait 45s", "wait 31m",
            "settings remove-provider", "settings sign-in",
        ] {
            #expect(try ScriptStep.parse(text).description == text)
        }
    }

    @Test func refusesWhatItCannotRead() {
        #expect(throws: ScriptStep.ParseError.unknown("fly")) { try ScriptStep.parse("fly away") }
        #expect(throws: ScriptStep.ParseError.missingArgument("pick")) { try ScriptStep.parse("pick") }
        #expect(throws: ScriptStep.ParseError.badDuration("soon")) { try ScriptStep.parse("wait soon") }
        #expect(throws: ScriptStep.ParseError.badStatus("maybe")) { try ScriptStep.parse("settings permission maybe") }
        // A wait longer than ten years would overflow the clock's milliseconds.
        #expect(throws: ScriptStep.ParseError.badDuration("1e300s")) { try ScriptStep.parse("wait 1e300s") }
        #expect(throws: ScriptStep.ParseError.badDuration("3651d")) { try ScriptStep.parse("wait 3651d") }
    }
}

@Suite struct ScenarioLoaderTests {
    func failure(_ text: String, file: String = "my.json") -> DataFileError? {
        do {
            _ = try Scenario.parse(text, file: file)
            return nil
        } catch {
            return error
        }
    }

    @Test func namesTheFileLineAndFieldOfAMistake() {
        let text = """
            {
              "name": "x",
              "description": "d",
              "platform": "android",
              "integration": "rest-v2",
              "steps": [],
              "expect": {}
            }
            """
        let error = failure(text)
        #expect(error?.description == "my.json:4:15: field 'platform': \"android\" is not one of \"ios\", \"tvos\"")
    }

    @Test func badStepsArePointedAt() {
        let text = """
            {"name": "x", "description": "d", "platform": "ios", "integration": "sdk",
             "steps": ["launch",
                       "tap the big button"],
             "expect": {}}
            """
        let error = failure(text)
        #expect(error?.field == "steps[1]")
        #expect(error?.location.line == 3)
        #expect(error?.message.hasPrefix("'tap' is not a step") == true)
    }

    @Test func unknownFieldsAndBadFaultsAreRejected() {
        let typo = failure(
            #"{"name": "x", "description": "d", "platform": "ios", "integration": "sdk", "steps": [], "expect": {"cods": []}}"#
        )
        #expect(typo?.field == "expect.cods")
        #expect(typo?.message == "unknown field (did you mean 'codes'?)")
        let fault = failure(
            #"{"name": "x", "description": "d", "platform": "ios", "integration": "sdk", "steps": [], "expect": {}, "faults": [{"route": "nowhere", "kind": "reset"}]}"#
        )
        #expect(fault?.field == "faults[0].route")
        let profile = failure(
            #"{"name": "x", "description": "d", "platform": "ios", "integration": "sdk", "steps": [], "expect": {"profileType": "gold"}}"#
        )
        #expect(profile?.field == "expect.profileType")
    }

    @Test func numbersOutOfTheirRangeNameTheirField() {
        let head = #"{"name": "x", "description": "d", "platform": "ios", "integration": "rest-v2", "steps": [], "#
        let expiry = failure(
            head
                + #""expect": {}, "device": {"signedIn": {"provider": "A", "persona": "demo", "expiresIn": 9223372036854775807}}}"#
        )
        #expect(expiry?.field == "device.signedIn.expiresIn")
        #expect(expiry?.message.hasPrefix("must be between -3153600000 and 3153600000") == true)
        let latency = failure(
            head
                + #""expect": {}, "faults": [{"route": "profiles", "kind": "latency", "latencyMilliseconds": 600001}]}"#
        )
        #expect(latency?.field == "faults[0].latencyMilliseconds")
    }

    @Test func garbageAndADribbledBodyAreDeclaredAsFaults() throws {
        let head =
            #"{"name": "x", "description": "d", "platform": "ios", "integration": "rest-v2", "steps": [], "expect": {}, "faults": "#
        let text =
            head
            + #"[{"route": "configuration", "kind": "garbage", "seed": 3}, {"route": "profiles", "kind": "dribble", "chunks": 4, "durationMilliseconds": 2000}]}"#
        #expect(
            try Scenario.parse(text, file: "x.json").faults == [
                try FaultRule(route: "configuration", fault: .garbage, seed: 3),
                try FaultRule(route: "profiles", fault: .dribble(chunks: 4, durationMilliseconds: 2_000)),
            ])
        let bad = failure(
            head + #"[{"route": "profiles", "kind": "dribble", "chunks": 0, "durationMilliseconds": 5}]}"#)
        #expect(bad?.field == "faults[0].chunks")
        #expect(bad?.message == "must be 1…1000 for a dribble fault")
    }

    @Test func theNameComesFromTheFileName() throws {
        let text = """
            {
              "description": "d",
              "platform": "ios",
              "integration": "sdk",
              "steps": [],
              "expect": {}
            }
            """
        #expect(try Scenario.parse(text, file: "/tmp/scenarios/my-copy_2.json").name == "my-copy_2")
        #expect(try Scenario.parse(text, file: "plain").name == "plain")
        let named = text.replacingOccurrences(of: "{\n", with: "{\n  \"name\": \"my-copy\",\n")
        #expect(try Scenario.parse(named, file: "dir/my-copy.json").name == "my-copy")
        let unnamable = failure(text, file: "my copy.json")
        #expect(unnamable?.description.hasPrefix("my copy.json:1:1: the scenario is named after its file") == true)
    }

    @Test func aNameThatIsNotTheFileNameIsAMistake() {
        let text = """
            {
              "name": "other",
              "description": "d",
              "platform": "ios",
              "integration": "sdk",
              "steps": [],
              "expect": {}
            }
            """
        let error = failure(text)
        #expect(error?.file == "my.json")
        #expect(error?.location == SourceLocation(line: 2, column: 11))
        #expect(error?.field == "name")
        #expect(error?.message.hasPrefix("\"other\" is not the file's name, 'my'") == true)
    }

    @Test func loadsFromAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenarios-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sdk-ios-n003.json").path
        let text = try #require(ScenarioCatalog.named("sdk-ios-n003")).text
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        #expect(try Scenario.load(path: path).name == "sdk-ios-n003")
        #expect(throws: DataFileError.self) { try Scenario.load(path: path + ".missing") }
    }

    @Test func backendPatchesThatDoNotFitAreReported() async throws {
        let text = """
            {"name": "x", "description": "d", "platform": "ios", "integration": "rest-v2", "steps": ["launch"], "expect": {},
             "backend": {"mvpds": {"Nowhere": {"integrationEnabled": false}}}}
            """
        let result = await ScenarioRunner().run(try Scenario.parse(text, file: "x"))
        #expect(result.failures == ["the scenario could not start: there is no MVPD 'Nowhere' to change"])
    }
}
