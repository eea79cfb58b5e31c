/// Every endpoint of the mock, named once. Fault rules, the journal and the request log refer to
/// endpoints by these names.
public enum Operation: String, CaseIterable, Sendable, Codable {
    case register = "dcr.register"
    case token = "dcr.token"
    case configuration
    case createSession = "sessions.create"
    case resumeSession = "sessions.resume"
    case retrieveSession = "sessions.retrieve"
    case authenticate
    case profiles
    case profileForMvpd = "profiles.mvpd"
    case profileForCode = "profiles.code"
    case preauthorize = "decisions.preauthorize"
    case authorize = "decisions.authorize"
    case logout
    case partnerSession = "sso.sessions"
    case partnerProfile = "sso.profiles"
    case webAuthenticate = "web.saml"
    case webArtifact = "web.artifact"
    case webLogout = "web.logout"
    case identityProviderLoginPage = "idp.login"
    case identityProviderLogin = "idp.login.submit"
    case identityProviderContext = "idp.vsa.context"
    case identityProviderSignIn = "idp.vsa.signin"
    case identityProviderAttributes = "idp.vsa.attributes"
    case activationPage = "activate"
    case activationSubmit = "activate.submit"
    case activationProvider = "activate.provider"
    case activationDone = "activate.done"
    // REST API V1 (reference §B).
    case v1CreateRegistrationCode = "v1.regcode.create"
    case v1RetrieveRegistrationCode = "v1.regcode.retrieve"
    case v1DeleteRegistrationCode = "v1.regcode.delete"
    case v1Configuration = "v1.config"
    case v1Authenticate = "v1.authenticate"
    case v1AuthenticateRegistrationCode = "v1.authenticate.regcode"
    case v1CheckAuthenticationForCode = "v1.checkauthn.code"
    case v1CheckAuthentication = "v1.checkauthn"
    case v1AuthenticationToken = "v1.tokens.authn"
    case v1Authorize = "v1.authorize"
    case v1AuthorizationToken = "v1.tokens.authz"
    case v1MediaToken = "v1.tokens.media"
    case v1Preauthorize = "v1.preauthorize"
    case v1PreauthorizeForCode = "v1.preauthorize.code"
    case v1Logout = "v1.logout"
    case v1LogoutInBrowser = "v1.logout.web"
    case v1UserMetadata = "v1.tokens.usermetadata"
    case v1FreePreview = "v1.freepreview"
    case v1ProfileRequest = "v1.profile-request"
    case v1TokenExchange = "v1.tokens.exchange"
    // A programmer's own identity provider (seed 003), under /custom-idp/{requestor}.
    case customInfo = "custom.info"
    case customTranslate = "custom.translate"
    case customLoginPage = "custom.login"
    case customLogin = "custom.login.submit"
    case customToken = "custom.token"
    case customDeviceCode = "custom.device.code"
    case customDevicePage = "custom.device"
    case customDeviceSubmit = "custom.device.submit"
    case admin

    /// Operations whose errors are HTML pages for a browser rather than JSON.
    var answersHTML: Bool {
        switch self {
        case .authenticate, .webAuthenticate, .webArtifact, .webLogout, .identityProviderLoginPage,
            .identityProviderLogin, .activationPage, .activationSubmit, .activationProvider, .activationDone,
            .v1Authenticate, .v1LogoutInBrowser, .customLoginPage, .customLogin, .customDevicePage,
            .customDeviceSubmit:
            true
        default: false
        }
    }

    /// Operations that belong to DCR and answer OAuth-style `{"error": …}` bodies.
    var answersOAuthErrors: Bool { self == .register || self == .token }

    /// The identity-provider endpoints the device calls, which answer `{"error", "message"}`.
    var answersProviderErrors: Bool {
        switch self {
        case .identityProviderContext, .identityProviderSignIn, .identityProviderAttributes, .customInfo,
            .customTranslate, .customToken, .customDeviceCode:
            true
        default: false
        }
    }

    /// REST API V1 endpoints, which answer V1 errors (plain or enhanced, JSON or XML).
    var isV1: Bool { rawValue.hasPrefix("v1.") }
}
