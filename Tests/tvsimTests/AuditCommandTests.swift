import Foundation
import PassAPI
import Subprocess
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// `tvsim audit FILE.har`: every built-in REST scenario's own HAR passes; the same HAR with a
/// header removed, a call moved or the registration repeated fails, naming the rule and the step.
@Suite(.serialized) struct AuditCommandTests {
    static func tvsim(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let run = try await Subprocess.run(
            .path(FilePath(TVSimBinary.url.path)), arguments: Arguments(arguments),
            environment: TVSimBinary.environment, output: .string(limit: 32 << 20), error: .combinedWithOutput)
        let status: Int32 = if case .exited(let code) = run.terminationStatus { code } else { -1 }
        return (status, run.standardOutput)
    }

    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("audit-\(UUID().uuidString)-\(name)")
    }

    /// The REST scenarios of the catalog, from `tvsim scenarios list`.
    static func restScenarios() async throws -> [String] {
        let listing = try await tvsim(["scenarios", "list"]).output
        return listing.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            return words.count > 2 && (words[2] == "rest-v2" || words[2] == "rest-v1") ? String(words[0]) : nil
        }
    }

    @Test func everyBuiltInRESTScenarioPassesItsOwnAudit() async throws {
        let names = try await Self.restScenarios()
        #expect(names.count > 100)
        let har = Self.temporary("all.har")
        defer { try? FileManager.default.removeItem(at: har) }
        let run = try await Self.tvsim(["run"] + names + ["--quiet", "--har", har.path])
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        let audit = try await Self.tvsim(["audit", har.path])
        #expect(audit.status == 0, "\(audit.output.split(separator: "\n").filter { $0.contains("✗") }.prefix(20))")
        #expect(audit.output.contains("\(names.count) clients"), "one client per scenario")
        #expect(audit.output.contains(" 0 errors"))
    }

    /// The HAR of one scenario, as JSON to change.
    static func entries(of scenario: String) async throws -> (root: [String: Any], entries: [[String: Any]]) {
        let har = temporary("\(scenario).har")
        defer { try? FileManager.default.removeItem(at: har) }
        let run = try await tvsim(["run", scenario, "--quiet", "--har", har.path])
        #expect(run.status == 0, "\(run.output)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: har)) as? [String: Any])
        let entries = try #require((root["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        return (root, entries)
    }

    static func audit(_ root: [String: Any], entries: [[String: Any]], _ options: [String] = []) async throws -> (
        status: Int32, output: String
    ) {
        var root = root
        var log = root["log"] as! [String: Any]
        log["entries"] = entries
        root["log"] = log
        let file = temporary("changed.har")
        defer { try? FileManager.default.removeItem(at: file) }
        try JSONSerialization.data(withJSONObject: root).write(to: file)
        return try await tvsim(["audit", file.path] + options)
    }

    static func path(_ entry: [String: Any]) -> String {
        ((entry["request"] as? [String: Any])?["url"] as? String) ?? ""
    }

    @Test func aMissingHeaderFailsNamingTheRuleAndTheStep() async throws {
        let (root, entries) = try await Self.entries(of: "rest-v2-ios-apple-sso")
        let changed = entries.map { entry -> [String: Any] in
            guard Self.path(entry).hasSuffix("/configuration") else { return entry }
            var entry = entry
            var request = entry["request"] as! [String: Any]
            request["headers"] = (request["headers"] as! [[String: Any]]).filter {
                ($0["name"] as? String) != "AP-Device-Identifier"
            }
            entry["request"] = request
            return entry
        }
        let audit = try await Self.audit(root, entries: changed)
        #expect(audit.status == 1)
        // It cites configuration's own step, C.1, where seed 002 lists the header.
        #expect(
            audit.output.contains("✗ error V2-HEADER-DEVICE-IDENTIFIER (seed 002, C.1, line 116)"), "\(audit.output)")
        #expect(
            audit.output.contains(
                "“All required headers, such as Authorization, AP-Device-Identifier, X-Device-Info” (translated)"))
        #expect(audit.output.contains("/configuration → 200  C.1  ← V2-HEADER-DEVICE-IDENTIFIER"), "\(audit.output)")

        // The sequence diagram marks the call's arrow, and says the finding on the app's lane.
        let drawn = try await Self.audit(root, entries: changed, ["--sequence", "text"])
        #expect(drawn.status == 1)
        let lines = drawn.output.split(separator: "\n")
        #expect(lines.contains { $0.contains("├") && $0.hasSuffix("✗ GET /configuration → 200") }, "\(drawn.output)")
        #expect(lines.contains { $0.contains("◆") && $0.contains("✗ V2-HEADER-DEVICE-IDENTIFIER") }, "\(drawn.output)")
        #expect(!drawn.output.contains("✗ GET /profiles"), "only the call found wanting is marked")
    }

    @Test func aCallOutOfOrderFailsNamingTheRuleAndTheStep() async throws {
        let (root, entries) = try await Self.entries(of: "rest-v2-ios-apple-sso")
        var moved = entries
        let configuration = try #require(moved.firstIndex { Self.path($0).hasSuffix("/configuration") })
        let entry = moved.remove(at: configuration)
        let partner = try #require(moved.firstIndex { Self.path($0).hasSuffix("/sessions/sso/Apple") })
        moved.insert(entry, at: partner + 1)
        let audit = try await Self.audit(root, entries: moved)
        #expect(audit.status == 1)
        #expect(audit.output.contains("✗ error V2-ORDER-CONFIGURATION-FIRST (seed 002, C.1)"), "\(audit.output)")
        #expect(audit.output.contains("sessions/sso/Apple → 200  C.5  ← V2-ORDER-CONFIGURATION-FIRST"))
    }

    @Test func aRegistrationAtEveryLaunchFailsNamingTheRuleAndTheStep() async throws {
        let (root, entries) = try await Self.entries(of: "rest-v2-ios-apple-sso")
        // A second launch that registers again: the same calls, once more, a minute later.
        let again = entries.map { entry -> [String: Any] in
            var entry = entry
            entry["startedDateTime"] = "2026-01-01T12:01:00.000Z"
            return entry
        }
        let audit = try await Self.audit(root, entries: entries + again)
        #expect(audit.status == 1)
        #expect(audit.output.contains("✗ error DCR-REGISTER-ONCE (seed 002, A.2)"), "\(audit.output)")
        #expect(audit.output.contains("/o/client/register → 201  A.1  ← DCR-REGISTER-ONCE"))
    }

    /// Chrome's export: answers without their bodies (it leaves compressed ones out) and, by
    /// default, `Authorization` stripped. A client that follows the cookbook gets no error; the
    /// rules the file cannot settle say so.
    @Test func aHARSavedAsChromeSavesItRaisesNoFalseError() async throws {
        let (root, recorded) = try await Self.entries(of: "rest-v2-tvos-n003-second-screen")
        // A poll answered while the code waits (200, no profile yet), three seconds before the
        // one that returns the profile: without bodies the two look alike.
        var entries = recorded
        let poll = try #require(entries.firstIndex { Self.path($0).contains("/profiles/code/") })
        var waiting = entries[poll]
        var waitingResponse = waiting["response"] as! [String: Any]
        waitingResponse["content"] = ["size": 15, "mimeType": "application/json", "text": #"{"profiles":{}}"#]
        waiting["response"] = waitingResponse
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let started = try #require(entries[poll]["startedDateTime"] as? String)
        let at = try #require(formatter.date(from: started))
        waiting["startedDateTime"] = formatter.string(from: at.addingTimeInterval(-3))
        entries.insert(waiting, at: poll)
        #expect(try await Self.audit(root, entries: entries).status == 0, "the full file is the cookbook's")
        let withoutBodies = entries.map { entry -> [String: Any] in
            var entry = entry
            var response = entry["response"] as! [String: Any]
            var content = response["content"] as? [String: Any] ?? [:]
            content["text"] = nil
            content["size"] = 120
            response["content"] = content
            entry["response"] = response
            return entry
        }
        let bodiless = try await Self.audit(root, entries: withoutBodies)
        #expect(bodiless.status == 0, "\(bodiless.output)")
        #expect(bodiless.output.contains(" 0 errors"), "\(bodiless.output)")
        #expect(bodiless.output.contains("? not judged POLL-STOP: answers without their body"), "\(bodiless.output)")

        let sanitized = entries.map { entry -> [String: Any] in
            var entry = entry
            var request = entry["request"] as! [String: Any]
            request["headers"] = (request["headers"] as! [[String: Any]]).filter {
                ($0["name"] as? String)?.lowercased() != "authorization"
            }
            entry["request"] = request
            return entry
        }
        let stripped = try await Self.audit(root, entries: sanitized)
        #expect(stripped.status == 0, "\(stripped.output)")
        #expect(stripped.output.contains("? not judged V2-HEADER-AUTHORIZATION: no call carries Authorization"))
        // Stripped from one call only, it is the client's doing.
        var once = entries
        let configuration = try #require(once.firstIndex { Self.path($0).hasSuffix("/configuration") })
        once[configuration] = sanitized[configuration]
        let one = try await Self.audit(root, entries: once)
        #expect(one.status == 1)
        #expect(one.output.contains("✗ error V2-HEADER-AUTHORIZATION"), "\(one.output)")
    }

    /// `tvsim audit URL` audits what a running `tvsim serve` journaled, as its own audit does.
    @Test func aRunningServeIsAuditedFromItsJournal() async throws {
        let (server, port) = try await TVSimBinary.serve(["--quiet"])
        let host = "Host: 127.0.0.1:\(port)"
        let info = try AdminHardeningTests.exchange(port: port, ["GET /__tvsim/info HTTP/1.1", host])
        let statement = try #require(info.text.firstMatch(of: /"softwareStatement" *: *"([^"]+)"/)?.1)
        // An app that registers at every launch.
        for _ in 0..<2 {
            let registered = try AdminHardeningTests.exchange(
                port: port,
                [
                    "POST /o/client/register HTTP/1.1", host, "Content-Type: application/json",
                    "X-Device-Info: \(DeviceInfo.iPhone(applicationId: "ORBIT").headerValue)",
                ], body: #"{"software_statement": "\#(statement)"}"#)
            #expect(registered.status == 201, "\(registered.text)")
        }
        let audit = try await Self.tvsim(["audit", "http://127.0.0.1:\(port)"])
        #expect(audit.status == 1, "\(audit.output)")
        #expect(audit.output.contains("✗ error DCR-REGISTER-ONCE (seed 002, A.2)"), "\(audit.output)")
        #expect(audit.output.contains("/o/client/register → 201  A.1  ← DCR-REGISTER-ONCE"), "\(audit.output)")
        // The same journal as a HAR file: a HAR reader takes it, and its audit is the live one.
        let exported = try AdminHardeningTests.exchange(port: port, ["GET /__tvsim/journal?format=har HTTP/1.1", host])
        #expect(exported.status == 200)
        #expect(exported.text.contains(#"filename="tvsim-serve.har""#))
        let body = String(exported.text[try #require(exported.text.range(of: "\r\n\r\n")).upperBound...])
        let har = Self.temporary("serve.har")
        defer { try? FileManager.default.removeItem(at: har) }
        try Data(body.utf8).write(to: har)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let log = try #require(document["log"] as? [String: Any])
        let urls = try #require(log["entries"] as? [[String: Any]]).map(Self.path)
        #expect(
            urls == Array(repeating: "http://127.0.0.1:\(port)/o/client/register", count: 2), "admin calls left out")
        let fromFile = try await Self.tvsim(["audit", har.path])
        #expect(fromFile.status == 1, "\(fromFile.output)")
        #expect(fromFile.output.contains("✗ error DCR-REGISTER-ONCE (seed 002, A.2)"), "\(fromFile.output)")
        let unknown = try AdminHardeningTests.exchange(port: port, ["GET /__tvsim/journal?format=xml HTTP/1.1", host])
        #expect(unknown.status == 400)
        #expect(unknown.text.contains("invalid_format"), "\(unknown.text)")
        await server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 20) == 0)
        let gone = try await Self.tvsim(["audit", "http://127.0.0.1:\(port)"])
        #expect(gone.status == 2)
        #expect(gone.output.contains("cannot read the journal of http://127.0.0.1:\(port)"), "\(gone.output)")
    }

    /// An app that signs in with REST API V2 and plays with REST API V1's authorize, on one
    /// token: the journal redacts the token but names its client, so the live audit, and the
    /// journal's HAR, see one client and the mix.
    @Test func anAppMixingBothAPIsIsOneClientLiveAndInItsHAR() async throws {
        let (server, port) = try await TVSimBinary.serve(["--quiet"])
        func send(_ lines: [String], body: String = "") throws -> (status: Int, text: String) {
            try AdminHardeningTests.exchange(
                port: port, [lines[0], "Host: 127.0.0.1:\(port)"] + lines.dropFirst(), body: body)
        }
        let info = try send(["GET /__tvsim/info HTTP/1.1"])
        let statement = try #require(info.text.firstMatch(of: /"softwareStatement" *: *"([^"]+)"/)?.1)
        let deviceInfo = "X-Device-Info: \(DeviceInfo.iPhone(applicationId: "ORBIT").headerValue)"
        let registered = try send(
            ["POST /o/client/register HTTP/1.1", "Content-Type: application/json", deviceInfo],
            body: #"{"software_statement": "\#(statement)"}"#)
        let id = try #require(RawClient.field("client_id", in: registered.text))
        let secret = try #require(RawClient.field("client_secret", in: registered.text))
        let token = try send(
            ["POST /o/client/token HTTP/1.1", "Content-Type: application/x-www-form-urlencoded", deviceInfo],
            body: "grant_type=client_credentials&client_id=\(id)&client_secret=\(secret)")
        let access = try #require(RawClient.field("access_token", in: token.text))
        let app = [
            "Authorization: Bearer \(access)", deviceInfo,
            "AP-Device-Identifier: \(DeviceIdentifier(identifier: "mixed-device").headerValue)",
        ]
        #expect(try send(["GET /api/v2/ORBIT/profiles HTTP/1.1"] + app).status == 200)
        #expect(try send(["GET /api/v2/ORBIT/configuration HTTP/1.1"] + app).status == 200)
        _ = try send(
            ["GET /api/v1/authorize?requestor=ORBIT&deviceId=mixed-device&resource=orbit-live HTTP/1.1"] + app.prefix(2)
        )
        let live = try await Self.tvsim(["audit", "http://127.0.0.1:\(port)"])
        #expect(live.output.contains(": 1 client\n"), "\(live.output)")
        #expect(live.output.contains(" + mixed-device · rest-v2"), "\(live.output)")
        #expect(live.output.contains("✗ error ONE-API-PER-CLIENT"), "\(live.output)")
        let exported = try send(["GET /__tvsim/journal?format=har HTTP/1.1"])
        let har = Self.temporary("mixed.har")
        defer { try? FileManager.default.removeItem(at: har) }
        try Data(exported.text[try #require(exported.text.range(of: "\r\n\r\n")).upperBound...].utf8).write(to: har)
        let fromFile = try await Self.tvsim(["audit", har.path])
        #expect(fromFile.output.contains("✗ error ONE-API-PER-CLIENT"), "\(fromFile.output)")
        #expect(!fromFile.output.contains(access), "the HAR keeps no token")
        await server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 20) == 0)
    }

    @Test func anUnreadableFileExitsTwoNamingIt() async throws {
        let file = Self.temporary("broken.har")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"log": {"entries": [{"request": {}}]}}"#.utf8).write(to: file)
        let audit = try await Self.tvsim(["audit", file.path])
        #expect(audit.status == 2)
        #expect(audit.output.contains("broken.har:1"), "\(audit.output)")
    }

    @Test func jsonAndJUnitSayTheSame() async throws {
        let (root, entries) = try await Self.entries(of: "rest-v2-ios-apple-sso")
        var log = root["log"] as! [String: Any]
        log["entries"] = entries.filter { !Self.path($0).hasSuffix("/configuration") }
        var changed = root
        changed["log"] = log
        let har = Self.temporary("no-config.har")
        let junit = Self.temporary("report.xml")
        defer {
            try? FileManager.default.removeItem(at: har)
            try? FileManager.default.removeItem(at: junit)
        }
        try JSONSerialization.data(withJSONObject: changed).write(to: har)
        let audit = try await Self.tvsim(["audit", har.path, "--json", "--junit", junit.path])
        #expect(audit.status == 1)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(audit.output.utf8)) as? [String: Any])
        let clients = try #require(document["clients"] as? [[String: Any]])
        let findings = try #require(clients.first?["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["V2-ORDER-CONFIGURATION-FIRST"])
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(#"<testcase name="V2-ORDER-CONFIGURATION-FIRST""#))
        #expect(xml.contains(#"failures="1""#))
        // The same writer as `tvsim run --junit`, so the same schema holds.
        if OutsideTool.xmllint.path != nil || OutsideTool.required {
            let invalid = try await JUnitReportTests.invalidity(of: junit.path)
            #expect(invalid == nil, "\(invalid ?? "")\n\(xml)")
        }
    }

    /// A customer's HAR may carry escape sequences in what a client sent: clear screen, an OSC 52
    /// clipboard write, C1's CSI, BEL, a right-to-left override. The report shows them and sends
    /// none: as text, as JSON (escaped) and as JUnit.
    @Test func aHARsControlCharactersReachNoTerminalRaw() async throws {
        let (root, entries) = try await Self.entries(of: "rest-v2-ios-apple-sso")
        let hostile = "\u{1B}[2J\u{1B}]52;c;cHduZWQ=\u{07}\u{9B}31m\u{202E}gpj.exe"
        let changed = entries.map { entry -> [String: Any] in
            var entry = entry
            var request = entry["request"] as! [String: Any]
            request["headers"] = (request["headers"] as! [[String: Any]]).map { header in
                let name = (header["name"] as? String)?.lowercased()
                guard name == "ap-device-identifier" || name == "user-agent" else { return header }
                return ["name": header["name"]!, "value": "\(header["value"] ?? "")\(hostile)"]
            }
            request["url"] = Self.path(entry) + (Self.path(entry).hasSuffix("/configuration") ? hostile : "")
            entry["request"] = request
            return entry
        }
        var log = root["log"] as! [String: Any]
        log["entries"] = changed
        var document = root
        document["log"] = log
        let har = Self.temporary("hostile.har")
        let junit = Self.temporary("hostile.xml")
        defer {
            try? FileManager.default.removeItem(at: har)
            try? FileManager.default.removeItem(at: junit)
        }
        try JSONSerialization.data(withJSONObject: document).write(to: har)
        let raw: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"]
        func rawIn(_ text: String) -> [Unicode.Scalar] { raw.filter { text.unicodeScalars.contains($0) } }

        let text = try await Self.tvsim(["audit", har.path])
        #expect(rawIn(text.output) == [], "the text report prints them raw")
        #expect(text.output.contains("^[[2J") || text.output.contains("\\u{202E}"), "\(text.output.prefix(3000))")

        let json = try await Self.tvsim(["audit", har.path, "--json", "--junit", junit.path])
        #expect(rawIn(json.output) == [], "the JSON report prints them raw")
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(json.output.utf8)) }
        #expect(rawIn(try String(contentsOf: junit, encoding: .utf8)) == [], "the JUnit report keeps them raw")
    }
}
