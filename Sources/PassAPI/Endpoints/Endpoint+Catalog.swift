/// Every call, defined once: its name, method, path, API and cookbook steps. `all` lists them in
/// the order the faults panel and the scenario schema offer them.
extension Endpoint {
    // MARK: Client registration (DCR)

    public static let register = Endpoint(
        "dcr.register", "POST", "/o/client/register", .dcr, steps: ["rest-v2": "A.1", "rest-v1": "0.1"])
    public static let token = Endpoint(
        "dcr.token", "POST", "/o/client/token", .dcr, steps: ["rest-v2": "A.3", "rest-v1": "0.2"])

    // MARK: REST API V2

    public static let configuration = Endpoint(
        "configuration", "GET", "/api/v2/{serviceProvider}/configuration", .restV2, steps: ["rest-v2": "C.1"])
    /// The singular spelling appears in some of Adobe's pages and third-party fixtures.
    public static let createSession = Endpoint(
        "sessions.create", "POST", "/api/v2/{serviceProvider}/sessions", .restV2,
        otherPaths: ["/api/v2/{serviceProvider}/session"], steps: ["rest-v2": "BA.1"])
    public static let resumeSession = Endpoint(
        "sessions.resume", "POST", "/api/v2/{serviceProvider}/sessions/{code}", .restV2, steps: ["rest-v2": "C.8"])
    public static let retrieveSession = Endpoint(
        "sessions.retrieve", "GET", "/api/v2/{serviceProvider}/sessions/{code}", .restV2, steps: ["rest-v2": "BA.2"])
    public static let authenticate = Endpoint(
        "authenticate", "GET", "/api/v2/authenticate/{serviceProvider}/{code}", .restV2, page: true)
    public static let profiles = Endpoint(
        "profiles", "GET", "/api/v2/{serviceProvider}/profiles", .restV2, steps: ["rest-v2": "B.3"])
    public static let profileForMvpd = Endpoint(
        "profiles.mvpd", "GET", "/api/v2/{serviceProvider}/profiles/{mvpd}", .restV2, steps: ["rest-v2": "C.7"])
    public static let profileForCode = Endpoint(
        "profiles.code", "GET", "/api/v2/{serviceProvider}/profiles/code/{code}", .restV2,
        steps: ["rest-v2": "BA.3"])
    public static let preauthorize = Endpoint(
        "decisions.preauthorize", "POST", "/api/v2/{serviceProvider}/decisions/preauthorize/{mvpd}", .restV2,
        steps: ["rest-v2": "D.3"])
    public static let authorize = Endpoint(
        "decisions.authorize", "POST", "/api/v2/{serviceProvider}/decisions/authorize/{mvpd}", .restV2,
        steps: ["rest-v2": "D.7"])
    public static let logout = Endpoint(
        "logout", "GET", "/api/v2/{serviceProvider}/logout/{mvpd}", .restV2, steps: ["rest-v2": "E.1"])
    public static let partnerSession = Endpoint(
        "sso.sessions", "POST", "/api/v2/{serviceProvider}/sessions/sso/{partner}", .restV2,
        steps: ["rest-v2": "C.5"])
    public static let partnerProfile = Endpoint(
        "sso.profiles", "POST", "/api/v2/{serviceProvider}/profiles/sso/{partner}", .restV2,
        steps: ["rest-v2": "C.12"])

    // MARK: Adobe Pass's SAML pages and the mock MVPD

