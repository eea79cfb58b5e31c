import Foundation
import Localization
import LocatedJSON
import MockBackendAPI
import PassAPI
import Testing

@testable import PassMockServer

@Suite struct ActivationTests {
    @Test func aSecondScreenCompletesTheTVsSession() async throws {
        try await Harness.run { harness in
            let tv = try await harness.app(device: "tv", info: Harness.appleTV)
            let code = try #require(try await tv.postForm("/sessions", "").decode(SessionResponse.self).code)
            #expect(try await tv.get("/profiles/code/\(code)").decode(ProfilesResponse.self).profiles.isEmpty)
            let start = try await harness.send(.get, "/activate")
            #expect(start.text.contains("<form method=\"post\" action=\"/activate\">"))
            let wrong = try await harness.send(.post, "/activate", body: "code=NOPE123")
            #expect(wrong.status == 400)
            #expect(wrong.text.contains("not valid"))
            let typed = try await harness.send(
                .post, "/activate", body: "code=\(code.lowercased().prefix(3))-\(code.lowercased().dropFirst(3))")
            #expect(typed.header("Location") == "/activate/\(code)/provider")
            let providers = try await harness.send(.get, "/activate/\(code)/provider")
            #expect(providers.text.contains("<option value=\"Meridian\">Meridian Fiber</option>"))
            #expect(!providers.text.contains("Ironwood"))
            let chosen = try await harness.send(.post, "/activate/\(code)/provider", body: "mvpd=Meridian")
            #expect(chosen.header("Location") == "/api/v2/authenticate/ORBIT/\(code)")
            let done = try await harness.browserLogin(code: code, username: "demo", password: "demo")
            #expect(done == "http://mock.test/activate/\(code)/done")
            #expect(try await harness.send(.get, "/activate/ZZZZZZZ/done").status == 404)
            let page = try await harness.send(.get, "/activate/\(code)/done")
            #expect(page.text.contains("You&#39;re signed in"))
            #expect(page.text.contains("Meridian Fiber"))
            let profile = try await tv.get("/profiles/code/\(code)").decode(ProfilesResponse.self)
            #expect(profile.profiles["Meridian"]?.type == .regular)
            #expect(try await tv.get("/profiles").decode(ProfilesResponse.self).profiles.keys.sorted() == ["Meridian"])
        }
    }

    @Test func theActivationPagesAnswerInTheBrowsersLanguage() async throws {
        try await Harness.run { harness in
            let chinese = try await harness.send(
                .get, "/activate", headers: [("Accept-Language", "zh-TW,zh;q=0.9,en;q=0.8")])
            #expect(chinese.text.contains("<html lang=\"zh-Hant\">"))
            #expect(chinese.text.contains("<h1>\(Strings.of(.traditionalChinese)("page.activate.title"))</h1>"))
            let wrong = try await harness.send(
                .post, "/activate", headers: [("Accept-Language", "es-ES,es;q=0.9")], body: "code=NOPE123")
            #expect(wrong.status == 400)
            #expect(wrong.text.contains(Strings.of(.spanish)("page.codeNotValid")))
            let unknown = try await harness.send(.get, "/activate", headers: [("Accept-Language", "fr-FR, de;q=0.5")])
            #expect(unknown.text.contains("<html lang=\"en\">"))
            #expect(unknown.text.contains("<h1>Activate your device</h1>"))
            // The provider's sign-in in the system UI answers in the device's language too.
            let refused = try await harness.send(
                .post, "/idp/AuroraCable/vsa/sign-in",
                headers: [("Content-Type", "application/json"), ("Accept-Language", "ru,en;q=0.5")],
                body: #"{"username": "demo", "password": "wrong"}"#)
            #expect(refused.status == 401)
            #expect(refused.text.contains(Strings.of(.russian)("page.wrongPassword")))
            // The framework's calls are the device's JSON, never a page's form or a page's fetch.
            let credentials = #"{"username": "demo", "password": "demo"}"#
            let plain = try await harness.send(
                .post, "/idp/AuroraCable/vsa/sign-in", headers: [("Content-Type", "text/plain")], body: credentials)
            #expect(plain.status == 415, "\(plain.text)")
            let fromPage = try await harness.send(
                .post, "/idp/AuroraCable/vsa/sign-in",
                headers: [("Content-Type", "application/json"), ("Origin", "http://evil.example")], body: credentials)
            #expect(fromPage.status == 403 && fromPage.text.contains("cross_site_request"), "\(fromPage.text)")
        }
    }

    @Test func aPreselectedProviderSkipsThePicker() async throws {
        try await Harness.run { harness in
            let tv = try await harness.app(device: "tv", info: Harness.appleTV)
            let code = try #require(
                try await tv.postForm("/sessions", "mvpd=Keystone").decode(SessionResponse.self).code)
            let typed = try await harness.send(.post, "/activate", body: "code=\(code)")
            #expect(typed.header("Location") == "/api/v2/authenticate/ORBIT/\(code)")
        }
    }

