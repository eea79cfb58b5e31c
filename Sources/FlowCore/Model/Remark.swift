import PassAPI

/// What the flow says beside its steps and codes, as a fact: why a code was raised, what the
/// app does next, what the SDK queues. FlowCore states it; the timeline and the terminal UI word
/// it from the string catalogs (`remark.*`), so every language gets the specific cause.
public enum Remark: Sendable, Equatable {
    /// Words from outside the flow, shown as they came in every language: a service's or the
    /// framework's message, a registration code.
    case verbatim(String)

    // MARK: The app

    case busy(ignoring: AppAction)
    case alreadySignedIn
    case playsFree(resource: String)
    case notSignedIn
    /// An event the current phase has no use for; both are named by their case names.
    case ignored(event: String, phase: String)
    /// A call failed where the phase expected none to.
    case failed(phase: String, message: String)

    // MARK: The framework and Apple's picker

    /// What the app does when the permission is not granted.
    case regularWorkflowNext
    case appPickerNext
    case ownSignInNext
    case continuesWithoutSingleSignOn
    case triesSilentSingleSignOn
    case systemSignInExpired
    case signInExpirationPast
    case noProvider
    case noProviderRegularWorkflow
    case noSAMLResponse
    case notIntegrated(provider: String, requestor: String)
    case notSupported(provider: String, requestor: String)
    case noSingleSignOnHere(mvpd: String)
    case noSingleSignOnStraightToLogin(mvpd: String)
    case singleSignOnDisabled(mvpd: String)
    case applePickerCancelled(duringSignIn: Bool)
    /// The same, when the regular workflow follows (REST API V1, step 10).
    case applePickerCancelledRegularWorkflow(duringSignIn: Bool)
    case appPickerCancelled
    case mvpdLoginClosed
    case signInPageClosed
    case codeScreenClosed
    case platformMapping(provider: String, mvpd: String)
    /// A cookbook step found the partner status unusable; the flow goes on without it.
    case partnerStatusUnused(step: String, UnusableStatus)
    /// A decision's status check failed: the Apple SSO profile cannot be used.
    case appleProfileUnusable(step: String, UnusableStatus)
    case refreshedStatusNamesNoProvider
    case missingSingleSignOnEntitlement
    case missingUsageDescription

    // MARK: Adobe's answers

    /// A session answer that is not a sign-in (`action` and `reason` as Adobe wrote them).
    case adobeAnswered(action: String, reason: String)
    case adobeAnsweredNoSilentExchange(action: String, reason: String)
    case degradedWithoutProvider(mvpd: String)
    /// The SDK's silent exchange met a degraded provider: it takes no profile from it, and the
    /// one Adobe's degradation made is what `checkAuthentication` finds.
    case degradedNoSilentExchange(mvpd: String)
    case degraded(mvpd: String)
    case noAppleProfile
    /// The Media Token Verifier's answer (seed 001, F.3).
    case mediaTokenChecked(status: String, message: String)
    /// A title refused because its media token failed verification (the denial carries the
    /// verifier's status as its code).
    case mediaTokenRefused
    /// Adobe's fallback session misses what the partner request left out; the app completes it.
    case resumesSession
    case noProfile
    case exchangeProducedNoToken
    case silentExchangeProducedNoToken
    case singleSignOnFailed(message: String)
    case sessionHasNoCode
    case signInAgain
    case accessTokenExpired
    case noAuthenticationToken(expired: Bool)

    // MARK: The SDK

    case noProviderWithSingleSignOn
    case appleTVBehaviour(SDKTVAppleSSO)
    /// A call the app made before `setRequestorComplete`, held by the SDK.
    case sdkQueues(AppAction)
    case sdkQueuesCheckAuthentication
    case sdkRunsQueued(AppAction)
    case sdkRunsQueuedCheckAuthentication
    case getAuthenticationRegularFlow
    case setRequestorFallsBack
    case setRequestorFailed(error: String)
    case setRequestorNoSAMLResponse
    case checkAuthenticationPermission(denied: Bool)
    case checkAuthenticationFailed(error: String)
    case tokenLifetimeOver

    // MARK: Sign-out

    case logoutPageInWebView
    case mvpdLogoutInHiddenWebView
    /// A TV keeps the MVPD's session; Adobe's profile (REST API V2) or token is gone.
    case televisionKeepsProviderSession(profile: Bool)
    case adobeTokenGone
    case checkAuthenticationCallFailed(message: String)
    case tokenUnreadable(message: String)
    case tokenSourceUnknown(message: String)
    case logoutFailed(message: String)
    case profilesUnreadable(message: String)

    // MARK: The custom identity provider

    case redirectWithoutCode
    case ownTokensForgotten
    case identityProviderRefused(message: String)
    case ownSignInFailed(message: String)
    case signedInWithOwnTokens(userId: String)
    case notEntitled
    /// A decision that said no without saying why.
    case notAuthorized
    /// What an app tells the subscriber when the service could not decide (a server error).
    case cannotCheckAccessNow

    // MARK: The registration code

    case newCodeReplaces(code: String)
    case slowDown(interval: Int)
    case throttled(seconds: Int)
    case pollingFailed(message: String)
    case pollingStopped(failures: Int, message: String)
    case codeTimeUp
    case codeExpired
    case codeExpiredBeforeProfile
}

/// Why the app cannot use what the framework said (REST API V2 B.2, D.2, D.6; REST API V1 step 5).
public enum UnusableStatus: Sendable, Equatable {
    case permissionNotGranted
    /// The framework named no provider: not signed in at system level.
    case noProvider
    /// The system sign-in's `authenticationExpirationDate` is past.
    case expired
}
