/// The AccessEnabler iOS/tvOS SDK's calls, named as its cookbooks name them, for the step pane.
public enum SDKSteps {
    public static let setRequestor = CookbookStep(
        "B.2", "setRequestor",
        "The SDK registers the app, loads the configuration and, under seven conditions, exchanges an Apple sign-in silently.",
        stage: .registration)
    public static let checkAuthentication = CookbookStep(
        "B.3", "checkAuthentication", "Is there a valid authentication? Answers with setAuthenticationStatus 1 or 0.",
        stage: .checkAuthentication)
    public static let getAuthentication = CookbookStep(
        "D.1", "getAuthentication",
        "Starts authentication: Apple's picker when an MVPD supports single sign-on, else the app's own picker.",
        stage: .providerPicker)
    public static let displayProviderDialog = CookbookStep(
        "C.2", "displayProviderDialog",
        "The SDK asks the app to show its own MVPD picker; the app answers with setSelectedProvider.", stage: .appPicker
    )
    public static let navigateToUrl = CookbookStep(
        "C.3", "navigateToUrl", "The app opens the MVPD login in a web view and watches for its custom redirect URL.",
        stage: .regularAuthentication)
    public static let handleExternalURL = CookbookStep(
        "C.6", "handleExternalURL", "The web view reached the redirect URL: the SDK fetches the authentication token.",
        stage: .regularAuthentication)
    public static let registrationCode = CookbookStep(
        "E.2", "status REGCODE",
        "On tvOS the SDK shows a registration code and polls until the second screen completes.", stage: .secondScreen)
    public static let partnerExchange = CookbookStep(
        "D.2", "exchange the Apple sign-in",
        "The SDK passes Adobe's SAML request to the framework and turns the provider's SAML response into a token.",
        stage: .partnerExchange)
    public static let checkPreauthorizedResources = CookbookStep(
        "C.7", "checkPreauthorizedResources", "Which titles the user may play, for lock marks.",
        stage: .preauthorization)
    public static let getAuthorization = CookbookStep(
        "F.1", "getAuthorization", "Before each play: setToken with a short media token, or tokenRequestFailed.",
        stage: .authorization)
    public static let checkAuthorization = CookbookStep(
        "A.1", "checkAuthorization",
        "An authorization check that never starts authentication (seed 001 lists it among the calls that answer setToken or tokenRequestFailed): the app uses it back in the foreground with a title playing.",
        stage: .authorization)
    public static let getMetadata = CookbookStep(
        "M.1", "getMetadata tokenSource", "Tells the app whether the user signed in through Apple SSO.",
        stage: .checkAuthentication)
    public static let logout = CookbookStep(
        "I.1", "logout", "The SDK clears its tokens; with Apple SSO the user must also sign out in Settings (VSA203).",
        stage: .logout)
}
