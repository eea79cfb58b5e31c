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
///   the limit, and otherwise no interim answer at all: the body middleware answers 413 at once,
///   without waiting for a body the client will not send, and the connection closes;
/// - a request whose head is not complete `RequestHeadDeadline.limit` after its first byte gets
///   408 and the connection closes, so that slow clients cannot hold connections for good.
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

    init(maxBodyBytes: @escaping @Sendable () -> Int, deadline: RequestHeadDeadline) {
        self.maxBodyBytes = maxBodyBytes
        self.deadline = deadline
    }

    /// Puts the rules in front of the HTTP types codec, and the head deadline in front of the
    /// parser, of the channel whose pipeline `context` belongs to.
    static func install(in context: ChannelHandlerContext, maxBodyBytes: @escaping @Sendable () -> Int) throws {
        let pipeline = context.pipeline.syncOperations
        let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
        let deadline = RequestHeadDeadline()
        try pipeline.addHandler(deadline, position: .first)
        try pipeline.addHandler(Self(maxBodyBytes: maxBodyBytes, deadline: deadline), position: .before(codec))
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        var persistence = Persistence.asUsual
        if head.version == .http1_0 {
            persistence = head.isKeepAlive ? .keepAlive : .close
        } else if head.headers["expect"].contains(where: { $0.lowercased() == "100-continue" }) {
            let declared = head.headers["content-length"].first.flatMap { Int($0) } ?? 0
            if declared > maxBodyBytes() {
                persistence = .close
            } else {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .continue))))
                    .whenFailure { _ in }
            }
        }
        // The server framework ends a connection after the answer to a request that says close.
        if persistence == .close { head.headers.replaceOrAdd(name: "connection", value: "close") }
        inFlight.append(persistence)
        deadline.headArrived()
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.code >= 200:
            switch inFlight.first {
            case .close: head.headers.replaceOrAdd(name: "connection", value: "close")
            case .keepAlive: head.headers.replaceOrAdd(name: "connection", value: "keep-alive")
            case .asUsual, nil: break
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            if !inFlight.isEmpty { inFlight.removeFirst() }
            if inFlight.isEmpty { deadline.allAnswered() }
            context.write(data, promise: promise)
        default:
            context.write(data, promise: promise)
        }
    }
}

/// Refuses a request whose head is still incomplete `limit` after its first byte: it raises
/// `RequestHeadTimeout`, which `UnreadableRequestHandler` answers with a 408, journals and
/// closes. It sits in front of the HTTP parser; `HTTP1ConnectionRules` tells it when a head is
/// complete and when every answer is out, so a connection that is idle between requests is left
/// to the idle timeout.
final class RequestHeadDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    static let limit: TimeAmount = .seconds(10)

    /// When the first byte of the head now awaited came in; nil while no head is awaited or none
    /// of its bytes has come.
    private var headStarted: NIODeadline?
    private var waitingForHead = true
    /// One timer per connection at most, and not one per request: when it fires early (the head
    /// it was set for arrived and another began), it is set again for what remains.
    private var timer: Scheduled<Void>?

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
