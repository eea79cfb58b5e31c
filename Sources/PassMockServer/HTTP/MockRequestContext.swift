import Foundation
import Hummingbird
import MockBackendAPI
import NIOCore
import PassAPI
import Synchronization

/// The request context of the mock: Hummingbird's core storage, the connection (for the remote
/// address and the connection-reset fault) and notes the handlers leave for the journal.
public struct MockRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    let channel: (any Channel)?
    let notes = RequestNotes()

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// The peer, or nil when the channel does not know it.
    var remoteAddress: SocketAddress? { channel?.remoteAddress }

    /// `reply` as the answer, its body left in the notes as it is (shared, not copied): the
    /// journal reads it there, and an answer given on the event loop writes the response's own
    /// buffer from there.
    func answer(_ reply: MockResponse) -> Response {
        let buffer = reply.bodyBuffer ?? ByteBuffer(bytes: reply.body)
        notes.answerBody = (reply.body, buffer)
        return reply.hummingbird(body: buffer)
    }

    /// Whether the peer is on this machine.
    var isFromLoopback: Bool { Self.isLoopback(remoteAddress) }

    /// Loopback addresses and Unix sockets are local. A peer the channel cannot name is not:
    /// the admin API would otherwise trust whatever reached it by a path nobody checked.
    static func isLoopback(_ address: SocketAddress?) -> Bool {
        guard let address else { return false }
        switch address {
        case .v4: return address.ipAddress?.hasPrefix("127.") == true
        case .v6: return address.ipAddress == "::1" || address.ipAddress?.hasPrefix("::ffff:127.") == true
        case .unixDomainSocket: return true
        }
    }
}

/// What shaped an answer besides its handler. The journal, the serve log and the
/// `Tvsim-Fault` header name it by its description (`malformed#3`).
enum AnswerFault: Sendable, Equatable, CustomStringConvertible {
    /// The fault rule of this id fired.
    case rule(FaultRule.Kind, id: Int)
    /// The end of the shutdown grace cut the request before it was answered.
    case cutByShutdown

    var description: String {
        switch self {
        case .rule(let kind, let id): "\(kind.rawValue)#\(id)"
        case .cutByShutdown: "cut: the server stopped before it answered (shutdown grace over)"
        }
    }
}

/// What the middlewares and the handler learn about a request that the others need. A class,
/// because the context is a value that Hummingbird copies on its way to the handler.
final class RequestNotes: Sendable {
    private struct Values {
        var operation: Endpoint?
        var fault: AnswerFault?
        var trace = ""
        var incoming: IncomingRequest?
        var v1Style: V1Style?
        var dribble: DribblePlan?
        var answerBody: (data: Data, buffer: ByteBuffer)?
    }

    private let values = Mutex(Values())

    var operation: Endpoint? {
        get { values.withLock { $0.operation } }
        set { values.withLock { $0.operation = newValue } }
    }

    /// The fault that shaped the answer.
    var fault: AnswerFault? {
        get { values.withLock { $0.fault } }
        set { values.withLock { $0.fault = newValue } }
    }

    /// The trace id of this request's enhanced errors and `Adobe-Request-Id`.
    var trace: String {
        get { values.withLock { $0.trace } }
        set { values.withLock { $0.trace = newValue } }
    }

    /// The request with its body read, once the body middleware has read it.
    var incoming: IncomingRequest? {
        get { values.withLock { $0.incoming } }
        set { values.withLock { $0.incoming = newValue } }
    }

    /// How to send the answer's body, when a dribble fault fired.
    var dribble: DribblePlan? {
        get { values.withLock { $0.dribble } }
        set { values.withLock { $0.dribble = newValue } }
    }

    /// The body of the answer as the handler or a middleware made it (`MockRequestContext.answer`),
    /// and the buffer the response sends it from; nil when a fault cut it, and the journal reads
    /// the answer instead.
    var answerBody: (data: Data, buffer: ByteBuffer)? {
        get { values.withLock { $0.answerBody } }
        set { values.withLock { $0.answerBody = newValue } }
    }

    /// The answer style a V1 call asked for, once its handler has read its parameters.
    var v1Style: V1Style? {
        get { values.withLock { $0.v1Style } }
        set { values.withLock { $0.v1Style = newValue } }
    }
}
