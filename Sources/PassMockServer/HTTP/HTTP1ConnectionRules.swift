import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Rules of HTTP/1 connections that the server framework leaves to the application, applied
/// where the protocol version and the raw bytes are still visible:
///
/// - an HTTP/1.0 request without `Connection: keep-alive` is answered and the connection closed
///   (RFC 9112 §9.3); one with it is answered with `Connection: keep-alive`;
/// - `Expect: 100-continue` (RFC 9110 §10.1.1) gets `100 Continue` when the declared body fits
///   the limit, and otherwise no interim answer at all;
/// - a declared body over the limit is answered 413 at once, before any of it is read (the body
///   middleware), and the connection closes after the answer. A client that sends its body
///   anyway has it read and dropped for `lingerLimit` after the answer's end, so that the
///   answer reaches it instead of being lost to a reset (the lingering close of RFC 9112 §9.6);
/// - a request whose head is not complete `RequestHeadDeadline.limit` after its first byte (the
///   first request: after the connection opened) gets 408 and the connection closes, so that
///   slow or silent clients cannot hold connections for good.
final class HTTP1ConnectionRules: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What the answer to each request in flight must say about the connection, oldest first.
    private enum Persistence { case asUsual, keepAlive, close }

    private let maxBodyBytes: @Sendable () -> Int
    private let deadline: RequestHeadDeadline
    private var inFlight: [Persistence] = []

    /// What `UnreadableRequestHandler` needs to know of the connection, kept here because every
    /// request part passes this handler anyway: one more handler reading them costs a hop and a
    /// cast per part on every request.
    private(set) var lastHead: HTTPRequestHead?
    /// Requests whose head has come in and whose answer has not ended (more than one when a
    /// client pipelines).
    var answering: Int { inFlight.count }
    /// This connection has been refused: what the client still sends is dropped.
    var refused = false
    /// The request being answered asked for the connection to close after its answer.
    private var closesAfterAnswer = false
    /// That answer is out: the connection is closing, and what the parser makes of the rest
    /// (a body the client never sent, say) is nobody's concern.
    private(set) var closing = false
    /// A request on this connection declared a body over the limit: its close lingers.
    private var refusedBody = false
    /// The answer is out and the connection closed for writing; what comes in is dropped.
    private var lingering = false

    /// How long a refused body is read and dropped after the answer before the connection closes.
    static let lingerLimit: TimeAmount = .seconds(2)

    init(maxBodyBytes: @escaping @Sendable () -> Int, deadline: RequestHeadDeadline) {
        self.maxBodyBytes = maxBodyBytes
        self.deadline = deadline
    }

    /// Puts the rules in front of the HTTP types codec, and the head deadline in front of the
    /// parser, of the channel whose pipeline `context` belongs to.
    static func install(
        in context: ChannelHandlerContext, maxBodyBytes: @escaping @Sendable () -> Int
    ) throws -> HTTP1ConnectionRules {
        let pipeline = context.pipeline.syncOperations
        let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
        let deadline = RequestHeadDeadline()
        let rules = Self(maxBodyBytes: maxBodyBytes, deadline: deadline)
        try pipeline.addHandler(deadline, position: .first)
        try pipeline.addHandler(rules, position: .before(codec))
        return rules
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused, !lingering else { return }
        guard case .head(let head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        let persistence = self.persistence(of: head, context: context)
        inFlight.append(persistence)
        lastHead = head
        closesAfterAnswer = persistence == .close || !head.isKeepAlive
        deadline.headArrived()
        // The server framework ends a connection after the answer to a request that says close.
        // Most requests pass on as they came, without a copy of their head.
        let target = Self.absoluteFormAuthority(head.uri)
        guard persistence == .close || target != nil else { return context.fireChannelRead(data) }
        var passed = head
        if persistence == .close { passed.headers.replaceOrAdd(name: "connection", value: "close") }
        // An absolute-form target names the host the request is for, whatever Host says (RFC
        // 9112, 3.2.2); the conversion to HTTP types keeps only Host, so Host takes its name.
        if let target { passed.headers.replaceOrAdd(name: "host", value: target) }
        context.fireChannelRead(wrapInboundOut(.head(passed)))
    }

    /// The authority of an absolute-form request target (`http://name:port/path`), if it is one.
    static func absoluteFormAuthority(_ uri: String) -> String? {
        // Nearly every request is in origin form: one byte says so, before any search.
        guard uri.utf8.first != UInt8(ascii: "/"), let schemeEnd = uri.range(of: "://") else { return nil }
        let rest = uri[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return authority.isEmpty ? nil : String(authority.split(separator: "@").last ?? authority)
    }

    /// What the answer to `head` must say about the connection; sends `100 Continue` when the
    /// client waits for it and its body fits.
    private func persistence(of head: HTTPRequestHead, context: ChannelHandlerContext) -> Persistence {
        let declared = IncomingRequest.declaredLength(head.headers["content-length"].first) ?? 0
        if declared > maxBodyBytes() {
            refusedBody = true
            return .close
        }
        if head.version == .http1_0 { return head.isKeepAlive ? .keepAlive : .close }
        guard head.headers.contains(name: "expect"),
            head.headers["expect"].contains(where: { $0.lowercased() == "100-continue" })
        else { return .asUsual }
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .continue))))
            .whenFailure { _ in }
        return .asUsual
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.code >= 200 && inFlight.first.map({ $0 != .asUsual }) == true:
            let value = inFlight.first == .close ? "close" : "keep-alive"
            head.headers.replaceOrAdd(name: "connection", value: value)
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            if !inFlight.isEmpty { inFlight.removeFirst() }
            if inFlight.isEmpty { deadline.allAnswered() }
            if closesAfterAnswer { closing = true }
            context.write(data, promise: promise)
        default:
            context.write(data, promise: promise)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if lingering { context.read() }
        context.fireChannelReadComplete()
    }

    /// After the 413 to a refused body, closes for writing first and for reading once the
    /// client stops sending or `lingerLimit` has passed.
    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard mode != .input, refusedBody, !lingering else { return context.close(mode: mode, promise: promise) }
        lingering = true
        context.close(mode: .output, promise: nil)
        // The server framework reads only what it asks for; the dropped body is asked for here.
        context.read()
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: Self.lingerLimit) { bound.value.close(mode: .all, promise: promise) }
    }
}

