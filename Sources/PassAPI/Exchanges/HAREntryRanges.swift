/// Where each element of a HAR's `log.entries` lies in its JSON text, found by walking the
/// text's structure (strings, escapes, nesting) without building it. Each entry can then be
/// decoded on its own: a few at a time in memory instead of the whole document's map, and on
/// every core. Nil for text not shaped as a HAR, or shaped ambiguously (`log` or `entries`
/// twice): the whole document's decoder has the last word then.
struct HAREntryRanges {
    private var cursor: JSONBytes

    static func find(in bytes: UnsafeRawBufferPointer) -> [Range<Int>]? {
        var walker = HAREntryRanges(cursor: JSONBytes(bytes))
        return walker.document()
    }

    /// The whole text: an object whose `log` member has an `entries` array, and nothing after.
    private mutating func document() -> [Range<Int>]? {
        let found = onlyMember("log") { $0.onlyMember("entries") { $0.elements() } }
        cursor.skipWhitespace()
        return cursor.atEnd ? found : nil
    }

    /// What `read` makes of the one member named `name` of the object here, every other member
    /// passed over; nil when the object is broken or has no such member, or two.
    private mutating func onlyMember<Value>(_ name: String, _ read: (inout HAREntryRanges) -> Value?) -> Value? {
        var found: Value?
        let complete = members { walker, key in
            guard key == name else { return walker.cursor.passValue() }
            guard found == nil else { return false }
            found = read(&walker)
            return found != nil
        }
        return complete ? found : nil
    }

    /// Walks an object, calling `member` with each key (its raw text) once past its colon.
    private mutating func members(_ member: (inout HAREntryRanges, String) -> Bool) -> Bool {
        cursor.skipWhitespace()
        guard cursor.consume(UInt8(ascii: "{")) else { return false }
        cursor.skipWhitespace()
        if cursor.consume(UInt8(ascii: "}")) { return true }
        while true {
            cursor.skipWhitespace()
            guard let key = rawString() else { return false }
            cursor.skipWhitespace()
            guard cursor.consume(UInt8(ascii: ":")), member(&self, key) else { return false }
            cursor.skipWhitespace()
            if cursor.consume(UInt8(ascii: "}")) { return true }
            guard cursor.consume(UInt8(ascii: ",")) else { return false }
        }
    }

    /// The ranges of an array's elements.
    private mutating func elements() -> [Range<Int>]? {
        cursor.skipWhitespace()
        guard cursor.consume(UInt8(ascii: "[")) else { return nil }
        var ranges: [Range<Int>] = []
        cursor.skipWhitespace()
        if cursor.consume(UInt8(ascii: "]")) { return ranges }
        while true {
            cursor.skipWhitespace()
            let start = cursor.index
            guard cursor.passValue() else { return nil }
            ranges.append(start..<cursor.index)
            cursor.skipWhitespace()
            if cursor.consume(UInt8(ascii: "]")) { return ranges }
            guard cursor.consume(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// A key's text between its quotes, escapes as written.
    private mutating func rawString() -> String? {
        let start = cursor.index + 1
        guard cursor.passString() else { return nil }
        return String(
            decoding: UnsafeRawBufferPointer(rebasing: cursor.bytes[start..<cursor.index - 1]), as: UTF8.self)
    }
}
