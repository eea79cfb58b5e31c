// One HAR entry read straight from its bytes into the fields an exchange takes: the fast path
// of reading a HAR. It builds only what `Entry.exchange` reads and holds the rest of the entry
// to the JSON grammar. Whatever it does not read the way Foundation's decoder would (a field
// named twice, a number where text belongs, an escape that names no character) makes it answer
// nil, and that entry goes to the decoder, which settles it as before.
extension HARDocument.Entry {
    static func read(_ bytes: UnsafeRawBufferPointer) -> Self? {
        var cursor = JSONBytes(bytes)
        var pageref: String?
        var startedDateTime: String?
        var time: Double?
        var request: HARDocument.Request?
        var response: HARDocument.Response?
        var operation: String?
        var client: String?
        let complete = cursor.readMembers(Key.self, depth: 1) { cursor, key in
            switch key {
            case .pageref: return cursor.optional(&pageref) { $0.readString() }
            case .startedDateTime: return cursor.required(&startedDateTime) { $0.readString() }
            case .time: return cursor.written(&time) { $0.readNumber() }
            case .request: return cursor.required(&request) { HARDocument.Request.read(&$0) }
            case .response: return cursor.required(&response) { HARDocument.Response.read(&$0) }
            case ._operation: return cursor.optional(&operation) { $0.readString() }
            case ._client: return cursor.optional(&client) { $0.readString() }
            }
        }
        cursor.skipWhitespace()
        guard complete, cursor.atEnd, let startedDateTime, let request, let response else { return nil }
        return Self(
            pageref: pageref, startedDateTime: startedDateTime, time: time.map { .init($0) }, request: request,
            response: response, _operation: operation, _client: client)
    }

    private enum Key: String, CaseIterable {
        case pageref, startedDateTime, time, request, response, _operation, _client
    }
}

extension HARDocument.Request {
    fileprivate static func read(_ cursor: inout JSONBytes) -> Self? {
        var method: String?
        var url: String?
        var headers: [HARDocument.NameValue]?
        var postData: HARDocument.PostData?
        let complete = cursor.readMembers(Key.self, depth: 2) { cursor, key in
            switch key {
            case .method: return cursor.required(&method) { $0.readString() }
            case .url: return cursor.required(&url) { $0.readString() }
            case .headers: return cursor.required(&headers) { HARDocument.NameValue.readList(&$0) }
            case .postData: return cursor.optional(&postData) { HARDocument.PostData.read(&$0) }
            }
        }
        guard complete, let method, let url, let headers else { return nil }
        return Self(method: method, url: url, headers: headers, postData: postData)
    }

    private enum Key: String, CaseIterable {
        case method, url, headers, postData
    }
}

extension HARDocument.Response {
    fileprivate static func read(_ cursor: inout JSONBytes) -> Self? {
        var status: Int?
        var headers: [HARDocument.NameValue]?
        var content: HARDocument.Content?
        var error: String?
        let complete = cursor.readMembers(Key.self, depth: 2) { cursor, key in
            switch key {
            case .status: return cursor.required(&status) { $0.readInteger() }
            case .headers: return cursor.required(&headers) { HARDocument.NameValue.readList(&$0) }
            case .content: return cursor.optional(&content) { HARDocument.Content.read(&$0) }
            case ._error: return cursor.optional(&error) { $0.readString() }
            }
        }
        guard complete, let status, let headers else { return nil }
        return Self(status: status, headers: headers, content: content, _error: error)
    }

    private enum Key: String, CaseIterable {
        case status, headers, content, _error
    }
}

extension HARDocument.NameValue {
    fileprivate static func readList(_ cursor: inout JSONBytes) -> [Self]? {
        cursor.readNamedValues(valueRequired: true, depth: 4)?.map { Self(name: $0.name, value: $0.value ?? "") }
    }
}

extension HARDocument.PostData {
    fileprivate static func read(_ cursor: inout JSONBytes) -> Self? {
        var text: String?
        var params: [HARDocument.Param]?
        let complete = cursor.readMembers(Key.self, depth: 3) { cursor, key in
            switch key {
            case .text: return cursor.optional(&text) { $0.readString() }
            case .params: return cursor.optional(&params) { HARDocument.Param.readList(&$0) }
            }
        }
        guard complete else { return nil }
        return Self(text: text, params: params)
    }

    private enum Key: String, CaseIterable {
        case text, params
    }
}

