import VSASimulator

/// The one rule for the codes of the Apple single sign-on journey (seed 004, "Apple SSO Cookbook
/// (iOS/tvOS SDK)", steps 2–4 and its error list): the code the AccessEnabler SDK raises in a
/// situation at a point of the journey. The SDK raises it through `status:`; a REST or own-IdP
/// app shows the same code, marked as its own decision, where it meets the same situation, and
/// no code where the SDK raises none. Every integration asks this rule; none picks a code itself.
public enum SingleSignOnRule {
    /// Where in the SDK's journey the situation arises.
    public enum Point: Sendable, Equatable, CaseIterable {
        /// Step 2, `setRequestor`: the launch, with its silent exchange.
        case setRequestor
        /// Step 3, `checkAuthentication`, on a device signed in to a provider at system level (the
        /// step raises no code otherwise).
        case checkAuthentication
        /// Step 4, `getAuthentication`: the sign-in the user starts, with Apple's picker.
        case getAuthentication
    }

    /// What the framework, Apple's picker or Adobe answered, as the SDK sees it.
    public enum Situation: Sendable, Equatable, CaseIterable {
        /// The TV Provider permission is denied or restricted.
        case permissionDenied
        /// The TV Provider permission is undetermined.
        case permissionUndetermined
        /// The communication with the framework failed: a metadata request error, the verification
        /// token refused, the provider not responding.
        case frameworkFailed
        /// "Other TV Provider" in Apple's picker.
        case otherProvider
        /// A provider of Apple's picker whose integration or single sign-on with this requestor is
        /// disabled (missing from the configuration, or Adobe falling back on `configuration_fallback`).
        case providerNotEnabled
        /// A provider in Apple's picker that does not support Apple SSO: the SDK selects it
        /// silently and opens its login (`navigateToUrl`), "none of the above advanced error codes".
        case providerWithoutAppleSSO
        /// The user cancelled Apple's picker (or the provider's sign-in inside it) or the app's own
        /// MVPD picker.
        case pickerCancelled
        /// The user closed the MVPD's login or the registration-code screen: not a picker, so not
        /// N005; the SDK ends the sign-in with `setAuthenticationStatus(0)`.
        case signInClosed
    }

    /// The code the SDK raises in `situation` at `point`; nil where it raises none.
    public static func code(for situation: Situation, at point: Point) -> StatusCode? {
        switch (situation, point) {
        case (.permissionDenied, _): .permissionDenied
        case (.permissionUndetermined, _): .permissionUndetermined
        case (.frameworkFailed, .setRequestor): .appleShortError
        case (.frameworkFailed, .checkAuthentication): .appleError
        case (.frameworkFailed, .getAuthentication): .metadataUnavailable
        case (.otherProvider, .getAuthentication): .otherProvider
        case (.providerNotEnabled, .getAuthentication): .unsupportedProvider
        case (.pickerCancelled, .getAuthentication): .cancelled
        // Only the user's own sign-in shows a picker or a login.
        case (.otherProvider, _), (.providerNotEnabled, _), (.pickerCancelled, _): nil
        case (.providerWithoutAppleSSO, _), (.signInClosed, _): nil
        }
    }

    /// The situation of a permission that is not granted.
    public static func permission(_ access: AccessStatus) -> Situation? {
        switch access {
        case .granted: nil
        case .notDetermined: .permissionUndetermined
        case .denied, .restricted: .permissionDenied
        }
    }
}
