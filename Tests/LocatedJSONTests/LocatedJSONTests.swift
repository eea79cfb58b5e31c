import Foundation
import Testing

@testable import LocatedJSON

struct Sample: Decodable, Equatable {
    var name: String
    var count: Int
    var tags: [String]
    var nested: Nested?

    struct Nested: Decodable, Equatable {
        var flag: Bool
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case name, count, tags, nested }
}

@Suite struct LocatedJSONTests {
    let decoder = LocatedJSONDecoder()

    func decode(_ text: String) throws(DataFileError) -> Sample {
        try decoder.decode(Sample.self, from: Data(text.utf8), file: "sample.json")
    }

    @Test func decodesAValidDocument() throws {
        let sample = try decode(#"{"name": "a", "count": 2, "tags": ["x"], "nested": {"flag": true}}"#)
        #expect(sample == Sample(name: "a", count: 2, tags: ["x"], nested: .init(flag: true)))
    }

    @Test func reportsTypeMismatchWithLineAndField() {
        let text = """
            {
              "name": "a",
              "count": "two",
              "tags": []
            }
            """
        #expect(
            throws: DataFileError(
                file: "sample.json", location: .init(line: 3, column: 12), field: "count",
                message: "expected an integer, found a string")
        ) { try decode(text) }
    }

    @Test func reportsMissingFieldAtItsObject() {
        let text = "{\n  \"name\": \"a\",\n  \"tags\": []\n}"
        do {
            _ = try decode(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.location.line == 1)
            #expect(error.field == "count")
            #expect(error.description == "sample.json:1:1: field 'count': is required but missing")
        }
    }

    /// A required field spelt wrong is reported where the wrong spelling is, with the right one.
    @Test func aMisspeltRequiredFieldIsReportedAtItsLine() {
        let text = "{\n  \"name\": \"a\",\n  \"conut\": 1,\n  \"tags\": []\n}"
        #expect(
            throws: DataFileError(
                file: "sample.json", location: .init(line: 3, column: 3), field: "conut",
                message: "unknown field (did you mean 'count'? it is required)")
        ) { try decode(text) }
    }

    @Test func reportsUnknownFieldWithSuggestion() {
        let text = "{\"name\": \"a\", \"count\": 1, \"tags\": [],\n \"tgas\": []}"
        do {
            _ = try decode(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.location == SourceLocation(line: 2, column: 2))
            #expect(error.field == "tgas")
            #expect(error.message == "unknown field (did you mean 'tags'?)")
        }
    }

    @Test func aSchemaLineIsAcceptedAtTheTopOnly() throws {
        let sample = try decode(#"{"$schema": "https://example.test/s.json", "name": "a", "count": 2, "tags": []}"#)
        #expect(sample == Sample(name: "a", count: 2, tags: [], nested: nil))
        #expect(throws: DataFileError.self) {
            try decode(#"{"name": "a", "count": 1, "tags": [], "nested": {"flag": true, "$schema": "x"}}"#)
        }
    }

    @Test func reportsNestedUnknownFieldPath() {
        let text = #"{"name": "a", "count": 1, "tags": [], "nested": {"flag": true, "extra": 1}}"#
        do {
            _ = try decode(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.field == "nested.extra")
        }
    }

    @Test func reportsArrayElementPath() {
        let text = #"{"name": "a", "count": 1, "tags": ["x", 5]}"#
        do {
            _ = try decode(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.field == "tags[1]")
            #expect(error.message == "expected a string, found a number")
        }
    }

    @Test func reportsSyntaxErrorsWithPosition() {
        for (text, line, column, message) in [
            ("{\n  \"name\": \"a\",\n}", 3, 1, "trailing comma before '}'"),
            ("{\"name\" \"a\"}", 1, 9, "expected ':' after field name \"name\", found '\"'"),
            ("[1, 2", 1, 6, "unclosed array (opened at 1:1)"),
            ("{\"a\": tru}", 1, 7, "expected 'true', found '}'"),
            ("{} x", 1, 4, "unexpected 'x' after the end of the document"),
        ] {
            do {
                _ = try JSONNode.parse(Array(text.utf8), file: "f.json")
                Issue.record("expected a syntax error for \(text)")
            } catch {
                #expect(error.location == SourceLocation(line: line, column: column), "\(text)")
                #expect(error.message == message)
            }
        }
    }

    @Test func rejectsDuplicateKeys() {
        let text = "{\"name\": \"a\",\n\"name\": \"b\", \"count\": 1, \"tags\": []}"
        do {
            _ = try decode(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "appears twice (first at line 1)")
            #expect(error.location.line == 2)
        }
    }

    @Test func parsesStringEscapesAndUnicode() throws {
        let node = try JSONNode.parse(Array(#"["a\"b", "\u00e9\ud83d\ude00", "Câble"]"#.utf8), file: "f")
        guard case .array(let items) = node.kind else { Issue.record("not an array"); return }
        #expect(items.map(\.kind) == [.string("a\"b"), .string("é😀"), .string("Câble")])
    }

    @Test func refusesExcessiveNesting() {
        let text = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: DataFileError.self) { try JSONNode.parse(Array(text.utf8), file: "deep.json") }
    }

    @Test func mapsValidationErrorsFromInitializersToTheirField() {
        struct Checked: Decodable {
            let port: Int
            enum CodingKeys: String, CodingKey { case port }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                port = try container.decode(Int.self, forKey: .port)
                if port > 65535 { throw container.invalid(.port, "must be at most 65535") }
            }
        }
        do {
            _ = try decoder.decode(Checked.self, from: Data("{\n \"port\": 70000\n}".utf8), file: "c.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "c.json:2:10: field 'port': must be at most 65535")
        }
    }

    @Test func freeFormValuesAreNotReportedAsUnknown() throws {
        struct Holder: Decodable { let extra: [String: JSONValue] }
        let holder = try decoder.decode(Holder.self, from: Data(#"{"extra": {"a": 1, "b": [true]}}"#.utf8), file: "h")
        #expect(holder.extra["b"] == .array([.bool(true)]))
    }
}
