import Foundation
import Subprocess
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// `tvsim run … --har FILE`: a HAR 1.2 log that tools open, checked against the specification's
/// required fields and types (http://www.softwareishard.com/blog/har-12-spec/).
@Suite struct HARExportTests {
    @Test func aRunWritesAValidHARWithSecretsRedacted() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString).har")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await Subprocess.run(
            .path(FilePath(TVSimBinary.url.path)),
            arguments: [
                "run", "rest-v2-ios-apple-sso", "rest-v2-tvos-n003-second-screen", "--quiet", "--har", file.path,
            ],
            environment: TVSimBinary.environment,
            output: .string(limit: 1 << 20), error: .combinedWithOutput)
        #expect(run.terminationStatus.isSuccess, "\(run.standardOutput)")
        let data = try Data(contentsOf: file)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let problems = HARSpec.problems(in: root)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        let log = try #require(root["log"] as? [String: Any])
        let pages = try #require(log["pages"] as? [[String: Any]])
        #expect(pages.map { $0["id"] as? String } == ["rest-v2-ios-apple-sso", "rest-v2-tvos-n003-second-screen"])
        let entries = try #require(log["entries"] as? [[String: Any]])
        #expect(entries.count >= 10)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("/api/v2/ORBIT/sessions"))
        // What the journal hides stays hidden: tokens, secrets, passwords.
        #expect(text.contains("client_secret=‹redacted›") && text.contains("Bearer ‹redacted›"))
        for secret in [/client_secret=[^‹]/, /Bearer ey/, /password=(?!‹)/] {
            #expect(text.firstMatch(of: secret) == nil, "the HAR shows a secret")
        }
        Self.expectHeadersAgreeWithBodies(entries)
    }

    /// What the docs promise of the partner framework's and the decisions' answers: the SAML
    /// AuthnRequest keeps its structure but not its signature (V2's JSON member and V1's bare
    /// Base64 alike), and a decision's token keeps its times while its serialized token goes.
    @Test func signaturesAndTokensAreHiddenButTheirStructureStays() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString).har")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await Subprocess.run(
            .path(FilePath(TVSimBinary.url.path)),
            arguments: ["run", "rest-v2-ios-apple-sso", "rest-v1-ios-apple-sso", "--quiet", "--har", file.path],
            environment: TVSimBinary.environment, output: .string(limit: 1 << 20), error: .combinedWithOutput)
        #expect(run.terminationStatus.isSuccess, "\(run.standardOutput)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let entries = try #require((root["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        func answer(_ path: String) -> String? {
            entries.first { (($0["request"] as? [String: Any])?["url"] as? String)?.contains(path) == true }
                .flatMap { (($0["response"] as? [String: Any])?["content"] as? [String: Any])?["text"] as? String }
        }
        let v2 = try #require(answer("/sessions/sso/Apple"))
        let v2Object = try #require(try JSONSerialization.jsonObject(with: Data(v2.utf8)) as? [String: Any])
        let request = try #require((v2Object["authenticationRequest"] as? [String: Any])?["request"] as? String)
        let v1 = try #require(answer("/profile-requests/"))
        for encoded in [request, v1] {
            let xml = String(decoding: Data(base64Encoded: encoded) ?? Data(), as: UTF8.self)
            #expect(xml.contains("AuthnRequest"), "\(xml.prefix(200))")
            #expect(xml.contains("<ds:SignatureValue>‹redacted›</ds:SignatureValue>"), "\(xml)")
        }
        let decision = try #require(answer("/decisions/authorize/"))
        let decisions = try #require(
            (try JSONSerialization.jsonObject(with: Data(decision.utf8)) as? [String: Any])?["decisions"]
                as? [[String: Any]])
        let token = try #require(decisions.first?["token"] as? [String: Any], "the token stays an object: \(decision)")
        #expect(token["serializedToken"] as? String == "‹redacted›")
        #expect(token["notAfter"] is NSNumber, "the token's times stay: \(decision)")
        Self.expectHeadersAgreeWithBodies(entries)
    }

    /// Every `Content-Length` a HAR shows is the length of the body it shows.
    static func expectHeadersAgreeWithBodies(_ entries: [[String: Any]]) {
        for entry in entries {
            for side in ["request", "response"] {
                guard let message = entry[side] as? [String: Any],
                    let headers = message["headers"] as? [[String: Any]],
                    let length = headers.first(where: { ($0["name"] as? String)?.lowercased() == "content-length" })?[
                        "value"] as? String
                else { continue }
                #expect(
                    Int(length) == message["bodySize"] as? Int, "\(side) of \(message["url"] ?? entry["request"] ?? "")"
                )
            }
        }
    }
}

