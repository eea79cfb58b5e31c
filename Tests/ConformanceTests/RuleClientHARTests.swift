import Foundation
import PassAPI
import Testing

@testable import Conformance

/// Every rule's breaking client and the two that follow the cookbooks, written as tvsim writes a
/// HAR and read back, then saved as Chrome saves it: whole, without answer bodies, and sanitized
/// (`Authorization` stripped). tvsim's file gives the findings of the calls themselves; Chrome's
/// whole file the same; the bodiless and sanitized files no finding the calls do not have, and
/// each finding they lose is a rule they say they could not judge.
@Suite struct RuleClientHARTests {
    typealias JSONObject = [String: Any]

    /// The clients, by name: each rule's breaking one, and the good ones.
    static var clients: [(String, [HTTPExchange])] {
        [
            ("good REST API V2", Clients.goodV2), ("good REST API V1", Clients.goodV1),
            ("good own identity provider", Clients.goodOwnIdP),
        ]
            + Clients.breaking.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The exchanges as tvsim's HAR export writes them.
    static func har(_ exchanges: [HTTPExchange]) throws -> JSONObject {
        let recorded = exchanges.map { exchange in
            var written = exchange
            written.operation = ""
            written.durationMilliseconds = 12
            return written
        }
        let data = try HARDocument.data([HARDocument.Run(id: "app", title: "app", exchanges: recorded)])
        return try #require(try JSONSerialization.jsonObject(with: data) as? JSONObject)
    }

    static func audit(_ har: JSONObject) throws -> [ClientAudit] {
        Audit.run(try HARDocument.read(try JSONSerialization.data(withJSONObject: har), file: "app.har"))
    }

    /// Each entry of the file changed by `change`.
    static func reshaped(_ har: JSONObject, _ change: (inout JSONObject, inout JSONObject, inout JSONObject) -> Void)
        -> JSONObject
    {
        var har = har
        var log = har["log"] as! JSONObject
        log["entries"] = (log["entries"] as! [JSONObject]).map { entry in
            var entry = entry
            var request = entry["request"] as! JSONObject
            var response = entry["response"] as! JSONObject
            change(&entry, &request, &response)
            entry["request"] = request
            entry["response"] = response
            return entry
        }
        har["log"] = log
        return har
    }

    /// Chrome over HTTP/2: lowercase names after the pseudo headers, its own fields, Base64 bodies.
    static func chrome(_ har: JSONObject) -> JSONObject {
        reshaped(har) { entry, request, response in
            let url = URL(string: request["url"] as! String)!
            func lowercased(_ headers: Any?) -> [JSONObject] {
                (headers as! [JSONObject]).map {
                    ["name": ($0["name"] as! String).lowercased(), "value": $0["value"]!]
                }
            }
            request["headers"] =
                [
                    ["name": ":authority", "value": url.host ?? ""], ["name": ":method", "value": request["method"]!],
                    ["name": ":path", "value": url.path], ["name": ":scheme", "value": "https"],
                ] + lowercased(request["headers"])
            response["headers"] = lowercased(response["headers"])
            var content = response["content"] as! JSONObject
            if let text = content["text"] as? String, !text.isEmpty {
                content["text"] = Base64.encode(text)
                content["encoding"] = "base64"
            }
            response["content"] = content
            entry["_initiator"] = ["type": "script"]
            entry["_resourceType"] = "fetch"
            entry["_operation"] = nil
        }
    }

    /// Chrome leaving out every answer's body (it does for compressed ones).
    static func bodiless(_ har: JSONObject) -> JSONObject {
        reshaped(chrome(har)) { _, _, response in
            var content = response["content"] as! JSONObject
            if content["text"] != nil {
                content["text"] = nil
                content["encoding"] = nil
                content["size"] = 120
                content["mimeType"] = "application/json"
            }
            response["content"] = content
        }
    }

    /// Chrome's default export: `Authorization` and cookies stripped.
    static func sanitized(_ har: JSONObject) -> JSONObject {
        reshaped(chrome(har)) { _, request, _ in
            request["headers"] = (request["headers"] as! [JSONObject]).filter {
                !["authorization", "cookie"].contains($0["name"] as! String)
            }
        }
    }

    static func findings(_ audits: [ClientAudit]) -> [String] {
        audits.flatMap { $0.findings.map { "\($0.rule.id) \($0.exchanges)" } }.sorted()
    }

    @Test(arguments: clients.map(\.0))
    func eachClientReadsAlikeInEveryShape(_ name: String) throws {
        let exchanges = try #require(Self.clients.first { $0.0 == name }?.1)
        let calls = Self.findings(Audit.run(exchanges))
        let har = try Self.har(exchanges)
        #expect(Self.findings(try Self.audit(har)) == calls, "tvsim's HAR")
        #expect(Self.findings(try Self.audit(Self.chrome(har))) == calls, "Chrome's whole HAR")
        for (shape, file) in [("without bodies", Self.bodiless(har)), ("sanitized", Self.sanitized(har))] {
            let audits = try Self.audit(file)
            let found = Self.findings(audits)
            #expect(Set(found).isSubset(of: calls), "\(shape): no finding the calls do not have")
            let unjudged = Set(audits.flatMap { $0.notJudged.map(\.rule.id) })
            for lost in Set(calls).subtracting(found) {
                let rule = String(lost.prefix { $0 != " " })
                #expect(unjudged.contains(rule), "\(shape): \(rule) lost without a word")
            }
        }
        if name.hasPrefix("good") { #expect(calls == []) } else { #expect(calls.contains { $0.hasPrefix(name + " ") }) }
    }
}
