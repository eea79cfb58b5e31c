import Foundation
import Hummingbird
import NIOCore

/// Journals every answer, refusals included, so it sits outside every middleware that refuses.
/// A fault that drops the connection is journaled too, with status 0: no answer went out, but
/// the request and the fault that dropped it are worth a line. Reads of the admin API are left
/// out: the journal is what clients did, and a tool polling the state (the terminal UI with
/// `--server` does, several times a second) would push every client's call out of it.
struct JournalMiddleware {
    let backend: MockBackend
    let group: EndpointGroup
    /// The operation the journal names the admin API's calls by: they are the tool's, not a client's.
    static let admin = "admin"

    /// When the exchange began; nil for a read of the admin API, which is not journaled.
    func start(_ request: Request) -> ContinuousClock.Instant? {
        if group == .admin, request.method == .get || request.method == .head { return nil }
        return .now
    }

    /// Journals a request that got no answer: a fault dropped the connection, or the end of a
    /// shutdown's grace cut it (the log says so). Other failures were answered inside.
    func recordUnanswered(
        _ error: any Error, request: Request, context: MockRequestContext, started: ContinuousClock.Instant
    ) {
        if error is ConnectionResetFault {
            record(request: request, answer: nil, context: context, started: started)
        } else if Task.isCancelled {
            context.notes.fault = .cutByShutdown
            record(request: request, answer: nil, context: context, started: started)
        }
    }

    /// Journals `response` and returns it, its body unchanged.
    func record(
        _ response: Response, request: Request, context: MockRequestContext, started: ContinuousClock.Instant
    ) async throws -> Response {
        // The handler's body as it made it, when nothing changed it on the way: no copy. Other
        // answers (refusals, faults, errors) are read from the response.
        if let body = context.notes.answerBody {
            record(request: request, answer: (response, body.data), context: context, started: started)
            return response
        }
        var response = response
        let body = try await response.body.collected()
        response.body = ResponseBody(collected: body)
        record(request: request, answer: (response, Data(body.readableBytesView)), context: context, started: started)
        return response
    }

    /// Journals `response`, whose body is `body`: an answer given on the event loop, where
    /// nothing waits.
    func record(
        _ response: Response, body: Data, request: Request, context: MockRequestContext,
        started: ContinuousClock.Instant
    ) {
        record(request: request, answer: (response, body), context: context, started: started)
    }

    private func record(
        request: Request, answer: (response: Response, body: Data)?, context: MockRequestContext,
        started: ContinuousClock.Instant
    ) {
        let elapsed = (ContinuousClock.now - started).timeInterval * 1000
        let incoming = context.notes.incoming
        let headers = answer?.response.headers ?? [:]
        let exchange = Journal.Exchange(
            time: backend.nowMilliseconds, method: request.method.rawValue, uri: request.uri.description,
            operation: context.notes.operation?.operation ?? (group == .admin ? Self.admin : nil),
            status: answer?.response.status.code,
            durationMilliseconds: (elapsed * 1000).rounded() / 1000,
            requestHeaders: request.headers,
            requestBody: Journal.Body(incoming?.body ?? Data(), contentType: incoming?.contentType),
            responseHeaders: headers,
            responseBody: Journal.Body(answer?.body ?? Data(), contentType: headers.value(of: .contentType)),
            fault: context.notes.fault?.description)
        let id = backend.journal.record(exchange)
        if backend.hasObservers { backend.notifyObservers(Journal.entry(id: id, exchange)) }
    }
}

extension ResponseBody {
    /// The whole body. The mock's bodies are small buffers, so the journal and the malformed
    /// fault can read them and pass on an equal body.
    func collected() async throws -> ByteBuffer {
        let collector = BodyCollector()
        try await write(collector)
        return collector.buffer
    }

    /// A body holding `buffer`; empty bodies stay empty, as the mock wrote them.
    init(collected buffer: ByteBuffer) {
        self = buffer.readableBytes == 0 ? ResponseBody() : ResponseBody(byteBuffer: buffer)
    }
}

/// Gathers what a response body writes.
private final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ part: ByteBuffer) async throws {
        var part = part
        buffer.writeBuffer(&part)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
