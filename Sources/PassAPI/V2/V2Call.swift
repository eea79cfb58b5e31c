/// A REST API V2 call as an app makes it: which call, the values of its path after the service
/// provider, what it sends, and what its answer is. Flows return it as an effect; the client
/// sends any of them the same way. Each family's calls are made by its constructors, beside
/// its wire types (`V2Call.createSession(…)` in `Sessions.swift`).
public struct V2Call: Sendable, Equatable {
    /// The type of the call's answer.
    public enum Answer: Sendable, Equatable {
        case configuration, session, profiles, decisions, logout
    }

    /// One form field or query parameter.
    public typealias Field = CallField<String>

    public enum Body: Sendable, Equatable {
        /// `application/x-www-form-urlencoded`.
        case form([Field])
        /// A decision's JSON `{"resources": […]}`.
        case resources([String])
    }

    public let endpoint: Endpoint
    /// The path's values after `{serviceProvider}`, in order.
    public let values: [String]
    public let query: [Field]
    public let body: Body?
    /// Sent as `AP-Partner-Framework-Status` when complete (the calls of the partner flow).
    public let partnerStatus: PartnerFrameworkStatus?
    /// Whether `AP-Device-Identifier` goes with the call: a second screen resuming or reading
    /// a session is not the device that opened it.
    public let identifiesDevice: Bool
    public let answer: Answer
    /// The statuses that carry the answer; any other is a failure.
    public let success: Set<Int>

    init(
        _ endpoint: Endpoint, _ values: String..., query: [Field] = [], body: Body? = nil,
        partnerStatus: PartnerFrameworkStatus? = nil, identifiesDevice: Bool = true, answer: Answer,
        success: Set<Int> = [200]
    ) {
        self.endpoint = endpoint
        self.values = values
        self.query = query
        self.body = body
        self.partnerStatus = partnerStatus
        self.identifiesDevice = identifiesDevice
        self.answer = answer
        self.success = success
    }

    /// The resources a decision asks about.
    public var resources: [String] {
        if case .resources(let resources) = body { return resources }
        return []
    }

    /// The fields that have a value, in order.
    static func fields(_ pairs: [(String, String?)]) -> [Field] {
        pairs.compactMap { name, value in value.map { Field(name, $0) } }
    }
}
