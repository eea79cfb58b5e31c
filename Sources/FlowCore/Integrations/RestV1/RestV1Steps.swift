/// The steps of Adobe's "Apple SSO cookbook (REST API V1)", numbered as the cookbook numbers
/// them, plus the registration the app does first and the logout it describes.
public enum RestV1Steps {
    public static let registerClient = CookbookStep(
        "0.1", "retrieve client credentials", key: "step.rest-v1.registerClient", stage: .registration)
    public static let retrieveToken = CookbookStep(
        "0.2", "retrieve access token", key: "step.rest-v1.retrieveToken", stage: .registration)
    public static let checkAdobeToken = CookbookStep(
        "1", "is there a valid Adobe authentication token?", key: "step.rest-v1.checkAdobeToken",
        stage: .checkAuthentication)
    public static let readAdobeToken = CookbookStep(
        "1", "read the authentication token", key: "step.rest-v1.readAdobeToken", stage: .checkAuthentication)
    public static let silentPartnerStatus = CookbookStep(
        "2", "is the user signed in through partner SSO?", key: "step.rest-v1.silentPartnerStatus",
        stage: .partnerStatus)
    public static let retrieveConfiguration = CookbookStep(
        "3", "fetch Adobe configuration", key: "step.rest-v1.fetchConfiguration", stage: .configuration)
    public static let interactivePartnerStatus = CookbookStep(
        "4", "initiate partner SSO workflow with Adobe configuration", key: "step.rest-v1.interactivePartnerStatus",
        stage: .providerPicker)
    public static let loginSucceeded = CookbookStep(
        "5", "is the user login successful?", key: "step.rest-v1.loginSucceeded", stage: .providerPicker)
    public static let profileRequest = CookbookStep(
        "6", "obtain a profile request from Adobe for the selected MVPD", key: "step.rest-v1.profileRequest",
        stage: .partnerRequest)
    public static let forwardToPartner = CookbookStep(
        "7", "forward the Adobe request to partner SSO to obtain the profile", key: "step.rest-v1.forwardToPartner",
        stage: .partnerResponse)
    public static let tokenExchange = CookbookStep(
        "8", "exchange the partner SSO profile for an Adobe authentication token", key: "step.rest-v1.tokenExchange",
        stage: .partnerExchange)
    public static let tokenGenerated = CookbookStep(
        "9", "was the Adobe token generated successfully?", key: "step.rest-v1.tokenGenerated", stage: .partnerExchange)
    public static let regularAuthentication = CookbookStep(
        "10", "initiate regular authentication workflow", key: "step.rest-v1.regularAuthentication",
        stage: .regularAuthentication)
    public static let appPicker = CookbookStep(
        "10", "show the app's MVPD picker", key: "step.rest-v1.appPicker", stage: .appPicker)
    public static let webLogin = CookbookStep(
        "10", "authenticate in a web view", key: "step.rest-v1.webLogin", stage: .regularAuthentication)
    public static let showCode = CookbookStep(
        "10", "show the registration code", key: "step.rest-v1.showCode", stage: .regularAuthentication)
    public static let retrieveAdobeToken = CookbookStep(
        "10", "retrieve authentication token", key: "step.rest-v1.retrieveAdobeToken", stage: .secondScreen)
    public static let preauthorize = CookbookStep(
        "11", "preauthorize", key: "step.rest-v1.preauthorize", stage: .preauthorization)
    public static let authorize = CookbookStep(
        "11", "continue with authorization flows", key: "step.rest-v1.authorize", stage: .authorization)
    public static let mediaToken = CookbookStep(
        "11", "obtain short media token", key: "step.rest-v1.mediaToken", stage: .authorization)
    public static let tokenSource = CookbookStep(
        "L.1", "user metadata: tokenSource", key: "step.rest-v1.tokenSource", stage: .logout)
    public static let logout = CookbookStep(
        "L.2", "logout", key: "step.rest-v1.logout", stage: .logout)

    /// Every step above, in the cookbook's order (a test holds the list to the declarations).
    public static let all: [CookbookStep] = [
        registerClient,
        retrieveToken,
        checkAdobeToken,
        readAdobeToken,
        silentPartnerStatus,
        retrieveConfiguration,
        interactivePartnerStatus,
        loginSucceeded,
        profileRequest,
        forwardToPartner,
        tokenExchange,
        tokenGenerated,
        regularAuthentication,
        appPicker,
        webLogin,
        showCode,
        retrieveAdobeToken,
        preauthorize,
        authorize,
        mediaToken,
        tokenSource,
        logout,
    ]
}