/// The HAR 1.2 specification's required members and their types, as a validator.
enum HARSpec {
    static func problems(in root: [String: Any]) -> [String] {
        var problems: [String] = []
        func require(_ object: [String: Any]?, _ key: String, _ type: Any.Type, at path: String) {
            guard let object else { return problems.append("\(path) is missing") }
            guard let value = object[key] else { return problems.append("\(path).\(key) is missing") }
            let ok: Bool =
                switch type {
                case is String.Type: value is String
                case is Int.Type: (value as? NSNumber).map { $0.doubleValue == $0.doubleValue.rounded() } ?? false
                case is Double.Type: value is NSNumber
                case is [Any].Type: value is [Any]
                default: value is [String: Any]
                }
            if !ok { problems.append("\(path).\(key) is not a \(type)") }
        }
        let log = root["log"] as? [String: Any]
        require(root, "log", [String: Any].self, at: "$")
        require(log, "version", String.self, at: "log")
        if log?["version"] as? String != "1.2" { problems.append("log.version is not 1.2") }
        require(log, "creator", [String: Any].self, at: "log")
        require(log?["creator"] as? [String: Any], "name", String.self, at: "log.creator")
        require(log?["creator"] as? [String: Any], "version", String.self, at: "log.creator")
        require(log, "entries", [Any].self, at: "log")
        let pageIds = Set(((log?["pages"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
        for (index, page) in ((log?["pages"] as? [[String: Any]]) ?? []).enumerated() {
            let path = "log.pages[\(index)]"
            for key in ["startedDateTime", "id", "title"] { require(page, key, String.self, at: path) }
            require(page, "pageTimings", [String: Any].self, at: path)
        }
        let dates = ISO8601DateFormatter()
        dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for (index, entry) in ((log?["entries"] as? [[String: Any]]) ?? []).enumerated() {
            let path = "log.entries[\(index)]"
            require(entry, "startedDateTime", String.self, at: path)
            if let date = entry["startedDateTime"] as? String, dates.date(from: date) == nil {
                problems.append("\(path).startedDateTime '\(date)' is not ISO 8601")
            }
            if let page = entry["pageref"] as? String, !pageIds.contains(page) {
                problems.append("\(path).pageref '\(page)' names no page")
            }
            require(entry, "time", Double.self, at: path)
            for key in ["request", "response", "cache", "timings"] {
                require(entry, key, [String: Any].self, at: path)
            }
            let request = entry["request"] as? [String: Any]
            for key in ["method", "url", "httpVersion"] { require(request, key, String.self, at: "\(path).request") }
            for key in ["cookies", "headers", "queryString"] {
                require(request, key, [Any].self, at: "\(path).request")
            }
            for key in ["headersSize", "bodySize"] { require(request, key, Int.self, at: "\(path).request") }
            if let post = request?["postData"] as? [String: Any] {
                require(post, "mimeType", String.self, at: "\(path).request.postData")
            }
            let response = entry["response"] as? [String: Any]
            require(response, "status", Int.self, at: "\(path).response")
            for key in ["statusText", "httpVersion", "redirectURL"] {
                require(response, key, String.self, at: "\(path).response")
            }
            for key in ["cookies", "headers"] { require(response, key, [Any].self, at: "\(path).response") }
            for key in ["headersSize", "bodySize"] { require(response, key, Int.self, at: "\(path).response") }
            require(response, "content", [String: Any].self, at: "\(path).response")
            let content = response?["content"] as? [String: Any]
            require(content, "size", Int.self, at: "\(path).response.content")
            require(content, "mimeType", String.self, at: "\(path).response.content")
            let timings = entry["timings"] as? [String: Any]
            for key in ["send", "wait", "receive"] { require(timings, key, Double.self, at: "\(path).timings") }
            for list in [request?["headers"], response?["headers"], request?["queryString"]] {
                for pair in (list as? [[String: Any]]) ?? [] where !(pair["name"] is String && pair["value"] is String)
                {
                    problems.append("\(path): a name/value pair is not two strings")
                }
            }
        }
        return problems
    }
}
