/// Every enhanced error code the mock back end can answer, with its documented HTTP status and
/// action. Messages are tvsim's own wording.
public enum ErrorCode: String, Codable, Sendable, CaseIterable {
    // REST API V2, action none, 400
    case invalidParameterServiceProvider = "invalid_parameter_service_provider"
    case invalidParameterMvpd = "invalid_parameter_mvpd"
    case invalidParameterCode = "invalid_parameter_code"
    case invalidParameterResources = "invalid_parameter_resources"
    case invalidParameterRedirectUrl = "invalid_parameter_redirect_url"
    case invalidParameterPartner = "invalid_parameter_partner"
    case invalidParameterSamlResponse = "invalid_parameter_saml_response"
    case invalidHeaderDeviceInfo = "invalid_header_device_info"
    case invalidHeaderDeviceIdentifier = "invalid_header_device_identifier"
    case invalidHeaderIdentityForTemporaryAccess = "invalid_header_identity_for_temporary_access"
    case invalidHeaderPfsPermissionAccessNotPresent = "invalid_header_pfs_permission_access_not_present"
    case invalidHeaderPfsPermissionAccessNotDetermined = "invalid_header_pfs_permission_access_not_determined"
    case invalidHeaderPfsPermissionAccessNotGranted = "invalid_header_pfs_permission_access_not_granted"
    case invalidHeaderPfsProviderIdNotDetermined = "invalid_header_pfs_provider_id_not_determined"
    case invalidHeaderPfsProviderIdMismatch = "invalid_header_pfs_provider_id_mismatch"
    case invalidHeaderPfsProviderInfoExpired = "invalid_header_pfs_provider_info_expired"
    case invalidIntegration = "invalid_integration"
    case invalidAuthenticationSession = "invalid_authentication_session"
    // action none, 403
    case preauthorizationDeniedByMvpd = "preauthorization_denied_by_mvpd"
    case authorizationDeniedByMvpd = "authorization_denied_by_mvpd"
    case authorizationDeniedByParentalControls = "authorization_denied_by_parental_controls"
    case authorizationDeniedByDegradationRule = "authorization_denied_by_degradation_rule"
    // action none, 500
    case internalServerError = "internal_server_error"
    // action configuration
    case tooManyResources = "too_many_resources"
    case invalidConfigurationPlatformServices = "invalid_configuration_platform_services"
    case invalidConfigurationMvpdPlatformBoardingStatus = "invalid_configuration_mvpd_platform_boarding_status"
    // action application-registration, 401
    case invalidAccessTokenServiceProvider = "invalid_access_token_service_provider"
    case invalidAccessTokenClientApplication = "invalid_access_token_client_application"
    // action authentication, 403
    case authenticatedProfileMissing = "authenticated_profile_missing"
    case authenticatedProfileExpired = "authenticated_profile_expired"
    case authenticatedProfileInvalidated = "authenticated_profile_invalidated"
    case identityNotRecognizedByMvpd = "identity_not_recognized_by_mvpd"
    case temporaryAccessDurationLimitExceeded = "temporary_access_duration_limit_exceeded"
    // action retry, 403
    case networkReceivedError = "network_received_error"
    case networkConnectionTimeout = "network_connection_timeout"
    case maximumExecutionTimeExceeded = "maximum_execution_time_exceeded"
    // Generic HTTP-level problems the documentation lists by status only (405, 413, 404).
    case invalidHttpMethod = "invalid_http_method"
    case requestTooLarge = "request_too_large"
    case unknownResource = "unknown_resource"
    // Historic generic code, answered for bodies that cannot be parsed at all.
    case badRequest = "bad_request"
    // Historic throttling code, answered when a fault injects a JSON 429.
    case tooManyRequests = "too_many_requests"

    public var status: Int {
        switch self {
        case .preauthorizationDeniedByMvpd, .authorizationDeniedByMvpd, .authorizationDeniedByParentalControls,
            .authorizationDeniedByDegradationRule, .tooManyResources, .authenticatedProfileMissing,
            .authenticatedProfileExpired, .authenticatedProfileInvalidated, .identityNotRecognizedByMvpd,
            .temporaryAccessDurationLimitExceeded, .networkReceivedError, .networkConnectionTimeout,
            .maximumExecutionTimeExceeded:
            403
        case .internalServerError, .invalidConfigurationPlatformServices,
            .invalidConfigurationMvpdPlatformBoardingStatus:
            500
        case .invalidAccessTokenServiceProvider, .invalidAccessTokenClientApplication: 401
        case .invalidHttpMethod: 405
        case .requestTooLarge: 413
        case .unknownResource: 404
        case .tooManyRequests: 429
        default: 400
        }
    }

