/// The cookbook steps of the REST API V2 Apple SSO flow (seed: Adobe's "Apple SSO cookbook
/// (REST API V2)"), phases A–E, plus the basic-authentication steps it falls back to.
public enum RestV2Steps {
    public static let registerClient = CookbookStep(
        "A.1", "retrieve client credentials", key: "step.rest-v2.registerClient", stage: .registration)
    public static let retrieveToken = CookbookStep(
        "A.3", "retrieve access token", key: "step.rest-v2.retrieveToken", stage: .registration)
    public static let silentPartnerStatus = CookbookStep(
        "B.1", "retrieve partner framework status", key: "step.rest-v2.silentPartnerStatus", stage: .partnerStatus)
    public static let validateSilentStatus = CookbookStep(
        "B.2", "return partner framework status", key: "step.rest-v2.validateSilentStatus", stage: .partnerStatus)
    public static let retrieveProfiles = CookbookStep(
        "B.3", "retrieve profiles", key: "step.rest-v2.retrieveProfiles", stage: .checkAuthentication)
    public static let selectProfile = CookbookStep(
        "B.5", "select a profile and continue with decisions", key: "step.rest-v2.selectProfile",
        stage: .checkAuthentication)
    public static let continuePartner = CookbookStep(
        "B.6", "continue with partner authentication", key: "step.rest-v2.continuePartner", stage: .checkAuthentication)
    public static let retrieveConfiguration = CookbookStep(
        "C.1", "retrieve configuration", key: "step.rest-v2.retrieveConfiguration", stage: .configuration)
    public static let interactivePartnerStatus = CookbookStep(
        "C.3", "retrieve partner framework status (interactive)", key: "step.rest-v2.interactivePartnerStatus",
        stage: .providerPicker)
    public static let validateInteractiveStatus = CookbookStep(
        "C.4", "return partner framework status", key: "step.rest-v2.validateInteractiveStatus", stage: .providerPicker)
    public static let partnerRequest = CookbookStep(
        "C.5", "retrieve partner authentication request", key: "step.rest-v2.partnerRequest", stage: .partnerRequest)
    public static let continueDecisions = CookbookStep(
        "C.7", "continue with decisions", key: "step.rest-v2.continueDecisions", stage: .partnerRequest)
    public static let continueBasic = CookbookStep(
        "C.8", "continue with basic authentication", key: "step.rest-v2.continueBasic", stage: .partnerRequest)
    public static let partnerAuthentication = CookbookStep(
        "C.10", "complete MVPD authentication with the partner framework", key: "step.rest-v2.partnerAuthentication",
        stage: .partnerResponse)
    public static let validatePartnerResponse = CookbookStep(
        "C.11", "return partner authentication response", key: "step.rest-v2.validatePartnerResponse",
        stage: .partnerResponse)
    public static let partnerProfile = CookbookStep(
        "C.12", "create and retrieve profile using partner authentication response", key: "step.rest-v2.partnerProfile",
        stage: .partnerExchange)
    public static let appPicker = CookbookStep(
        "BA.0", "show the app's MVPD picker", key: "step.rest-v2.appPicker", stage: .appPicker)
    public static let createSession = CookbookStep(
        "BA.1", "create authentication session", key: "step.rest-v2.createSession", stage: .regularAuthentication)
    public static let webLogin = CookbookStep(
        "BA.2", "perform authentication in user agent", key: "step.rest-v2.webLogin", stage: .regularAuthentication)
    public static let showCode = CookbookStep(
        "BA.2", "show the code for a second screen", key: "step.rest-v2.showCode", stage: .regularAuthentication)
    public static let pollProfile = CookbookStep(
        "BA.3", "retrieve profile for code", key: "step.rest-v2.pollProfile", stage: .secondScreen)
    public static let decisionPartnerStatus = CookbookStep(
        "D.1", "retrieve partner framework status", key: "step.rest-v2.decisionPartnerStatus", stage: .preauthorization)
    public static let validateDecisionStatus = CookbookStep(
        "D.2", "return partner framework status", key: "step.rest-v2.validateDecisionStatus", stage: .preauthorization)
    public static let authorizationPartnerStatus = CookbookStep(
        "D.5", "retrieve partner framework status", key: "step.rest-v2.authorizationPartnerStatus",
        stage: .authorization)
    public static let validateAuthorizationStatus = CookbookStep(
        "D.6", "return partner framework status", key: "step.rest-v2.validateAuthorizationStatus", stage: .authorization
    )
    public static let preauthorize = CookbookStep(
        "D.3", "retrieve preauthorization decisions", key: "step.rest-v2.preauthorize", stage: .preauthorization)
    public static let authorize = CookbookStep(
        "D.7", "retrieve authorization decisions", key: "step.rest-v2.authorize", stage: .authorization)
    public static let logout = CookbookStep(
        "E.1", "initiate logout", key: "step.rest-v2.logout", stage: .logout)
    public static let logoutAction = CookbookStep(
        "E.2", "indicate next action", key: "step.rest-v2.logoutAction", stage: .logout)

    /// Every step above, in the cookbook's order (a test holds the list to the declarations).
    public static let all: [CookbookStep] = [
        registerClient,
        retrieveToken,
        silentPartnerStatus,
        validateSilentStatus,
        retrieveProfiles,
        selectProfile,
        continuePartner,
        retrieveConfiguration,
        interactivePartnerStatus,
        validateInteractiveStatus,
        partnerRequest,
        continueDecisions,
        continueBasic,
        partnerAuthentication,
        validatePartnerResponse,
        partnerProfile,
        appPicker,
        createSession,
        webLogin,
        showCode,
        pollProfile,
        decisionPartnerStatus,
        validateDecisionStatus,
        authorizationPartnerStatus,
        validateAuthorizationStatus,
        preauthorize,
        authorize,
        logout,
        logoutAction,
    ]
}
