import Foundation

extension UUID {
    /// The canonical lower-case text of a UUID (`8-4-4-4-12` hex digits), read on bytes; nil for
    /// any other text. Foundation reads it with `sscanf`, which the mock paid for every session.
    public init?(lowercaseText text: String) {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return nil }
        let parsed = withUnsafeMutableBytes(of: &bytes) { raw -> Bool in
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    guard utf8[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let high = Self.hexValue(utf8[position]), let low = Self.hexValue(utf8[position + 1]) else {
                    return false
                }
                raw[index] = high << 4 | low
                position += 2
            }
            return true
        }
        guard parsed else { return nil }
        self.init(uuid: bytes)
    }

    /// The canonical text in lower case, as Adobe writes session and trace ids; spelled on bytes
    /// (Foundation spells it with `snprintf`, in upper case).
    public var lowercaseText: String {
        withUnsafeBytes(of: uuid) { raw in
            String(unsafeUninitializedCapacity: 36) { text in
                var position = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    text[position] = Self.hexDigit(raw[index] >> 4)
                    text[position + 1] = Self.hexDigit(raw[index] & 0x0F)
                    position += 2
                }
                return position
            }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
