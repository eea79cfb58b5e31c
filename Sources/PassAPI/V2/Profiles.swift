import LocatedJSON

/// `{"profiles": {"<mvpd>": profile}}`; an empty map means "not authenticated".
public struct ProfilesResponse: Codable, Sendable, Equatable {
    public var profiles: [String: Profile]

    public init(profiles: [String: Profile]) {
        self.profiles = profiles
    }
}

public enum ProfileType: String, Codable, Sendable, CaseIterable {
    case regular
    case appleSSO
    case platformSSO
    case serviceTokenSSO
    case degraded
    case temporary
}

public struct Profile: Codable, Sendable, Equatable {
    /// Epoch milliseconds.
    public var notBefore: Int64
    public var notAfter: Int64
    /// The MVPD id for regular profiles, `Apple` for Apple SSO, `Adobe` for degraded ones.
    public var issuer: String
    public var type: ProfileType
    public var attributes: [String: ProfileAttribute]

    public init(
        notBefore: Int64, notAfter: Int64, issuer: String, type: ProfileType, attributes: [String: ProfileAttribute]
    ) {
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.issuer = issuer
        self.type = type
        self.attributes = attributes
    }
}

/// A user-metadata value and whether it is plain or encrypted for the programmer.
public struct ProfileAttribute: Codable, Sendable, Equatable {
    public enum State: String, Codable, Sendable {
        case plain
        case enc
    }

    public var value: JSONValue
    public var state: State

    public init(value: JSONValue, state: State = .plain) {
        self.value = value
        self.state = state
    }

    public static func plain(_ text: String) -> ProfileAttribute { ProfileAttribute(value: .string(text)) }
}

extension V2Call {
    /// `GET /profiles`, with the partner framework status when the app has one.
    public static func profiles(_ status: PartnerFrameworkStatus?) -> V2Call {
        V2Call(.profiles, partnerStatus: status, answer: .profiles)
    }

    /// `GET /profiles/{mvpd}`.
    public static func profileForMvpd(_ mvpd: String, _ status: PartnerFrameworkStatus?) -> V2Call {
        V2Call(.profileForMvpd, mvpd, partnerStatus: status, answer: .profiles)
    }

    /// `GET /profiles/code/{code}`: empty until the login for the code completes.
    public static func profileForCode(_ code: String) -> V2Call {
        V2Call(.profileForCode, code, answer: .profiles)
    }

    /// `POST /profiles/sso/{partner}`. `samlResponse` is the Base64 SAML response; the form
    /// URL-encodes it once, as it requires.
    public static func partnerProfile(
        samlResponse: String, _ status: PartnerFrameworkStatus?, partner: String = "Apple"
    )
        -> V2Call
    {
        V2Call(
            .partnerProfile, partner, body: .form([Field("SAMLResponse", samlResponse)]), partnerStatus: status,
            answer: .profiles, success: [200, 201])
    }
}
