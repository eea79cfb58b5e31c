import VSASimulator

/// The AccessEnabler iOS/tvOS SDK's calls, named as its cookbooks name them, for the step pane.
public enum SDKSteps {
    public static let setRequestor = CookbookStep(
        "B.2", "setRequestor", key: "step.sdk.setRequestor", stage: .registration)
    public static let checkAuthentication = CookbookStep(
        "B.3", "checkAuthentication", key: "step.sdk.checkAuthentication", stage: .checkAuthentication)
    /// Seed 001 numbers a call by the flow it is in: C without Apple SSO, D with it on iOS, E with
    /// it on tvOS.
    public static let getAuthentication = CookbookStep(
        "C.1", "getAuthentication", key: "step.sdk.getAuthentication", stage: .providerPicker)
    public static let getAuthenticationWithAppleSSO = CookbookStep(
        "D.1", "getAuthentication", key: "step.sdk.getAuthentication", stage: .providerPicker)
    public static let getAuthenticationWithAppleSSOOnTV = CookbookStep(
        "E.1", "getAuthentication", key: "step.sdk.getAuthentication", stage: .providerPicker)
    public static let displayProviderDialog = CookbookStep(
        "C.2", "displayProviderDialog", key: "step.sdk.displayProviderDialog", stage: .appPicker)
    public static let navigateToUrl = CookbookStep(
        "C.3", "navigateToUrl", key: "step.sdk.navigateToUrl", stage: .regularAuthentication)
    public static let handleExternalURL = CookbookStep(
        "C.6", "handleExternalURL", key: "step.sdk.handleExternalURL", stage: .regularAuthentication)
    public static let registrationCode = CookbookStep(
        "E.2", "status REGCODE", key: "step.sdk.registrationCode", stage: .secondScreen)
    public static let partnerExchange = CookbookStep(
        "D.2", "exchange the Apple sign-in", key: "step.sdk.partnerExchange", stage: .partnerExchange)
    public static let checkPreauthorizedResources = CookbookStep(
        "C.7", "checkPreauthorizedResources", key: "step.sdk.checkPreauthorizedResources", stage: .preauthorization)
    public static let checkPreauthorizedResourcesWithAppleSSO = CookbookStep(
        "D.4", "checkPreauthorizedResources", key: "step.sdk.checkPreauthorizedResources", stage: .preauthorization)
    public static let checkPreauthorizedResourcesWithAppleSSOOnTV = CookbookStep(
        "E.4", "checkPreauthorizedResources", key: "step.sdk.checkPreauthorizedResources", stage: .preauthorization)
    public static let getAuthorization = CookbookStep(
        "F.1", "getAuthorization", key: "step.sdk.getAuthorization", stage: .authorization)
    public static let verifyMediaToken = CookbookStep(
        "F.3", "verify the short media token", key: "step.sdk.verifyMediaToken", stage: .authorization)
    public static let checkAuthorization = CookbookStep(
        "A.1", "checkAuthorization", key: "step.sdk.checkAuthorization", stage: .authorization)
    public static let getMetadata = CookbookStep(
        "M.1", "getMetadata tokenSource", key: "step.sdk.getMetadata", stage: .checkAuthentication)
    public static let logout = CookbookStep(
        "I.1", "logout", key: "step.sdk.logout", stage: .logout)
    /// Seed 001, H: the logout of a token that did not come from Apple SSO.
    public static let logoutWithoutAppleSSO = CookbookStep(
        "H.1", "logout", key: "step.sdk.logoutWithoutAppleSSO", stage: .logout)
    public static let logoutPageDone = CookbookStep(
        "H.1.b", "handleExternalURL", key: "step.sdk.logoutPageDone", stage: .logout)

    /// Every step the SDK's flows name, in the cookbook's order.
    public static let all: [CookbookStep] = [
        setRequestor, checkAuthentication, getAuthentication, displayProviderDialog, navigateToUrl, handleExternalURL,
        checkPreauthorizedResources, getAuthenticationWithAppleSSO, partnerExchange,
        checkPreauthorizedResourcesWithAppleSSO, getAuthenticationWithAppleSSOOnTV, registrationCode,
        checkPreauthorizedResourcesWithAppleSSOOnTV, getAuthorization, verifyMediaToken, checkAuthorization,
        getMetadata, logout, logoutWithoutAppleSSO, logoutPageDone,
    ]

    /// `getAuthentication` in the flow it starts: with Apple SSO when Apple's dialog is shown (or
    /// the profile came from it), else seed 001's C.
    public static func getAuthentication(appleSSO: Bool, on platform: DevicePlatform) -> CookbookStep {
        guard appleSSO else { return getAuthentication }
        return platform == .ios ? getAuthenticationWithAppleSSO : getAuthenticationWithAppleSSOOnTV
    }

    /// `checkPreauthorizedResources` after the sign-in it follows: C.7, D.4 or E.4.
    public static func checkPreauthorizedResources(appleSSO: Bool, on platform: DevicePlatform) -> CookbookStep {
        guard appleSSO else { return checkPreauthorizedResources }
        return platform == .ios ? checkPreauthorizedResourcesWithAppleSSO : checkPreauthorizedResourcesWithAppleSSOOnTV
    }
}
