import Foundation

/// Base64 as it arrives in headers from real clients: standard or URL-safe alphabet, with or
/// without padding, sometimes wrapped. Anything else is rejected.
public enum Base64 {
    /// The bytes of standard or URL-safe Base64 `text`, padded or not, whitespace ignored; nil
    /// when the text is empty or is not Base64, `=` included anywhere but where it completes the
    /// last group (RFC 4648 §3.3; Foundation's decoder takes `/Q=w` and `==`). Decoded on bytes in one pass: it runs for the
    /// device identifier of every request.
    public static func decode(_ text: some StringProtocol) -> Data? {
        var decoded = Data(capacity: text.utf8.count / 4 * 3 + 2)
        var quantum: UInt32 = 0
        var symbols = 0
        var padding = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            if isWhitespace(byte) { continue }
            // Data after padding, or a byte outside both alphabets.
            guard padding == 0, let value = sextet(byte) else { return nil }
            quantum = quantum << 6 | UInt32(value)
            symbols += 1
            if symbols % 4 == 0 {
                decoded.append(UInt8(truncatingIfNeeded: quantum >> 16))
                decoded.append(UInt8(truncatingIfNeeded: quantum >> 8))
                decoded.append(UInt8(truncatingIfNeeded: quantum))
                quantum = 0
            }
        }
        // The last group: 2 symbols carry 1 byte, 3 carry 2; padding may only complete it.
        switch symbols % 4 {
        case 0 where padding == 0 && symbols > 0: break
        case 2 where padding <= 2: decoded.append(UInt8(truncatingIfNeeded: quantum >> 4))
        case 3 where padding <= 1:
            decoded.append(UInt8(truncatingIfNeeded: quantum >> 10))
            decoded.append(UInt8(truncatingIfNeeded: quantum >> 2))
        default: return nil
        }
        return decoded
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    /// The 6-bit value of a symbol of the standard (`+/`) or URL-safe (`-_`) alphabet.
    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"), UInt8(ascii: "-"): 62
        case UInt8(ascii: "/"), UInt8(ascii: "_"): 63
        default: nil
        }
    }

    public static func encode(_ data: Data) -> String { data.base64EncodedString() }

    public static func encode(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

    /// URL-safe, unpadded (JWT style).
    public static func encodeURLSafe(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
