import Foundation

/// `AP-Device-Identifier: fingerprint <Base64 of a stable device id>`.
public struct DeviceIdentifier: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The decoded device id (e.g. a UUID or a SHA-256 hex string).
    public let identifier: String

    public init(identifier: String) {
        self.identifier = identifier
    }

    /// The header value.
    public var headerValue: String { "fingerprint \(Base64.encode(identifier))" }

    public var description: String { headerValue }

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case missing
        case unsupportedType(String)
        case notBase64
        case empty
        /// `fingerprint` with nothing after it.
        case missingIdentifier
        /// The decoded identifier holds control characters (a NUL byte from `====`).
        case controlCharacters

        public var description: String {
            switch self {
            case .missing: "the header is missing"
            case .unsupportedType(let type): "type '\(type)' is not supported (only 'fingerprint')"
            case .notBase64: "the identifier is not valid Base64"
            case .empty: "the identifier is empty"
            case .missingIdentifier: "'fingerprint' must be followed by a space and the Base64 device identifier"
            case .controlCharacters: "the identifier decodes to control characters, not a device identifier"
            }
        }
    }

    /// `value` without the spaces and tabs around it: on bytes when it is ASCII, as nearly every
    /// header is (Foundation's trimming cost every request), through Foundation otherwise.
    private static func trimmingWhitespace(_ value: String) -> String {
        let utf8 = value.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return value.trimmingCharacters(in: .whitespaces) }
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return first == utf8.startIndex && last == utf8.index(before: utf8.endIndex)
            ? value : String(value[first...last])
    }

    /// Parses a header value; the type keyword is matched case-insensitively.
    public static func parse(_ value: String?) -> Result<DeviceIdentifier, ParseError> {
        guard let value = value.map(Self.trimmingWhitespace), !value.isEmpty else { return .failure(.missing) }
        if let encoded = afterFingerprintKeyword(value) { return decode(encoded) }
        let parts = value.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            return .failure(
                parts.first?.lowercased() == "fingerprint" ? .missingIdentifier : .unsupportedType(parts.first ?? ""))
        }
        guard parts[0].lowercased() == "fingerprint" else { return .failure(.unsupportedType(parts[0])) }
        return decode(Substring(parts[1]))
    }

    /// What follows `fingerprint ` (in any case) at the start of `value`, found on bytes: the
    /// form of nearly every header, checked without splitting or lowercasing a copy.
    private static func afterFingerprintKeyword(_ value: String) -> Substring? {
        let keyword = "fingerprint ".utf8
        let utf8 = value.utf8
        guard utf8.count > keyword.count else { return nil }
        var index = utf8.startIndex
        for expected in keyword {
            // ASCII letters compare in lower case; the space must be a space.
            let byte = utf8[index]
            guard byte == expected || (expected != 0x20 && byte | 0x20 == expected) else { return nil }
            index = utf8.index(after: index)
        }
        return value[index...]
    }

    /// The identifier Base64-encoded in `encoded`, checked.
    private static func decode(_ encoded: Substring) -> Result<DeviceIdentifier, ParseError> {
        guard let data = Base64.decode(encoded) else { return .failure(.notBase64) }
        let identifier = String(decoding: data, as: UTF8.self)
        // Printable ASCII and not only spaces, as identifiers are: the checks below (Unicode
        // properties) would only say yes, at a cost paid on every request.
        if identifier.utf8.allSatisfy({ (0x20...0x7E).contains($0) }), identifier.utf8.contains(where: { $0 != 0x20 }) {
            return .success(DeviceIdentifier(identifier: identifier))
        }
        guard !identifier.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return .failure(.empty) }
        guard !identifier.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return .failure(.controlCharacters)
        }
        return .success(DeviceIdentifier(identifier: identifier))
    }
}
