import Foundation

/// The HTTP exchanges of one or more runs as a HAR 1.2 log, the archive format Chrome DevTools,
/// Firefox and Charles open. Exchanges are written as given, secrets already redacted (a
/// timeline's and the mock's journal are). Each run is a page; an exchange that got no answer has
/// status 0 and `_error`.
public enum HARDocument {
    /// One run, a page of the HAR: its id, title and start, and its exchanges.
    public struct Run: Sendable {
        public let id: String
        public let title: String
        /// When the run began, epoch milliseconds (a timeline's first event may come before its
        /// first call).
        public let startedAt: Int64
        public let exchanges: [HTTPExchange]

        public init(id: String, title: String, startedAt: Int64? = nil, exchanges: [HTTPExchange]) {
            self.id = id
            self.title = title
            self.startedAt = startedAt ?? exchanges.first?.startedAt ?? 0
            self.exchanges = exchanges
        }
    }

    public static func data(_ runs: [Run], creatorVersion: String = "1") throws -> Data {
        let pages = runs.map { run in
            Page(
                startedDateTime: timestamp(run.startedAt), id: run.id, title: run.title,
                pageTimings: PageTimings())
        }
        let entries = runs.flatMap { run in
            run.exchanges.map { entry(for: $0, page: run.id) }
        }
        let log = Log(
            version: "1.2", creator: Creator(name: "tvsim", version: creatorVersion), pages: pages, entries: entries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(["log": log])
    }

    static func entry(for exchange: HTTPExchange, page: String) -> Entry {
        let requestType = exchange.requestHeader("Content-Type")
        let responseType = exchange.responseHeader("Content-Type") ?? ""
        let responseText = exchange.responseBody ?? ""
        let request = Request(
            method: exchange.method, url: exchange.url, httpVersion: "HTTP/1.1", cookies: [],
            headers: exchange.requestHeaders.map { NameValue(name: $0.name, value: $0.value) },
            queryString: query(of: exchange.url),
            postData: exchange.requestBody.map {
                PostData(mimeType: requestType ?? "application/octet-stream", text: $0)
            }, headersSize: -1, bodySize: exchange.requestBody?.utf8.count ?? 0)
        let response = Response(
            status: exchange.status ?? 0,
            statusText: exchange.status.flatMap { reasons[$0] } ?? "",
            httpVersion: "HTTP/1.1", cookies: [],
            headers: exchange.responseHeaders.map { NameValue(name: $0.name, value: $0.value) },
            content: Content(size: responseText.utf8.count, mimeType: responseType, text: responseText),
            redirectURL: exchange.responseHeader("Location") ?? "", headersSize: -1,
            bodySize: exchange.status == nil ? -1 : responseText.utf8.count, _error: exchange.failure)
        let duration = (exchange.durationMilliseconds * 1000).rounded() / 1000
        return Entry(
            pageref: page, startedDateTime: timestamp(exchange.startedAt), time: duration, request: request,
            response: response, cache: Cache(), timings: Timings(send: 0, wait: duration, receive: 0),
            _label: exchange.label, _client: exchange.client)
    }

    /// The reason phrases of the statuses the mock and the providers answer with.
    static let reasons: [Int: String] = [
        200: "OK", 201: "Created", 204: "No Content", 301: "Moved Permanently", 302: "Found", 303: "See Other",
        304: "Not Modified", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 409: "Conflict", 410: "Gone", 412: "Precondition Failed",
        413: "Content Too Large", 415: "Unsupported Media Type", 421: "Misdirected Request",
        429: "Too Many Requests", 431: "Request Header Fields Too Large", 500: "Internal Server Error",
        502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
    ]

    static func query(of url: String) -> [NameValue] {
        (URLComponents(string: url)?.queryItems ?? []).map { NameValue(name: $0.name, value: $0.value ?? "") }
    }

    /// ISO 8601 with milliseconds, in UTC, as HAR asks.
    static func timestamp(_ milliseconds: Int64) -> String {
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        return Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }

    struct Log: Encodable {
        let version: String
        let creator: Creator
        let pages: [Page]
        let entries: [Entry]
    }

    struct Creator: Encodable {
        let name: String
        let version: String
    }

    struct Page: Encodable {
        let startedDateTime: String
        let id: String
        let title: String
        let pageTimings: PageTimings
    }

    struct PageTimings: Encodable {}

    struct Entry: Encodable {
        let pageref: String
        let startedDateTime: String
        let time: Double
        let request: Request
        let response: Response
        let cache: Cache
        let timings: Timings
        /// What the call was for (`sessions.create`), tvsim's own field.
        let _label: String
        /// The registered client whose token the call carried, tvsim's own field: the tokens
        /// themselves are redacted.
        let _client: String?
    }

    struct Request: Encodable {
        let method: String
        let url: String
        let httpVersion: String
        let cookies: [NameValue]
        let headers: [NameValue]
        let queryString: [NameValue]
        let postData: PostData?
        let headersSize: Int
        let bodySize: Int
    }

    struct Response: Encodable {
        let status: Int
        let statusText: String
        let httpVersion: String
        let cookies: [NameValue]
        let headers: [NameValue]
        let content: Content
        let redirectURL: String
        let headersSize: Int
        let bodySize: Int
        /// Why there was no answer (connection refused, reset), tvsim's own field.
        let _error: String?
    }

    struct NameValue: Encodable {
        let name: String
        let value: String
    }

    struct PostData: Encodable {
        let mimeType: String
        let text: String
    }

    struct Content: Encodable {
        let size: Int
        let mimeType: String
        let text: String
    }

    struct Cache: Encodable {}

    struct Timings: Encodable {
        let send: Double
        let wait: Double
        let receive: Double
    }
}
