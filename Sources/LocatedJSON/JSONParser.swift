/// A strict RFC 8259 JSON parser that records the line and column of every value and key.
/// Foundation's parser reports neither, and users editing configuration by hand need both.
struct JSONParser {
    struct SyntaxError: Error {
        let location: SourceLocation
        let message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// Deep nesting is refused instead of overflowing the stack.
    private let maximumDepth = 512

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws(SyntaxError) -> JSONNode {
        // A UTF-8 byte-order mark is tolerated; editors on some systems add one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw fail("unexpected \(describeCurrent()) after the end of the document") }
        return value
    }

    private var location: SourceLocation { SourceLocation(line: line, column: index - lineStart + 1) }

    private func fail(_ message: String) -> SyntaxError { SyntaxError(location: location, message: message) }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONNode {
        guard depth < maximumDepth else { throw fail("nesting deeper than \(maximumDepth) levels") }
        let start = location
        guard index < bytes.count else { throw fail("expected a value, found end of file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return JSONNode(kind: .string(try parseString()), location: start)
        case UInt8(ascii: "t"): try expectLiteral("true"); return JSONNode(kind: .bool(true), location: start)
        case UInt8(ascii: "f"): try expectLiteral("false"); return JSONNode(kind: .bool(false), location: start)
        case UInt8(ascii: "n"): try expectLiteral("null"); return JSONNode(kind: .null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(kind: .number(try parseNumber()), location: start)
        default:
            throw fail("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(SyntaxError) {
        let start = location
        for expected in literal.utf8 {
            guard index < bytes.count, bytes[index] == expected else {
                throw SyntaxError(location: start, message: "expected '\(literal)', found \(describeCurrent())")
            }
            index += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONNode {
        let start = location
        index += 1
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return JSONNode(kind: .object(members), location: start)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a field name in double quotes, found \(describeCurrent())")
            }
            let keyLocation = location
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail("expected ':' after field name \"\(key)\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unclosed object (opened at \(start))") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    throw fail("trailing comma before '}'")
                }
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return JSONNode(kind: .object(members), location: start)
            }
            throw fail("expected ',' or '}' in object, found \(describeCurrent())")
        }
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONNode {
        let start = location
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return JSONNode(kind: .array(elements), location: start)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unclosed array (opened at \(start))") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    throw fail("trailing comma before ']'")
                }
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return JSONNode(kind: .array(elements), location: start)
            }
            throw fail("expected ',' or ']' in array, found \(describeCurrent())")
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        let start = location
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ until: Int) {
            if until > runStart {
                scalars.append(contentsOf: String(decoding: bytes[runStart..<until], as: UTF8.self).unicodeScalars)
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                // Most strings have no escape: one decoding of their bytes, no scalar copy.
                if scalars.isEmpty {
                    defer { index += 1 }
                    return String(decoding: bytes[runStart..<index], as: UTF8.self)
                }
                flush(index)
                index += 1
                return String(scalars)
            }
            if byte == UInt8(ascii: "\\") {
                flush(index)
                index += 1
                scalars.append(try parseEscape())
                runStart = index
                continue
            }
            if byte < 0x20 {
                throw fail(byte == 0x0A ? "unterminated string (started at \(start))" : "control character in string")
            }
            index += 1
        }
        throw SyntaxError(location: start, message: "unterminated string")
    }

    private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
        guard index < bytes.count else { throw fail("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw fail("unpaired surrogate in \\u escape") }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw fail("invalid surrogate pair") }
                let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(value)!
            }
            guard let scalar = Unicode.Scalar(high) else { throw fail("invalid \\u escape") }
            return scalar
        default:
            index -= 1
            throw fail("invalid escape '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                throw fail("expected four hex digits in \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail("invalid number: digit expected after '.'")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail("invalid number: digit expected in exponent")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

extension JSONNode {
    /// Parses `bytes` as one JSON document. Syntax errors carry the line and column.
    public static func parse(_ bytes: [UInt8], file: String) throws(DataFileError) -> JSONNode {
        var parser = JSONParser(bytes)
        do {
            return try parser.parseDocument()
        } catch {
            throw DataFileError(file: file, location: error.location, field: "", message: error.message)
        }
    }
}
