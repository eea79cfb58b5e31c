import Foundation
import PassAPI

/// An answer the mock gives on nearly every call of a journey, spelled straight into bytes: the
/// same bytes `Reply.encoder` writes (keys sorted, slashes as they are, absent values left
/// out), which the tests check value by value. Foundation's encoder took about 3 µs for a
/// session answer, the most expensive part of creating a session.
protocol DirectJSONEncodable: Encodable {
    /// The encoded value, or nil where only the encoder knows how (it is used then).
    var directJSON: Data? { get }
}

/// Writes one JSON object whose members come in the order they are added; the caller adds them
/// sorted by key, as the encoder's `sortedKeys` does.
struct DirectJSONObject {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]
    private var hasMembers = false

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    mutating func add(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        member(key)
        Self.write(value, into: &bytes)
    }

    mutating func add(_ key: StaticString, _ value: Int64) {
        member(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func add(_ key: StaticString, _ value: Bool) {
        member(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// An object of text values, its keys sorted.
    mutating func add(_ key: StaticString, sortedStrings values: [(key: String, value: String)]) {
        member(key)
        bytes.append(UInt8(ascii: "{"))
        for (index, pair) in values.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            Self.write(pair.key, into: &bytes)
            bytes.append(UInt8(ascii: ":"))
            Self.write(pair.value, into: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// A value the encoder spelled.
    mutating func add(_ key: StaticString, encoded: Data) {
        member(key)
        bytes.append(contentsOf: encoded)
    }

    /// The members of an object the encoder spelled, its braces left off.
    mutating func add(members encoded: Data) {
        guard encoded.count > 2 else { return }
        if hasMembers { bytes.append(UInt8(ascii: ",")) }
        hasMembers = true
        bytes.append(contentsOf: encoded.dropFirst().dropLast())
    }

    /// An array of objects, each written by `write` straight into this object's bytes.
    mutating func add<Elements: Sequence>(
        _ key: StaticString, objects elements: Elements, _ write: (inout DirectJSONObject, Elements.Element) -> Void
    ) {
        member(key)
        bytes.append(UInt8(ascii: "["))
        var element = DirectJSONObject(capacity: 0)
        for (index, value) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            // The element writes into these same bytes, lent to it.
            swap(&element.bytes, &bytes)
            element.hasMembers = false
            element.bytes.append(UInt8(ascii: "{"))
            write(&element, value)
            element.bytes.append(UInt8(ascii: "}"))
            swap(&element.bytes, &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func add(_ key: StaticString, strings values: [String]?) {
        guard let values else { return }
        member(key)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            Self.write(value, into: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    var data: Data {
        var data = Data(capacity: bytes.count + 1)
        data.append(contentsOf: bytes)
        data.append(UInt8(ascii: "}"))
        return data
    }

    private mutating func member(_ key: StaticString) {
        if hasMembers { bytes.append(UInt8(ascii: ",")) }
        hasMembers = true
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// A JSON string as the encoder spells it: quotes, backslashes and control characters
    /// escaped, everything else (slashes and non-ASCII text included) as it is.
    static func write(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Codes, ids, URLs and dates need no escape: copied in one go.
        if !text.utf8.contains(where: needsEscape) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}

extension SessionResponse: DirectJSONEncodable {
    var directJSON: Data? {
        // The partner framework's request is rare (Apple SSO sessions); the encoder spells it.
        guard authenticationRequest == nil else { return nil }
        var object = DirectJSONObject()
        object.add("actionName", actionName.rawValue)
        object.add("actionType", actionType.rawValue)
        object.add("code", code)
        object.add("missingParameters", strings: missingParameters)
        object.add("mvpd", mvpd)
        object.add("notAfter", notAfter)
        object.add("notBefore", notBefore)
        object.add("reasonType", reasonType.rawValue)
        object.add("serviceProvider", serviceProvider)
        object.add("sessionId", sessionId)
        object.add("url", url)
        return object.data
    }
}

extension Reply {
    /// A 200 (or `status`) with the value spelled directly where it can be.
    static func json<T: DirectJSONEncodable>(
        _ value: T, status: Int = 200, headers: [(name: String, value: String)] = []
    ) -> MockResponse {
        jsonData(value.directJSON ?? encode(value), status: status, headers: headers)
    }
}
