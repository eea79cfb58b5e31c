import Foundation
import MockBackendAPI
import PassAPI

/// One HTTP exchange of a client, as a HAR entry or the mock's journal records it: what an audit
/// reads. Hosts play no part; secrets may be redacted (an audit needs their presence, not them).
public struct Exchange: Sendable, Equatable {
    public struct Header: Sendable, Equatable {
        public let name: String
        public let value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Where it came from: its position in the HAR or the journal, 1-based.
    public let number: Int
    /// When the request started, epoch milliseconds.
    public let startedAt: Int64
    public let method: String
    public let url: String
    public let requestHeaders: [Header]
    public let requestBody: String?
    /// The answer's status; nil when no answer came.
    public let status: Int?
    public let responseHeaders: [Header]
    public let responseBody: String?
    /// The HAR page it belongs to (tvsim's export has one page per run).
    public let page: String?
    /// The answer had a body the file did not keep (Chrome leaves compressed ones out).
    public let responseBodyMissing: Bool
    /// The registered client whose access token the call carried, when the source names it
    /// (the mock's journal, tvsim's HAR `_client`).
    public let client: String?

    public init(
        number: Int, startedAt: Int64, method: String, url: String, requestHeaders: [Header] = [],
        requestBody: String? = nil, status: Int?, responseHeaders: [Header] = [], responseBody: String? = nil,
        page: String? = nil, responseBodyMissing: Bool = false, client: String? = nil
    ) {
        self.number = number
        self.startedAt = startedAt
        self.method = method.uppercased()
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.page = page
        self.responseBodyMissing = responseBodyMissing
        self.client = client
    }

    /// The path, percent-encoding kept, without the query.
    public var path: String {
        let path = HTTPExchange.path(of: url)
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

    public func requestHeader(_ name: String) -> String? {
        requestHeaders.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    public func responseHeader(_ name: String) -> String? {
        responseHeaders.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
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

    static func formFields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(String(parts[0]))
            if fields[name] == nil { fields[name] = parts.count > 1 ? decode(String(parts[1])) : "" }
        }
        return fields
    }

    private static func decode(_ text: String) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

extension Exchange {
    /// An exchange as tvsim's clients record it (the timeline, the HAR export).
    public init(_ exchange: HTTPExchange, number: Int, page: String? = nil) {
        self.init(
            number: number, startedAt: exchange.startedAt, method: exchange.method, url: exchange.url,
            requestHeaders: exchange.requestHeaders.map { Header($0.name, $0.value) },
            requestBody: exchange.requestBody,
            status: exchange.status, responseHeaders: exchange.responseHeaders.map { Header($0.name, $0.value) },
            responseBody: exchange.responseBody, page: page, client: exchange.client)
    }
}

extension Exchange {
    /// An exchange of the mock's journal (`GET /__tvsim/journal`, `tvsim watch`), read as the
    /// inspector reads it.
    public init(journal entry: JournalEntry) {
        self.init(HTTPExchange(journal: entry), number: entry.id)
    }
}
