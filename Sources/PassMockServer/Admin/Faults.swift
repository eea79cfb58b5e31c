import Foundation
import LocatedJSON
import MockBackendAPI
import PassAPI
import Simulation
import Synchronization

extension FaultRule {
    func matches(method: String, path: String, operation: Endpoint?) -> Bool {
        if let expected = self.method, expected != method { return false }
        if !route.hasPrefix("/") { return operation?.operation == route }
        let pattern = route.split(separator: "/", omittingEmptySubsequences: true)
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        if pattern.last == "**" {
            return segments.count >= pattern.count - 1
                && zip(pattern, segments).allSatisfy { $0 == "*" || $0 == "**" || $0 == $1 }
        }
        return pattern.count == segments.count && zip(pattern, segments).allSatisfy { $0 == "*" || $0 == $1 }
    }
}

/// The active fault rules. Each rule owns a seeded random source, a remaining count, and how
/// many matching requests it still lets through before it starts.
final class FaultInjector: Sendable {
    private struct Active {
        var rule: FaultRule
        var random: SeededGenerator
        var remaining: Int?
        var waiting: Int
    }

    private struct State {
        var rules: [Active] = []
        var nextId = 1
    }

    private let state = Mutex(State())

    @discardableResult
    func add(_ rule: FaultRule) -> FaultRule {
        state.withLock { state in
            var rule = rule
            rule.id = state.nextId
            state.nextId += 1
            state.rules.append(
                Active(
                    rule: rule, random: SeededGenerator(seed: rule.seed ?? UInt64(rule.id!)), remaining: rule.times,
                    waiting: rule.after ?? 0))
            return rule
        }
    }

    func remove(id: Int) -> Bool {
        state.withLock { state in
            let before = state.rules.count
            state.rules.removeAll { $0.rule.id == id }
            return state.rules.count != before
        }
    }

    func removeAll() {
        state.withLock { $0.rules.removeAll() }
    }

    var rules: [FaultRule] {
        state.withLock { $0.rules.map(\.rule) }
    }

    /// Whether any rule is active: a request may then be faulted, or counted by a rule waiting.
    var isArmed: Bool {
        state.withLock { !$0.rules.isEmpty }
    }

    /// The first rule that fires for this request, consuming one of its `times`; a latency
    /// rule's delay and a garbage rule's bytes are drawn here, from the rule's own seeded
    /// source, so runs replay. Every matching rule still waiting (`after`) counts the request,
    /// whichever rule fires for it: a lab's set points count the client's calls.
    func fire(method: String, path: String, operation: Endpoint?) -> FiredFault? {
        state.withLock { state in
            var chosen: Int?
            for index in state.rules.indices
            where state.rules[index].rule.matches(method: method, path: path, operation: operation) {
                if state.rules[index].waiting > 0 {
                    state.rules[index].waiting -= 1
                    continue
                }
                guard chosen == nil else { continue }
                let probability = state.rules[index].rule.probability
                if probability < 1 {
                    let roll = Double.random(in: 0..<1, using: &state.rules[index].random)
                    if roll >= probability { continue }
                }
                chosen = index
            }
            guard let index = chosen else { return nil }
            let rule = state.rules[index].rule
            var delay: Int?
            if case .latency(let shape) = rule.fault {
                delay = Self.delay(shape, using: &state.rules[index].random)
            }
            let garbage = rule.kind == .garbage ? Self.garbage(using: &state.rules[index].random) : nil
            if let remaining = state.rules[index].remaining {
                if remaining <= 1 {
                    state.rules.remove(at: index)
                } else {
                    state.rules[index].remaining = remaining - 1
                }
            }
            return FiredFault(rule: rule, delayMilliseconds: delay, garbage: garbage)
        }
    }

    /// A delay drawn as the rule says: fixed, uniform between its two bounds, or log-normal
    /// around its median (Box–Muller from two uniform draws).
    static func delay(_ delay: FaultRule.Delay, using random: inout SeededGenerator) -> Int {
        let base = Double(delay.milliseconds)
        switch delay.shape {
        case .fixed:
            return Int(base)
        case .uniform(let maximum):
            let upper = Double(max(maximum, delay.milliseconds))
            return Int(Double.random(in: base...upper, using: &random).rounded())
        case .lognormal(let sigma):
            let first = Double.random(in: Double.leastNonzeroMagnitude..<1, using: &random)
            let second = Double.random(in: 0..<1, using: &random)
            let normal = (-2 * log(first)).squareRoot() * cos(2 * .pi * second)
            let drawn = base * exp(sigma * normal)
            // A long tail, but not one that outlives every client's patience.
            return Int(min(drawn, 600_000).rounded())
        }
    }

    /// Between 16 and 512 bytes that are not HTTP. The first has its high bit set, which no
    /// status line starts with, so a client fails on the first byte it reads, not at the close.
    static func garbage(using random: inout SeededGenerator) -> [UInt8] {
        let count = Int.random(in: 16...512, using: &random)
        var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
        bytes[0] |= 0x80
        return bytes
    }
}

/// A rule that fired, with what was drawn for it: a latency rule's delay, a garbage rule's bytes.
struct FiredFault {
    let rule: FaultRule
    let delayMilliseconds: Int?
    let garbage: [UInt8]?
}
