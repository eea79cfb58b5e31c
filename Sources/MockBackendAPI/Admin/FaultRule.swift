import Foundation
import LocatedJSON
import PassAPI

/// A fault injected on matching requests, in the vocabulary QA expects from mock servers. A rule
/// is made valid or not at all: the one initialiser checks it, and decoding goes through it.
public struct FaultRule: Codable, Sendable, Equatable {
    /// The kinds of fault, as rules name them in JSON.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case latency, status, malformed, reset, throttle, empty, garbage, dribble
    }

    /// What the fault does, with exactly what that needs.
    public enum Fault: Sendable, Equatable {
        /// Delay the response (simulated time).
        case latency(Delay)
        /// Answer this HTTP status with an enhanced error `code` (a status-dependent one when
        /// nil) instead of calling the handler.
        case status(Int, code: String?)
        /// Let the handler answer, then cut its body in half (invalid JSON).
        case malformed
        /// Close the connection with a TCP reset before answering.
        case reset
        /// Answer 429 with `Retry-After` (1 s when not given), as the documented throttle does.
        case throttle(retryAfterSeconds: Int?)
        /// Close the connection without a byte of answer (an empty reply, not a reset).
        case empty
        /// Write bytes drawn from the rule's seed, which are not HTTP, then close the connection.
        case garbage
        /// Let the handler answer, then send its body in `chunks` pieces spread evenly over
        /// `durationMilliseconds` (simulated time), after the status and headers.
        case dribble(chunks: Int, durationMilliseconds: Int)

        public var kind: Kind {
            switch self {
            case .latency: .latency
            case .status: .status
            case .malformed: .malformed
            case .reset: .reset
            case .throttle: .throttle
            case .empty: .empty
            case .garbage: .garbage
            case .dribble: .dribble
            }
        }
    }

    /// A latency fault's delay, drawn from the rule's own seeded random source.
    public struct Delay: Sendable, Equatable {
        public enum Shape: Sendable, Equatable {
            /// Always `milliseconds`.
            case fixed
            /// Evenly between `milliseconds` and `maxMilliseconds`.
            case uniform(maxMilliseconds: Int)
            /// Log-normal with median `milliseconds` and this shape (a long tail).
            case lognormal(sigma: Double)
        }

        public var milliseconds: Int
        public var shape: Shape

        public init(milliseconds: Int, shape: Shape = .fixed) {
            self.milliseconds = milliseconds
            self.shape = shape
        }
    }

    /// How a latency's distribution is named in JSON.
    public enum Distribution: String, Codable, Sendable, CaseIterable {
        case fixed, uniform, lognormal
    }

    /// What makes a rule invalid: the JSON field at fault and why.
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public let field: String
        public let reason: String

        public var description: String { "\(field) \(reason)" }
    }

    /// The most pieces a dribbled body is cut into.
    public static let maximumChunks = 1_000
    /// The longest a dribbled body may take, as long as the longest drawn delay.
    public static let maximumDurationMilliseconds = 600_000
    /// The longest delay a latency rule may ask for: ten minutes outlast every client's patience.
    public static let maximumLatencyMilliseconds = 600_000
    /// The longest `Retry-After` a throttle rule may send: one day.
    public static let maximumRetryAfterSeconds = 86_400
    /// The most requests one rule may count down.
    public static let maximumTimes = 1_000_000_000

    public var id: Int?
    /// An operation name (`profiles.code`, `configuration`, …) or a path pattern where `*`
    /// matches one segment (`/api/v2/*/configuration`).
    public let route: String
    public let method: String?
    public let fault: Fault
    /// Chance that a matching request is affected, 0…1.
    public let probability: Double
    /// How many requests to affect; absent = every one.
    public let times: Int?
    /// How many matching requests to answer as usual before the rule starts to fire (a lab's
    /// "after the first poll, answer 429"); absent = none.
    public let after: Int?
    /// Seed of this rule's own random source, so probabilistic faults replay identically.
    public let seed: UInt64?

    public var kind: Kind { fault.kind }

    /// A rule, checked: a route that is a path or an operation, bounds on every number.
    public init(
        route: String, method: String? = nil, fault: Fault, probability: Double = 1, times: Int? = nil,
        seed: UInt64? = nil, after: Int? = nil
    ) throws(Invalid) {
        let known = Endpoint.all.map(\.operation)
        guard route.hasPrefix("/") || known.contains(route) else {
            throw Invalid(
                field: "route",
                reason: "'\(route)' is neither a path nor an operation (\(known.joined(separator: ", ")))"
            )
        }
        guard (0...1).contains(probability) else {
            throw Invalid(field: "probability", reason: "must be between 0 and 1")
        }
        if let times, !(1...Self.maximumTimes).contains(times) {
            throw Invalid(field: "times", reason: "must be between 1 and \(Self.maximumTimes)")
        }
        if let after, !(0...Self.maximumTimes).contains(after) {
            throw Invalid(field: "after", reason: "must be between 0 and \(Self.maximumTimes)")
        }
        try Self.check(fault)
        self.route = route
        self.method = method?.uppercased()
        self.fault = fault
        self.probability = probability
        self.times = times
        self.seed = seed
        self.after = after
    }

    private static func check(_ fault: Fault) throws(Invalid) {
        switch fault {
        case .latency(let delay):
            guard (0...maximumLatencyMilliseconds).contains(delay.milliseconds) else {
                throw Invalid(
                    field: "latencyMilliseconds",
                    reason: "must be 0…\(maximumLatencyMilliseconds) milliseconds for a latency fault")
            }
            switch delay.shape {
            case .fixed: break
            case .uniform(let maximum):
                guard (delay.milliseconds...maximumLatencyMilliseconds).contains(maximum) else {
                    throw Invalid(
                        field: "latencyMaxMilliseconds",
                        reason: "must be latencyMilliseconds…\(maximumLatencyMilliseconds) for a uniform delay"
                    )
                }
            case .lognormal(let sigma):
                guard (0.0...5).contains(sigma) else {
                    throw Invalid(field: "latencySigma", reason: "must be 0…5 for a lognormal delay")
                }
            }
        case .status(let status, _):
            guard (400...599).contains(status) else {
                throw Invalid(field: "status", reason: "must be 400…599 for a status fault")
            }
        case .throttle(let seconds):
            if let seconds, !(0...maximumRetryAfterSeconds).contains(seconds) {
                throw Invalid(field: "retryAfterSeconds", reason: "must be between 0 and \(maximumRetryAfterSeconds)")
            }
        case .dribble(let chunks, let duration):
            // A body cut into a million pieces or spread over an hour would hold a connection
            // and a task for nothing.
            guard (1...maximumChunks).contains(chunks) else {
                throw Invalid(field: "chunks", reason: "must be 1…\(maximumChunks) for a dribble fault")
            }
            guard (1...maximumDurationMilliseconds).contains(duration) else {
                throw Invalid(
                    field: "durationMilliseconds",
                    reason: "must be 1…\(maximumDurationMilliseconds) milliseconds for a dribble fault")
            }
        case .malformed, .reset, .empty, .garbage:
            break
        }
    }

    // MARK: - JSON: one flat object, `kind` and the fields it needs

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, route, method, kind, latencyMilliseconds, latencyDistribution, latencyMaxMilliseconds, latencySigma
        case status, code, retryAfterSeconds, probability, times, seed, chunks, durationMilliseconds, after
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let kind = Kind(rawValue: try container.decodeChoice(.kind, from: Kind.allCases.map(\.rawValue))) else {
            throw container.invalid(.kind, "is not a kind of fault")
        }
        do {
            try self.init(
                route: try container.decode(String.self, forKey: .route),
                method: try container.decodeIfPresent(String.self, forKey: .method),
                fault: try Self.decodeFault(kind, from: container),
                probability: try container.decode(.probability, default: 1),
                times: try container.decodeIfPresent(Int.self, forKey: .times),
                seed: try container.decodeIfPresent(UInt64.self, forKey: .seed),
                after: try container.decodeIfPresent(Int.self, forKey: .after))
        } catch let invalid as Invalid {
            throw container.invalid(CodingKeys(stringValue: invalid.field) ?? .kind, invalid.reason)
        }
        id = try container.decodeIfPresent(Int.self, forKey: .id)
    }

    /// The fault `kind` names, from the fields it needs; a missing one is caught by the check.
    private static func decodeFault(_ kind: Kind, from container: KeyedDecodingContainer<CodingKeys>) throws -> Fault {
        func number(_ key: CodingKeys) throws -> Int { try container.decodeIfPresent(Int.self, forKey: key) ?? -1 }
        switch kind {
        case .latency:
            let distribution = try container.decodeIfPresent(String.self, forKey: .latencyDistribution).map { name in
                guard let distribution = Distribution(rawValue: name) else {
                    throw container.invalid(
                        .latencyDistribution,
                        "'\(name)' is not one of \(Distribution.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return distribution
            }
            let shape: Delay.Shape =
                switch distribution ?? .fixed {
                case .fixed: .fixed
                case .uniform: .uniform(maxMilliseconds: try number(.latencyMaxMilliseconds))
                case .lognormal:
                    .lognormal(sigma: try container.decodeIfPresent(Double.self, forKey: .latencySigma) ?? -1)
                }
            return .latency(Delay(milliseconds: try number(.latencyMilliseconds), shape: shape))
        case .status:
            return .status(try number(.status), code: try container.decodeIfPresent(String.self, forKey: .code))
        case .throttle:
            return .throttle(retryAfterSeconds: try container.decodeIfPresent(Int.self, forKey: .retryAfterSeconds))
        case .dribble:
            return .dribble(chunks: try number(.chunks), durationMilliseconds: try number(.durationMilliseconds))
        case .malformed: return .malformed
        case .reset: return .reset
        case .empty: return .empty
        case .garbage: return .garbage
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode(route, forKey: .route)
        try container.encodeIfPresent(method, forKey: .method)
        try container.encode(kind, forKey: .kind)
        switch fault {
        case .latency(let delay):
            try container.encode(delay.milliseconds, forKey: .latencyMilliseconds)
            switch delay.shape {
            case .fixed: break
            case .uniform(let maximum):
                try container.encode(Distribution.uniform, forKey: .latencyDistribution)
                try container.encode(maximum, forKey: .latencyMaxMilliseconds)
            case .lognormal(let sigma):
                try container.encode(Distribution.lognormal, forKey: .latencyDistribution)
                try container.encode(sigma, forKey: .latencySigma)
            }
        case .status(let status, let code):
            try container.encode(status, forKey: .status)
            try container.encodeIfPresent(code, forKey: .code)
        case .throttle(let seconds): try container.encodeIfPresent(seconds, forKey: .retryAfterSeconds)
        case .dribble(let chunks, let duration):
            try container.encode(chunks, forKey: .chunks)
            try container.encode(duration, forKey: .durationMilliseconds)
        case .malformed, .reset, .empty, .garbage: break
        }
        try container.encode(probability, forKey: .probability)
        try container.encodeIfPresent(times, forKey: .times)
        try container.encodeIfPresent(seed, forKey: .seed)
        try container.encodeIfPresent(after, forKey: .after)
    }
}
