/// Where each element of a HAR's `log.entries` lies in its JSON text, found by walking the
/// text's structure (strings, escapes, nesting) without building it. Each entry can then be
/// decoded on its own: a few at a time in memory instead of the whole document's map, and on
/// every core. Nil for text not shaped as a HAR, or shaped ambiguously (`log` or `entries`
/// twice): the whole document's decoder has the last word then.
struct HAREntryRanges {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    static func find(in bytes: UnsafeRawBufferPointer) -> [Range<Int>]? {
        var walker = HAREntryRanges(bytes: bytes)
        return walker.document()
    }

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The whole text: an object whose `log` member has an `entries` array, and nothing after.
    private mutating func document() -> [Range<Int>]? {
        let found = onlyMember("log") { $0.onlyMember("entries") { $0.elements() } }
        skipWhitespace()
        return index == bytes.count ? found : nil
    }

    /// What `read` makes of the one member named `name` of the object here, every other member
    /// passed over; nil when the object is broken or has no such member, or two.
    private mutating func onlyMember<Value>(_ name: String, _ read: (inout HAREntryRanges) -> Value?) -> Value? {
        var found: Value?
        let complete = members { walker, key in
            guard key == name else { return walker.skipValue() }
            guard found == nil else { return false }
            found = read(&walker)
            return found != nil
        }
        return complete ? found : nil
    }

    /// Walks an object, calling `member` with each key (its raw text) once past its colon.
    private mutating func members(_ member: (inout HAREntryRanges, String) -> Bool) -> Bool {
        skipWhitespace()
        guard consume(UInt8(ascii: "{")) else { return false }
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return true }
        while true {
            skipWhitespace()
            guard let key = rawString() else { return false }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")), member(&self, key) else { return false }
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return true }
            guard consume(UInt8(ascii: ",")) else { return false }
        }
    }

    /// The ranges of an array's elements.
    private mutating func elements() -> [Range<Int>]? {
        skipWhitespace()
        guard consume(UInt8(ascii: "[")) else { return nil }
        var ranges: [Range<Int>] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return ranges }
        while true {
            skipWhitespace()
            let start = index
            guard skipValue() else { return nil }
            ranges.append(start..<index)
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return ranges }
            guard consume(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// Passes one value: an object or array to its matching end, a string to its closing
    /// quote, anything else to the next delimiter. Its validity is the decoder's business.
    private mutating func skipValue() -> Bool {
        skipWhitespace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
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

    /// A key's text between its quotes, escapes as written.
    private mutating func rawString() -> String? {
        let start = index + 1
        guard skipString() else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
    }

    /// Passes a string, quotes included.
    private mutating func skipString() -> Bool {
        guard consume(UInt8(ascii: "\"")) else { return false }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""):
                index += 1
                return true
            default: index += 1
            }
        }
        return false
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
    }
}
