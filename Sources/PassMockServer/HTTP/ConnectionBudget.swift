import Foundation
import HummingbirdCore
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Stops accepting connections a little below the process's file-descriptor limit, and
/// accepts again when one closes. At the limit itself every `accept` fails at once and the
/// listening socket stays readable, so the server would spin on it; below it, new clients wait
/// in the listen backlog while the open connections go on being served.
struct ConnectionBudget: AvailableConnectionsDelegate {
    /// Descriptors kept for what is not a connection: the listener, standard streams, the
    /// device-state file, the event loops' own.
    static let reservedDescriptors = 32

    let maximum: Int
    private var open = 0
    private let warning: LimitWarning

    init(maximum: Int = ConnectionBudget.fromFileLimit(), logger: Logger, interval: Duration = .seconds(10)) {
        self.maximum = max(1, maximum)
        warning = LimitWarning(logger: logger, interval: interval)
    }

    /// The soft `RLIMIT_NOFILE` less the reserve (no limit, or one that cannot be read, is
    /// taken as no budget at all).
    static func fromFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return Int(Int32.max) }
        return min(Int(clamping: limit.rlim_cur), Int(Int32.max)) - reservedDescriptors
    }

    mutating func connectionOpened() { open += 1 }

    mutating func connectionClosed() { open -= 1 }

    func isAcceptingNewConnections() -> Bool {
        guard open >= maximum else { return true }
        warning.report(open: open, maximum: maximum)
        return false
    }
}

/// Says that the server is at its connection limit, at most once per interval, so a flood of
/// waiting clients does not flood the log too.
private final class LimitWarning: Sendable {
    private let logger: Logger
    private let interval: Duration
    private let lastReport = Mutex<ContinuousClock.Instant?>(nil)

    init(logger: Logger, interval: Duration) {
        self.logger = logger
        self.interval = interval
    }

    func report(open: Int, maximum: Int) {
        let now = ContinuousClock.now
        let due = lastReport.withLock { last in
            guard last.map({ now - $0 >= interval }) ?? true else { return false }
            last = now
            return true
        }
        guard due else { return }
        logger.warning(
            """
            \(open) connections are open, the most the file-descriptor limit allows \
            (ulimit -n, less \(ConnectionBudget.reservedDescriptors) kept in reserve): new connections wait \
            until one closes
            """)
    }
}
