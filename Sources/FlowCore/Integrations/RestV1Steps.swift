/// The steps of Adobe's "Apple SSO cookbook (REST API V1)", numbered as the cookbook numbers
/// them, plus the registration the app does first and the logout it describes.
public enum RestV1Steps {
    public static let registerClient = CookbookStep(
        "0.1", "retrieve client credentials",
        "V1 calls carry the same DCR Bearer token as V2: the app registers its software statement once.",
        stage: .registration)
    public static let retrieveToken = CookbookStep(
        "0.2", "retrieve access token", "The client credentials buy the Bearer token every V1 call carries.",
        stage: .registration)
    public static let checkAdobeToken = CookbookStep(
        "1", "is there a valid Adobe authentication token?",
        "GET /api/v1/checkauthn with the device id: 200 means authenticated, 403 that no token exists.",
        stage: .checkAuthentication)
    public static let readAdobeToken = CookbookStep(
        "1", "read the authentication token",
        "GET /api/v1/tokens/authn tells which MVPD authenticated the user, and until when.",
        stage: .checkAuthentication)
    public static let silentPartnerStatus = CookbookStep(
        "2", "is the user signed in through partner SSO?",
        "The app checks its permission and asks the framework, without the picker, for the signed-in provider.",
        stage: .partnerStatus)
    public static let fetchConfiguration = CookbookStep(
        "3", "fetch Adobe configuration",
        "GET /api/v1/config: the MVPD list with enablePlatformServices, boardingStatus, displayInPlatformPicker, platformMappingId and requiredMetadataFields.",
        stage: .configuration)
    public static let interactivePartnerStatus = CookbookStep(
        "4", "initiate partner SSO workflow with Adobe configuration",
        "The framework may show Apple's picker, filtered and sorted with the platform ids from the configuration.",
        stage: .providerPicker)
    public static let loginSucceeded = CookbookStep(
        "5", "is the user login successful?",
        "Yes when the framework returns a provider id whose sign-in has not expired; the app maps that platformMappingId to its MVPD id.",
        stage: .providerPicker)
    public static let profileRequest = CookbookStep(
        "6", "obtain a profile request from Adobe for the selected MVPD",
        "GET /api/v1/{requestor}/profile-requests/{mvpd}: an opaque request for the framework.",
        stage: .partnerRequest)
    public static let forwardToPartner = CookbookStep(
        "7", "forward the Adobe request to partner SSO to obtain the profile",
        "The request goes to the framework as verificationToken, with requiredMetadataFields as attributeNames; the provider answers with a SAML response.",
        stage: .partnerResponse)
    public static let tokenExchange = CookbookStep(
        "8", "exchange the partner SSO profile for an Adobe authentication token",
        "POST /api/v1/tokens/authn with the SAML response cleaned of line breaks and tabs, Base64- then URL-encoded once.",
        stage: .partnerExchange)
    public static let tokenGenerated = CookbookStep(
        "9", "was the Adobe token generated successfully?",
        "Yes when the exchange answers 204 No Content; the token is ready for the authorization flows.",
        stage: .partnerExchange)
    public static let regularAuthentication = CookbookStep(
        "10", "initiate regular authentication workflow",
        "The app's own picker, then a registration code: a web view on /api/v1/authenticate (iOS) or a second screen (tvOS).",
        stage: .regularAuthentication)
    public static let appPicker = CookbookStep(
        "10", "show the app's MVPD picker", "The regular workflow starts with the app's own list of MVPDs.",
        stage: .appPicker)
    public static let webLogin = CookbookStep(
        "10", "authenticate in a web view",
        "GET /api/v1/authenticate with requestor_id, mso_id, reg_code, domain_name and redirect_url (last).",
        stage: .regularAuthentication)
    public static let showCode = CookbookStep(
        "10", "show the registration code",
        "The TV shows the code; the user signs in at the activation page on another device.",
        stage: .regularAuthentication)
    public static let retrieveAdobeToken = CookbookStep(
        "10", "retrieve authentication token",
        "GET /api/v1/tokens/authn until the token exists (404 while the user has not signed in).",
        stage: .secondScreen)
    public static let preauthorize = CookbookStep(
        "11", "preauthorize", "GET /api/v1/preauthorize with the titles, to draw lock marks.",
        stage: .preauthorization)
    public static let authorize = CookbookStep(
        "11", "continue with authorization flows",
        "GET /api/v1/authorize for the title, then GET /api/v1/tokens/media for the short media token.",
        stage: .authorization)
    public static let mediaToken = CookbookStep(
        "11", "obtain short media token", "GET /api/v1/tokens/media: the token the player hands to the stream.",
        stage: .authorization)
    public static let tokenSource = CookbookStep(
        "L.1", "user metadata: tokenSource",
        "GET /api/v1/tokens/usermetadata: tokenSource is Apple when the user signed in through Apple SSO.",
        stage: .logout)
    public static let logout = CookbookStep(
        "L.2", "logout",
        "DELETE /api/v1/logout on tvOS (the MVPD is not told); on iOS the logout page in a web view, so the MVPD session ends too.",
        stage: .logout)
}
