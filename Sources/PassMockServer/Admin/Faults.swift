import Foundation
import LocatedJSON
import Simulation
import Synchronization

/// A fault injected on matching requests, in the vocabulary QA expects from mock servers.
public struct FaultRule: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Delay the response by `latencyMilliseconds` (simulated time).
        case latency
        /// Answer `status` with an enhanced error `code` instead of calling the handler.
        case status
        /// Let the handler answer, then cut its body in half (invalid JSON).
        case malformed
        /// Close the connection with a TCP reset before answering.
        case reset
        /// Answer 429 with `Retry-After`, as the documented throttle does.
        case throttle
    }

    public var id: Int?
    /// An operation name (`profiles.code`, `configuration`, …) or a path pattern where `*`
    /// matches one segment (`/api/v2/*/configuration`).
    public var route: String
    public var method: String?
    public var kind: Kind
    public var latencyMilliseconds: Int?
    public var status: Int?
    public var code: String?
    public var retryAfterSeconds: Int?
    /// Chance that a matching request is affected, 0…1.
    public var probability: Double
    /// How many requests to affect; absent = every one.
    public var times: Int?
    /// Seed of this rule's own random source, so probabilistic faults replay identically.
    public var seed: UInt64?

    public init(
        route: String, method: String? = nil, kind: Kind, latencyMilliseconds: Int? = nil, status: Int? = nil,
        code: String? = nil, retryAfterSeconds: Int? = nil, probability: Double = 1, times: Int? = nil,
        seed: UInt64? = nil
    ) {
        self.route = route
        self.method = method
        self.kind = kind
        self.latencyMilliseconds = latencyMilliseconds
        self.status = status
        self.code = code
        self.retryAfterSeconds = retryAfterSeconds
        self.probability = probability
        self.times = times
        self.seed = seed
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, route, method, kind, latencyMilliseconds, status, code, retryAfterSeconds, probability, times, seed
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int.self, forKey: .id)
        route = try container.decode(String.self, forKey: .route)
        let known = Operation.allCases.map(\.rawValue)
        if !route.hasPrefix("/") && !known.contains(route) {
            throw container.invalid(
                .route, "'\(route)' is neither a path nor an operation (\(known.joined(separator: ", ")))")
        }
        method = try container.decodeIfPresent(String.self, forKey: .method)?.uppercased()
        let kindName = try container.decodeChoice(.kind, from: Kind.allCases.map(\.rawValue))
        kind = Kind(rawValue: kindName)!
        latencyMilliseconds = try container.decodeIfPresent(Int.self, forKey: .latencyMilliseconds)
        status = try container.decodeIfPresent(Int.self, forKey: .status)
        code = try container.decodeIfPresent(String.self, forKey: .code)
        retryAfterSeconds = try container.decodeIfPresent(Int.self, forKey: .retryAfterSeconds)
        probability = try container.decode(.probability, default: 1)
        times = try container.decodeIfPresent(Int.self, forKey: .times)
        seed = try container.decodeIfPresent(UInt64.self, forKey: .seed)
        guard (0...1).contains(probability) else { throw container.invalid(.probability, "must be between 0 and 1") }
        if let times, times < 1 { throw container.invalid(.times, "must be at least 1") }
        switch kind {
        case .latency:
            guard let latency = latencyMilliseconds, latency >= 0 else {
                throw container.invalid(.latencyMilliseconds, "is required for a latency fault (milliseconds, ≥ 0)")
            }
        case .status:
            guard let status, (400...599).contains(status) else {
                throw container.invalid(.status, "is required for a status fault (400…599)")
            }
        case .throttle:
            if let retry = retryAfterSeconds, retry < 0 { throw container.invalid(.retryAfterSeconds, "must be ≥ 0") }
        case .malformed, .reset:
            break
        }
    }

    func matches(method: String, path: String, operation: Operation?) -> Bool {
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
    func fire(method: String, path: String, operation: Operation?) -> FaultRule? {
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
