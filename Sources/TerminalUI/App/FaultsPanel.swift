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

    /// A kind of fault as the panel offers it: a name, and the fault it injects.
    struct Kind {
        let name: String
        let fault: FaultRule.Fault
    }

    /// The transport-level faults first, then every documented enhanced error with its status.
    static let kinds: [Kind] =
        [
            Kind(name: "3 s latency", fault: .latency(.init(milliseconds: 3_000))),
            Kind(
                name: "0.5–3 s latency (uniform)",
                fault: .latency(.init(milliseconds: 500, shape: .uniform(maxMilliseconds: 3_000)))),
            Kind(
                name: "~1 s latency (lognormal)",
                fault: .latency(.init(milliseconds: 1_000, shape: .lognormal(sigma: 0.8)))),
            Kind(name: "HTTP 500", fault: .status(500, code: nil)),
            Kind(name: "HTTP 503", fault: .status(503, code: nil)),
            Kind(name: "malformed body", fault: .malformed),
            Kind(name: "connection reset", fault: .reset),
            Kind(name: "empty response", fault: .empty),
            Kind(name: "garbage, then close", fault: .garbage),
            Kind(name: "body in 5 chunks over 3 s", fault: .dribble(chunks: 5, durationMilliseconds: 3_000)),
            Kind(name: "429, Retry-After 2 s", fault: .throttle(retryAfterSeconds: 2)),
        ]
        + ErrorCode.allCases.map { code in
            Kind(name: "\(code.status) \(code.rawValue)", fault: .status(code.status, code: code.rawValue))
        }

    /// How many requests a new fault affects; nil: every one.
    static let timesChoices: [Int?] = [1, 2, 3, 5, nil]

    /// The rule the panel's choices make; its routes and faults are the mock's own, so only a
    /// change to them could make it invalid.
    var rule: Result<FaultRule, FaultRule.Invalid> {
        Result { () throws(FaultRule.Invalid) in
            try FaultRule(route: Self.routes[route], fault: Self.kinds[kind].fault, times: Self.timesChoices[times])
        }
    }

    static func describe(times: Int?) -> String { times.map { "\($0)×" } ?? "every time" }

    static func describe(_ rule: FaultRule) -> String {
        let what: String =
            switch rule.fault {
            case .latency(let delay):
                switch delay.shape {
                case .fixed: "\(delay.milliseconds) ms latency"
                case .uniform(let maximum): "\(delay.milliseconds)–\(maximum) ms latency"
                case .lognormal: "~\(delay.milliseconds) ms lognormal latency"
                }
            case .empty: "empty response"
            case .garbage: "garbage, then close"
            case .dribble(let chunks, let duration): "body in \(chunks) chunks over \(duration) ms"
            case .status(let status, let code): ([String(status)] + [code].compactMap { $0 }).joined(separator: " ")
            case .malformed: "malformed body"
            case .reset: "connection reset"
            case .throttle(let seconds): "429, Retry-After \(seconds ?? 1) s"
            }
        return "#\(rule.id ?? 0)  \(rule.route)  \(what)  \(describe(times: rule.times))"
    }
}
