import Foundation

extension UUID {
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

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
