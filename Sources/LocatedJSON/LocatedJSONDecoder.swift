import Foundation

/// Decodes `Decodable` values from JSON and reports every mistake as a `DataFileError` naming
/// the file, the line, the column and the field. Unknown fields are mistakes too (a typo such as
/// `"platfromMappingId"` would otherwise be silently ignored and the default used).
public struct LocatedJSONDecoder: Sendable {
    /// When true (the default), a field the target type never reads is reported as unknown.
    public var rejectsUnknownFields: Bool

    public init(rejectsUnknownFields: Bool = true) {
        self.rejectsUnknownFields = rejectsUnknownFields
    }

    public func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws(DataFileError) -> T {
        let root = try JSONNode.parse(Array(data), file: file)
        return try decode(type, from: root, file: file)
    }

    public func decode<T: Decodable>(_ type: T.Type, from root: JSONNode, file: String) throws(DataFileError) -> T {
        let log = FieldLog()
        let value: T
        do {
            value = try T(from: NodeDecoder(node: root, codingPath: [], log: log))
        } catch let error as DataFileError {
            throw DataFileError(file: file, location: error.location, field: error.field, message: error.message)
        } catch let error as DecodingError {
            throw Self.locate(error, in: root, file: file)
        } catch {
            throw DataFileError(file: file, location: root.location, field: "", message: "\(error)")
        }
        if rejectsUnknownFields, let unknown = log.firstUnused(in: root) {
            throw DataFileError(
                file: file, location: unknown.location, field: unknown.path,
                message: "unknown field" + (unknown.suggestion.map { " (did you mean '\($0)'?)" } ?? ""))
        }
        return value
    }

    /// Maps an error thrown by a type's own `init(from:)` back to the node its coding path names.
    static func locate(_ error: DecodingError, in root: JSONNode, file: String) -> DataFileError {
        let (path, message): ([any CodingKey], String) =
            switch error {
            case .dataCorrupted(let context): (context.codingPath, context.debugDescription)
            case .keyNotFound(let key, let context): (context.codingPath + [key], "is required")
            case .typeMismatch(_, let context): (context.codingPath, context.debugDescription)
            case .valueNotFound(_, let context): (context.codingPath, context.debugDescription)
            @unknown default: ([], "\(error)")
            }
        var node = root
        for key in path {
            if let index = key.intValue, case .array(let elements) = node.kind, elements.indices.contains(index) {
                node = elements[index]
            } else if let member = node.member(key.stringValue) {
                node = member.value
            } else {
                break
            }
        }
        return DataFileError(file: file, location: node.location, field: fieldPath(path), message: message)
    }
}

/// Remembers which object fields were read, to find the ones nobody asked for.
final class FieldLog: @unchecked Sendable {
    private struct Key: Hashable {
        let object: SourceLocation
        let name: String
    }

    private var read: Set<Key> = []
    private var expected: [SourceLocation: Set<String>] = [:]

    func markRead(_ name: String, in object: SourceLocation) {
        read.insert(Key(object: object, name: name))
    }

    func markExpected(_ names: [String], in object: SourceLocation) {
        expected[object, default: []].formUnion(names)
    }

    struct Unused {
        let location: SourceLocation
        let path: String
        let suggestion: String?
    }

    /// The first field, in file order, that was never read.
    /// The member that names a file's JSON Schema, accepted at the top level of any data file.
    static let schemaMember = "$schema"

    func firstUnused(in root: JSONNode) -> Unused? {
        var found: Unused?
        walk(root, path: "") { member, object, path in
            guard found == nil, !read.contains(Key(object: object.location, name: member.key)) else { return false }
            // The file's own `$schema` line is for editors, which validate and complete with it.
            if path.isEmpty, member.key == Self.schemaMember { return false }
            let candidates = expected[object.location] ?? []
            found = Unused(
                location: member.keyLocation, path: path.isEmpty ? member.key : "\(path).\(member.key)",
                suggestion: closest(to: member.key, among: candidates))
            return true
        }
        return found
    }

    /// Visits members depth-first; only objects the decoder actually entered are checked, so
    /// free-form maps (decoded as `[String: JSONValue]`) are never reported.
    private func walk(_ node: JSONNode, path: String, visit: (JSONNode.Member, JSONNode, String) -> Bool) {
        switch node.kind {
        case .object(let members):
            let entered =
                members.contains { read.contains(Key(object: node.location, name: $0.key)) }
                || expected[node.location] != nil
            for member in members {
                if entered, visit(member, node, path) { return }
                walk(member.value, path: path.isEmpty ? member.key : "\(path).\(member.key)", visit: visit)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() { walk(element, path: "\(path)[\(index)]", visit: visit) }
        default:
            break
        }
    }

    private func closest(to name: String, among candidates: Set<String>) -> String? {
        let lowered = name.lowercased()
        let scored = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }), best.1 <= max(2, name.count / 4) else {
            return nil
        }
        return best.0
    }
}

