import Foundation
import HTTPTypes

// The HAR 1.2 document, one set of types for writing and reading. tvsim writes every field the
// specification requires; it reads what any tool writes, so a field it only writes
// (`Written`) takes whatever a tool put there, or nothing. `_operation`, `_client` and `_error`
// are tvsim's own.
extension HARDocument {
    struct Archive: Codable {
        let log: Log
    }

    struct Log: Codable {
        var version: Written<String>?
        var creator: Written<Creator>?
        var pages: Written<[Page]>?
        let entries: [Entry]
    }

    struct Creator: Codable {
        let name: String
        let version: String
    }

    struct Page: Codable {
        let startedDateTime: String
        let id: String
        let title: String
        let pageTimings: Empty
    }

    /// An object written empty, as HAR requires (`cache`, `pageTimings`).
    struct Empty: Codable {}

    /// A field tvsim writes and never reads: any value a tool writes there is taken (and left
    /// aside), so that an odd one (a size as a string, a cookie without a value) never refuses
    /// a file.
    struct Written<Value: Codable>: Codable {
        var value: Value?

        init(_ value: Value) {
            self.value = value
        }

        init(from decoder: any Decoder) throws {
            value = try? decoder.singleValueContainer().decode(Value.self)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    struct Entry: Codable {
        var pageref: String?
        let startedDateTime: String
        /// The whole exchange's duration in milliseconds.
        var time: Written<Double>?
        let request: Request
        let response: Response
        var cache: Written<Empty>?
        var timings: Written<Timings>?
        /// What the call was for (`sessions.create`).
        var _operation: String?
        /// The registered client whose (redacted) token the call carried.
        var _client: String?
    }

    struct Request: Codable {
        let method: String
        let url: String
        var httpVersion: Written<String>?
        var cookies: Written<[NameValue]>?
        let headers: [NameValue]
        var queryString: Written<[NameValue]>?
        var postData: PostData?
        var headersSize: Written<Int>?
        var bodySize: Written<Int>?
    }

    struct Response: Codable {
        /// 0 for a request that got no answer.
        let status: Int
        var statusText: Written<String>?
        var httpVersion: Written<String>?
        var cookies: Written<[NameValue]>?
        let headers: [NameValue]
        var content: Content?
        var redirectURL: Written<String>?
        var headersSize: Written<Int>?
        var bodySize: Written<Int>?
        /// Why there was no answer (connection refused, reset).
        var _error: String?
    }

    struct NameValue: Codable {
        let name: String
        let value: String
    }

    struct PostData: Codable {
        var mimeType: Written<String>?
        var text: String?
        /// A form's fields, which some tools write instead of the text.
        var params: [Param]?

        /// The body: its text, or a form rebuilt from its fields.
        var body: String? {
            text
                ?? params.map { fields in
                    fields.map { "\(Self.encoded($0.name))=\(Self.encoded($0.value ?? ""))" }.joined(separator: "&")
                }
        }

        static func encoded(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: formSafe) ?? text
        }

        static let formSafe = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
    }

    struct Param: Codable {
        let name: String
        let value: String?
    }

    struct Content: Codable {
        /// The body's size: any number a tool writes there is read, a whole one is written.
        var size: Written<Double>?
        var mimeType: Written<String>?
        var text: String?
        var encoding: String?

        init(size: Int, mimeType: String, text: String) {
            self.size = Written(Double(size))
            self.mimeType = Written(mimeType)
            self.text = text
        }

        private enum CodingKeys: String, CodingKey { case size, mimeType, text, encoding }

        /// The size as the whole number it is.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(size?.value.map { Int($0) }, forKey: .size)
            try container.encodeIfPresent(mimeType, forKey: .mimeType)
            try container.encodeIfPresent(text, forKey: .text)
            try container.encodeIfPresent(encoding, forKey: .encoding)
        }

        /// A body the tool measured or typed but did not keep.
        var isMissing: Bool {
            text == nil && ((size?.value ?? 0) > 0 || (mimeType?.value ?? "").lowercased().contains("json"))
        }

