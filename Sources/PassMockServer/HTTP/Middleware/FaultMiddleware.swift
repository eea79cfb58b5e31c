import Foundation
import Hummingbird
import MockBackendAPI
import NIOCore
import NIOPosix
import PassAPI

/// Applies the injected fault that matches the request, last before the handler, so faults hit servable requests.
struct FaultMiddleware {
    let group: EndpointGroup
    let backend: MockBackend

    /// The injected fault that fires for `request`, if one does.
    func fired(for request: Request, context: MockRequestContext) -> FiredFault? {
        backend.faults.fire(method: request.method.rawValue, path: request.uri.path, operation: context.notes.operation)
    }

    /// The answer to `request` under the fault that fired for it: `next` is the handler.
    func apply(
        _ fired: FiredFault, to request: Request, context: MockRequestContext,
        next: (Request, MockRequestContext) async throws -> Response
    ) async throws -> Response {
        let operation = context.notes.operation
        let rule = fired.rule
        context.notes.fault = .rule(rule.kind, id: rule.id ?? 0)
        switch rule.fault {
        case .latency(let shape):
            // On a virtual clock the answer comes later without anyone waiting for real.
            let delay = TimeInterval(fired.delayMilliseconds ?? shape.milliseconds) / 1000
            try await backend.clock.wait(until: backend.clock.now().addingTimeInterval(delay))
            return try await next(request, context)
        case .status(let status, let code):
            throw injectedFailure(status: status, code: code, operation: operation)
        case .throttle(let seconds):
            return context.answer(Reply.throttled(retryAfter: seconds ?? 1))
        case .reset:
            Self.resetConnection(context)
            throw ConnectionResetFault()
        case .empty:
            // A plain close: the client reads the end of the stream before any byte of answer.
            if let channel = context.channel { channel.eventLoop.execute { channel.close(mode: .all, promise: nil) } }
            throw ConnectionResetFault()
        case .garbage:
            Self.spoilConnection(context, with: fired.garbage ?? [])
            throw ConnectionResetFault()
        case .dribble(let chunks, let duration):
            // The dribble middleware sends the body in pieces, outside the journal, which reads it whole.
            context.notes.dribble = DribblePlan(chunks: chunks, duration: TimeInterval(duration) / 1000)
            return try await next(request, context)
        case .malformed:
            // The malformed-body middleware cuts the answer on its way out.
            return try await next(request, context)
        }
    }

    /// A status fault in the vocabulary of the endpoint: identity providers have their own
    /// (invalid_verification_token, …); a V1 operation's rule may name a V1 code.
    private func injectedFailure(status: Int, code: String?, operation: Endpoint?) -> any Error {
        if group == .identityProvider {
            return IdentityProviderFailure(status: status, error: code ?? "provider_error", message: "Injected fault.")
        }
        if operation?.api == .restV1, let v1 = code.flatMap(V1ErrorCode.init(rawValue:)) {
            return V1Failure(v1, status: status, details: "Injected fault.")
        }
        let known = code.flatMap(ErrorCode.init(rawValue:))
        let details = known == nil ? "Injected fault\(code.map { " (\($0))" } ?? "")." : "Injected fault."
        return EnhancedFailure(known ?? .internalServerError, details, status: status)
    }

    /// Writes `bytes` as they are and closes the connection. The bytes go in first in the
    /// pipeline, next to the socket, since the HTTP encoder takes only response parts.
    private static func spoilConnection(_ context: MockRequestContext, with bytes: [UInt8]) {
        guard let channel = context.channel else { return }
        channel.eventLoop.execute {
            let writer = RawBytesWriter()
            do {
                try channel.pipeline.syncOperations.addHandler(writer, position: .first)
                let writerContext = try channel.pipeline.syncOperations.context(handler: writer)
                writerContext.writeAndFlush(NIOAny(ByteBuffer(bytes: bytes))).whenComplete { _ in
                    channel.close(mode: .all, promise: nil)
                }
            } catch {
                channel.close(mode: .all, promise: nil)
            }
        }
    }

    /// Closes the connection with SO_LINGER 0, which makes the kernel send a TCP reset.
    private static func resetConnection(_ context: MockRequestContext) {
        guard let channel = context.channel else { return }
        channel.eventLoop.execute {
            guard let socket = channel as? any SocketOptionProvider else {
                channel.close(mode: .all, promise: nil)
                return
            }
            socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in
                channel.close(mode: .all, promise: nil)
            }
        }
    }
}

/// Passes bytes through untouched: the garbage fault writes from its place next to the socket.
private final class RawBytesWriter: ChannelOutboundHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
}
