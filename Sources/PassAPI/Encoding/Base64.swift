import Foundation

/// Base64 as it arrives in headers from real clients: standard or URL-safe alphabet, with or
/// without padding, sometimes wrapped. Anything else is rejected.
public enum Base64 {
    public static func decode(_ text: some StringProtocol) -> Data? {
        // Works on bytes: this runs for every header of every request.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
            case UInt8(ascii: "-"): bytes.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): bytes.append(UInt8(ascii: "/"))
            default: bytes.append(byte)
            }
        }
        guard !bytes.isEmpty else { return nil }
        let remainder = bytes.count % 4
        if remainder == 1 { return nil }
        if remainder > 0 { bytes += Array(repeating: UInt8(ascii: "="), count: 4 - remainder) }
        return Data(base64Encoded: Data(bytes))
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
