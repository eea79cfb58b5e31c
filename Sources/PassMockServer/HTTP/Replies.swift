import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PassAPI

/// An answer of the mock, kept as plain data until it is written, so that the journal can record
/// it and a malformed-body fault can cut it.
struct MockResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: Data {
        didSet { bodyBuffer = nil }
    }
    /// The body as the buffer it is sent from, when it was made with the body (an answer a cache
    /// keeps); otherwise the buffer is made when the answer is sent.
    fileprivate(set) var bodyBuffer: ByteBuffer?

    init(status: Int, contentType: String?, body: Data, headers: [(name: String, value: String)] = []) {
        self.status = status
        self.body = body
        self.headers = headers
        if let contentType { self.headers.insert(("Content-Type", contentType), at: 0) }
    }

    var contentType: String? { headers.first { $0.name.lowercased() == "content-type" }?.value }

    func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }

    mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.lowercased() == name.lowercased() }
        headers.append((name, value))
    }

    var hummingbird: Response { hummingbird(body: ByteBuffer(bytes: body)) }

    /// The answer, its body sent from `buffer`, which holds `body`.
    func hummingbird(body buffer: ByteBuffer) -> Response {
        var fields = HTTPFields()
        for (name, value) in headers {
            // Every answer has a content type: its name needs no checking each time.
            let field = name == "Content-Type" ? .contentType : HTTPField.Name(name)
            if let field { fields.append(HTTPField(name: field, value: value)) }
        }
        return Response(
            status: HTTPResponse.Status(code: status), headers: fields,
            body: buffer.readableBytes == 0 ? .init() : .init(byteBuffer: buffer))
    }
}

/// A body encoded once for answers a cache keeps, with the buffer every answer sends it from.
struct EncodedBody: Sendable {
    let data: Data
    let buffer: ByteBuffer

    init(_ data: Data) {
        self.data = data
        buffer = ByteBuffer(bytes: data)
    }
}

/// Builders for every kind of answer the mock gives.
enum Reply {
    static let jsonType = "application/json;charset=utf-8"
    static let htmlType = "text/html;charset=utf-8"

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func json<T: Encodable>(_ value: T, status: Int = 200, headers: [(name: String, value: String)] = [])
        -> MockResponse
    {
        jsonData(encode(value), status: status, headers: headers)
    }

    static func encode<T: Encodable>(_ value: T) -> Data {
        (try? encoder.encode(value)) ?? Data("{}".utf8)
    }

    static func jsonData(_ data: Data, status: Int = 200, headers: [(name: String, value: String)] = []) -> MockResponse
    {
        MockResponse(status: status, contentType: jsonType, body: data, headers: headers)
    }

    /// A 200 JSON answer of a body encoded once and kept.
    static func jsonData(_ encoded: EncodedBody) -> MockResponse {
        var response = jsonData(encoded.data)
        response.bodyBuffer = encoded.buffer
        return response
    }

    /// The mock's pages carry relay states, codes and artifacts in their addresses; a browser
    /// must not hand those to the next site in `Referer`.
    static let pageHeaders: [(name: String, value: String)] = [("Referrer-Policy", "no-referrer")]

    static func html(_ page: String, status: Int = 200, headers: [(name: String, value: String)] = [])
        -> MockResponse
    {
        MockResponse(status: status, contentType: htmlType, body: Data(page.utf8), headers: pageHeaders + headers)
    }

    /// A page that shows what clients sent (the audit) runs nothing and loads nothing: its only
    /// style is its own inline sheet, so that text a client made up cannot become a script.
    static let readOnlyPagePolicy: (name: String, value: String) = (
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; "
            + "frame-ancestors 'none'; base-uri 'none'"
    )

    static func redirect(to location: String) -> MockResponse {
        let body = "<!doctype html><title>Redirecting</title><a href=\"\(Markup.escapeHTML(location))\">Continue</a>"
        return MockResponse(
            status: 302, contentType: htmlType, body: Data(body.utf8), headers: [("Location", location)] + pageHeaders)
    }

    static func noContent() -> MockResponse { MockResponse(status: 204, contentType: nil, body: Data()) }

    static func enhancedError(_ failure: EnhancedFailure, trace: String) -> MockResponse {
        var error = EnhancedError(failure.code, details: failure.details, trace: trace)
        error.status = failure.statusCode
        return json(error, status: error.status, headers: failure.headers.map { ($0.key, $0.value) })
    }

    static func oauthError(_ failure: OAuthFailure) -> MockResponse {
        var reply = json(
            DCRErrorResponse(failure.code, description: failure.description), status: failure.statusCode,
            headers: DCRRoutes.noStore)
        if let challenge = failure.challenge { reply.setHeader("WWW-Authenticate", challenge) }
        return reply
    }

    /// The throttle's answer, as the real edge sends it: HTML from the proxy, not JSON.
    static func throttled(retryAfter: Int) -> MockResponse {
        let page = """
            <html>
            <head><title>429 Too Many Requests</title></head>
            <body>
            <center><h1>429 Too Many Requests</h1></center>
            <hr><center>openresty</center>
            </body>
            </html>
            """
        return MockResponse(
            status: 429, contentType: "text/html", body: Data(page.utf8),
            headers: [(HeaderName.retryAfter, String(retryAfter))])
    }
}

extension String {
    /// Percent-encodes a value for use inside a query string.
    var queryEncoded: String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return addingPercentEncoding(withAllowedCharacters: allowed) ?? self
    }
}
