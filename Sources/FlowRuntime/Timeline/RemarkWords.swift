import FlowCore
import Localization
import PassAPI

// The words of the flow's remarks, from the string catalogs (`remark.*`): FlowCore states why a
// code was raised or what the app does next as a `Remark`, and the timeline writes it in English
// while the terminal UI and `tvsim run --lang` say it in the session's language.

extension Remark {
    /// The remark in English, as the timeline's record keeps it.
    public var text: String { text(in: .english) }

    /// The remark in the language of `strings`: one case a line, each to its catalog key.
    public func text(in strings: Strings) -> String {
        switch self {
        case .verbatim(let words): words
        case .busy(let action): strings("remark.busy", ["action": action.words(in: strings)])
        case .alreadySignedIn: strings("remark.alreadySignedIn")
        case .playsFree(let resource): strings("remark.playsFree", ["resource": resource])
        case .notSignedIn: strings("remark.notSignedIn")
        case .ignored(let event, let phase): strings("remark.ignored", ["event": event, "phase": phase])
        case .failed(let phase, let message): strings("remark.failed", ["phase": phase, "message": message])
        case .regularWorkflowNext: strings("remark.regularWorkflowNext")
        case .appPickerNext: strings("remark.appPickerNext")
        case .ownSignInNext: strings("remark.ownSignInNext")
        case .continuesWithoutSingleSignOn: strings("remark.continuesWithoutSingleSignOn")
        case .triesSilentSingleSignOn: strings("remark.triesSilentSingleSignOn")
        case .systemSignInExpired: strings("remark.systemSignInExpired")
        case .signInExpirationPast: strings("remark.signInExpirationPast")
        case .noProvider: strings("remark.noProvider")
        case .noProviderRegularWorkflow: strings("remark.noProviderRegularWorkflow")
        case .noSAMLResponse: strings("remark.noSAMLResponse")
        case .notIntegrated(let provider, let requestor):
            strings("remark.notIntegrated", ["provider": provider, "requestor": requestor])
        case .notSupported(let provider, let requestor):
            strings("remark.notSupported", ["provider": provider, "requestor": requestor])
        case .noSingleSignOnHere(let mvpd): strings("remark.noSingleSignOnHere", ["mvpd": mvpd])
        case .noSingleSignOnStraightToLogin(let mvpd): strings("remark.noSingleSignOnStraightToLogin", ["mvpd": mvpd])
        case .singleSignOnDisabled(let mvpd): strings("remark.singleSignOnDisabled", ["mvpd": mvpd])
        case .applePickerCancelled(let duringSignIn):
            strings(duringSignIn ? "remark.providerSignInCancelled" : "remark.applePickerCancelled")
        case .applePickerCancelledRegularWorkflow(let duringSignIn):
            strings(
                duringSignIn
                    ? "remark.providerSignInCancelledRegularWorkflow" : "remark.applePickerCancelledRegularWorkflow")
        case .appPickerCancelled: strings("remark.appPickerCancelled")
        case .mvpdLoginClosed: strings("remark.mvpdLoginClosed")
        case .signInPageClosed: strings("remark.signInPageClosed")
        case .codeScreenClosed: strings("remark.codeScreenClosed")
        case .platformMapping(let provider, let mvpd):
            strings("remark.platformMapping", ["provider": provider, "mvpd": mvpd])
        case .partnerStatusUnused(let step, let problem):
            strings("remark.partnerStatusUnused", ["step": step, "why": problem.words(in: strings)])
        case .appleProfileUnusable(let step, let problem):
            strings("remark.appleProfileUnusable", ["step": step, "why": problem.words(in: strings)])
        case .refreshedStatusNamesNoProvider: strings("remark.refreshedStatusNamesNoProvider")
        case .missingSingleSignOnEntitlement: strings("remark.missingSingleSignOnEntitlement")
        case .missingUsageDescription: strings("remark.missingUsageDescription")
        case .adobeAnswered(let action, let reason):
            strings("remark.adobeAnswered", ["action": action, "reason": reason])
        case .adobeAnsweredNoSilentExchange(let action, let reason):
            strings("remark.adobeAnsweredNoSilentExchange", ["action": action, "reason": reason])
        case .degradedWithoutProvider(let mvpd): strings("remark.degradedWithoutProvider", ["mvpd": mvpd])
        case .degradedNoSilentExchange(let mvpd): strings("remark.degradedNoSilentExchange", ["mvpd": mvpd])
        case .degraded(let mvpd): strings("remark.degraded", ["mvpd": mvpd])
        case .noAppleProfile: strings("remark.noAppleProfile")
        case .mediaTokenChecked(let status, let message):
            strings("remark.mediaTokenChecked", ["status": status, "message": message])
        case .mediaTokenRefused: strings("remark.mediaTokenRefused")
        case .resumesSession: strings("remark.resumesSession")
        case .noProfile: strings("remark.noProfile")
        case .exchangeProducedNoToken: strings("remark.exchangeProducedNoToken")
        case .silentExchangeProducedNoToken: strings("remark.silentExchangeProducedNoToken")
        case .singleSignOnFailed(let message): strings("remark.singleSignOnFailed", ["message": message])
        case .sessionHasNoCode: strings("remark.sessionHasNoCode")
        case .signInAgain: strings("remark.signInAgain")
        case .accessTokenExpired: strings("remark.accessTokenExpired")
        case .noAuthenticationToken(let expired):
            strings(expired ? "remark.noAuthenticationToken.expired" : "remark.noAuthenticationToken.missing")
        case .noProviderWithSingleSignOn: strings("remark.noProviderWithSingleSignOn")
        case .appleTVBehaviour(.silentExchange): strings("remark.appleTV.silentExchange")
        case .appleTVBehaviour(.registrationCode): strings("remark.appleTV.registrationCode")
        case .sdkQueues(let action): strings("remark.sdkQueues", ["action": action.words(in: strings)])
        case .sdkQueuesCheckAuthentication: strings("remark.sdkQueuesCheckAuthentication")
        case .sdkRunsQueued(let action): strings("remark.sdkRunsQueued", ["action": action.words(in: strings)])
        case .sdkRunsQueuedCheckAuthentication: strings("remark.sdkRunsQueuedCheckAuthentication")
        case .getAuthenticationRegularFlow: strings("remark.getAuthenticationRegularFlow")
        case .setRequestorFallsBack: strings("remark.setRequestorFallsBack")
        case .setRequestorFailed(let error): strings("remark.setRequestorFailed", ["error": error])
        case .setRequestorNoSAMLResponse: strings("remark.setRequestorNoSAMLResponse")
        case .checkAuthenticationPermission(let denied):
            strings(
                denied
                    ? "remark.checkAuthenticationPermissionDenied" : "remark.checkAuthenticationPermissionUndetermined")
        case .checkAuthenticationFailed(let error): strings("remark.checkAuthenticationFailed", ["error": error])
        case .tokenLifetimeOver: strings("remark.tokenLifetimeOver")
        case .logoutPageInWebView: strings("remark.logoutPageInWebView")
        case .mvpdLogoutInHiddenWebView: strings("remark.mvpdLogoutInHiddenWebView")
        case .televisionKeepsProviderSession(let profile):
            strings(
                profile
                    ? "remark.televisionKeepsProviderSession.profile" : "remark.televisionKeepsProviderSession.token")
        case .adobeTokenGone: strings("remark.adobeTokenGone")
        case .checkAuthenticationCallFailed(let message):
            strings("remark.checkAuthenticationCallFailed", ["message": message])
        case .tokenUnreadable(let message): strings("remark.tokenUnreadable", ["message": message])
        case .tokenSourceUnknown(let message): strings("remark.tokenSourceUnknown", ["message": message])
        case .logoutFailed(let message): strings("remark.logoutFailed", ["message": message])
        case .profilesUnreadable(let message): strings("remark.profilesUnreadable", ["message": message])
        case .redirectWithoutCode: strings("remark.redirectWithoutCode")
        case .ownTokensForgotten: strings("remark.ownTokensForgotten")
        case .identityProviderRefused(let message): strings("remark.identityProviderRefused", ["message": message])
        case .ownSignInFailed(let message): strings("remark.ownSignInFailed", ["message": message])
        case .signedInWithOwnTokens(let userId): strings("remark.signedInWithOwnTokens", ["userId": userId])
        case .notEntitled: strings("remark.notEntitled")
        case .notAuthorized: strings("remark.notAuthorized")
        case .cannotCheckAccessNow: strings("remark.cannotCheckAccessNow")
        case .newCodeReplaces(let code): strings("remark.newCodeReplaces", ["code": code])
        case .slowDown(let interval): strings("remark.slowDown", ["interval": String(interval)])
        case .throttled(let seconds): strings("remark.throttled", ["seconds": String(seconds)])
        case .pollingFailed(let message): strings("remark.pollingFailed", ["message": message])
        case .pollingStopped(let failures, let message):
            strings("remark.pollingStopped", ["failures": String(failures), "message": message])
        case .codeTimeUp: strings("remark.codeTimeUp")
        case .codeExpired: strings("remark.codeExpired")
        case .codeExpiredBeforeProfile: strings("remark.codeExpiredBeforeProfile")
        }
    }
}

