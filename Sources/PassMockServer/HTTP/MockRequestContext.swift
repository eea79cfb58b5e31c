import Hummingbird
import MockBackendAPI
import NIOCore
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

    /// The peer, or nil when the request did not come over a socket (router tests).
    var remoteAddress: SocketAddress? { channel?.remoteAddress }

    /// Whether the peer is on this machine.
    var isFromLoopback: Bool { Self.isLoopback(remoteAddress) }

    /// Loopback addresses, Unix sockets, and no address at all (in-process requests) are local.
    static func isLoopback(_ address: SocketAddress?) -> Bool {
        guard let address else { return true }
        switch address {
        case .v4: return address.ipAddress?.hasPrefix("127.") == true
        case .v6: return address.ipAddress == "::1" || address.ipAddress?.hasPrefix("::ffff:127.") == true
        case .unixDomainSocket: return true
        }
    }
}

/// What a handler learned that the outer middlewares need after it returns. A class, because the
/// context is a value that Hummingbird copies on its way to the handler.
final class RequestNotes: Sendable {
    private struct Values {
        var operation: MockOperation?
        var fault: String?
        var resetConnection = false
        var trace = ""
    }

    private let values = Mutex(Values())

    var operation: MockOperation? {
        get { values.withLock { $0.operation } }
        set { values.withLock { $0.operation = newValue } }
    }

    var fault: String? {
        get { values.withLock { $0.fault } }
        set { values.withLock { $0.fault = newValue } }
    }

    /// The trace id of this request's enhanced errors and `Adobe-Request-Id`.
    var trace: String {
        get { values.withLock { $0.trace } }
        set { values.withLock { $0.trace = newValue } }
    }

    var resetConnection: Bool {
        get { values.withLock { $0.resetConnection } }
        set { values.withLock { $0.resetConnection = newValue } }
    }
}
