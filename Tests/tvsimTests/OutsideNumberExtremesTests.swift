import Conformance
import FlowRuntime
import Foundation
import LocatedJSON
import MockBackendAPI
import PassAPI
import PassMockServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every number that comes from outside, set in turn to each extreme, gets a clean answer: a
/// file is read or refused with an error that names it and a line, and a request is answered
/// below 500 by a server that keeps serving. Tests run in a debug build, where an overflow
/// stops the process, so a number used unchecked anywhere on the way fails the run.
///
/// The numbers are found, not listed: every number written in a dashboard, a scenario of the
/// catalog, a HAR and each admin request's body is replaced in turn.
@Suite(.serialized) struct OutsideNumberExtremesTests {
    static let extremes = [
        "-9223372036854775808", "9223372036854775807", "9223372036854775808", "18446744073709551616", "0", "-0",
        "-1", "1.5", "1e400", "-1e400", "NaN",
    ]

    // MARK: Variants

    /// A number as written in a document, and where.
    struct WrittenNumber {
        /// Where it is in the document: `.log.entries[].time`.
        let path: String
        let line: Int
        let column: Int
        let literal: String
    }

    /// The first number written at each path of the document (array positions are one path:
    /// every entry of a HAR has the same fields), so each field is tried once.
    static func numbers(in text: String) throws -> [WrittenNumber] {
        var found: [WrittenNumber] = []
        var paths: Set<String> = []
        func walk(_ node: JSONNode, _ path: String) {
            switch node.kind {
            case .number(let literal):
                guard paths.insert(path).inserted else { return }
                found.append(
                    WrittenNumber(path: path, line: node.location.line, column: node.location.column, literal: literal))
            case .array(let items): items.forEach { walk($0, path + "[]") }
            case .object(let members): members.forEach { walk($0.value, path + "." + $0.key) }
            default: break
            }
        }
        walk(try JSONNode.parse(Array(text.utf8), file: "variant"), "")
        return found
    }

    /// Every copy of `text` with one of its numbers written as one of the extremes.
    static func variants(of text: String) throws -> [(number: WrittenNumber, extreme: String, text: String)] {
        try numbers(in: text).flatMap { number in
            extremes.map { extreme in (number, extreme, replacing(number, in: text, with: extreme)) }
        }
    }

    /// `text` with `number` written as `literal` (columns count bytes, from 1).
    static func replacing(_ number: WrittenNumber, in text: String, with literal: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var bytes = Array(lines[number.line - 1].utf8)
        let start = number.column - 1
        bytes.replaceSubrange(start..<start + number.literal.utf8.count, with: Array(literal.utf8))
        lines[number.line - 1] = String(decoding: bytes, as: UTF8.self)
        return lines.joined(separator: "\n")
    }

    /// Reads each variant of `text` with `read`: read, or refused naming `file` and a line.
    static func readEveryVariant(of text: String, file: String, _ read: (String) throws -> Void) throws -> Int {
        let variants = try variants(of: text)
        for variant in variants {
            do {
                try read(variant.text)
            } catch let error as DataFileError {
                #expect(error.file == file && error.location.line >= 1 && !error.message.isEmpty, "\(error)")
            } catch {
                Issue.record("\(file):\(variant.number.line): \(variant.extreme) gave \(error)")
            }
        }
        return variants.count
    }

