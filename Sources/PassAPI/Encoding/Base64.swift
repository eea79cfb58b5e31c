import Foundation

/// Base64 as it arrives in headers from real clients: standard or URL-safe alphabet, with or
/// without padding, sometimes wrapped. Anything else is rejected.
public enum Base64 {
    public static func decode(_ text: String) -> Data? {
        var cleaned = text.filter { !$0.isWhitespace }
        guard !cleaned.isEmpty else { return nil }
        cleaned = cleaned.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let remainder = cleaned.count % 4
        if remainder == 1 { return nil }
        if remainder > 0 { cleaned += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: cleaned)
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