/// Levenshtein distance, used only to suggest the field a typo probably meant.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String
    init(_ index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.init(intValue) }
}

/// The `Decoder` over one node.
struct NodeDecoder: Decoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    let log: FieldLog
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ expected: String) -> DataFileError {
        DataFileError(
            file: "", location: node.location, field: fieldPath(codingPath),
            message: "expected \(expected), found \(node.typeDescription)")
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = node.kind else { throw mismatch("an object") }
        var seen: [String: SourceLocation] = [:]
        for member in members {
            if let first = seen[member.key] {
                throw DataFileError(
                    file: "", location: member.keyLocation, field: fieldPath(codingPath + [AnyKey(member.key)]),
                    message: "appears twice (first at line \(first.line))")
            }
            seen[member.key] = member.keyLocation
        }
        if let caseIterable = Key.self as? any CaseIterable.Type {
            let names = (caseIterable.allCases as any Collection).compactMap { ($0 as? any CodingKey)?.stringValue }
            log.markExpected(names, in: node.location)
        } else {
            log.markExpected([], in: node.location)
        }
        return KeyedDecodingContainer(NodeKeyedContainer<Key>(decoder: self, members: members))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = node.kind else { throw mismatch("an array") }
        return NodeUnkeyedContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        NodeSingleValueContainer(decoder: self)
    }

    func child(_ node: JSONNode, key: any CodingKey) -> NodeDecoder {
        NodeDecoder(node: node, codingPath: codingPath + [key], log: log)
    }
}

struct AnyKey: CodingKey {
    let stringValue: String
    let intValue: Int? = nil
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

struct NodeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoder
    let members: [JSONNode.Member]
    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        members.compactMap { member in
            decoder.log.markRead(member.key, in: decoder.node.location)
            return Key(stringValue: member.key)
        }
    }

    private func member(_ key: Key) -> JSONNode.Member? {
        decoder.log.markRead(key.stringValue, in: decoder.node.location)
        return members.last { $0.key == key.stringValue }
    }

    private func required(_ key: Key) throws -> NodeDecoder {
        guard let member = member(key) else {
            // A misspelt name is the likely cause: point at it, not at the object's first line.
            if let typo = misspelling(of: key.stringValue) {
                throw DataFileError(
                    file: "", location: typo.keyLocation,
                    field: fieldPath(codingPath + [AnyKey(typo.key)]),
                    message: "unknown field (did you mean '\(key.stringValue)'? it is required)")
            }
            throw DataFileError(
                file: "", location: decoder.node.location, field: fieldPath(codingPath + [key]),
                message: "is required but missing")
        }
        return decoder.child(member.value, key: key)
    }

    /// A member of this object whose name is a near miss of `name`, as typos are.
    private func misspelling(of name: String) -> JSONNode.Member? {
        let lowered = name.lowercased()
        return members.map { ($0, editDistance($0.key.lowercased(), lowered)) }
            .filter { $0.0.key != name }
            .filter { $0.1 <= max(2, name.count / 4) }
            .min { $0.1 < $1.1 }?.0
    }

    func contains(_ key: Key) -> Bool { member(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let member = member(key) else { return true }
        return member.value.kind == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: required(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let member = member(key), member.value.kind != .null else { return nil }
        return try T(from: decoder.child(member.value, key: key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try required(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try required(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try required(key) }
}

struct NodeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: NodeDecoder
    let elements: [JSONNode]
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> NodeDecoder {
        guard !isAtEnd else {
            throw DataFileError(
                file: "", location: decoder.node.location, field: fieldPath(codingPath),
                message: "has too few elements")
        }
        defer { currentIndex += 1 }
        return decoder.child(elements[currentIndex], key: IndexKey(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].kind == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

struct NodeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: NodeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    private var node: JSONNode { decoder.node }

    func decodeNil() -> Bool { node.kind == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let value) = node.kind else { throw decoder.mismatch("true or false") }
        return value
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let value) = node.kind else { throw decoder.mismatch("a string") }
        return value
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let text) = node.kind, let value = Double(text) else { throw decoder.mismatch("a number") }
        return value
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let text) = node.kind else { throw decoder.mismatch("an integer") }
        if let value = T(text) { return value }
        if let double = Double(text), double.rounded() == double, let value = T(exactly: double) { return value }
        throw DataFileError(
            file: "", location: node.location, field: fieldPath(codingPath),
            message: "expected an integer from \(T.min) to \(T.max), found \(text)")
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }
}