    public static let webAuthenticate = Endpoint(
        "web.saml", "GET", "/adobe-services/authenticate/saml", .webAuthentication, page: true)
    public static let webArtifact = Endpoint(
        "web.artifact", "GET", "/adobe-services/saml/artifact", .webAuthentication, page: true)
    public static let webLogout = Endpoint(
        "web.logout", "GET", "/adobe-services/logout", .webAuthentication, page: true)
    public static let identityProviderLoginPage = Endpoint(
        "idp.login", "GET", "/idp/{mvpd}/login", .mockProvider, page: true)
    public static let identityProviderLogin = Endpoint(
        "idp.login.submit", "POST", "/idp/{mvpd}/login", .mockProvider, page: true)
    public static let identityProviderContext = Endpoint(
        "idp.vsa.context", "GET", "/idp/{mvpd}/vsa/context", .mockProvider)
    public static let identityProviderSignIn = Endpoint(
        "idp.vsa.signin", "POST", "/idp/{mvpd}/vsa/sign-in", .mockProvider)
    public static let identityProviderAttributes = Endpoint(
        "idp.vsa.attributes", "POST", "/idp/{mvpd}/vsa/attribute-query", .mockProvider)

    /// A lab's stand-in for Apple's framework (`tvsim serve --lab apple-sso-partner`): the account
    /// metadata a `VSAccountMetadataRequest` would return, for a client that has no framework.
    public static let labFramework = Endpoint(
        "lab.framework", "POST", "/__tvsim/lab/framework", .mockProvider)

    // MARK: The second screen's activation site

    public static let activationPage = Endpoint("activate", "GET", "/activate", .activation, page: true)
    public static let activationSubmit = Endpoint("activate.submit", "POST", "/activate", .activation, page: true)
    public static let activationProvider = Endpoint(
        "activate.provider", "GET", "/activate/{code}/provider", .activation, page: true)
    public static let activationProviderSubmit = Endpoint(
        "activate.provider.submit", "POST", "/activate/{code}/provider", .activation, page: true)
    public static let activationDone = Endpoint(
        "activate.done", "GET", "/activate/{code}/done", .activation, page: true)

    // MARK: REST API V1 (reference §B)

    public static let v1CreateRegistrationCode = Endpoint(
        "v1.regcode.create", "POST", "/reggie/v1/{requestor}/regcode", .restV1, steps: ["rest-v1": "10"])
    public static let v1RetrieveRegistrationCode = Endpoint(
        "v1.regcode.retrieve", "GET", "/reggie/v1/{requestor}/regcode/{code}", .restV1)
    public static let v1DeleteRegistrationCode = Endpoint(
        "v1.regcode.delete", "DELETE", "/reggie/v1/{requestor}/regcode/{code}", .restV1)
    public static let v1Configuration = Endpoint(
        "v1.config", "GET", "/api/v1/config/{requestor}", .restV1, steps: ["rest-v1": "3"])
    public static let v1Authenticate = Endpoint("v1.authenticate", "GET", "/api/v1/authenticate", .restV1, page: true)
    public static let v1AuthenticateRegistrationCode = Endpoint(
        "v1.authenticate.regcode", "GET", "/api/v1/authenticate/{code}", .restV1)
    public static let v1FreePreview = Endpoint(
        "v1.freepreview", "POST", "/api/v1/authenticate/freepreview", .restV1)
    public static let v1CheckAuthentication = Endpoint(
        "v1.checkauthn", "GET", "/api/v1/checkauthn", .restV1, steps: ["rest-v1": "1"])
    public static let v1CheckAuthenticationForCode = Endpoint(
        "v1.checkauthn.code", "GET", "/api/v1/checkauthn/{code}", .restV1)
    public static let v1AuthenticationToken = Endpoint(
        "v1.tokens.authn", "GET", "/api/v1/tokens/authn", .restV1, steps: ["rest-v1": "1"])
    public static let v1TokenExchange = Endpoint(
        "v1.tokens.exchange", "POST", "/api/v1/tokens/authn", .restV1, steps: ["rest-v1": "8"])
    public static let v1Authorize = Endpoint(
        "v1.authorize", "GET", "/api/v1/authorize", .restV1, steps: ["rest-v1": "11"])
    public static let v1AuthorizationToken = Endpoint("v1.tokens.authz", "GET", "/api/v1/tokens/authz", .restV1)
    /// `/mediatoken` is the shorter spelling Adobe's V1 pages also give.
    public static let v1MediaToken = Endpoint(
        "v1.tokens.media", "GET", "/api/v1/tokens/media", .restV1, otherPaths: ["/api/v1/mediatoken"],
        steps: ["rest-v1": "11"])
    public static let v1Preauthorize = Endpoint(
        "v1.preauthorize", "GET", "/api/v1/preauthorize", .restV1, steps: ["rest-v1": "11"])
    public static let v1PreauthorizeForCode = Endpoint(
        "v1.preauthorize.code", "GET", "/api/v1/preauthorize/{code}", .restV1)
    public static let v1Logout = Endpoint(
        "v1.logout", "DELETE", "/api/v1/logout", .restV1, steps: ["rest-v1": "L.2"])
    public static let v1LogoutInBrowser = Endpoint(
        "v1.logout.web", "GET", "/api/v1/logout", .restV1, page: true, steps: ["rest-v1": "L.2"])
    public static let v1UserMetadata = Endpoint(
        "v1.tokens.usermetadata", "GET", "/api/v1/tokens/usermetadata", .restV1, steps: ["rest-v1": "L.1"])
    public static let v1ProfileRequest = Endpoint(
        "v1.profile-request", "GET", "/api/v1/{requestor}/profile-requests/{mvpd}", .restV1, steps: ["rest-v1": "6"])

