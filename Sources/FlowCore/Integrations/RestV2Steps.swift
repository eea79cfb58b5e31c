/// The cookbook steps of the REST API V2 Apple SSO flow (seed: Adobe's "Apple SSO cookbook
/// (REST API V2)"), phases A–E, plus the basic-authentication steps it falls back to.
public enum RestV2Steps {
    public static let registerClient = CookbookStep(
        "A.1", "retrieve client credentials",
        "The app registers with its software statement and gets client credentials, which it keeps forever.",
        stage: .registration)
    public static let retrieveToken = CookbookStep(
        "A.3", "retrieve access token",
        "The client credentials buy a short-lived Bearer token for every REST API V2 call.", stage: .registration)
    public static let silentPartnerStatus = CookbookStep(
        "B.1", "retrieve partner framework status",
        "The app asks the TV-provider framework for its permission (the system asks the user the first time) and for the signed-in provider, without showing Apple's picker.",
        stage: .partnerStatus)
    public static let validateSilentStatus = CookbookStep(
        "B.2", "return partner framework status",
        "The app validates the answer: permission granted, a provider mapping id, an expiration date not past. Only a valid status is used.",
        stage: .partnerStatus)
    public static let retrieveProfiles = CookbookStep(
        "B.3", "retrieve profiles",
        "GET /profiles with AP-Partner-Framework-Status, so that an Apple SSO profile can be returned too.",
        stage: .checkAuthentication)
    public static let selectProfile = CookbookStep(
        "B.5", "select a profile and continue with decisions", "A valid profile exists: the user is authenticated.",
        stage: .checkAuthentication)
    public static let continuePartner = CookbookStep(
        "B.6", "continue with partner authentication",
        "No profile, but the device is signed in to a TV provider: the app tries single sign-on.",
        stage: .checkAuthentication)
    public static let retrieveConfiguration = CookbookStep(
        "C.1", "retrieve configuration",
        "The MVPD list with the platform fields (enablePlatformServices, displayInPlatformPicker, boardingStatus).",
        stage: .configuration)
    public static let interactivePartnerStatus = CookbookStep(
        "C.3", "retrieve partner framework status (interactive)",
        "The app asks the framework for the provider, allowing it to show Apple's picker and the provider sign-in.",
        stage: .providerPicker)
    public static let validateInteractiveStatus = CookbookStep(
        "C.4", "return partner framework status",
        "The app validates the picker's answer (permission, provider, expiry) before it asks Adobe for the SAML request.",
        stage: .providerPicker)
    public static let partnerRequest = CookbookStep(
        "C.5", "retrieve partner authentication request",
        "POST /sessions/sso/Apple with the partner status: Adobe answers with a SAML request or falls back to basic authentication.",
        stage: .partnerRequest)
    public static let continueDecisions = CookbookStep(
        "C.7", "continue with decisions", "Adobe already has a valid profile for this MVPD: no login is needed.",
        stage: .partnerRequest)
    public static let continueBasic = CookbookStep(
        "C.8", "continue with basic authentication",
        "Partner SSO is not possible here: the app signs the user in through the MVPD's own login.",
        stage: .partnerRequest)
    public static let partnerAuthentication = CookbookStep(
        "C.10", "complete MVPD authentication with the partner framework",
        "The SAML request goes to the framework as verificationToken; the provider answers with a SAML response.",
        stage: .partnerResponse)
    public static let validatePartnerResponse = CookbookStep(
        "C.11", "return partner authentication response",
        "The app validates the answer again, and that it carries the provider's SAML response.",
        stage: .partnerResponse)
    public static let partnerProfile = CookbookStep(
        "C.12", "create and retrieve profile using partner authentication response",
        "POST /profiles/sso/Apple with the cleaned, Base64 SAML response: Adobe creates an appleSSO profile.",
        stage: .partnerExchange)
    public static let appPicker = CookbookStep(
        "BA.0", "show the app's MVPD picker", "The regular flow: the app lists the MVPDs of its configuration.",
        stage: .appPicker)
    public static let createSession = CookbookStep(
        "BA.1", "create authentication session", "POST /sessions with mvpd, domainName and redirectUrl.",
        stage: .regularAuthentication)
    public static let webLogin = CookbookStep(
        "BA.2", "perform authentication in user agent",
        "The app opens the session URL in a web view; the MVPD login ends on the app's redirect URL.",
        stage: .regularAuthentication)
    public static let showCode = CookbookStep(
        "BA.2", "show the code for a second screen",
        "The TV shows the code; the user signs in on another device at the activation page.",
        stage: .regularAuthentication)
    public static let pollProfile = CookbookStep(
        "BA.3", "retrieve profile for code",
        "GET /profiles/code/{code} every few seconds until the profile appears, the code expires or a new code is asked for.",
        stage: .secondScreen)
    public static let decisionPartnerStatus = CookbookStep(
        "D.1", "retrieve partner framework status",
        "Before preauthorization with an Apple SSO profile, the app refreshes the partner status silently.",
        stage: .preauthorization)
    public static let validateDecisionStatus = CookbookStep(
        "D.2", "return partner framework status",
        "The refreshed status must be valid for an Apple SSO profile to be used; otherwise the user signs in again.",
        stage: .preauthorization)
    public static let authorizationPartnerStatus = CookbookStep(
        "D.5", "retrieve partner framework status",
        "Before each authorization with an Apple SSO profile, the app refreshes the partner status silently.",
        stage: .authorization)
    public static let validateAuthorizationStatus = CookbookStep(
        "D.6", "return partner framework status",
        "The refreshed status must be valid for an Apple SSO profile to be used; otherwise the user signs in again.",
        stage: .authorization)
    public static let preauthorize = CookbookStep(
        "D.3", "retrieve preauthorization decisions",
        "Which titles the user may play, to draw lock marks; never used to play.", stage: .preauthorization)
    public static let authorize = CookbookStep(
        "D.7", "retrieve authorization decisions",
        "Mandatory before each play: a permit carries the short media token.", stage: .authorization)
    public static let logout = CookbookStep(
        "E.1", "initiate logout", "GET /logout/{mvpd}: Adobe deletes the profile and says what else to do.",
        stage: .logout)
    public static let logoutAction = CookbookStep(
        "E.2", "indicate next action",
        "partner_logout: the user must sign out in Settings; logout: open the MVPD logout page; complete: done.",
        stage: .logout)
}
