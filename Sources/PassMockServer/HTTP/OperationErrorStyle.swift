import MockBackendAPI

/// How each endpoint words its errors: the style its clients expect.
extension MockOperation {
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