    @Test func anExpiredCodeIsExplained() async throws {
        try await Harness.run { harness in
            let tv = try await harness.app(device: "tv", info: Harness.appleTV)
            let code = try #require(try await tv.postForm("/sessions", "").decode(SessionResponse.self).code)
            harness.clock.advance(by: 1_800)
            let reply = try await harness.send(.post, "/activate", body: "code=\(code)")
            #expect(reply.status == 400)
            #expect(reply.text.contains("expired"))
        }
    }
}

@Suite struct DashboardTests {
    @Test func theBuiltInDashboardCoversEveryCase() {
        let mvpds = Dashboard.builtIn.mvpds
        #expect(mvpds.count >= 40)
        #expect(mvpds.contains { $0.displayName.unicodeScalars.contains { !$0.isASCII } })
        #expect(mvpds.contains { $0.displayName.count > 50 })
        #expect(mvpds.contains { $0.displayName.contains("&") || $0.displayName.contains("'") })
        #expect(mvpds.contains { $0.isAppleSSOCapable })
        #expect(mvpds.contains { $0.boardingStatus == .picker })
        #expect(mvpds.contains { !$0.integrationEnabled })
        #expect(mvpds.contains { !$0.ssoEnabled })
        #expect(mvpds.contains { $0.degradation != nil })
        #expect(mvpds.contains { $0.platformMappingId == nil })
        let personas = Dashboard.builtIn.defaultPersonas
        #expect(personas.contains { $0.expired })
        #expect(personas.contains { $0.maxRating != nil })
        #expect(personas.contains { !$0.entitlements.contains("*") })
    }

    @Test func theBuiltInDashboardSurvivesAJSONRoundTrip() throws {
        let text = DashboardFile.encode(.builtIn)
        let decoded = try LocatedJSONDecoder().decode(Dashboard.self, from: Data(text.utf8), file: "built-in.json")
        #expect(decoded == .builtIn)
    }

    func load(_ text: String) throws(DataFileError) -> Dashboard {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-\(UUID().uuidString).json")
            .path
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try DashboardFile.load(path: path)
    }

    let minimal = """
        {
          "requestors": [
            { "id": "APP", "name": "App", "softwareStatement": { "softwareId": "app" } }
          ],
          "mvpds": [
            { "id": "One", "displayName": "One Cable", "platformMappingId": "one", "boardingStatus": "SUPPORTED",
              "enablePlatformServices": true, "displayInPlatformPicker": true },
            { "id": "Two", "displayName": "Two TV" }
          ],
          "defaultPersonas": [
            { "username": "u", "password": "p", "userID": "u-1" }
          ]
        }
        """

    @Test func aMinimalFileGetsDefaults() throws {
        let dashboard = try load(minimal)
        #expect(dashboard.settings.codeLifetimeSeconds == 1_800)
        #expect(dashboard.requestors[0].appleSSO)
        #expect(dashboard.mvpds[0].isAppleSSOCapable)
        #expect(dashboard.mvpds[1].logoutSupported)
        #expect(dashboard.personas(of: dashboard.mvpds[1]).map(\.username) == ["u"])
    }

    @Test func mistakesNameTheFileLineAndField() {
        func failure(_ text: String) -> DataFileError? {
            do {
                _ = try load(text)
                return nil
            } catch {
                return error
            }
        }
        let typo = failure(
            minimal.replacingOccurrences(
                of: "\"boardingStatus\": \"SUPPORTED\"", with: "\"boardingStatus\": \"SUPORTED\""))
        #expect(typo?.location.line == 6)
        #expect(typo?.field == "mvpds[0].boardingStatus")
        #expect(typo?.message.contains("PICKER") == true)
        #expect(typo?.file.hasSuffix(".json") == true)
        let unknown = failure(
            minimal.replacingOccurrences(
                of: "\"displayName\": \"Two TV\"", with: "\"displayName\": \"Two TV\", \"ssoEnable\": true"))
        #expect(unknown?.field == "mvpds[1].ssoEnable")
        #expect(unknown?.message == "unknown field (did you mean 'ssoEnabled'?)")
        let missingMapping = failure(minimal.replacingOccurrences(of: "\"platformMappingId\": \"one\", ", with: ""))
        #expect(missingMapping?.field == "mvpds[0].platformMappingId")
        let duplicate = failure(minimal.replacingOccurrences(of: "\"id\": \"Two\"", with: "\"id\": \"One\""))
        #expect(duplicate?.message == "MVPD id 'One' appears twice")
        let badId = failure(minimal.replacingOccurrences(of: "\"id\": \"Two\"", with: "\"id\": \"Two Words\""))
        #expect(badId?.field == "mvpds[1].id")
        // A number that would overflow an expiry names its field and range.
        let lifetime = failure(
            minimal.replacingOccurrences(
                of: "\"displayName\": \"Two TV\"",
                with: "\"displayName\": \"Two TV\", \"authenticationLifetimeSeconds\": 9223372036854775807"))
        #expect(lifetime?.field == "mvpds[1].authenticationLifetimeSeconds")
        #expect(lifetime?.location.line == 8)
        #expect(lifetime?.message.hasPrefix("must be between 1 and 3153600000") == true)
        let syntax = failure("{\n  \"requestors\": [\n")
        #expect(syntax?.location.line == 3)
        #expect(throws: DataFileError.self) { try DashboardFile.load(path: "/nonexistent/dashboard.json") }
    }
}
