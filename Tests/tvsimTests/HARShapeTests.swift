import Foundation
import PassAPI
import Testing

/// `tvsim audit` on the same session saved as each tool saves a HAR: Chrome (HTTP/2 lowercase and
/// pseudo headers, `_initiator`, Base64 bodies), Firefox (local time offsets, form `params`
/// beside the text), Charles (no pages, every body Base64, a form only as `params`) and Proxyman
/// (original header case, seven-digit fractions). The audit of each is the audit of tvsim's own
/// file: same clients, same calls and steps, same findings.
@Suite(.serialized) struct HARShapeTests {
    typealias Entry = [String: Any]

    /// How each tool reshapes an entry.
    enum Tool: String, CaseIterable, CustomTestStringConvertible {
        case chrome, firefox, charles, proxyman

        var testDescription: String { rawValue }

        func reshape(_ root: [String: Any]) -> [String: Any] {
            var root = root
            var log = root["log"] as! [String: Any]
            let entries = (log["entries"] as! [Entry]).map(reshapeEntry)
            log["entries"] = entries
            log["creator"] = ["name": rawValue, "version": "1"]
            if self == .charles { log["pages"] = nil }
            root["log"] = log
            return root
        }

        func reshapeEntry(_ entry: Entry) -> Entry {
            var entry = entry
            var request = entry["request"] as! [String: Any]
            var response = entry["response"] as! [String: Any]
            entry["_operation"] = nil
            entry["_client"] = nil
            switch self {
            case .chrome:
                let url = URLComponents(string: request["url"] as! String)!
                let pseudo: [Entry] = [
                    ["name": ":authority", "value": url.host! + (url.port.map { ":\($0)" } ?? "")],
                    ["name": ":method", "value": request["method"]!],
                    [
                        "name": ":path",
                        "value": url.percentEncodedPath + (url.percentEncodedQuery.map { "?\($0)" } ?? ""),
                    ],
                    ["name": ":scheme", "value": url.scheme!],
                ]
                request["headers"] = pseudo + Self.lowercased(request["headers"])
                request["httpVersion"] = "h2"
                response["headers"] = Self.lowercased(response["headers"])
                response["httpVersion"] = "h2"
                response["content"] = Self.base64(response["content"])
                entry["_initiator"] = ["type": "script", "stack": ["callFrames": []]]
                entry["_priority"] = "High"
                entry["_resourceType"] = "fetch"
            case .firefox:
                entry["startedDateTime"] = Self.offset(entry["startedDateTime"] as! String, hours: 1)
                request["httpVersion"] = "HTTP/2"
                request["headers"] = Self.lowercased(request["headers"])
                request["postData"] = Self.withParams(request["postData"], keepingText: true)
            case .charles:
                entry["startedDateTime"] = Self.offset(entry["startedDateTime"] as! String, hours: 11)
                entry["pageref"] = nil
                request["postData"] = Self.withParams(request["postData"], keepingText: false)
                response["content"] = Self.base64(response["content"])
                entry["comment"] = ""
            case .proxyman:
                entry["startedDateTime"] = (entry["startedDateTime"] as! String).replacingOccurrences(
                    of: #"\.(\d{3})Z"#, with: ".$11234Z", options: .regularExpression)
                response["content"] = Self.base64(response["content"])
                entry["pageref"] = nil
            }
            entry["request"] = request
            entry["response"] = response
            return entry
        }

        static func lowercased(_ headers: Any?) -> [Entry] {
            (headers as? [Entry] ?? []).map { ["name": ($0["name"] as! String).lowercased(), "value": $0["value"]!] }
        }

        static func base64(_ content: Any?) -> Entry {
            var content = content as? Entry ?? [:]
            guard let text = content["text"] as? String, !text.isEmpty else { return content }
            content["text"] = Base64.encode(text)
            content["encoding"] = "base64"
            return content
        }

        /// A form body as `params` (decoded names and values), with or without the text.
        static func withParams(_ postData: Any?, keepingText: Bool) -> Any? {
            guard var postData = postData as? Entry, let text = postData["text"] as? String,
                (postData["mimeType"] as? String ?? "").contains("x-www-form-urlencoded")
            else { return postData }
            postData["params"] = text.split(separator: "&").map { pair -> Entry in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                    String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
                }
                return ["name": parts[0], "value": parts.count > 1 ? parts[1] : ""]
            }
            if !keepingText { postData["text"] = nil }
            return postData
        }