extension HARDocument.Param {
    fileprivate static func readList(_ cursor: inout JSONBytes) -> [Self]? {
        cursor.readNamedValues(valueRequired: false, depth: 5)?.map { Self(name: $0.name, value: $0.value) }
    }
}

extension HARDocument.Content {
    fileprivate static func read(_ cursor: inout JSONBytes) -> Self? {
        var size: Double?
        var mimeType: String?
        var text: String?
        var encoding: String?
        let complete = cursor.readMembers(Key.self, depth: 3) { cursor, key in
            switch key {
            case .size: return cursor.written(&size) { $0.readNumber() }
            case .mimeType: return cursor.written(&mimeType) { $0.readString() }
            case .text: return cursor.optional(&text) { $0.readString() }
            case .encoding: return cursor.optional(&encoding) { $0.readString() }
            }
        }
        guard complete else { return nil }
        return Self(size: size, mimeType: mimeType, text: text, encoding: encoding)
    }

    private init(size: Double?, mimeType: String?, text: String?, encoding: String?) {
        self.size = size.map { .init($0) }
        self.mimeType = mimeType.map { .init($0) }
        self.text = text
        self.encoding = encoding
    }

    private enum Key: String, CaseIterable {
        case size, mimeType, text, encoding
    }
}

private enum NamedValueKey: String, CaseIterable {
    case name, value
}

/// Which of an object's known members came already: a member named twice is the decoder's to
/// settle.
private struct Fields<Key: CaseIterable & Equatable> where Key.AllCases == [Key] {
    private var seen: UInt32 = 0

    /// True the first time `key` comes.
    mutating func first(_ key: Key) -> Bool {
        let bit = UInt32(1) << UInt32(Key.allCases.firstIndex(of: key) ?? 0)
        defer { seen |= bit }
        return seen & bit == 0
    }
}

extension JSONBytes {
    /// Walks an object, calling `member` with each member `Key` names once past its colon; the
    /// others are passed over, held to the grammar, and a known one named twice stops the read.
    fileprivate mutating func readMembers<Key: RawRepresentable<String> & CaseIterable & Equatable>(
        _: Key.Type, depth: Int, _ member: (inout JSONBytes, Key) -> Bool
    ) -> Bool where Key.AllCases == [Key] {
        var fields = Fields<Key>()
        return readObject { cursor, name in
            guard let key = Key(rawValue: name) else { return cursor.skipValue(depth: depth) }
            guard fields.first(key) else { return false }
            return member(&cursor, key)
        }
    }

    /// A list of `{"name", "value"}` objects (headers, a form's fields), other members passed
    /// over; without `valueRequired`, a value may be absent or `null`.
    fileprivate mutating func readNamedValues(valueRequired: Bool, depth: Int) -> [(name: String, value: String?)]? {
        var list: [(name: String, value: String?)] = []
        let complete = readArray { cursor in
            var name: String?
            var value: String?
            let read = cursor.readMembers(NamedValueKey.self, depth: depth) { cursor, key in
                switch key {
                case .name: return cursor.required(&name) { $0.readString() }
                case .value:
                    return valueRequired
                        ? cursor.required(&value) { $0.readString() } : cursor.optional(&value) { $0.readString() }
                }
            }
            guard read, let name, !valueRequired || value != nil else { return false }
            list.append((name, value))
            return true
        }
        return complete ? list : nil
    }

    /// A member the entry cannot do without: `null` or a value of another kind stops the read.
    fileprivate mutating func required<Value>(_ value: inout Value?, _ read: (inout JSONBytes) -> Value?) -> Bool {
        value = read(&self)
        return value != nil
    }

    /// A member that may be absent or `null`; a value of another kind stops the read.
    fileprivate mutating func optional<Value>(_ value: inout Value?, _ read: (inout JSONBytes) -> Value?) -> Bool {
        if consumeNull() { return true }
        value = read(&self)
        return value != nil
    }

    /// A field tvsim writes (`HARDocument.Written`): a value of another kind is taken as none,
    /// as the decoder takes it, once it is held to the grammar.
    fileprivate mutating func written<Value>(_ value: inout Value?, _ read: (inout JSONBytes) -> Value?) -> Bool {
        let start = index
        if let read = read(&self) {
            value = read
            return true
        }
        index = start
        return skipValue(depth: 3)
    }
}
