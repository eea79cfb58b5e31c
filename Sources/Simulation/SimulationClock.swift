import Foundation
import Synchronization

/// The one source of "now" for everything that has a time-to-live: codes, tokens, profiles,
/// decisions, polling. Production code reads the wall clock through `SystemClock`; scenarios
/// and tests use `VirtualClock`, so a 30-minute code expiry runs in microseconds and every run
/// gives the same result.
public protocol SimulationClock: Sendable {
    /// The current simulated time.
    func now() -> Date
    /// Waits until `duration` of simulated time has passed.
    func sleep(for duration: Duration) async throws
    /// Brings simulated time to `deadline`: a clock that passes by itself waits for it, a
    /// virtual clock moves there at once (nobody else would move it).
    func wait(until deadline: Date) async throws
    /// Moves time to `date` without waiting, as a tester skipping ahead does; never backwards.
    func skip(to date: Date)
    /// Whether time passes by itself: then a pending timer races the user's answer.
    var passesByItself: Bool { get }
    /// How far `skip` has moved this clock ahead of the time that passed by itself: what a
    /// client's own clock lags behind it. Zero for a clock that only moves when told to.
    var skippedSeconds: TimeInterval { get }
}

extension SimulationClock {
    public var skippedSeconds: TimeInterval { 0 }
}

extension SimulationClock {
    /// Milliseconds since 1970, the unit Adobe Pass uses on the wire.
    public func nowMilliseconds() -> Int64 {
        Int64((now().timeIntervalSince1970 * 1000).rounded(.down))
    }
}

/// Wall-clock time plus an offset that the admin API can move forward ("advance the clock"),
/// so a QA session against a real-time server can still jump past an expiry.
///
/// A recording runs at a `rate` above 1: its simulated time passes that many times faster than
/// the wall's, so that the polls, expiries and countdowns it shows keep their proportions to
/// the pace of its steps, and the file, stretched back, shows them at their own pace.
public final class SystemClock: SimulationClock {
    private let offset = Mutex<TimeInterval>(0)
    private let rate: Double
    private let origin = Date()
    private let started = ContinuousClock.now

    /// - Parameter rate: simulated seconds per wall-clock second (1 for a live session); at
    ///   least 1 and at most 1 000.
    public init(rate: Double = 1) {
        precondition(rate >= 1 && rate <= 1_000, "a clock's rate is between 1 and 1 000")
        self.rate = rate
    }

    public func now() -> Date {
        let passed =
            rate == 1 ? Date() : origin.addingTimeInterval((ContinuousClock.now - started).timeInterval * rate)
        return passed.addingTimeInterval(offset.withLock { $0 })
    }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration / rate)
    }

    /// Moves simulated time forward without waiting.
    public func advance(by seconds: TimeInterval) {
        offset.withLock { $0 += seconds }
    }

    public func wait(until deadline: Date) async throws {
        // A deadline may be derived from a number a back end sent: one past what a sleep can
        // count waits as long as a sleep can, rather than overflowing.
        let milliseconds = min((deadline.timeIntervalSince(now()) * 1000).rounded(.up), Self.longestSleepMilliseconds)
        if milliseconds > 0 { try await sleep(for: .milliseconds(Int(milliseconds))) }
    }

    /// About 31 700 years.
    static let longestSleepMilliseconds: Double = 1e15

    public func skip(to date: Date) {
        advance(by: max(0, date.timeIntervalSince(now())))
    }

    public var passesByItself: Bool { true }

    public var skippedSeconds: TimeInterval { offset.withLock { $0 } }
}

/// A clock that only moves when told to. Sleepers wake in deadline order as time advances,
/// which makes polling loops and expiries deterministic.
public final class VirtualClock: SimulationClock {
    private struct Sleeper {
        let deadline: Date
        let order: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleepers: [Int: Sleeper] = [:]
        var nextOrder = 0
        /// When set, a sleeper advances the clock to its own deadline instead of waiting:
        /// a headless scenario then runs as fast as the CPU allows.
        var autoAdvance: Bool
    }

    private let state: Mutex<State>

    /// - Parameters:
    ///   - start: the initial simulated time (default 2026-01-01T12:00:00Z, fixed for determinism).
    ///   - autoAdvance: if true, `sleep` jumps the clock forward instead of waiting for `advance`.
    public init(start: Date = VirtualClock.defaultStart, autoAdvance: Bool = false) {
        state = Mutex(State(now: start, autoAdvance: autoAdvance))
    }

    public static let defaultStart = Date(timeIntervalSince1970: 1_767_268_800)

    public func now() -> Date { state.withLock { $0.now } }

    public func sleep(for duration: Duration) async throws {
        let seconds = duration.timeInterval
        try Task.checkCancellation()
        let wokeImmediately: Bool = state.withLock { state in
            if state.autoAdvance {
                state.now = state.now.addingTimeInterval(max(0, seconds))
                return true
            }
            return seconds <= 0
        }
        if wokeImmediately {
            await Task.yield()
            return
        }
        let id = state.withLock { state -> Int in
            state.nextOrder += 1
            return state.nextOrder
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                state.withLock { state in
                    let deadline = state.now.addingTimeInterval(seconds)
                    state.sleepers[id] = Sleeper(deadline: deadline, order: id, continuation: continuation)
                }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `seconds`, waking every sleeper whose deadline has passed.
    public func advance(by seconds: TimeInterval) {
        let due: [Sleeper] = state.withLock { state in
            state.now = state.now.addingTimeInterval(max(0, seconds))
            let now = state.now
            let due = state.sleepers.values.filter { $0.deadline <= now }
            for sleeper in due { state.sleepers.removeValue(forKey: sleeper.order) }
            return due.sorted { ($0.deadline, $0.order) < ($1.deadline, $1.order) }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Sets the clock to an absolute time (never backwards).
    public func set(to date: Date) {
        let delta = date.timeIntervalSince(now())
        if delta > 0 { advance(by: delta) }
    }

    public func wait(until deadline: Date) async throws {
        set(to: deadline)
    }

    public func skip(to date: Date) {
        set(to: date)
    }

    public var passesByItself: Bool { false }

    /// The number of tasks currently waiting on this clock.
    public var pendingSleepers: Int { state.withLock { $0.sleepers.count } }
}

extension Duration {
    /// The duration in seconds as a floating-point value.
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
