/// A programmer's own identity provider with Apple's single sign-on (seed 003), numbered as
/// the seed numbers its steps; the app's own account sign-in is where its fallbacks lead.
public enum CustomIdentityProviderSteps {
    public static let configuration = CookbookStep(
        "1", "the entitlement and Info.plist",
        "The provisioning profile carries com.apple.developer.video-subscriber-single-sign-on; Info.plist has NSVideoSubscriberAccountUsageDescription, the text of the permission alert.",
        stage: .registration)
    public static let accessStatus = CookbookStep(
        "3", "determine the app's access to the subscription",
        "checkAccessStatus with the prompt: the system asks the user the first time.", stage: .partnerStatus)
    public static let silentAccount = CookbookStep(
        "4", "request the subscriber's account information (silently)",
        "A metadata request for the provider id, without the picker: is the device signed in to a TV provider?",
        stage: .partnerStatus)
    public static let interactiveAccount = CookbookStep(
        "4", "request the subscriber's account information",
        "A metadata request that may show Apple's picker and the provider's sign-in.", stage: .providerPicker)
    public static let identityProviderInfo = CookbookStep(
        "5", "ask the identity provider what to request",
        "GET {idp}/info: attributeNames, a signed verificationToken and the channelIdentifier for the second request.",
        stage: .partnerRequest)
    public static let secondMetadataRequest = CookbookStep(
        "5", "second metadata request with the identity provider's attributes",
        "The framework sends the verificationToken to the TV provider, which answers with a SAML response.",
        stage: .partnerResponse)
    public static let translate = CookbookStep(
        "6", "translate the SAML response",
        "POST {idp}/saml/translate: the identity provider checks the SAML and answers with the app's own tokens.",
        stage: .partnerExchange)
    public static let ownSignIn = CookbookStep(
        "F.1", "fall back to the app's own account sign-in",
        "Single sign-on is not possible here: the user signs in at the app's identity provider instead.",
        stage: .regularAuthentication)
    public static let webSignIn = CookbookStep(
        "F.2", "sign in on the identity provider's page in a web view",
        "The app opens {idp}/login with its redirect_uri and a state; the page ends on the redirect URI with a one-time code.",
        stage: .regularAuthentication)
    public static let exchangeCode = CookbookStep(
        "F.3", "exchange the code for tokens",
        "POST {idp}/token with grant_type=authorization_code: the same tokens as after single sign-on.",
        stage: .regularAuthentication)
    public static let showDeviceCode = CookbookStep(
        "F.2", "show a device code for a second screen",
        "POST {idp}/device/code: the TV shows user_code and verification_uri; the user signs in on a phone or computer.",
        stage: .regularAuthentication)
    public static let pollToken = CookbookStep(
        "F.3", "poll the token endpoint",
        "POST {idp}/token with the device_code grant every interval seconds: authorization_pending waits, slow_down adds 5 s, expired_token needs a new code.",
        stage: .secondScreen)
    public static let entitlements = CookbookStep(
        "P.1", "check the entitlements",
        "The identity provider's tokens list the titles the subscription includes; no Adobe decision is needed.",
        stage: .authorization)
    public static let forgetTokens = CookbookStep(
        "L.1", "sign out of the app",
        "The app forgets its tokens; an Apple sign-in stays on the device until the user removes it in Settings.",
        stage: .logout)
}
