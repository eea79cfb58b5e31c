/// How the AccessEnabler SDK signs an Apple TV in once the user picked a provider in Apple's
/// picker. The two cookbooks disagree, so a requestor chooses (a TVE Dashboard setting in tvsim):
///
/// - `silentExchange` (seed 004, "Apple SSO Cookbook (iOS/tvOS SDK)", step 4): the SDK exchanges
///   the provider's SAML response for a token, as on iOS.
/// - `registrationCode` (seed 001, the SDK's entitlement cookbook, section E): the SDK reports a
///   registration code through `status()` and polls until a second screen completes the sign-in.
public enum SDKTVAppleSSO: String, Codable, Sendable, CaseIterable {
    case silentExchange = "silent-exchange"
    case registrationCode = "registration-code"

    /// The seed the behaviour comes from, as the timeline names it.
    public var source: String {
        switch self {
        case .silentExchange: "seed 004, step 4: the SDK exchanges the Apple sign-in silently"
        case .registrationCode: "seed 001, E.2: the SDK shows a registration code for the chosen provider and polls"
        }
    }
}
