/// A programmer's own identity provider with Apple's single sign-on (seed 003), numbered as
/// the seed numbers its steps; the app's own account sign-in is where its fallbacks lead.
public enum CustomIdentityProviderSteps {
    public static let configuration = CookbookStep(
        "1", "the entitlement and Info.plist", key: "step.custom-idp.configuration", stage: .registration)
    public static let accessStatus = CookbookStep(
        "3", "determine the app's access to the subscription", key: "step.custom-idp.accessStatus",
        stage: .partnerStatus)
    public static let silentAccount = CookbookStep(
        "4", "request the subscriber's account information (silently)", key: "step.custom-idp.silentAccount",
        stage: .partnerStatus)
    public static let interactiveAccount = CookbookStep(
        "4", "request the subscriber's account information", key: "step.custom-idp.interactiveAccount",
        stage: .providerPicker)
    public static let identityProviderInfo = CookbookStep(
        "5", "ask the identity provider what to request", key: "step.custom-idp.identityProviderInfo",
        stage: .partnerRequest)
    public static let secondMetadataRequest = CookbookStep(
        "5", "second metadata request with the identity provider's attributes",
        key: "step.custom-idp.secondMetadataRequest", stage: .partnerResponse)
    public static let translate = CookbookStep(
        "6", "translate the SAML response", key: "step.custom-idp.translate", stage: .partnerExchange)
    public static let ownSignIn = CookbookStep(
        "F.1", "fall back to the app's own account sign-in", key: "step.custom-idp.ownSignIn",
        stage: .regularAuthentication)
    public static let webSignIn = CookbookStep(
        "F.2", "sign in on the identity provider's page in a web view", key: "step.custom-idp.webSignIn",
        stage: .regularAuthentication)
    public static let exchangeCode = CookbookStep(
        "F.3", "exchange the code for tokens", key: "step.custom-idp.exchangeCode", stage: .regularAuthentication)
    public static let showDeviceCode = CookbookStep(
        "F.2", "show a device code for a second screen", key: "step.custom-idp.showDeviceCode",
        stage: .regularAuthentication)
    public static let pollToken = CookbookStep(
        "F.3", "poll the token endpoint", key: "step.custom-idp.pollToken", stage: .secondScreen)
    public static let entitlements = CookbookStep(
        "P.1", "check the entitlements", key: "step.custom-idp.entitlements", stage: .authorization)
    public static let forgetTokens = CookbookStep(
        "L.1", "sign out of the app", key: "step.custom-idp.forgetTokens", stage: .logout)

    /// Every step of an app with its own identity provider, in the cookbook's order.
    public static let all: [CookbookStep] = [
        configuration, accessStatus, silentAccount, interactiveAccount, identityProviderInfo, secondMetadataRequest,
        translate, ownSignIn, webSignIn, exchangeCode, showDeviceCode, pollToken, entitlements, forgetTokens,
    ]
}