/// Refuses a request whose head is still incomplete `limit` after its first byte, or after the
/// connection opened for its first request (a client that connects and says nothing holds a
/// connection as surely as one that trickles): it raises `RequestHeadTimeout`, which
/// `UnreadableRequestHandler` answers with a 408, journals and closes. It sits in front of the
/// HTTP parser; `HTTP1ConnectionRules` tells it when a head is complete and when every answer is
/// out, so a connection that is idle between requests is left to the idle timeout.
final class RequestHeadDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    static let limit: TimeAmount = .seconds(10)

    /// When the first byte of the head now awaited came in (the first request's: when the
    /// connection opened); nil while no head is awaited or none of its bytes has come.
    private var headStarted: NIODeadline?
    private var waitingForHead = true
    /// One timer per connection at most, and not one per request: when it fires early (the head
    /// it was set for arrived and another began), it is set again for what remains.
    private var timer: Scheduled<Void>?

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startFirstHead(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        startFirstHead(context)
        context.fireChannelActive()
    }

    /// The first request's head is due `limit` after the connection opened.
    private func startFirstHead(_ context: ChannelHandlerContext) {
        guard waitingForHead, headStarted == nil else { return }
        headStarted = .now()
        if timer == nil { schedule(in: context, after: Self.limit) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if waitingForHead, headStarted == nil {
            headStarted = .now()
            if timer == nil { schedule(in: context, after: Self.limit) }
        }
        context.fireChannelRead(data)
    }

    func headArrived() {
        waitingForHead = false
        headStarted = nil
    }

    /// The next byte starts a new request, and its head must come in time.
    func allAnswered() { waitingForHead = true }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    private func schedule(in context: ChannelHandlerContext, after delay: TimeAmount) {
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: delay) { bound.value.0.fire(bound.value.1) }
    }

    private func fire(_ context: ChannelHandlerContext) {
        timer = nil
        guard let started = headStarted else { return }
        let due = started + Self.limit
        if due <= .now() {
            context.fireErrorCaught(RequestHeadTimeout())
        } else {
            schedule(in: context, after: due - .now())
        }
    }
}

/// A request head that did not arrive in time.
struct RequestHeadTimeout: Error {}
