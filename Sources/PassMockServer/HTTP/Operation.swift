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
    case admin

    /// Operations whose errors are HTML pages for a browser rather than JSON.
    var answersHTML: Bool {
        switch self {
        case .authenticate, .webAuthenticate, .webArtifact, .webLogout, .identityProviderLoginPage,
            .identityProviderLogin, .activationPage, .activationSubmit, .activationProvider, .activationDone:
            true
        default: false
        }
    }

    /// Operations that belong to DCR and answer OAuth-style `{"error": …}` bodies.
    var answersOAuthErrors: Bool { self == .register || self == .token }

    /// The identity-provider endpoints the device calls, which answer `{"error", "message"}`.
    var answersProviderErrors: Bool {
        self == .identityProviderContext || self == .identityProviderSignIn || self == .identityProviderAttributes
    }
}
