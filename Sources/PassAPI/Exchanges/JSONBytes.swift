/// A place in JSON text, read byte by byte: the primitives of the HAR readers. `pass…` walks
/// over a value's structure without judging it (to find where values lie); `read…` and
/// `skipValue` hold the text to the JSON grammar and answer nil or false for anything else, so
/// that a caller can hand such text to a reader that says what is wrong with it.
struct JSONBytes {
    let bytes: UnsafeRawBufferPointer
    var index: Int

    init(_ bytes: UnsafeRawBufferPointer, at index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    /// Deeper nesting than this is left to the whole document's readers.
    static let maximumDepth = 256

    var atEnd: Bool { index >= bytes.count }

    mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Consumes `literal` (`null`, `true`, `false`) when it comes next, whole.
    mutating func consume(literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
        guard index + count == bytes.count || Self.endsScalar(bytes[index + count]) else { return false }
        index += count
        return true
    }

    /// Whether `null` comes next (consumed if so), after any whitespace.
    mutating func consumeNull() -> Bool {
        skipWhitespace()
        return consume(literal: "null")
    }

    // MARK: Walking without judging

    /// Passes a string, quotes included, escapes unread.
    mutating func passString() -> Bool {
        guard consume(Self.quote) else { return false }
        while index < bytes.count {
            switch bytes[index] {
            case Self.backslash: index += 2
            case Self.quote:
                index += 1
                return true
            default: index += 1
            }
        }
        return false
    }

    /// Passes one value: an object or array to its matching end, a string to its closing
    /// quote, anything else to the next delimiter.
    mutating func passValue() -> Bool {
        skipWhitespace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case Self.quote:
            return passString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case Self.quote:
                    guard passString() else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                default: break
                }
                index += 1
            }
            return false
        default:
            let start = index
            while index < bytes.count, !Self.endsScalar(bytes[index]) { index += 1 }
            return index > start
        }
    }

    // MARK: Reading by the grammar

    /// Walks an object, calling `member` with each key once past its colon; `member` reads the
    /// value. False when the object breaks the grammar or `member` says so.
    mutating func readObject(_ member: (inout JSONBytes, String) -> Bool) -> Bool {
        skipWhitespace()
        guard consume(UInt8(ascii: "{")) else { return false }
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return true }
        while true {
            skipWhitespace()
            guard let key = readString() else { return false }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")), member(&self, key) else { return false }
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return true }
            guard consume(UInt8(ascii: ",")) else { return false }
        }
    }

    /// Walks an array, calling `element` at each element, which reads it.
    mutating func readArray(_ element: (inout JSONBytes) -> Bool) -> Bool {
        skipWhitespace()
        guard consume(UInt8(ascii: "[")) else { return false }
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return true }
        while true {
            guard element(&self) else { return false }
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return true }
            guard consume(UInt8(ascii: ",")) else { return false }
        }
    }

    /// A string's text, escapes decoded; nil for anything that is not a well-formed string
    /// of valid UTF-8 (a lone surrogate escape included).
    mutating func readString() -> String? {
        skipWhitespace()
        guard consume(Self.quote) else { return nil }
        let start = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.quote {
                let text = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return ascii ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
            }
            if byte == Self.backslash { return readEscapedString(from: start) }
            if byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        return nil
    }

    /// The rest of a string that has escapes, from its first byte at `start`.
    private mutating func readEscapedString(from start: Int) -> String? {
        var text: [UInt8] = []
        text.reserveCapacity(index - start + 64)
        var run = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.quote {
                text.append(contentsOf: bytes[run..<index])
                index += 1
                return String(validating: text, as: UTF8.self)
            }
            if byte < 0x20 { return nil }
            guard byte == Self.backslash else {
                index += 1
                continue
            }
            text.append(contentsOf: bytes[run..<index])
            index += 1
            guard index < bytes.count else { return nil }
            let escape = bytes[index]
            index += 1
            switch escape {
            case Self.quote, Self.backslash, UInt8(ascii: "/"): text.append(escape)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                guard let scalar = readUnicodeEscape() else { return nil }
                text.append(contentsOf: String(Character(scalar)).utf8)
            default: return nil
            }
            run = index
        }
        return nil
    }

    /// The scalar of a `\uXXXX` escape whose `\u` was read, with the low half of a surrogate
    /// pair when it is the high half.
    private mutating func readUnicodeEscape() -> Unicode.Scalar? {
        guard let high = readHexQuad() else { return nil }
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) }
        guard consume(Self.backslash), consume(UInt8(ascii: "u")), let low = readHexQuad(),
            (0xDC00...0xDFFF).contains(low)
        else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    private mutating func readHexQuad() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// A number's text by the grammar (`-0.5e3`), as a finite `Double`; nil for anything else.
    mutating func readNumber() -> Double? {
        skipWhitespace()
        let start = index
        _ = consume(UInt8(ascii: "-"))
        if !consume(UInt8(ascii: "0")) {
            guard skipDigits() else { return nil }
        }
        if consume(UInt8(ascii: ".")) {
            guard skipDigits() else { return nil }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            _ = consume(UInt8(ascii: "+")) || consume(UInt8(ascii: "-"))
            guard skipDigits() else { return nil }
        }
        guard index == bytes.count || Self.endsScalar(bytes[index]) else { return nil }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// A whole number written as plain digits (`200`, `-1`) that fits an `Int`; nil for any
    /// other number or value.
    mutating func readInteger() -> Int? {
        skipWhitespace()
        let negative = consume(UInt8(ascii: "-"))
        let start = index
        var value = 0
        while index < bytes.count, let digit = Self.digit(bytes[index]) {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = shifted.addingReportingOverflow(negative ? -digit : digit)
            guard !overflow, !overflowAgain else { return nil }
            value = sum
            index += 1
        }
        guard index > start, index == bytes.count || Self.endsScalar(bytes[index]),
            index - start == 1 || bytes[start] != UInt8(ascii: "0")
        else { return nil }
        return value
    }

    /// Passes one value of any kind, held to the grammar.
    mutating func skipValue(depth: Int = 0) -> Bool {
        guard depth < Self.maximumDepth else { return false }
        skipWhitespace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case Self.quote: return readString() != nil
        case UInt8(ascii: "{"): return readObject { cursor, _ in cursor.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): return readArray { $0.skipValue(depth: depth + 1) }
        case UInt8(ascii: "t"): return consume(literal: "true")
        case UInt8(ascii: "f"): return consume(literal: "false")
        case UInt8(ascii: "n"): return consume(literal: "null")
        default: return readNumber() != nil
        }
    }

    private mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, Self.digit(bytes[index]) != nil { index += 1 }
        return index > start
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    static func endsScalar(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
    }
}
