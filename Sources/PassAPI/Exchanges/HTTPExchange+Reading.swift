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
        guard let start = url.firstIndex(of: "?") else { return [:] }
        let text = url[url.index(after: start)...].prefix { $0 != "#" }
        return Self.formFields(String(text))
    }

    /// The request's `application/x-www-form-urlencoded` fields (empty for another body).
    public var form: [String: String] {
        guard let body = requestBody, !body.hasPrefix("{"), !body.hasPrefix("<") else { return [:] }
        return Self.formFields(body)
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
    /// `#` ends a scheme.
    public static func path(of url: String) -> Substring {
        let scheme = url.range(of: "://").flatMap { separator in
            url[..<separator.lowerBound].contains { "/?#".contains($0) } ? nil : separator
        }
        let afterScheme = scheme.map { url[$0.upperBound...] } ?? url[...]
        let fromPath =
            afterScheme.firstIndex(of: "/").map { afterScheme[$0...] } ?? afterScheme[afterScheme.endIndex...]
        return fromPath.prefix { $0 != "?" && $0 != "#" }
    }

    static func formFields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            if fields[name] == nil { fields[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return fields
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
        HTTPField.Name(name).flatMap { self[$0] }
    }
}
