/// A REST API V1 call as an app makes it: which call, the values of its path, its query or form
/// fields in the order they travel, and what its answer is. Flows return it as an effect; the
/// client sends any of them the same way, filling in what only it knows (the requestor, the
/// device's id and description). Its constructors are below, one per call an app makes.
public struct V1Call: Sendable, Equatable {
    /// How the call's answer reads. V1 says much with the status alone, so this is a kind of
    /// reading more than a body type.
    public enum Answer: Sendable, Equatable {
        /// 200 when an authentication token exists, 403 when none does.
        case authenticationCheck
        /// The token as JSON; 404 when there is none, 410 when it expired.
        case authenticationToken
        case configuration
        /// The opaque request for Apple's framework, as text.
        case profileRequest
        /// 204 with nothing to read.
        case tokenExchange
        case registrationCode
        case preauthorization
        case authorization
        case mediaToken
        case userMetadata
        /// 204 (or 200) with nothing to read.
        case logout
    }

    /// A field's value: given, or one the client fills in from its configuration.
    public enum Value: Sendable, Equatable {
        case text(String)
        /// The service provider (`requestor`, `requestor_id`, `{requestor}`).
        case requestor
        /// The device's id as V1 takes it (`deviceId`).
        case deviceIdentifier
        /// The device's description, Base64 JSON as in `X-Device-Info` (`device_info`).
        case deviceInfo
    }

    /// One form field or query parameter.
    public typealias Field = CallField<Value>

    public let endpoint: Endpoint
    /// The path's values, in order.
    public let values: [Value]
    public let query: [Field]
    /// Sent as `application/x-www-form-urlencoded` when present.
    public let form: [Field]?
    public let answer: Answer
    /// The statuses that carry the answer; any other is a failure, except those the answer's
    /// kind reads (403 of a check, 404 and 410 of a token).
    public let success: Set<Int>

    init(
        _ endpoint: Endpoint, _ values: Value..., query: [Field] = [], form: [Field]? = nil, answer: Answer,
        success: Set<Int> = [200]
    ) {
        self.endpoint = endpoint
        self.values = values
        self.query = query
        self.form = form
        self.answer = answer
        self.success = success
    }

    /// The resources a decision asks about: its `resource` parameter, a comma-separated list.
    public var resources: [String] {
        guard case .text(let list)? = query.first(where: { $0.name == "resource" })?.value else { return [] }
        return list.split(separator: ",").map(String.init)
    }

    /// The parameters most V1 calls carry to name the app and the device.
    static let device = [
        Field("requestor", .requestor), Field("deviceId", .deviceIdentifier), Field("device_info", .deviceInfo),
    ]
}

extension V1Call {
    /// `GET /api/v1/checkauthn`: is there a valid authentication token?
    public static let checkAuthentication = V1Call(
        .v1CheckAuthentication, query: device, answer: .authenticationCheck)

    /// `GET /api/v1/tokens/authn`: the authentication token, also while polling for a second
    /// screen's sign-in.
    public static let authenticationToken = V1Call(
        .v1AuthenticationToken, query: device, answer: .authenticationToken)

    /// `GET /api/v1/config/{requestor}`: the MVPD list, the same body as REST API V2's.
    public static let configuration = V1Call(.v1Configuration, .requestor, answer: .configuration)

    /// `POST /reggie/v1/{requestor}/regcode`.
    public static func createRegistrationCode(mvpd: String?) -> V1Call {
        let fields = [Field("deviceId", .deviceIdentifier), Field("device_info", .deviceInfo)]
        return V1Call(
            .v1CreateRegistrationCode, .requestor, form: fields + (mvpd.map { [Field("mvpd", .text($0))] } ?? []),
            answer: .registrationCode, success: [200, 201])
    }

    /// `GET /api/v1/{requestor}/profile-requests/{mvpd}`: the opaque request for Apple's framework.
    public static func profileRequest(mvpd: String, deviceType: V1DeviceType) -> V1Call {
        V1Call(
            .v1ProfileRequest, .requestor, .text(mvpd), query: [Field("deviceType", .text(deviceType.rawValue))],
            answer: .profileRequest)
    }

    /// `POST /api/v1/tokens/authn`: the provider's SAML response (Base64, URL-encoded once by the
    /// form) for an authentication token. Success is `204 No Content`.
    public static func tokenExchange(mvpd: String, deviceType: V1DeviceType, samlResponse: String) -> V1Call {
        V1Call(
            .v1TokenExchange,
            form: [
                Field("requestor", .requestor), Field("deviceId", .deviceIdentifier), Field("mvpd", .text(mvpd)),
                Field("deviceType", .text(deviceType.rawValue)), Field("SAMLResponse", .text(samlResponse)),
            ], answer: .tokenExchange, success: [204])
    }

    /// `GET /api/v1/preauthorize` for several resources.
    public static func preauthorize(resources: [String]) -> V1Call {
        V1Call(
            .v1Preauthorize, query: device + [Field("resource", .text(resources.joined(separator: ",")))],
            answer: .preauthorization)
    }

    /// `GET /api/v1/authorize` for one resource.
    public static func authorize(resource: String) -> V1Call {
        V1Call(.v1Authorize, query: device + [Field("resource", .text(resource))], answer: .authorization)
    }

    /// `GET /api/v1/tokens/media`: the short media token for an authorized resource.
    public static func mediaToken(resource: String) -> V1Call {
        V1Call(.v1MediaToken, query: device + [Field("resource", .text(resource))], answer: .mediaToken)
    }

    /// `GET /api/v1/tokens/usermetadata`, where `tokenSource` says whether Apple signed the user in.
    public static let userMetadata = V1Call(.v1UserMetadata, query: device, answer: .userMetadata)

    /// `DELETE /api/v1/logout`: Adobe forgets the tokens; the MVPD is not told.
    public static let logout = V1Call(.v1Logout, query: device, answer: .logout, success: [204, 200])
}
