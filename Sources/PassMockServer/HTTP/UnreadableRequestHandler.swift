import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Refuses bytes the HTTP parser cannot read as a request, before any route sees them: a JSON
/// answer that says what was wrong (431 for headers over the parser's limit, 400 otherwise)
/// with `Connection: close`, an entry in the journal and the serve log, and a lingering close.
///
/// The answer is written only between requests: while a route is answering, the error goes on
/// to the server, which ends the connection. It sits after the HTTP types codec, whose conversion
/// errors only the handlers after it see; what it knows of the requests in flight it reads from
/// `HTTP1ConnectionRules`, so that it handles errors alone and no request part stops here.
final class UnreadableRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    /// How long a refused client may go on sending before the connection is cut. Closing at
    /// once with its bytes unread would reset the connection, and the client would lose the
    /// answer it has not read yet.
    static let lingerTime: TimeAmount = .seconds(2)

    private let backend: MockBackend
    private var rules: HTTP1ConnectionRules?

    init(backend: MockBackend) {
        self.backend = backend
    }

    /// The server framework adds this handler after its HTTP types codec; the rules that need the
    /// protocol version or the raw bytes go in front of it from here.
    func handlerAdded(context: ChannelHandlerContext) {
        let backend = self.backend
        do {
            rules = try HTTP1ConnectionRules.install(in: context) { backend.settings.limits.maxBodyBytes }
        } catch {
            context.fireErrorCaught(error)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let rules else { return context.fireErrorCaught(error) }
        if rules.refused || rules.closing { return }
        guard rules.answering == 0, let refusal = UnreadableRequest(error) else {
            context.fireErrorCaught(error)
            return
        }
        rules.refused = true
        let started = ContinuousClock.now
        let (head, body) = refusal.response
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(ByteBuffer(bytes: body))), promise: nil)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            bound.value.close(mode: .output, promise: nil)
            bound.value.eventLoop.scheduleTask(in: Self.lingerTime) { bound.value.close(promise: nil) }
        }
        record(refusal, after: rules.lastHead, response: head, body: body, since: started)
    }

    private func record(
        _ refusal: UnreadableRequest, after lastHead: HTTPRequestHead?, response: HTTPResponse, body: Data,
        since started: ContinuousClock.Instant
    ) {
        let exchange = Journal.Exchange(
            time: backend.nowMilliseconds, method: lastHead?.method.rawValue ?? "-", uri: lastHead?.uri ?? "-",
            operation: UnreadableRequest.operation, status: response.status.code,
            durationMilliseconds: (ContinuousClock.now - started).timeInterval * 1000,
            requestHeaders: lastHead.map { HTTPFields($0.headers, splitCookie: false) } ?? [:],
            requestBody: Journal.Body(Data(), contentType: nil), responseHeaders: response.headerFields,
            responseBody: Journal.Body(body, contentType: response.headerFields[.contentType]), fault: nil)
        let id = backend.journal.record(exchange)
        if backend.hasObservers { backend.notifyObservers(Journal.entry(id: id, exchange)) }
    }
}

/// What the parser could not read, and the answer that says so.
struct UnreadableRequest {
    /// How the journal and the serve log name a request no route saw.
    static let operation = "http.unreadable"

    let status: HTTPResponse.Status
    let error: String
    let message: String

    /// Nil for errors that are not about the request's bytes (a reset connection, say).
    init?(_ error: any Error) {
        if let parserError = error as? HTTPParserError {
            self.init(parserError)
        } else if error is RequestHeadTimeout {
            self.init(
                status: .requestTimeout, error: "request_timeout",
                message:
                    "The request's head did not arrive within \(RequestHeadDeadline.limit.nanoseconds / 1_000_000_000) seconds."
            )
        } else if error is HTTP1TypeConversionError {
            self.init(
                status: .badRequest, error: "bad_request",
                message: "The request's method, target or a header cannot be read as HTTP.")
        } else {
            return nil
        }
    }

    private init(status: HTTPResponse.Status, error: String, message: String) {
        self.status = status
        self.error = error
        self.message = message
    }

    private init(_ parserError: HTTPParserError) {
        if parserError == .headerOverflow {
            self.init(
                status: .init(code: 431, reasonPhrase: "Request Header Fields Too Large"),
                error: "request_header_fields_too_large",
                message: "The request's headers are larger than this server reads.")
        } else {
            self.init(
                status: .badRequest, error: "bad_request",
                message: "The request is not valid HTTP/1.1 (\(parserError.inWords)).")
        }
    }

    var response: (HTTPResponse, Data) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(["error": error, "message": message])) ?? Data()
        let head = HTTPResponse(
            status: status,
            headerFields: [
                .contentType: "application/json", .contentLength: String(body.count), .connection: "close",
            ])
        return (head, body)
    }

}

extension HTTPParserError {
    /// The error in words, acronyms kept: `invalidHTTPMethod` → `invalid HTTP method`.
    var inWords: String {
        String(describing: self).matches(of: /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/).map { match in
            let word = String(match.output)
            return word.count > 1 && word.allSatisfy(\.isUppercase) ? word : word.lowercased()
        }.joined(separator: " ")
    }
}
