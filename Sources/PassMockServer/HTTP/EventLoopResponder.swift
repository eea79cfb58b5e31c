import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// Answers on the connection's event loop every request that waits for nothing, as its last part
/// arrives, through the same routes and middlewares as the server's task would
/// (`MockPipeline.Chain.answerNow`).
///
/// Hummingbird hands each request to a task of the connection and its answer back to the event
/// loop: two thread switches and a dozen executor hops per request, which cost as much as all
/// of the mock's own work. Every route of the mock is synchronous; only a fault (a delay, a
/// dribbled body, a dropped connection) makes a request wait. So a request is answered here
/// when no fault rule is armed, its body is within the limit, and no request passed on before
/// it is still being answered (answers go out in the order of their requests). Anything else is
/// passed on unchanged, parts held included, and the server's task answers it as before.
///
/// It sits after Hummingbird's connection-state handler, so that the idle timeout and a graceful
/// shutdown see these requests and answers as they see the others.
final class EventLoopResponder: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum State {
        case idle
        /// A request to answer here, its body gathered until its end.
        case gathering(Gathered)
        /// A request passed on to the server's task, until its end.
        case passing
    }

    private struct Gathered {
        /// The request, its path parsed once; its body is set at its end.
        var request: Request
        let route: SynchronousRoutes.Route
        let parameters: Parameters
        var body: ByteBuffer
    }

    private let routes: SynchronousRoutes
    private let backend: MockBackend
    private let logger: Logger
    private var state = State.idle
    /// Requests passed on whose answer has not ended yet.
    private var passedOn = 0
    /// An answer here ended the connection for writing, as the request asked: what follows is
    /// nobody's, as after such an answer of the server's task.
    private var closed = false
    private var date = HTTPDate()
    /// The last path resolved on this connection, with its route (`resolve`).
    private var lastResolved:
        (method: HTTPRequest.Method, path: String, route: SynchronousRoutes.Route, parameters: Parameters)?
    /// Written answers wait for a flush at the end of the loop's turn.
    private var flushScheduled = false

    init(routes: SynchronousRoutes, backend: MockBackend, logger: Logger) {
        self.routes = routes
        self.backend = backend
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closed else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            // A client that does not read its answers fills the channel: its requests go to the
            // server's task, which waits for the channel to drain and stops reading meanwhile.
            // Answered here, they would pile up in memory as fast as the client can send.
            if passedOn == 0, context.channel.isWritable, let gathered = answerable(head) {
                state = .gathering(gathered)
            } else {
                passedOn += 1
                state = .passing
                context.fireChannelRead(data)
            }
        case .body(var part):
            let taken = takeState()
            guard case .gathering(var gathered) = taken else {
                state = taken
                return context.fireChannelRead(data)
            }
            guard gathered.body.readableBytes + part.readableBytes <= backend.settings.limits.maxBodyBytes else {
                // Over the limit: the server's task answers the 413 and reads the rest.
                state = .gathering(gathered)
                release(context)
                return context.fireChannelRead(data)
            }
            gathered.body.writeBuffer(&part)
            state = .gathering(gathered)
        case .end:
            guard case .gathering(let gathered) = takeState() else { return context.fireChannelRead(data) }
            answer(gathered, context: context)
        }
    }

    /// The state, moved out and left idle: the request it holds changes hands without a copy.
    private func takeState() -> State {
        var taken = State.idle
        swap(&taken, &state)
        return taken
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), passedOn > 0 { passedOn -= 1 }
        context.write(data, promise: promise)
    }

    /// A request cut short by a broken body or a closed connection goes to the server's task with
    /// what arrived of it, which answers it or journals it as it would have.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        release(context)
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        release(context)
        context.fireChannelInactive()
    }

    /// The request's route and parameters when it can be answered here.
    private func answerable(_ head: HTTPRequest) -> Gathered? {
        // An interim 100 answer is the server's to give, as before.
        guard head.headerFields[.expect] == nil else { return nil }
        if let declared = IncomingRequest.declaredLength(head.headerFields[.contentLength]),
            declared > backend.settings.limits.maxBodyBytes
        {
            return nil
        }
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        guard let (route, parameters) = resolve(head.method, path: request.uri.path) else { return nil }
        if route.chain.faults != nil, backend.faults.isArmed { return nil }
        return Gathered(request: request, route: route, parameters: parameters, body: ByteBuffer())
    }

    /// The route of `path`, from the trie or, when the connection asks for the same path again,
    /// as resolved last time: a client repeating a call (polling, a load test) skips the trie.
    private func resolve(
        _ method: HTTPRequest.Method, path: String
    ) -> (route: SynchronousRoutes.Route, parameters: Parameters)? {
        if let last = lastResolved, last.method == method, last.path == path { return (last.route, last.parameters) }
        guard let (route, parameters) = routes.route(method, path: path) else { return nil }
        lastResolved = (method, path, route, parameters)
        return (route, parameters)
    }

    /// Passes on the request being gathered, as it arrived so far.
    private func release(_ context: ChannelHandlerContext) {
        guard case .gathering(let gathered) = state else { return }
        passedOn += 1
        state = .passing
        context.fireChannelRead(wrapInboundOut(.head(gathered.request.head)))
        if gathered.body.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(.body(gathered.body))) }
    }

    private func answer(_ gathered: Gathered, context: ChannelHandlerContext) {
        var request = gathered.request
        request.body = RequestBody(buffer: gathered.body)
        var requestContext = MockRequestContext(source: .init(channel: context.channel, logger: logger))
        requestContext.coreContext.parameters = gathered.parameters
        requestContext.coreContext.endpointPath.value = gathered.route.pattern
        var (response, body) = gathered.route.chain.answerNow(
            request, body: Data(gathered.body.readableBytesView), operation: gathered.route.operation,
            context: requestContext,
            handler: gathered.route.respond)
        // The two fields the application adds to every answer of the server's task, added in place.
        response.headers[.date] = date.now()
        response.headers[.server] = MockServer.serverName
        let head = HTTPResponse(status: response.status, headerFields: response.headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if body.readableBytes > 0 { context.write(wrapOutboundOut(.body(body)), promise: nil) }
        context.write(wrapOutboundOut(.end(nil)), promise: nil)
        // The server's task ends the connection for writing after the answer to a request that
        // says close (the connection rules say so for HTTP/1.0), in these words.
        if request.headers[.connection] == "close" {
            closed = true
            context.flush()
            context.close(mode: .output, promise: nil)
        } else {
            flushAtTheEndOfTheTurn(context)
        }
    }

    /// Sends what was written when the event loop has handled every connection that was ready in
    /// this turn, once for all the answers written here in it.
    ///
    /// Sending each answer as it is written woke the client's thread for every answer, and the
    /// wake-up is paid by the sender: a tenth of the server's time under load. Answers of one turn
    /// sent together wake it once. The wait is the rest of one turn of the loop, microseconds.
    private func flushAtTheEndOfTheTurn(_ context: ChannelHandlerContext) {
        guard !flushScheduled else { return }
        flushScheduled = true
        context.eventLoop.assumeIsolatedUnsafeUnchecked().execute {
            self.flushScheduled = false
            context.flush()
        }
    }
}

extension EventLoopResponder {
    /// Puts the responder after Hummingbird's connection-state handler, which the framework adds
    /// after the handlers it is given; at the first request, when the pipeline is complete. Without
    /// that handler (another framework version), every request goes to the server's task.
    final class Installer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPRequestPart

        private let makeResponder: () -> EventLoopResponder

        init(_ makeResponder: @escaping () -> EventLoopResponder) {
            self.makeResponder = makeResponder
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let pipeline = context.pipeline.syncOperations
            if let state = try? pipeline.handler(type: HTTPConnectionStateHandler.self) {
                try? pipeline.addHandler(makeResponder(), position: .after(state))
            }
            context.fireChannelRead(data)
            pipeline.removeHandler(context: context, promise: nil)
        }
    }
}

/// The `Date` of an answer (RFC 9110's IMF-fixdate), spelled once a second.
struct HTTPDate {
    private var second = 0
    private var text = ""

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    mutating func now() -> String {
        let now = time(nil)
        if now != second || text.isEmpty {
            second = now
            text = Self.spell(now)
        }
        return text
    }

    static func spell(_ seconds: Int) -> String {
        var clock = seconds
        var parts = tm()
        gmtime_r(&clock, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(1900 + parts.tm_year) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