extension AppAction {
    /// The action as a noun, for remarks that name it ("the sign-in is ignored").
    func words(in strings: Strings) -> String {
        switch self {
        case .launch: strings("appAction.launch")
        case .signIn: strings("appAction.signIn")
        case .play(let resource): strings("appAction.play", ["resource": resource])
        case .signOut: strings("appAction.signOut")
        case .foreground: strings("appAction.foreground")
        }
    }
}

extension UnusableStatus {
    func words(in strings: Strings) -> String {
        switch self {
        case .permissionNotGranted: strings("remark.unusable.permissionNotGranted")
        case .noProvider: strings("remark.unusable.noProvider")
        case .expired: strings("remark.unusable.expired")
        }
    }
}

extension FlowNote {
    /// A note line's title in the language of `strings`; nil for the lines titled by a code, a
    /// step or a callback, which are protocol and stay as they are.
    public func title(in strings: Strings) -> String? {
        switch self {
        case .note(let remark): return remark.text(in: strings)
        case .sdkCall(let call, let silently):
            let spelled = "\(call.name)(\(call.arguments))"
            return strings(silently ? "remark.sdkCall.silent" : "remark.sdkCall.app", ["call": spelled])
        case .decision(let resource, let authorized, let code):
            guard authorized else {
                return strings("remark.decision.denies", ["resource": resource, "code": code ?? "denied"])
            }
            return strings("remark.decision.permits", ["resource": resource])
        case .step, .status, .callback: return nil
        }
    }
}