        /// The body as text, base64 decoded when the tool encoded it.
        var body: String? {
            guard let text else { return nil }
            guard encoding?.lowercased() == "base64" else { return text }
            return Base64.decode(text).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    struct Timings: Codable {
        let send: Double
        let wait: Double
        let receive: Double
    }
}

extension HARDocument.Entry {
    /// The entry tvsim writes for `exchange`, on page `page`.
    init(_ exchange: HTTPExchange, page: String) {
        typealias HAR = HARDocument
        let responseText = exchange.responseBody ?? ""
        let duration = (exchange.durationMilliseconds * 1000).rounded() / 1000
        let requestType = exchange.requestHeader("Content-Type") ?? "application/octet-stream"
        self.init(
            pageref: page, startedDateTime: HAR.timestamp(exchange.startedAt), time: .init(duration),
            request: HAR.Request(
                method: exchange.method, url: exchange.url, httpVersion: .init("HTTP/1.1"), cookies: .init([]),
                headers: HAR.NameValue.list(exchange.requestHeaders),
                queryString: .init(HAR.NameValue.query(of: exchange.url)),
                postData: exchange.requestBody.map { HAR.PostData(mimeType: .init(requestType), text: $0) },
                headersSize: .init(-1), bodySize: .init(exchange.requestBody?.utf8.count ?? 0)),
            response: HAR.Response(
                status: exchange.status ?? 0, statusText: .init(exchange.status.flatMap { HAR.reasons[$0] } ?? ""),
                httpVersion: .init("HTTP/1.1"), cookies: .init([]),
                headers: HAR.NameValue.list(exchange.responseHeaders),
                content: HAR.Content(
                    size: responseText.utf8.count, mimeType: exchange.responseHeader("Content-Type") ?? "",
                    text: responseText),
                redirectURL: .init(exchange.responseHeader("Location") ?? ""), headersSize: .init(-1),
                bodySize: .init(exchange.status == nil ? -1 : responseText.utf8.count), _error: exchange.failure),
            cache: .init(HAR.Empty()), timings: .init(HAR.Timings(send: 0, wait: duration, receive: 0)),
            _operation: exchange.operation, _client: exchange.client)
    }

    /// The exchange this entry, read from any tool's HAR, records: the `number`th of its file.
    func exchange(number: Int, startedAt: Int64) -> HTTPExchange {
        // A duration no clock measures (negative, beyond a day, not finite) is left out.
        let duration = time?.value.flatMap { (0...86_400_000).contains($0) ? $0 : nil } ?? 0
        return HTTPExchange(
            id: number, operation: _operation, method: request.method, url: request.url,
            requestHeaders: HTTPFields(pairs: request.headers.map { ($0.name, $0.value) }),
            requestBody: request.postData?.body,
            // HAR writes 0 for a request that got no answer.
            status: response.status == 0 ? nil : response.status,
            responseHeaders: HTTPFields(pairs: response.headers.map { ($0.name, $0.value) }),
            responseBody: response.content?.body, startedAt: startedAt, durationMilliseconds: duration,
            failure: response._error, client: _client, page: pageref,
            responseBodyMissing: response.content?.isMissing ?? false)
    }
}

extension HARDocument.NameValue {
    static func list(_ fields: HTTPFields) -> [Self] {
        fields.map { Self(name: $0.name.rawName, value: $0.value) }
    }

    static func query(of url: String) -> [Self] {
        (URLComponents(string: url)?.queryItems ?? []).map { Self(name: $0.name, value: $0.value ?? "") }
    }
}

extension HARDocument {
    /// The reason phrases of the statuses the mock and the providers answer with.
    static let reasons: [Int: String] = [
        200: "OK", 201: "Created", 204: "No Content", 301: "Moved Permanently", 302: "Found", 303: "See Other",
        304: "Not Modified", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 409: "Conflict", 410: "Gone", 412: "Precondition Failed",
        413: "Content Too Large", 415: "Unsupported Media Type", 421: "Misdirected Request",
        429: "Too Many Requests", 431: "Request Header Fields Too Large", 500: "Internal Server Error",
        502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
    ]
}
