/// What the app must do next, as answered by the sessions endpoints.
public enum SessionActionName: String, Codable, Sendable, CaseIterable {
    case authenticate
    case resume
    case retry
    case authorize
    case partnerProfile = "partner_profile"
}

public enum SessionActionType: String, Codable, Sendable, CaseIterable {
    /// Open `url` in a user agent (browser, web view).
    case interactive
    /// Call `url` with the HTTP client.
    case direct
}

public enum SessionReasonType: String, Codable, Sendable, CaseIterable {
    case none
    case authenticated
    case temporary
    case degraded
    case authenticatedSSO
    case pfsFallback = "pfs_fallback"
    case configurationFallback = "configuration_fallback"
    case missingParametersFallback = "missing_parameters_fallback"
}

/// The parameters a session carries (`mvpd`, `domainName`, `redirectUrl`).
public enum SessionParameter: String, Codable, Sendable, CaseIterable {
    case mvpd
    case domainName
    case redirectUrl
}

/// The SAML request to hand to the partner framework (Apple's `verificationToken`).
public struct PartnerAuthenticationRequest: Codable, Sendable, Equatable {
    public var type: String
    /// Base64 SAML AuthnRequest.
    public var request: String
    public var attributesNames: [String]

    public init(type: String = "saml", request: String, attributesNames: [String]) {
        self.type = type
        self.request = request
        self.attributesNames = attributesNames
    }
}

/// Answer of create, resume and partner sessions.
public struct SessionResponse: Codable, Sendable, Equatable {
    public var actionName: SessionActionName
    public var actionType: SessionActionType
    public var reasonType: SessionReasonType
    public var missingParameters: [String]?
    public var url: String?
    public var code: String?
    public var sessionId: String
    public var mvpd: String?
    public var serviceProvider: String
    /// Code validity in epoch milliseconds, sent as strings like the real service.
    public var notBefore: String?
    public var notAfter: String?
    public var authenticationRequest: PartnerAuthenticationRequest?

    public init(
        actionName: SessionActionName, actionType: SessionActionType, reasonType: SessionReasonType,
        missingParameters: [String]? = nil, url: String? = nil, code: String? = nil, sessionId: String,
        mvpd: String? = nil, serviceProvider: String, notBefore: String? = nil, notAfter: String? = nil,
        authenticationRequest: PartnerAuthenticationRequest? = nil
    ) {
        self.actionName = actionName
        self.actionType = actionType
        self.reasonType = reasonType
        self.missingParameters = missingParameters
        self.url = url
        self.code = code
        self.sessionId = sessionId
        self.mvpd = mvpd
        self.serviceProvider = serviceProvider
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.authenticationRequest = authenticationRequest
    }
}

/// Answer of `GET /sessions/{code}`: what the second screen needs to know about a code.
public struct SessionStatusResponse: Codable, Sendable, Equatable {
    public var existingParameters: [String: String]
    public var missingParameters: [String]?
    public var device: DeviceDescription?
    public var notBefore: String?
    public var notAfter: String?

    public init(
        existingParameters: [String: String], missingParameters: [String]? = nil, device: DeviceDescription? = nil,
        notBefore: String? = nil, notAfter: String? = nil
    ) {
        self.existingParameters = existingParameters
        self.missingParameters = missingParameters
        self.device = device
        self.notBefore = notBefore
        self.notAfter = notAfter
    }
}

/// The normalized description of the streaming device, built from `X-Device-Info`.
public struct DeviceDescription: Codable, Sendable, Equatable {
    public var type: String
    public var model: String?
    public var hardware: Hardware?
    public var operatingSystem: OperatingSystem?
    public var display: Display?
    public var applicationId: String?
    public var connection: Connection?

    public init(
        type: String, model: String? = nil, hardware: Hardware? = nil, operatingSystem: OperatingSystem? = nil,
        display: Display? = nil, applicationId: String? = nil, connection: Connection? = nil
    ) {
        self.type = type
        self.model = model
        self.hardware = hardware
        self.operatingSystem = operatingSystem
        self.display = display
        self.applicationId = applicationId
        self.connection = connection
    }

    public struct Hardware: Codable, Sendable, Equatable {
        public var name: String?
        public var vendor: String?
        public var version: String?
        public var manufacturer: String?

        public init(name: String?, vendor: String?, version: String?, manufacturer: String?) {
            self.name = name
            self.vendor = vendor
            self.version = version
            self.manufacturer = manufacturer
        }
    }

    public struct OperatingSystem: Codable, Sendable, Equatable {
        public var name: String?
        public var family: String?
        public var vendor: String?
        public var version: String?

        public init(name: String?, family: String?, vendor: String?, version: String?) {
            self.name = name
            self.family = family
            self.vendor = vendor
            self.version = version
        }
    }

    public struct Display: Codable, Sendable, Equatable {
        public var width: Int?
        public var height: Int?
        public var ppi: Int?
        public var diagonalSize: String?

        public init(width: Int?, height: Int?, ppi: Int?, diagonalSize: String?) {
            self.width = width
            self.height = height
            self.ppi = ppi
            self.diagonalSize = diagonalSize
        }
    }

    public struct Connection: Codable, Sendable, Equatable {
        public var ipAddress: String?
        public var port: String?
        public var secure: Bool?
        public var type: String?

        public init(ipAddress: String?, port: String?, secure: Bool?, type: String?) {
            self.ipAddress = ipAddress
            self.port = port
            self.secure = secure
            self.type = type
        }
    }
}

extension V2Call {
    /// `POST /sessions` with whatever parameters the device has.
    public static func createSession(mvpd: String?, domainName: String?, redirectUrl: String?) -> V2Call {
        V2Call(.createSession, body: sessionForm(mvpd, domainName, redirectUrl), answer: .session)
    }

    /// `POST /sessions/{code}`: the parameters a session still misses, from any screen.
    public static func resumeSession(code: String, mvpd: String?, domainName: String?, redirectUrl: String?)
        -> V2Call
    {
        V2Call(
            .resumeSession, code, body: sessionForm(mvpd, domainName, redirectUrl), identifiesDevice: false,
            answer: .session)
    }

    /// `POST /sessions/sso/{partner}`: the SAML request for the partner framework, or a fallback.
    public static func partnerSession(
        _ status: PartnerFrameworkStatus?, domainName: String?, redirectUrl: String?, partner: String = "Apple"
    ) -> V2Call {
        V2Call(
            .partnerSession, partner, body: sessionForm(nil, domainName, redirectUrl), partnerStatus: status,
            answer: .session)
    }

    private static func sessionForm(_ mvpd: String?, _ domainName: String?, _ redirectUrl: String?) -> Body {
        .form(fields([("mvpd", mvpd), ("domainName", domainName), ("redirectUrl", redirectUrl)]))
    }
}
