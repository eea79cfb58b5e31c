/// Body of the decisions endpoints.
public struct DecisionsRequest: Codable, Sendable, Equatable {
    public var resources: [String]

    public init(resources: [String]) {
        self.resources = resources
    }
}

public struct DecisionsResponse: Codable, Sendable, Equatable {
    public var decisions: [Decision]

    public init(decisions: [Decision]) {
        self.decisions = decisions
    }
}

public enum DecisionSource: String, Codable, Sendable, CaseIterable {
    case mvpd
    case degradation
    case temppass
    case dummy
}

/// One resource's permit or deny.
public struct Decision: Codable, Sendable, Equatable {
    public var resource: String
    public var serviceProvider: String
    public var mvpd: String
    public var source: DecisionSource
    public var authorized: Bool
    /// Decision validity, epoch milliseconds.
    public var notBefore: Int64?
    public var notAfter: Int64?
    /// Only on an authorize permit.
    public var token: MediaToken?
    /// Only on a deny: an item-level enhanced error.
    public var error: EnhancedError?

    public init(
        resource: String, serviceProvider: String, mvpd: String, source: DecisionSource, authorized: Bool,
        notBefore: Int64? = nil, notAfter: Int64? = nil, token: MediaToken? = nil, error: EnhancedError? = nil
    ) {
        self.resource = resource
        self.serviceProvider = serviceProvider
        self.mvpd = mvpd
        self.source = source
        self.authorized = authorized
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.token = token
        self.error = error
    }
}

/// The short-lived media token the player hands to the stream's verifier.
public struct MediaToken: Codable, Sendable, Equatable {
    public var notBefore: Int64
    public var notAfter: Int64
    /// Base64 of a signed XML document.
    public var serializedToken: String

    public init(notBefore: Int64, notAfter: Int64, serializedToken: String) {
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.serializedToken = serializedToken
    }
}

extension V2Call {
    /// `POST /decisions/preauthorize/{mvpd}`.
    public static func preauthorize(mvpd: String, resources: [String], _ status: PartnerFrameworkStatus?) -> V2Call {
        V2Call(.preauthorize, mvpd, body: .resources(resources), partnerStatus: status, answer: .decisions)
    }

    /// `POST /decisions/authorize/{mvpd}`.
    public static func authorize(mvpd: String, resources: [String], _ status: PartnerFrameworkStatus?) -> V2Call {
        V2Call(.authorize, mvpd, body: .resources(resources), partnerStatus: status, answer: .decisions)
    }
}
