import Foundation

/// Helpers for types that validate their own fields while decoding: they throw a
/// `DecodingError` with the coding path, and `LocatedJSONDecoder` turns it into file and line.
extension KeyedDecodingContainer {
    /// Decodes a string that must be one of `allowed`; the error lists the choices.
    public func decodeChoice(_ key: Key, from allowed: [String]) throws -> String {
        let value = try decode(String.self, forKey: key)
        guard allowed.contains(value) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "\"\(value)\" is not one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        return value
    }

    /// Decodes an optional value, or returns `fallback` when the field is absent.
    public func decode<T: Decodable>(_ key: Key, default fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }

    /// Decodes an optional number that must lie in `range`; the error names the field and the
    /// range, so a value that would overflow a later computation never gets past the file.
    public func decodeIfPresent<T: Decodable & Comparable>(_ key: Key, in range: ClosedRange<T>) throws -> T? {
        guard let value = try decodeIfPresent(T.self, forKey: key) else { return nil }
        guard range.contains(value) else {
            throw invalid(key, "must be between \(range.lowerBound) and \(range.upperBound), not \(value)")
        }
        return value
    }

    /// Decodes a number that must lie in `range`, or returns `fallback` when the field is absent.
    public func decode<T: Decodable & Comparable>(_ key: Key, default fallback: T, in range: ClosedRange<T>) throws
        -> T
    {
        try decodeIfPresent(key, in: range) ?? fallback
    }

    /// Throws a located "invalid value" error for `key`.
    public func invalid(_ key: Key, _ message: String) -> DecodingError {
        DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: message)
    }
}

/// A free-form JSON value, for fields whose content is not fixed (persona attributes).
public enum JSONValue: Codable, Sendable, Equatable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
