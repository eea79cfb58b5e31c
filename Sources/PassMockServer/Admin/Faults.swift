import Foundation
import LocatedJSON
import MockBackendAPI
import Simulation
import Synchronization

extension FaultRule {
    func matches(method: String, path: String, operation: MockOperation?) -> Bool {
        if let expected = self.method, expected != method { return false }
        if !route.hasPrefix("/") { return operation?.rawValue == route }
        let pattern = route.split(separator: "/", omittingEmptySubsequences: true)
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        if pattern.last == "**" {
            return segments.count >= pattern.count - 1
                && zip(pattern, segments).allSatisfy { $0 == "*" || $0 == "**" || $0 == $1 }
        }
        return pattern.count == segments.count && zip(pattern, segments).allSatisfy { $0 == "*" || $0 == $1 }
    }
}

/// The active fault rules. Each rule owns a seeded random source and a remaining count.
final class FaultInjector: Sendable {
    private struct Active {
        var rule: FaultRule
        var random: SeededGenerator
        var remaining: Int?
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
                Active(rule: rule, random: SeededGenerator(seed: rule.seed ?? UInt64(rule.id!)), remaining: rule.times))
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

    /// The first rule that fires for this request, consuming one of its `times`.
    func fire(method: String, path: String, operation: MockOperation?) -> FaultRule? {
        state.withLock { state in
            for index in state.rules.indices
            where state.rules[index].rule.matches(method: method, path: path, operation: operation) {
                let probability = state.rules[index].rule.probability
                if probability < 1 {
                    let roll = Double.random(in: 0..<1, using: &state.rules[index].random)
                    if roll >= probability { continue }
                }
                let rule = state.rules[index].rule
                if let remaining = state.rules[index].remaining {
                    if remaining <= 1 {
                        state.rules.remove(at: index)
                    } else {
                        state.rules[index].remaining = remaining - 1
                    }
                }
                return rule
            }
            return nil
        }
    }
}
