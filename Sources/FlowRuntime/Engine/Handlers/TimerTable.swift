import FlowCore
import Foundation

/// The flow's named timers and when each falls due. The engine fires the earliest when nothing
/// else can happen (virtual clock) or when it comes before the user's answer (real clock).
struct TimerTable: Sendable, Equatable {
    private struct Pending: Sendable, Equatable {
        let deadline: Date
        /// Breaks ties: of two timers due at the same instant the one started first fires first,
        /// so a run never depends on a dictionary's order.
        let order: Int
    }

    private var pending: [TimerID: Pending] = [:]
    private var started = 0

    mutating func start(_ id: TimerID, at deadline: Date) {
        started += 1
        pending[id] = Pending(deadline: deadline, order: started)
    }

    mutating func cancel(_ id: TimerID) { pending[id] = nil }

    /// The timer that falls due first, if any.
    var next: (id: TimerID, deadline: Date)? {
        pending.min { ($0.value.deadline, $0.value.order) < ($1.value.deadline, $1.value.order) }
            .map { (id: $0.key, deadline: $0.value.deadline) }
    }

    /// Removes the earliest timer and returns it.
    mutating func takeNext() -> (id: TimerID, deadline: Date)? {
        guard let next else { return nil }
        pending[next.id] = nil
        return next
    }
}
