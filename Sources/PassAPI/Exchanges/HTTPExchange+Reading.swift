import Foundation
import HTTPTypes

extension HTTPExchange {
    /// A request header's value by name, any case; a repeated one's values joined as HTTP joins
    /// them (`, `).
    public func requestHeader(_ name: String) -> String? {
        requestHeaders.value(named: name)
    }

    /// An answer header's value by name, any case; a repeated one's values joined.
    public func responseHeader(_ name: String) -> String? {
        responseHeaders.value(named: name)
    }

    /// The exchange with its request target made a whole URL on `origin`
    /// (`http://127.0.0.1:8080`), as HAR readers and the timeline expect of the journal's entries.
    public func onOrigin(_ origin: String) -> HTTPExchange {
        var located = self
        located.url = origin + url
        return located
    }

    /// The URL's path, percent-encoding kept, without the query (`/` for none).
    public var path: String {
        let path = Self.path(of: url)
        return path.isEmpty ? "/" : String(path)
    }

    /// The query's parameters, decoded; the first of a repeated name.
    public var query: [String: String] {
        guard let text = queryText else { return [:] }
        return Self.formFields(text)
    }

    /// The query's first parameter named `name`, decoded: `query[name]` without reading the rest.
    public func query(_ name: String) -> String? {
        queryText.flatMap { Self.formField(name, in: $0) }
    }

    /// The request's `application/x-www-form-urlencoded` fields (empty for another body).
    public var form: [String: String] {
        guard let text = formText else { return [:] }
        return Self.formFields(text)
    }

    /// The form's first field named `name`, decoded: `form[name]` without reading the rest.
    public func form(_ name: String) -> String? {
        formText.flatMap { Self.formField(name, in: $0) }
    }

    /// What follows the URL's `?`, up to any `#`.
    private var queryText: Substring? {
        let utf8 = url.utf8
        guard let mark = utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        let start = utf8.index(after: mark)
        let end = utf8[start...].firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        return url[start..<end]
    }

    /// The body, unless it is JSON or markup.
    private var formText: Substring? {
        guard let body = requestBody, !body.hasPrefix("{"), !body.hasPrefix("<") else { return nil }
        return body[...]
    }

    /// The answer's JSON object, if it is one.
    public var responseObject: [String: Any]? {
        guard let data = responseBody?.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// The request's JSON object, if it is one.
    public var requestObject: [String: Any]? {
        guard let data = requestBody?.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// The path of an absolute URL or of a bare request target, percent-encoding kept, without
    /// the query or fragment: the one parser of paths. A journal's target is a path whose query
    /// may hold a URL of its own (`?redirectUrl=https://…`): only a `://` before any `/`, `?` or
    /// `#` ends a scheme. Read on bytes: the audit asks it of every exchange of a HAR.
    public static func path(of url: String) -> Substring {
        let utf8 = url.utf8
        let slashOrEnd = { (byte: UInt8) in
            byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
        }
        var start = utf8.startIndex
        // A scheme's `://` holds the first of those bytes, its first slash.
        if let first = utf8.firstIndex(where: slashOrEnd), utf8[first] == UInt8(ascii: "/"), first != start,
            utf8[utf8.index(before: first)] == UInt8(ascii: ":"), utf8[first...].starts(with: "//".utf8)
        {
            start = utf8.index(first, offsetBy: 2)
        }
        // A query or fragment before any slash leaves the path empty (`https://h?x=/y`).
        guard let slash = utf8[start...].firstIndex(where: slashOrEnd), utf8[slash] == UInt8(ascii: "/") else {
            return url[utf8.endIndex...]
        }
        let end = utf8[slash...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? utf8.endIndex
        return url[slash..<end]
    }

    static func formFields(_ text: Substring) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in formPairs(text) {
            let name = decode(name)
            if fields[name] == nil { fields[name] = decode(value) }
        }
        return fields
    }

    static func formFields(_ text: String) -> [String: String] { formFields(text[...]) }

    static func formField(_ name: String, in text: Substring) -> String? {
        formPairs(text).first { decode($0.name) == name }.map { decode($0.value) }
    }

    /// The `name=value` pairs between `&`s, as written (a pair without `=` has an empty value):
    /// the one reading of forms and queries.
    private static func formPairs(_ text: Substring) -> some Sequence<(name: Substring, value: Substring)> {
        text.utf8.split(separator: UInt8(ascii: "&")).lazy.map { pair in
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else {
                return (Substring(pair), Substring())
            }
            return (Substring(pair[..<equals]), Substring(pair[pair.index(after: equals)...]))
        }
    }

    /// `+` as a space and each `%XX` as its byte; a broken escape, or bytes that are not UTF-8,
    /// leave the text as it was but for the spaces.
    static func decode(_ text: Substring) -> String {
        text.formDecoded ?? String(text.map { $0 == "+" ? " " : $0 })
    }
}

extension HTTPFields {
    /// Fields from names and values read from outside (a HAR file, a client library's list). A
    /// name HTTP does not allow is left out: HTTP/2 pseudo-headers (`:authority`), which browsers
    /// write into HAR files beside the real ones, say nothing an audit reads.
    public init(pairs: some Sequence<(String, String)>) {
        self.init()
        for (name, value) in pairs {
            guard let name = HTTPField.Name(name) else { continue }
            append(HTTPField(name: name, value: value))
        }
    }

    /// The value of the fields named `name`, any case, joined as HTTP joins repeats: the one
    /// look-up by a name given as text.
    public func value(named name: String) -> String? {
        // A walk over the fields, comparing names byte by byte: no name is built for the
        // look-up, which the audit makes a dozen times for each of a HAR's exchanges.
        var joined: String?
        for field in self where Self.isNamed(field.name, name) {
            joined = joined.map { $0 + (field.name == .cookie ? "; " : ", ") + field.value } ?? field.value
        }
        return joined
    }

    /// Whether `name`, in any case, is the field name `field`.
    private static func isNamed(_ field: HTTPField.Name, _ name: String) -> Bool {
        let canonical = field.canonicalName.utf8
        guard canonical.count == name.utf8.count else { return false }
        return zip(canonical, name.utf8).allSatisfy { expected, byte in
            expected == ((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte)
        }
    }
}