    // MARK: Files

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The built-in dashboard with every number its schema allows written, optional ones too
    /// (each as 1), so that no field is left out because the built-in leaves it unset.
    static func dashboardWithEveryNumber() throws -> String {
        let schemaFile = repository.appendingPathComponent("Sources/tvsim/Schemas/dashboard.schema.json")
        let schema = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: schemaFile)) as? [String: Any])
        let definitions = schema["$defs"] as? [String: Any] ?? [:]
        var document = try JSONSerialization.jsonObject(with: Data(DashboardFile.encode(.builtIn).utf8))
        func resolved(_ node: [String: Any]) -> [String: Any] {
            guard let reference = node["$ref"] as? String else { return node }
            return definitions[String(reference.split(separator: "/").last ?? "")] as? [String: Any] ?? [:]
        }
        func isNumber(_ node: [String: Any]) -> Bool {
            let types = (node["type"] as? [String]) ?? [(node["type"] as? String) ?? ""]
            return types.contains("integer") || types.contains("number")
        }
        func fill(_ value: Any, _ schemaNode: [String: Any], depth: Int) -> Any {
            let node = resolved(schemaNode)
            guard depth < 12 else { return value }
            if var object = value as? [String: Any], let properties = node["properties"] as? [String: Any] {
                for (name, child) in properties {
                    let childNode = resolved(child as? [String: Any] ?? [:])
                    if object[name] == nil, isNumber(childNode) { object[name] = 1 }
                    if let member = object[name] { object[name] = fill(member, childNode, depth: depth + 1) }
                }
                return object
            }
            if let array = value as? [Any], let items = node["items"] as? [String: Any] {
                return array.map { fill($0, items, depth: depth + 1) }
            }
            return value
        }
        document = fill(document, schema, depth: 0)
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func theDashboardVariantsHoldEveryNumberTheSchemaAllows() throws {
        let filled = try Self.dashboardWithEveryNumber()
        // A field the built-in leaves unset, now written.
        #expect(filled.contains("authorizationLifetimeSeconds"))
        _ = try LocatedJSONDecoder().decode(Dashboard.self, from: Data(filled.utf8), file: "dashboard.json")
    }

    @Test func everyNumberOfADashboardFile() throws {
        let count = try Self.readEveryVariant(of: try Self.dashboardWithEveryNumber(), file: "dashboard.json") {
            variant in
            let dashboard = try LocatedJSONDecoder().decode(
                Dashboard.self, from: Data(variant.utf8), file: "dashboard.json")
            _ = MockBackend(dashboard: dashboard).softwareStatement(for: "ORBIT")
        }
        #expect(count >= 200)
    }

    @Test func everyNumberOfEveryScenarioFile() throws {
        var count = 0
        for file in ScenarioCatalog.entries where try !Self.numbers(in: file.text).isEmpty {
            count += try Self.readEveryVariant(of: file.text, file: file.path) { variant in
                _ = try Scenario.parse(variant, file: file.path)
            }
        }
        #expect(count > 100)
    }

    /// A REST API V2 session on Apple TV as tvsim writes it to a HAR.
    static func sessionHAR() async throws -> String {
        let scenario = try #require(
            try ScenarioCatalog.all().first { $0.integration == .restV2 && $0.platform == .tvos })
        let result = await ScenarioRunner(launcher: WorldLauncher(host: EmbeddedBackendHost())).run(scenario)
        let run = HARDocument.Run(id: scenario.name, title: scenario.name, entries: result.timeline)
        return String(decoding: try HARDocument.data([run]), as: UTF8.self)
    }

    @Test func everyNumberOfAHARAndItsDates() async throws {
        let text = try await Self.sessionHAR()
        let count = try Self.readEveryVariant(of: text, file: "session.har") { variant in
            _ = Audit.run(try HARDocument.read(Data(variant.utf8), file: "session.har"))
        }
        #expect(count >= 100)
        let started = try #require(text.firstMatch(of: /"startedDateTime" *: *"([^"]*)"/)?.1)
        let dates = [
            "9999-12-31T23:59:59.999Z", "0000-01-01T00:00:00Z", "+275760-09-13T00:00:00Z", "1970-01-01T00:00:00+99:99",
            "2026-11-28T00:00:00.99999999999999999999Z",
        ]
        for date in dates {
            let variant = text.replacingOccurrences(of: String(started), with: date)
            do throws(DataFileError) {
                _ = Audit.run(try HARDocument.read(Data(variant.utf8), file: "session.har"))
            } catch {
                #expect(error.file == "session.har" && !error.message.isEmpty)
            }
        }
    }

    /// The numbers a HAR carries inside its messages, which the audit reads too: each numeric
    /// header (`Retry-After`) and each number of a JSON body (`expires_in`, `notAfter`), once per
    /// call and place, set to each extreme and to what only a float spells (`inf`, `nan`).
    @Test func everyNumberInsideAHARsMessages() async throws {
        let text = try await Self.sessionHAR()
        let archive = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let log = try #require(archive["log"] as? [String: Any])
        let entries = try #require(log["entries"] as? [[String: Any]])
        var tried: Set<String> = []
        var count = 0
        var problems: [String] = []
        func audit(_ changed: [[String: Any]], _ what: String) throws {
            var copy = log
            copy["entries"] = changed
            var whole = archive
            whole["log"] = copy
            let data = try JSONSerialization.data(withJSONObject: whole)
            count += 1
            do {
                _ = Audit.run(try HARDocument.read(data, file: "session.har"))
            } catch {
                if error.message.isEmpty { problems.append("\(what): an empty refusal") }
            }
        }
        for (index, entry) in entries.enumerated() {
            let call = ((entry["request"] as? [String: Any])?["url"] as? String)?.split(separator: "?").first ?? ""
            for side in ["request", "response"] {
                guard var message = entry[side] as? [String: Any] else { continue }
                var headers = message["headers"] as? [[String: Any]] ?? []
                for (position, header) in headers.enumerated() {
                    guard let name = header["name"] as? String, let value = header["value"] as? String,
                        Double(value) != nil, tried.insert("\(call) \(side) \(name)").inserted
                    else { continue }
                    for extreme in Self.extremes + ["inf", "-inf", "nan"] {
                        headers[position]["value"] = extreme
                        message["headers"] = headers
                        var changed = entries
                        changed[index][side] = message
                        try audit(changed, "\(call) \(name): \(extreme)")
                    }
                    headers[position]["value"] = value
                    message["headers"] = headers
                }
                let bodyKey = side == "request" ? "postData" : "content"
                guard var body = message[bodyKey] as? [String: Any], let bodyText = body["text"] as? String,
                    (try? JSONNode.parse(Array(bodyText.utf8), file: "body")) != nil
                else { continue }
                for number in try Self.numbers(in: bodyText)
                where tried.insert("\(call) \(side) \(number.path)").inserted {
                    for extreme in Self.extremes {
                        body["text"] = Self.replacing(number, in: bodyText, with: extreme)
                        var changedMessage = message
                        changedMessage[bodyKey] = body
                        var changed = entries
                        changed[index][side] = changedMessage
                        try audit(changed, "\(call) \(number.path): \(extreme)")
                    }
                }
            }
        }
        #expect(count >= 50, "too few numbers found inside the messages")
        #expect(problems.isEmpty, "\(problems.prefix(10))")
    }

    // MARK: Requests

    /// The admin API's bodies and queries, and the calls a client makes under every dashboard
    /// the admin API accepted, against `tvsim serve` built for debugging.
    @Test func everyNumberARequestCarries() async throws {
        let (server, port) = try await TVSimBinary.serve(["--quiet"])
        let (answered, problems) = try await Self.onThread { try Self.sendExtremes(port: port) }
        #expect(answered >= 400, "the server answered too few to have tried every number")
        #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "\n"))")
        let alive = try AdminHardeningTests.exchange(
            port: port, ["GET /__tvsim/clock HTTP/1.1", "Host: 127.0.0.1:\(port)"])
        #expect(alive.status == 200, "the server stopped serving")
        await server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 20) == 0, "\(server.text.suffix(2_000))")
    }

    /// Runs blocking socket calls on a thread of their own, away from Swift's cooperative pool.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    /// How many requests were answered, and what was not answered cleanly. Recorded by the
    /// test itself: an expectation on this thread would belong to no test.
    static func sendExtremes(port: Int) throws -> (answered: Int, problems: [String]) {
        let client = RawClient(port: port)
        var answered = 0
        var problems: [String] = []
        func expectClean(_ reply: (status: Int, text: String), _ what: String) {
            answered += 1
            if !(200..<500).contains(reply.status) { problems.append("\(what): \(reply.text.prefix(300))") }
        }
        // The dashboard, whole; then the calls that derive times from what was accepted.
        for variant in try variants(of: dashboardWithEveryNumber()) {
            let reply = try client.send("PUT", "/__tvsim/config", json: variant.text)
            expectClean(reply, "config line \(variant.number.line) = \(variant.extreme)")
            if reply.status == 200 { try client.probe().forEach { expectClean($0, "a call under \(variant.extreme)") } }
        }
        _ = try client.send("POST", "/__tvsim/reset", json: "{}")
        // Every fault kind, with every number it can carry.
        let faults = [
            #"{"route": "configuration", "kind": "latency", "latencyMilliseconds": 10, "latencyDistribution": "uniform", "latencyMaxMilliseconds": 20, "probability": 1, "times": 1, "seed": 1, "id": 1}"#,
            #"{"route": "configuration", "kind": "latency", "latencyMilliseconds": 10, "latencyDistribution": "lognormal", "latencySigma": 1}"#,
            #"{"route": "configuration", "kind": "status", "status": 503, "times": 1}"#,
            #"{"route": "configuration", "kind": "throttle", "retryAfterSeconds": 6, "times": 1}"#,
            #"{"route": "configuration", "kind": "dribble", "chunks": 2, "durationMilliseconds": 10, "times": 1}"#,
        ]
        for fault in faults {
            for variant in try variants(of: fault) {
                expectClean(try client.send("POST", "/__tvsim/faults", json: variant.text), "fault \(variant.text)")
                _ = try client.send("DELETE", "/__tvsim/faults")
            }
        }
        for variant in try variants(of: #"{"seconds": 1}"#) {
            expectClean(try client.send("POST", "/__tvsim/clock/advance", json: variant.text), variant.text)
        }
        _ = try client.send("POST", "/__tvsim/reset", json: "{}")
        for extreme in extremes {
            expectClean(
                try client.send("GET", "/__tvsim/journal?after=\(extreme)&limit=\(extreme)"), "journal \(extreme)")
            expectClean(try client.send("DELETE", "/__tvsim/faults/\(extreme)"), "fault id \(extreme)")
            let regcode = "/reggie/v1/ORBIT/regcode?deviceId=d&ttl=\(extreme)"
            expectClean(try client.send("POST", regcode, form: ""), "regcode ttl \(extreme)")
        }
        // The one number of HTTP itself: a declared length.
        for extreme in extremes {
            let raw =
                "POST /o/client/register HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(extreme)\r\nConnection: close\r\n\r\n{}"
            let reply = try AdminHardeningTests.exchange(port: port, raw: raw)
            expectClean((reply.status, reply.text), "Content-Length \(extreme)")
        }
        return (answered, problems)
    }
}

