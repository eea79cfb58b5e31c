import Foundation
import HTTPTypes
import LocatedJSON
import Testing

@testable import PassAPI

/// One shape for every exchange: its JSON (the journal's and the timeline's), and HAR written and
/// read through one set of types.
@Suite struct HTTPExchangeTests {
    static let exchange = HTTPExchange(
        id: 7, operation: "sessions.create", method: "post", url: "https://sp.auth.adobe.com/api/v2/ORBIT/sessions?x=1",
        requestHeaders: HTTPFields(pairs: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "*/*")]),
        requestBody: "domainName=example.com&redirectUrl=https%3A%2F%2Fapp", status: 302,
        responseHeaders: HTTPFields(pairs: [("Set-Cookie", "a=‹redacted›"), ("Set-Cookie", "b=‹redacted›")]),
        responseBody: "{}", startedAt: 1_700_000_000_123, durationMilliseconds: 12.5, client: "c1")

    /// Headers are a list in the order sent, repeats kept; a missing status is left out, not 0.
    @Test func itsJSONKeepsRepeatedHeadersAndLeavesOutWhatIsMissing() throws {
        let data = try JSONEncoder().encode(Self.exchange)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let headers = try #require(object["responseHeaders"] as? [[String: String]])
        #expect(headers.map { $0["name"] } == ["Set-Cookie", "Set-Cookie"])
        #expect(object["method"] as? String == "POST" && object["failure"] == nil && object["page"] == nil)
        #expect(try JSONDecoder().decode(HTTPExchange.self, from: data) == Self.exchange)

        var unanswered = Self.exchange
        unanswered.status = nil
        let written = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(unanswered)) as? [String: Any])
        #expect(written["status"] == nil)
    }

    @Test func theOneLookUpAndTheOnePathParser() {
        #expect(Self.exchange.requestHeader("content-type") == "application/x-www-form-urlencoded")
        #expect(Self.exchange.responseHeader("SET-COOKIE") == "a=‹redacted›, b=‹redacted›")
        #expect(Self.exchange.requestHeader(":authority") == nil && Self.exchange.requestHeader("X-Api-Key") == nil)
        #expect(Self.exchange.path == "/api/v2/ORBIT/sessions" && Self.exchange.query == ["x": "1"])
        #expect(Self.exchange.form["redirectUrl"] == "https://app")
        #expect(Self.exchange.onOrigin("http://127.0.0.1:1").url == "http://127.0.0.1:1" + Self.exchange.url)
    }

    /// A scheme is a `://` before any `/`, `?` or `#`; a URL inside a query is no scheme.
    @Test func pathsOfEveryShape() {
        let paths = [
            "https://h/a/b?c=d#e": "/a/b", "a:b://x/y": "/y", "/p?r=https://x/y": "/p", "https://h": "",
            "https://h?x=/y": "", "x://": "", "*": "", "http://h/a#f/g": "/a", ":///": "/", "//h/p": "//h/p",
            "?a=b://c/d": "", "h/p:x": "/p:x",
        ]
        for (url, path) in paths {
            #expect(HTTPExchange.path(of: url) == path, "\(url)")
        }
    }

    /// One field looked up reads as the whole form or query read into a dictionary.
    @Test func oneFieldReadsAsTheWholeForm() {
        for text in ["a=1&a=2", "&&a&=x&b=%41+%zz", "a", "=", "%61=encoded&a=plain", "b=1&a=x%3Dy=z", ""] {
            let exchange = HTTPExchange(
                id: 1, method: "POST", url: "https://h/p?\(text)#a=frag", requestBody: text, status: 200, startedAt: 0)
            for name in ["a", "b", "", "c"] {
                #expect(exchange.query(name) == exchange.query[name], "\(text) \(name)")
                #expect(exchange.form(name) == exchange.form[name], "\(text) \(name)")
            }
        }
        let json = HTTPExchange(
            id: 1, method: "POST", url: "https://h/p", requestBody: #"{"a":1}"#, status: 200, startedAt: 0)
        #expect(json.form("a") == nil && json.query("a") == nil)
    }

    /// What tvsim writes, it reads back whole; no answer is written as status 0 and read as none.
    @Test func aHARItWritesReadsBackTheSameExchanges() throws {
        var unanswered = Self.exchange
        unanswered.id = 2
        unanswered.status = nil
        unanswered.failure = "connection refused"
        unanswered.responseHeaders = [:]
        unanswered.responseBody = nil
        let data = try HARDocument.data([
            HARDocument.Run(id: "run", title: "Run", exchanges: [Self.exchange, unanswered])
        ])
        // Read on the fast paths, not only by the located parser after they gave up.
        #expect(HARDocument.quickRead(data) != nil)
        #expect(HARDocument.readByEntries(data) != nil)
        let read = try HARDocument.read(data, file: "run.har")
        var expected = [Self.exchange, unanswered]
        for index in expected.indices {
            expected[index].id = index + 1
            expected[index].page = "run"
        }
        // HAR keeps no missing body apart from an empty one.
        expected[1].responseBody = ""
        #expect(read == expected)
    }

    /// Another tool's odd values in fields the audit does not read never refuse the file, and the
    /// ones it does read are range-checked.
    @Test func anotherToolsOddFieldsAreReadLeniently() throws {
        let text = """
            {"log": {"version": 1.2, "creator": "x", "entries": [{
              "startedDateTime": "2026-11-28T10:00:00.000+01:00", "time": -5, "cache": null,
              "timings": {"send": "fast"},
              "request": {"method": "GET", "url": "https://h/api/v2/ORBIT/configuration", "httpVersion": 2,
                "cookies": [{"name": "a"}], "queryString": "none", "headersSize": "12", "bodySize": 1e99,
                "headers": [{"name": ":authority", "value": "h"}, {"name": "Authorization", "value": "Bearer t"}]},
              "response": {"status": 200, "statusText": null, "headers": [], "redirectURL": 3,
                "content": {"size": "big", "mimeType": 7}}
            }]}}
            """
        #expect(HARDocument.quickRead(Data(text.utf8)) != nil)
        let read = try HARDocument.read(Data(text.utf8), file: "odd.har")
        #expect(read.count == 1)
        #expect(read[0].requestHeaders.map(\.name.rawName) == ["Authorization"])
        #expect(read[0].durationMilliseconds == 0 && read[0].startedAt == 1_795_856_400_000)
        #expect(read[0].responseBodyMissing == false)
    }

    /// The times every HAR tool writes are read by hand, to the millisecond the formatter reads.
    @Test func commonTimesReadAsTheFormatterReadsThem() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let whole = ISO8601DateFormatter()
        for text in [
            "2026-11-28T10:00:00.000Z", "2026-11-28T10:00:00.123+01:00", "2024-02-29T23:59:59.999-05:30",
            "1970-01-01T00:00:00Z", "1969-12-31T23:59:59.5Z", "2000-03-01T00:00:00.01+14:00", "2399-12-31T12:00:00Z",
        ] {
            let date = formatter.date(from: text) ?? whole.date(from: text)
            let expected = date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
            #expect(HARDocument.DateReader.commonForm(text) == expected, "\(text)")
        }
        for text in [
            "2026-02-30T10:00:00Z", "2026-11-28 10:00:00Z", "2026-11-28T24:00:00Z", "2026-11-28T10:00:00+0100",
        ] {
            #expect(HARDocument.DateReader.commonForm(text) == nil, "\(text)")
        }
    }

    /// Form bodies decode as Foundation decodes them, broken escapes kept as written.
    @Test func formBodiesDecodeAsFoundationDecodesThem() {
        let fields = HTTPExchange.formFields("a=1+2&b=%41%42&c=%zz+x&d=%E2%82%AC&e&f=%FF&g=100%")
        #expect(fields == ["a": "1 2", "b": "AB", "c": "%zz x", "d": "€", "e": "", "f": "%FF", "g": "100%"])
    }

    /// Entries are found by the text's structure: strings that look like structure, escapes,
    /// nesting and members in any order do not move them; an ambiguous document is left to the
    /// whole document's decoder.
    @Test func entriesAreFoundByTheTextsStructure() throws {
        let entry = #"""
            {"startedDateTime": "2026-11-28T10:00:00Z", "_note": "\"entries\": [1, 2] } ] {",
             "request": {"method": "GET", "url": "https://h/api/v2/ORBIT/configuration", "headers": [], "_nested": [[], {"x": [1]}]},
             "response": {"status": 200, "headers": []}}
            """#
        let shapes = [
            #"{"log": {"pages": [{"id": "[\"]"}], "entries": [ENTRY, ENTRY], "creator": {"name": "}"}}}"#,
            #" {"other": {"entries": []}, "log" : { "entries" : [ ENTRY ] } } "#,
        ]
        for shape in shapes {
            let text = shape.replacingOccurrences(of: "ENTRY", with: entry)
            let ranges = try #require(Data(text.utf8).withUnsafeBytes { HAREntryRanges.find(in: $0) }, "\(shape)")
            #expect(
                ranges.allSatisfy { text.utf8.dropFirst($0.lowerBound).prefix($0.count).first == UInt8(ascii: "{") })
            #expect(ranges.count == shape.components(separatedBy: "ENTRY").count - 1)
        }
        for ambiguous in [
            #"{"log": {"entries": []}, "log": {"entries": []}}"#, #"{"log": {"entries": [], "entries": []}}"#,
            #"{"log": {"entries": [{}]}"#, #"{"log": {"entries": {}}}"#, #"[{"log": {"entries": []}}]"#,
        ] {
            #expect(Data(ambiguous.utf8).withUnsafeBytes { HAREntryRanges.find(in: $0) } == nil, "\(ambiguous)")
        }
    }

    /// A field the audit reads still names itself when missing.
    @Test func aMissingRequiredFieldIsNamed() {
        let text = #"{"log": {"entries": [{"startedDateTime": "2026-11-28T10:00:00Z", "request": {"method": "GET"}}]}}"#
        #expect(throws: DataFileError.self) { try HARDocument.read(Data(text.utf8), file: "short.har") }
        do {
            _ = try HARDocument.read(Data(text.utf8), file: "short.har")
        } catch {
            #expect(error.description.contains("url"), "\(error)")
        }
    }
}
