import Foundation
import LocatedJSON

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
        /// Close the connection without a byte of answer (an empty reply, not a reset).
        case empty
        /// Write bytes drawn from the rule's seed, which are not HTTP, then close the connection.
        case garbage
        /// Let the handler answer, then send its body in `chunks` pieces spread evenly over
        /// `durationMilliseconds` (simulated time), after the status and headers.
        case dribble
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

    /// How a latency fault's delay is drawn, from the rule's own seeded random source.
    public enum Distribution: String, Codable, Sendable, CaseIterable {
        /// Always `latencyMilliseconds`.
        case fixed
        /// Evenly between `latencyMilliseconds` and `latencyMaxMilliseconds`.
        case uniform
        /// Log-normal with median `latencyMilliseconds` and shape `latencySigma` (a long tail).
        case lognormal
    }

    public var id: Int?
    /// An operation name (`profiles.code`, `configuration`, …) or a path pattern where `*`
    /// matches one segment (`/api/v2/*/configuration`).
    public var route: String
    public var method: String?
    public var kind: Kind
    public var latencyMilliseconds: Int?
    public var latencyDistribution: Distribution?
    public var latencyMaxMilliseconds: Int?
    public var latencySigma: Double?
    /// For `dribble`: how many pieces the body is sent in.
    public var chunks: Int?
    /// For `dribble`: how long the pieces take in all, from the headers to the last one.
    public var durationMilliseconds: Int?
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
        seed: UInt64? = nil, latencyDistribution: Distribution? = nil, latencyMaxMilliseconds: Int? = nil,
        latencySigma: Double? = nil, chunks: Int? = nil, durationMilliseconds: Int? = nil
    ) {
        self.route = route
        self.method = method
        self.kind = kind
        self.latencyMilliseconds = latencyMilliseconds
        self.latencyDistribution = latencyDistribution
        self.latencyMaxMilliseconds = latencyMaxMilliseconds
        self.latencySigma = latencySigma
        self.chunks = chunks
        self.durationMilliseconds = durationMilliseconds
        self.status = status
        self.code = code
        self.retryAfterSeconds = retryAfterSeconds
        self.probability = probability
        self.times = times
        self.seed = seed
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, route, method, kind, latencyMilliseconds, latencyDistribution, latencyMaxMilliseconds, latencySigma
        case status, code, retryAfterSeconds, probability, times, seed, chunks, durationMilliseconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int.self, forKey: .id)
        route = try container.decode(String.self, forKey: .route)
        let known = MockOperation.allCases.map(\.rawValue)
        if !route.hasPrefix("/") && !known.contains(route) {
            throw container.invalid(
                .route, "'\(route)' is neither a path nor an operation (\(known.joined(separator: ", ")))")
        }
        method = try container.decodeIfPresent(String.self, forKey: .method)?.uppercased()
        let kindName = try container.decodeChoice(.kind, from: Kind.allCases.map(\.rawValue))
        kind = Kind(rawValue: kindName)!
        let latencies = 0...Self.maximumLatencyMilliseconds
        latencyMilliseconds = try container.decodeIfPresent(.latencyMilliseconds, in: latencies)
        latencyDistribution = try container.decodeIfPresent(String.self, forKey: .latencyDistribution).map {
            name in
            guard let distribution = Distribution(rawValue: name) else {
                throw container.invalid(
                    .latencyDistribution,
                    "'\(name)' is not one of \(Distribution.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return distribution
        }
        latencyMaxMilliseconds = try container.decodeIfPresent(.latencyMaxMilliseconds, in: latencies)
        latencySigma = try container.decodeIfPresent(Double.self, forKey: .latencySigma)
        chunks = try container.decodeIfPresent(Int.self, forKey: .chunks)
        durationMilliseconds = try container.decodeIfPresent(Int.self, forKey: .durationMilliseconds)
        status = try container.decodeIfPresent(Int.self, forKey: .status)
        code = try container.decodeIfPresent(String.self, forKey: .code)
        retryAfterSeconds = try container.decodeIfPresent(.retryAfterSeconds, in: 0...Self.maximumRetryAfterSeconds)
        probability = try container.decode(.probability, default: 1)
        times = try container.decodeIfPresent(.times, in: 1...Self.maximumTimes)
        seed = try container.decodeIfPresent(UInt64.self, forKey: .seed)
        guard (0...1).contains(probability) else { throw container.invalid(.probability, "must be between 0 and 1") }
        switch kind {
        case .latency:
            guard let latency = latencyMilliseconds, latency >= 0 else {
                throw container.invalid(
                    .latencyMilliseconds,
                    "is required for a latency fault (milliseconds, 0…\(Self.maximumLatencyMilliseconds))")
            }
            if latencyDistribution == .uniform, (latencyMaxMilliseconds ?? -1) < latency {
                throw container.invalid(
                    .latencyMaxMilliseconds, "is required for a uniform delay, at least latencyMilliseconds")
            }
            if latencyDistribution == .lognormal, !(0.0...5).contains(latencySigma ?? -1) {
                throw container.invalid(.latencySigma, "is required for a lognormal delay (0…5)")
            }
        case .status:
            guard let status, (400...599).contains(status) else {
                throw container.invalid(.status, "is required for a status fault (400…599)")
            }
        case .dribble:
            try checkDribble(in: container)
        case .throttle, .malformed, .reset, .empty, .garbage:
            break
        }
    }

    /// A dribble needs both its fields, bounded: a body cut into a million pieces or spread over
    /// an hour would hold a connection and a task for nothing.
    private func checkDribble(in container: KeyedDecodingContainer<CodingKeys>) throws {
        guard let chunks, (1...Self.maximumChunks).contains(chunks) else {
            throw container.invalid(.chunks, "is required for a dribble fault (1…\(Self.maximumChunks))")
        }
        guard let duration = durationMilliseconds, (1...Self.maximumDurationMilliseconds).contains(duration) else {
            throw container.invalid(
                .durationMilliseconds,
                "is required for a dribble fault (milliseconds, 1…\(Self.maximumDurationMilliseconds))")
        }
    }
}
