/// The REST API V1 enhanced error codes (reference A4.3). V1 renders them in the same
/// `{action, status, code, message, details?, helpUrl, trace}` body as V2 when enhanced errors are
/// on for the integration, and as a plain `{status, message, details}` otherwise.
public enum V1ErrorCode: String, CaseIterable, Sendable {
    case invalidRequestor = "invalid_requestor"
    case invalidDeviceInfo = "invalid_device_info"
    case invalidDeviceId = "invalid_device_id"
    case missingResource = "missing_resource"
    case malformedAuthzRequest = "malformed_authz_request"
    case preauthorizationDeniedByMvpd = "preauthorization_denied_by_mvpd"
    case authorizationDeniedByMvpd = "authorization_denied_by_mvpd"
    case authorizationDeniedByParentalControls = "authorization_denied_by_parental_controls"
    case internalError = "internal_error"
    case unknownIntegration = "unknown_integration"
    case tooManyResources = "too_many_resources"
    case authenticationSessionIssuerMismatch = "authentication_session_issuer_mismatch"
    case authorizationDeniedByHbaPolicies = "authorization_denied_by_hba_policies"
    case authorizationDeniedBySessionInvalidated = "authorization_denied_by_session_invalidated"
    case identityNotRecognizedByMvpd = "identity_not_recognized_by_mvpd"
    case authenticationSessionInvalidated = "authentication_session_invalidated"
    case authenticationSessionMissing = "authentication_session_missing"
    case authenticationSessionExpired = "authentication_session_expired"
    case preauthorizationAuthenticationSessionMissing = "preauthorization_authentication_session_missing"
    case preauthorizationAuthenticationSessionExpired = "preauthorization_authentication_session_expired"
    case authorizationNotFound = "authorization_not_found"
    case authorizationExpired = "authorization_expired"
    case networkReceivedError = "network_received_error"
    case networkConnectionTimeout = "network_connection_timeout"
    case maximumExecutionTimeExceeded = "maximum_execution_time_exceeded"

    /// The usual HTTP status; where the reference lists two (`missing_resource`: 400 or 412), the
    /// caller picks the one that fits and this is the first.
    public var status: Int {
        switch self {
        case .invalidRequestor, .invalidDeviceInfo, .invalidDeviceId, .missingResource, .malformedAuthzRequest,
            .internalError, .unknownIntegration, .authenticationSessionIssuerMismatch:
            400
        case .preauthorizationAuthenticationSessionMissing, .preauthorizationAuthenticationSessionExpired: 412
        case .authorizationExpired: 410
        default: 403
        }
    }

    public var action: ErrorAction {
        switch self {
        case .unknownIntegration, .tooManyResources: .configuration
        case .authenticationSessionIssuerMismatch, .authorizationDeniedByHbaPolicies,
            .authorizationDeniedBySessionInvalidated, .identityNotRecognizedByMvpd, .authenticationSessionInvalidated,
            .authenticationSessionMissing, .authenticationSessionExpired, .preauthorizationAuthenticationSessionMissing,
            .preauthorizationAuthenticationSessionExpired:
            .authentication
        case .authorizationNotFound, .authorizationExpired: .authorization
        case .networkReceivedError, .networkConnectionTimeout, .maximumExecutionTimeExceeded: .retry
        default: .none
        }
    }

    public var message: String {
        switch self {
        case .invalidRequestor: "The requestor parameter is missing or unknown."
        case .invalidDeviceInfo: "The device information is missing or invalid."
        case .invalidDeviceId: "The device identifier is missing or invalid."
        case .missingResource: "The resource parameter is missing."
        case .malformedAuthzRequest: "The authorization request is malformed."
        case .preauthorizationDeniedByMvpd: "The MVPD denied the preauthorization for this resource."
        case .authorizationDeniedByMvpd: "The MVPD denied the authorization for this resource."
        case .authorizationDeniedByParentalControls: "Parental controls set with the MVPD do not allow this resource."
        case .internalError: "The request could not be processed because of an internal error."
        case .unknownIntegration: "There is no integration between the requestor and the MVPD."
        case .tooManyResources: "The request has more resources than the integration allows."
        case .authenticationSessionIssuerMismatch: "The SAML response was not issued by the selected MVPD."
        case .authorizationDeniedByHbaPolicies: "Home-based authentication policies deny the authorization."
        case .authorizationDeniedBySessionInvalidated: "The authentication session was invalidated."
        case .identityNotRecognizedByMvpd: "The MVPD does not recognise the user's identity."
        case .authenticationSessionInvalidated: "The authentication session was invalidated."
        case .authenticationSessionMissing: "There is no authentication token for this device."
        case .authenticationSessionExpired: "The authentication token has expired."
        case .preauthorizationAuthenticationSessionMissing: "Preauthorization needs an authentication token."
        case .preauthorizationAuthenticationSessionExpired: "The authentication token used to preauthorize has expired."
        case .authorizationNotFound: "There is no authorization for this resource."
        case .authorizationExpired: "The authorization for this resource has expired."
        case .networkReceivedError: "The MVPD answered with an error; retry later."
        case .networkConnectionTimeout: "The connection to the MVPD timed out; retry later."
        case .maximumExecutionTimeExceeded: "The request took longer than allowed; retry later."
        }
    }

    public var helpUrl: String { ErrorCode.badRequest.helpUrl }
}

extension EnhancedError {
    /// Builds the enhanced body of a V1 code, with the status the caller chose.
    public init(_ code: V1ErrorCode, status: Int? = nil, details: String? = nil, trace: String) {
        self.init(
            action: code.action, status: status ?? code.status, code: code.rawValue, message: code.message,
            details: details, helpUrl: code.helpUrl, trace: trace)
    }
}