    public var action: ErrorAction {
        switch self {
        case .tooManyResources, .invalidConfigurationPlatformServices, .invalidConfigurationMvpdPlatformBoardingStatus:
            .configuration
        case .invalidAccessTokenServiceProvider, .invalidAccessTokenClientApplication: .applicationRegistration
        case .authenticatedProfileMissing, .authenticatedProfileExpired, .authenticatedProfileInvalidated,
            .identityNotRecognizedByMvpd, .temporaryAccessDurationLimitExceeded:
            .authentication
        case .networkReceivedError, .networkConnectionTimeout, .maximumExecutionTimeExceeded: .retry
        case .tooManyRequests: .retryAfter
        default: .none
        }
    }

    public var message: String {
        switch self {
        case .invalidParameterServiceProvider: "The service provider parameter value is missing or invalid."
        case .invalidParameterMvpd: "The MVPD parameter value is missing or invalid."
        case .invalidParameterCode: "The code parameter value is missing or invalid."
        case .invalidParameterResources: "The resources parameter value is missing or invalid."
        case .invalidParameterRedirectUrl: "The redirect URL parameter value is missing or invalid."
        case .invalidParameterPartner: "The partner parameter value is missing or invalid."
        case .invalidParameterSamlResponse: "The SAML response parameter value is missing or invalid."
        case .invalidHeaderDeviceInfo: "The device information header value is missing or invalid."
        case .invalidHeaderDeviceIdentifier: "The device identifier header value is missing or invalid."
        case .invalidHeaderIdentityForTemporaryAccess:
            "The temporary access identity header value is missing or invalid."
        case .invalidHeaderPfsPermissionAccessNotPresent:
            "The partner framework status header has no permission access status."
        case .invalidHeaderPfsPermissionAccessNotDetermined:
            "The user has not decided whether to grant access to the partner framework."
        case .invalidHeaderPfsPermissionAccessNotGranted: "The user has not granted access to the partner framework."
        case .invalidHeaderPfsProviderIdNotDetermined:
            "The partner framework provider identifier is missing or unknown."
        case .invalidHeaderPfsProviderIdMismatch: "The partner framework provider identifier does not match the MVPD."
        case .invalidHeaderPfsProviderInfoExpired: "The partner framework provider information has expired."
        case .invalidIntegration: "The integration between the service provider and the MVPD is missing or disabled."
        case .invalidAuthenticationSession: "The authentication session is missing, expired or invalid."
        case .preauthorizationDeniedByMvpd: "The MVPD denied the preauthorization for this resource."
        case .authorizationDeniedByMvpd: "The MVPD denied the authorization for this resource."
        case .authorizationDeniedByParentalControls: "Parental controls set with the MVPD do not allow this resource."
        case .authorizationDeniedByDegradationRule: "A degradation rule denies authorization for this integration."
        case .internalServerError: "The request could not be processed because of an internal error."
        case .tooManyResources: "The request has more resources than the integration allows."
        case .invalidConfigurationPlatformServices: "Platform services are not configured for this integration."
        case .invalidConfigurationMvpdPlatformBoardingStatus: "The MVPD is not boarded for this platform."
        case .invalidAccessTokenServiceProvider:
            "The access token is missing, expired or invalid for this service provider."
        case .invalidAccessTokenClientApplication:
            "The access token was issued to an unknown or revoked client application."
        case .authenticatedProfileMissing: "There is no authenticated profile for this MVPD."
        case .authenticatedProfileExpired: "The authenticated profile has expired."
        case .authenticatedProfileInvalidated: "The authenticated profile has been invalidated."
        case .identityNotRecognizedByMvpd: "The MVPD does not recognise the user's identity."
        case .temporaryAccessDurationLimitExceeded: "The temporary access period has ended."
        case .networkReceivedError: "The MVPD answered with an error; retry later."
        case .networkConnectionTimeout: "The connection to the MVPD timed out; retry later."
        case .maximumExecutionTimeExceeded: "The request took longer than allowed; retry later."
        case .invalidHttpMethod: "The HTTP method is not allowed on this endpoint."
        case .requestTooLarge: "The request body or headers are larger than allowed."
        case .unknownResource: "There is no endpoint at this path."
        case .tooManyRequests: "Too many requests; wait for the time given in Retry-After."
        case .badRequest: "The request is malformed."
        }
    }

    /// An absolute documentation link, as the real service sends (never derived by clients).
    public var helpUrl: String {
        "https://experienceleague.adobe.com/en/docs/pass/authentication/integration-guide-programmers/features-standard/error-reporting/enhanced-error-codes"
    }
}