/// HTTP/1.1 over a socket, one connection per request, as an outside client would send it.
struct RawClient {
    let port: Int

    func send(_ method: String, _ path: String, json: String? = nil, form: String? = nil, headers: [String] = [])
        throws -> (status: Int, text: String)
    {
        var lines = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)"] + headers
        if json != nil { lines.append("Content-Type: application/json") }
        if form != nil { lines.append("Content-Type: application/x-www-form-urlencoded") }
        return try AdminHardeningTests.exchange(port: port, lines, body: json ?? form ?? "")
    }

    /// What an app does first under the current dashboard: register, get a token, refresh it,
    /// ask for a code, look it up, read the configuration and profiles, and ask for decisions.
    func probe() throws -> [(status: Int, text: String)] {
        let info = try send("GET", "/__tvsim/info")
        guard let statement = info.text.firstMatch(of: /"softwareStatement" *: *"([^"]+)"/)?.1 else { return [info] }
        let device = [
            "X-Device-Info: \(DeviceInfo.iPhone(applicationId: "ORBIT").headerValue)",
            "AP-Device-Identifier: \(DeviceIdentifier(identifier: "extreme-device").headerValue)",
        ]
        let registered = try send(
            "POST", "/o/client/register", json: #"{"software_statement": "\#(statement)"}"#, headers: device)
        guard let id = Self.field("client_id", in: registered.text),
            let secret = Self.field("client_secret", in: registered.text)
        else { return [info, registered] }
        let credentials = "client_id=\(id)&client_secret=\(secret)"
        let token = try send(
            "POST", "/o/client/token", form: "grant_type=client_credentials&\(credentials)", headers: device)
        guard let access = Self.field("access_token", in: token.text),
            let refresh = Self.field("refresh_token", in: token.text)
        else { return [info, registered, token] }
        let refreshed = try send(
            "POST", "/o/client/token", form: "grant_type=refresh_token&\(credentials)&refresh_token=\(refresh)",
            headers: device)
        let app = device + ["Authorization: Bearer \(access)"]
        let session = try send(
            "POST", "/api/v2/ORBIT/sessions",
            form: "mvpd=Cascade&domainName=orbit.tvsim.example&redirectUrl=https%3A%2F%2Forbit.tvsim.example",
            headers: app)
        let code = Self.field("code", in: session.text) ?? "NOCODE"
        return [
            info, registered, token, refreshed, session,
            try send("GET", "/api/v2/ORBIT/sessions/\(code)", headers: app),
            try send("GET", "/api/v2/ORBIT/configuration", headers: app),
            try send("GET", "/api/v2/ORBIT/profiles", headers: app),
            try send("GET", "/api/v2/ORBIT/profiles/code/\(code)", headers: app),
            try send(
                "POST", "/api/v2/ORBIT/decisions/authorize/Cascade", json: #"{"resources": ["orbit-live"]}"#,
                headers: app),
            try send(
                "POST", "/api/v2/ORBIT/decisions/preauthorize/Cascade", json: #"{"resources": ["orbit-live"]}"#,
                headers: app),
            try send("POST", "/reggie/v1/ORBIT/regcode?deviceId=extreme-device", form: ""),
        ]
    }

    static func field(_ name: String, in text: String) -> String? {
        guard let range = text.range(of: "\"\(name)\":\""), let end = text[range.upperBound...].firstIndex(of: "\"")
        else {
            return nil
        }
        return String(text[range.upperBound..<end])
    }
}
