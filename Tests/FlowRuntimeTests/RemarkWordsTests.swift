import FlowCore
import Localization
import PassAPI
import Testing

@testable import FlowRuntime

/// FlowCore states its remarks as facts; the timeline and the screens word them from the
/// catalogs. Every remark has its words, filled in, and in every language its own.
@Suite struct RemarkWordsTests {
    /// One of each case (both forms of a case that picks its key by a flag).
    static let remarks: [Remark] = [
        .busy(ignoring: .play("show")), .busy(ignoring: .launch), .busy(ignoring: .signIn),
        .busy(ignoring: .signOut), .busy(ignoring: .foreground), .alreadySignedIn, .playsFree(resource: "show"),
        .notSignedIn, .ignored(event: "timer.poll", phase: "idle"), .failed(phase: "preauthorizing", message: "m"),
        .regularWorkflowNext, .appPickerNext, .ownSignInNext, .continuesWithoutSingleSignOn,
        .triesSilentSingleSignOn, .systemSignInExpired, .signInExpirationPast, .noProvider,
        .noProviderRegularWorkflow, .noSAMLResponse, .notIntegrated(provider: "p", requestor: "R"),
        .notSupported(provider: "p", requestor: "R"), .noSingleSignOnHere(mvpd: "M"),
        .noSingleSignOnStraightToLogin(mvpd: "M"), .singleSignOnDisabled(mvpd: "M"),
        .applePickerCancelled(duringSignIn: false), .applePickerCancelled(duringSignIn: true),
        .applePickerCancelledRegularWorkflow(duringSignIn: false),
        .applePickerCancelledRegularWorkflow(duringSignIn: true), .appPickerCancelled, .mvpdLoginClosed,
        .signInPageClosed, .codeScreenClosed, .platformMapping(provider: "p", mvpd: "M"),
        .partnerStatusUnused(step: "B.2", .permissionNotGranted), .partnerStatusUnused(step: "B.2", .noProvider),
        .appleProfileUnusable(step: "D.6", .expired), .refreshedStatusNamesNoProvider,
        .missingSingleSignOnEntitlement, .missingUsageDescription, .adobeAnswered(action: "a", reason: "r"),
        .adobeAnsweredNoSilentExchange(action: "a", reason: "r"), .degradedWithoutProvider(mvpd: "M"),
        .degradedNoSilentExchange(mvpd: "M"), .degraded(mvpd: "M"), .noAppleProfile, .noProfile,
        .exchangeProducedNoToken, .silentExchangeProducedNoToken, .singleSignOnFailed(message: "m"),
        .sessionHasNoCode, .signInAgain, .accessTokenExpired, .noAuthenticationToken(expired: false),
        .noAuthenticationToken(expired: true), .noProviderWithSingleSignOn, .appleTVBehaviour(.silentExchange),
        .appleTVBehaviour(.registrationCode), .sdkQueues(.signIn), .sdkQueuesCheckAuthentication,
        .sdkRunsQueued(.signIn), .sdkRunsQueuedCheckAuthentication, .getAuthenticationRegularFlow,
        .setRequestorFallsBack, .setRequestorFailed(error: "e"), .setRequestorNoSAMLResponse,
        .checkAuthenticationPermission(denied: true), .checkAuthenticationPermission(denied: false),
        .checkAuthenticationFailed(error: "e"), .tokenLifetimeOver, .logoutPageInWebView,
        .mvpdLogoutInHiddenWebView, .televisionKeepsProviderSession(profile: true),
        .televisionKeepsProviderSession(profile: false), .adobeTokenGone,
        .checkAuthenticationCallFailed(message: "m"), .tokenUnreadable(message: "m"),
        .tokenSourceUnknown(message: "m"), .logoutFailed(message: "m"), .profilesUnreadable(message: "m"),
        .redirectWithoutCode, .ownTokensForgotten, .identityProviderRefused(message: "m"),
        .ownSignInFailed(message: "m"), .signedInWithOwnTokens(userId: "u"), .notEntitled, .notAuthorized,
        .newCodeReplaces(code: "C"), .slowDown(interval: 10), .throttled(seconds: 30),
        .pollingFailed(message: "m"), .pollingStopped(failures: 5, message: "m"), .codeTimeUp, .codeExpired,
        .codeExpiredBeforeProfile,
    ]

    /// A call's name and the framework's own error: nothing to translate around them.
    static func protocolOnly(_ remark: Remark) -> Bool {
        switch remark {
        case .setRequestorFailed, .checkAuthenticationFailed: true
        default: false
        }
    }

    @Test func everyRemarkIsWordedAndFilledInEveryLanguage() {
        let english = Self.remarks.map(\.text)
        #expect(Set(english).count == english.count, "two remarks share their words")
        for language in Language.allCases {
            let strings = Strings.of(language)
            for (remark, inEnglish) in zip(Self.remarks, english) {
                let text = remark.text(in: strings)
                #expect(!text.contains("remark.") && !text.contains("appAction.") && !text.contains("{"), "\(text)")
                if language != .english, !Self.protocolOnly(remark) {
                    #expect(text != inEnglish, "\(language.tag) words \(remark) in English")
                }
            }
        }
    }

    @Test func wordsFromOutsideStayAsTheyCame() {
        for language in Language.allCases {
            #expect(Remark.verbatim("invalid_requestor: x").text(in: .of(language)) == "invalid_requestor: x")
        }
    }

    /// English keeps the timeline's record; another language says the code's meaning and then
    /// the remark in its own words.
    @Test func aStatusLineSaysTheRemarkInTheSessionsLanguage() {
        let timeline = Timeline(now: { 0 })
        timeline.record(.status(.cancelled, details: .codeScreenClosed))
        timeline.record(.status(.permissionDenied, details: .verbatim("denied by the user")))
        timeline.record(.status(.notAuthenticated, details: nil))
        let (closed, denied, plain) = (timeline.entries[0], timeline.entries[1], timeline.entries[2])
        #expect(closed.detail == "The code screen was closed.")
        #expect(closed.statusDetail(in: .english) == "The code screen was closed.")
        let spanish = Strings.of(.spanish)
        #expect(
            closed.statusDetail(in: spanish)
                == "\(StatusCode.cancelled.meaning(in: spanish)) (\(Remark.codeScreenClosed.text(in: spanish)))")
        #expect(
            denied.statusDetail(in: spanish)
                == "\(StatusCode.permissionDenied.meaning(in: spanish)) (denied by the user)")
        #expect(plain.statusDetail(in: spanish) == StatusCode.notAuthenticated.meaning(in: spanish))
        #expect(plain.statusDetail(in: .english) == StatusCode.notAuthenticated.meaning)
    }

    @Test func noteLinesAreWordedInTheSessionsLanguage() {
        let timeline = Timeline(now: { 0 })
        timeline.record(.note(.codeExpired))
        timeline.record(.sdkCall(.getSelectedProvider, silently: false))
        timeline.record(.decision(resource: "show", authorized: false, code: nil))
        #expect(
            timeline.entries.map(\.title) == [
                "The code expired; polling stops.", "The app calls getSelectedProvider().",
                "The app denies show (denied)",
            ])
        let russian = Strings.of(.russian)
        #expect(timeline.entries[0].title(in: russian) == Remark.codeExpired.text(in: russian))
        for entry in timeline.entries { #expect(entry.title(in: russian) != entry.title) }
    }
}
