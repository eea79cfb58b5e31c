/// A JSON value that remembers where it was written, so a mistake in a hand-edited file can be
/// reported as `file:line:column` with the path of the field.
public struct JSONNode: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        /// The number exactly as written; converted on demand so integers stay exact.
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    /// One `"key": value` pair of an object, in file order.
    public struct Member: Sendable, Equatable {
        public let key: String
        public let keyLocation: SourceLocation
        public let value: JSONNode
    }

    public let kind: Kind
    public let location: SourceLocation

    public init(kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The member named `key`, if this node is an object that has one (the last one wins, as in
    /// most JSON readers; duplicates are rejected by the decoder anyway).
    public func member(_ key: String) -> Member? {
        guard case .object(let members) = kind else { return nil }
        return members.last { $0.key == key }
    }

    /// A short name of the node's type for error messages ("a string", "an object", …).
    public var typeDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A 1-based line and column in a source file.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
