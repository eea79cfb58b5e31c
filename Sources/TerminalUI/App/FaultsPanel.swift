import MockBackendAPI
import PassAPI

/// The faults panel: a route, a kind of fault and how many times, and the faults in force.
public struct FaultsPanel: Sendable, Equatable {
    /// An index into `routes`.
    public var route = 0
    /// An index into `kinds`.
    public var kind = 0
    /// An index into `timesChoices`.
    public var times = 0
    /// The keyboard is on the faults in force (tab), not on the new one.
    public var onActive = false
    public var activeSelection = 0

    public init() {}

    /// The routes of the mock, by operation, as fault rules name them.
    static let routes = MockOperation.allCases.filter { $0 != .admin }.map(\.rawValue)

    /// A kind of fault as the panel offers it: a name, and the rule it makes for a route.
    struct Kind {
        let name: String
        let rule: @Sendable (_ route: String, _ times: Int?) -> FaultRule
    }

    /// The transport-level faults first, then every documented enhanced error.
    static let kinds: [Kind] =
        [
            Kind(name: "3 s latency") { FaultRule(route: $0, kind: .latency, latencyMilliseconds: 3_000, times: $1) },
            Kind(name: "0.5–3 s latency (uniform)") {
                FaultRule(
                    route: $0, kind: .latency, latencyMilliseconds: 500, times: $1, latencyDistribution: .uniform,
                    latencyMaxMilliseconds: 3_000)
            },
            Kind(name: "~1 s latency (lognormal)") {
                FaultRule(
                    route: $0, kind: .latency, latencyMilliseconds: 1_000, times: $1, latencyDistribution: .lognormal,
                    latencySigma: 0.8)
            },
            Kind(name: "HTTP 500") { FaultRule(route: $0, kind: .status, status: 500, times: $1) },
            Kind(name: "HTTP 503") { FaultRule(route: $0, kind: .status, status: 503, times: $1) },
            Kind(name: "malformed body") { FaultRule(route: $0, kind: .malformed, times: $1) },
            Kind(name: "connection reset") { FaultRule(route: $0, kind: .reset, times: $1) },
            Kind(name: "empty response") { FaultRule(route: $0, kind: .empty, times: $1) },
            Kind(name: "garbage, then close") { FaultRule(route: $0, kind: .garbage, times: $1) },
            Kind(name: "body in 5 chunks over 3 s") {
                FaultRule(route: $0, kind: .dribble, times: $1, chunks: 5, durationMilliseconds: 3_000)
            },
            Kind(name: "429, Retry-After 2 s") {
                FaultRule(route: $0, kind: .throttle, retryAfterSeconds: 2, times: $1)
            },
        ]
        + ErrorCode.allCases.map { code in
            Kind(name: "\(code.status) \(code.rawValue)") {
                FaultRule(route: $0, kind: .status, code: code.rawValue, times: $1)
            }
        }

    /// How many requests a new fault affects; nil: every one.
    static let timesChoices: [Int?] = [1, 2, 3, 5, nil]

    var rule: FaultRule {
        Self.kinds[kind].rule(Self.routes[route], Self.timesChoices[times])
    }

    static func describe(times: Int?) -> String { times.map { "\($0)×" } ?? "every time" }

    static func describe(_ rule: FaultRule) -> String {
        let what: String =
            switch rule.kind {
            case .latency:
                switch rule.latencyDistribution ?? .fixed {
                case .fixed: "\(rule.latencyMilliseconds ?? 0) ms latency"
                case .uniform: "\(rule.latencyMilliseconds ?? 0)–\(rule.latencyMaxMilliseconds ?? 0) ms latency"
                case .lognormal: "~\(rule.latencyMilliseconds ?? 0) ms lognormal latency"
                }
            case .empty: "empty response"
            case .garbage: "garbage, then close"
            case .dribble: "body in \(rule.chunks ?? 1) chunks over \(rule.durationMilliseconds ?? 0) ms"
            case .status: [rule.status.map(String.init), rule.code].compactMap { $0 }.joined(separator: " ")
            case .malformed: "malformed body"
            case .reset: "connection reset"
            case .throttle: "429, Retry-After \(rule.retryAfterSeconds ?? 1) s"
            }
        return "#\(rule.id ?? 0)  \(rule.route)  \(what)  \(describe(times: rule.times))"
    }
}
