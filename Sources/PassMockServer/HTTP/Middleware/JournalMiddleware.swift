import Foundation
import Hummingbird
import NIOCore

/// Journals every answer, refusals included, so it is the outermost middleware of every group.
struct JournalMiddleware: RouterMiddleware {
    let backend: MockBackend

    func handle(
        _ request: Request, context: MockRequestContext, next: (Request, MockRequestContext) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        var response = try await next(request, context)
        let body = try await response.body.collected()
        response.body = ResponseBody(collected: body)
        record(
            request: request, response: response, body: Data(body.readableBytesView), context: context, started: started
        )
        return response
    }

    private func record(
        request: Request, response: Response, body: Data, context: MockRequestContext,
        started: ContinuousClock.Instant
    ) {
        let elapsed = (ContinuousClock.now - started).timeInterval * 1000
        let incoming = context.notes.incoming
        let exchange = Journal.Exchange(
            time: backend.nowMilliseconds, method: request.method.rawValue, uri: request.uri.description,
            operation: context.notes.operation?.rawValue, status: response.status.code,
            durationMilliseconds: (elapsed * 1000).rounded() / 1000,
            requestHeaders: request.headers,
            requestBody: Journal.Body(incoming?.body ?? Data(), contentType: incoming?.contentType),
            responseHeaders: response.headers,
            responseBody: Journal.Body(body, contentType: response.headers.value(of: .contentType)),
            fault: context.notes.fault)
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