        /// The same instant written in a zone `hours` east of UTC, as a tool on such a machine
        /// writes it.
        static func offset(_ time: String, hours: Int) -> String {
            let reader = ISO8601DateFormatter()
            reader.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let writer = ISO8601DateFormatter()
            writer.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            writer.timeZone = TimeZone(secondsFromGMT: hours * 3600)
            return writer.string(from: reader.date(from: time)!)
        }
    }

    /// The clients of `tvsim audit --json`, each named by its device alone (tools without pages
    /// put every call in one).
    static func clients(of root: [String: Any]) async throws -> (status: Int32, clients: String) {
        let file = AuditCommandTests.temporary("shape.har")
        defer { try? FileManager.default.removeItem(at: file) }
        try JSONSerialization.data(withJSONObject: root).write(to: file)
        let audit = try await AuditCommandTests.tvsim(["audit", file.path, "--json"])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(audit.output.utf8)) as? [String: Any], "\(audit.output)")
        let clients = (document["clients"] as? [Entry] ?? []).map { client -> Entry in
            var client = client
            let name = client["client"] as? String ?? ""
            client["client"] = name.components(separatedBy: " · ").last
            return client
        }
        let text = try JSONSerialization.data(withJSONObject: clients, options: [.sortedKeys, .prettyPrinted])
        return (audit.status, String(decoding: text, as: UTF8.self))
    }

    static func with(_ root: [String: Any], entries: [Entry]) -> [String: Any] {
        var root = root
        var log = root["log"] as! [String: Any]
        log["entries"] = entries
        root["log"] = log
        return root
    }

    /// A REST API V2 app with and without Apple SSO, and a REST API V1 one.
    static let sessions = ["rest-v2-tvos-n003-second-screen", "rest-v2-ios-apple-sso", "rest-v1-tvos-apple-sso"]

    /// The session as recorded, without its first configuration (V2) or token check (V1), and
    /// (V2) with `X-Device-Info` left out of its configuration call.
    static func variants(of scenario: String) async throws -> [(name: String, root: [String: Any], fails: Bool)] {
        let (root, entries) = try await AuditCommandTests.entries(of: scenario)
        let first = scenario.hasPrefix("rest-v2") ? "/configuration" : "/checkauthn"
        let dropped = try #require(entries.firstIndex { AuditCommandTests.path($0).contains(first) })
        var variants = [
            ("as recorded", root, false),
            (
                "without its first \(first)",
                with(root, entries: entries.enumerated().filter { $0.0 != dropped }.map(\.1)), true
            ),
        ]
        if scenario.hasPrefix("rest-v2") {
            let changed = entries.map { entry -> Entry in
                guard AuditCommandTests.path(entry).hasSuffix("/configuration") else { return entry }
                var entry = entry
                var request = entry["request"] as! [String: Any]
                request["headers"] = (request["headers"] as! [Entry]).filter {
                    !["x-device-info", "user-agent"].contains(($0["name"] as? String)?.lowercased())
                }
                entry["request"] = request
                return entry
            }
            variants.append(("without X-Device-Info on configuration", with(root, entries: changed), true))
        } else {
            // The SAML response Base64-encoded twice: only the form's text or params show it.
            let changed = entries.map { entry -> Entry in
                var entry = entry
                var request = entry["request"] as! [String: Any]
                guard var postData = request["postData"] as? Entry, let text = postData["text"] as? String,
                    text.contains("SAMLResponse=")
                else { return entry }
                postData["text"] = text.split(separator: "&").map { pair -> String in
                    guard pair.hasPrefix("SAMLResponse=") else { return String(pair) }
                    let value = String(pair.dropFirst(13)).removingPercentEncoding!
                    return "SAMLResponse=" + Base64.encode(value).addingPercentEncoding(
                        withAllowedCharacters: .alphanumerics)!
                }.joined(separator: "&")
                request["postData"] = postData
                entry["request"] = request
                return entry
            }
            variants.append(("with its SAML response encoded twice", with(root, entries: changed), true))
        }
        return variants
    }

    @Test(arguments: Tool.allCases)
    func eachToolsHARGivesTheSameAudit(_ tool: Tool) async throws {
        for scenario in Self.sessions {
            for (name, original, fails) in try await Self.variants(of: scenario) {
                let expected = try await Self.clients(of: original)
                #expect(expected.status == (fails ? 1 : 0), "\(scenario) \(name)")
                let reshaped = try await Self.clients(of: tool.reshape(original))
                #expect(reshaped.status == expected.status, "\(scenario) \(name) as \(tool) saves it")
                #expect(reshaped.clients == expected.clients, "\(scenario) \(name) as \(tool) saves it")
            }
        }
    }
}
