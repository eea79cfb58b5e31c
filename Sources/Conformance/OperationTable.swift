import Foundation
import LocatedJSON

/// The calls an audit recognises (`Rules/operations.json`): method and path pattern, the API,
/// and the cookbook step each call is in, per integration.
public struct OperationTable: Sendable, Equatable {
    public struct Entry: Decodable, Sendable, Equatable {
        /// The call's name, as the mock's journal and the rules name it (`sessions.create`).
        public let operation: String
        public let method: String
        /// Segments; `{name}` matches any one.
        public let path: String
        /// `rest-v2`, `rest-v1` or `dcr`.
        public let api: String
        /// The cookbook step id in each integration (`rest-v2`, `rest-v1`).
        public let steps: [String: String]

        var segments: [Substring] { path.split(separator: "/") }

        func matches(method: String, segments actual: [Substring]) -> Bool {
            guard method == self.method, actual.count == segments.count else { return false }
            return zip(segments, actual).allSatisfy { pattern, segment in
                pattern.hasPrefix("{") || pattern == segment
            }
        }
    }

    struct File: Decodable {
        let about: String
        let operations: [Entry]
    }

    public let entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The entry for a request, or nil for a call the cookbooks do not name (a web page, the
    /// partner framework's own traffic).
    public func entry(method: String, path: String) -> Entry? {
        let segments = path.split(separator: "/")
        return entries.first { $0.matches(method: method.uppercased(), segments: segments) }
    }
}