    // MARK: A programmer's own identity provider (seed 003)

    public static let customInfo = Endpoint(
        "custom.info", "GET", "/custom-idp/{requestor}/info", .customIdP, steps: ["custom-idp": "5"])
    public static let customTranslate = Endpoint(
        "custom.translate", "POST", "/custom-idp/{requestor}/saml/translate", .customIdP,
        steps: ["custom-idp": "6"])
    public static let customLoginPage = Endpoint(
        "custom.login", "GET", "/custom-idp/{requestor}/login", .customIdP, page: true,
        steps: ["custom-idp": "F.2"])
    public static let customLogin = Endpoint(
        "custom.login.submit", "POST", "/custom-idp/{requestor}/login", .customIdP, page: true)
    public static let customToken = Endpoint(
        "custom.token", "POST", "/custom-idp/{requestor}/token", .customIdP, steps: ["custom-idp": "F.3"])
    public static let customDeviceCode = Endpoint(
        "custom.device.code", "POST", "/custom-idp/{requestor}/device/code", .customIdP,
        steps: ["custom-idp": "F.2"])
    public static let customDevicePage = Endpoint(
        "custom.device", "GET", "/custom-idp/{requestor}/device", .customIdP, page: true)
    public static let customDeviceSubmit = Endpoint(
        "custom.device.submit", "POST", "/custom-idp/{requestor}/device", .customIdP, page: true)

    /// Every call.
    public static let all: [Endpoint] = [
        register, token,
        configuration, createSession, resumeSession, retrieveSession, authenticate, profiles, profileForMvpd,
        profileForCode, preauthorize, authorize, logout, partnerSession, partnerProfile,
        webAuthenticate, webArtifact, webLogout, identityProviderLoginPage, identityProviderLogin,
        identityProviderContext, identityProviderSignIn, identityProviderAttributes, labFramework,
        activationPage, activationSubmit, activationProvider, activationProviderSubmit, activationDone,
        v1CreateRegistrationCode, v1RetrieveRegistrationCode, v1DeleteRegistrationCode, v1Configuration,
        v1Authenticate, v1AuthenticateRegistrationCode, v1CheckAuthenticationForCode, v1CheckAuthentication,
        v1AuthenticationToken, v1Authorize, v1AuthorizationToken, v1MediaToken, v1Preauthorize, v1PreauthorizeForCode,
        v1Logout, v1LogoutInBrowser, v1UserMetadata, v1FreePreview, v1ProfileRequest, v1TokenExchange,
        customInfo, customTranslate, customLoginPage, customLogin, customToken, customDeviceCode, customDevicePage,
        customDeviceSubmit,
    ]
}
