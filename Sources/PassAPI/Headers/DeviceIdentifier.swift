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

    /// Parses a header value; the type keyword is matched case-insensitively.
    public static func parse(_ value: String?) -> Result<DeviceIdentifier, ParseError> {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return .failure(.missing) }
        let parts = value.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            return .failure(
                parts.first?.lowercased() == "fingerprint" ? .missingIdentifier : .unsupportedType(parts.first ?? ""))
        }
        guard parts[0].lowercased() == "fingerprint" else { return .failure(.unsupportedType(parts[0])) }
        guard let data = Base64.decode(parts[1]) else { return .failure(.notBase64) }
        let identifier = String(decoding: data, as: UTF8.self)
        guard !identifier.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return .failure(.empty) }
        guard !identifier.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return .failure(.controlCharacters)
        }
        return .success(DeviceIdentifier(identifier: identifier))
    }
}
