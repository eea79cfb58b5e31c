import Foundation
import PassAPI
import VSASimulator

/// The streaming app with its own identity provider and Apple's single sign-on, without Adobe
/// Pass, as seed 003 (the generic VSA recipe) lays it out:
///
///     3   determine the app's access (checkAccessStatus with the prompt)
///     4   request the subscriber's account information (silently at launch, Apple's picker on sign-in)
///     5   ask the identity provider's info endpoint (attributeNames, verificationToken,
///         channelIdentifier), then a second metadata request with them
///     6   translate the SAML response at the identity provider: the app's own tokens
///     F   fallback: the app's own account sign-in (a web view and a code exchange on iOS, a device
///         code with polling on tvOS)
///     P   plays: the tokens' entitlements decide
///     L   sign out: forget the tokens; after Apple SSO, sign out in Settings (VSA203)
///
/// The SDK's status codes mark the app's equivalent decision points.
enum CustomIdentityProviderFlow: PhasedIntegration {
    typealias Steps = CustomIdentityProviderSteps

    typealias State = FlowState<Phase, Memory>

    struct Memory: FlowMemory {
        var framework = FrameworkStatus()
        /// The titles the identity provider's tokens include.
        var entitlements: Set<String> = []
        /// Web sign-ins started, so each gets its own `state`.
        var signIns = 0
    }

    /// Back from the background: steps 3 and 4 again.
    typealias Goal = AppGoal

    enum Phase: RestingPhase {
        case idle
        // 3, 4
        case checkingFramework(Goal, FrameworkAccess.State)
        case applePicker(FrameworkStatus)
        // 5, 6
        case askingInfo(provider: String, silent: Bool)
        case secondRequest(provider: String, silent: Bool)
        case translating(provider: String, silent: Bool)
        // F
        case webLogin(expectedState: String, WebLogin.State)
        case exchangingCode
        case requestingDeviceCode
        case polling(CodePolling.State)
        // L
        case notice
    }

    static func published(_ effects: [Effect], _ state: State) -> [Effect] { markedAsAppDecisions(effects) }

    // MARK: - Parts, configured for this recipe

    static let webLogin = WebLogin()
    /// RFC 8628's device-code grant: pending, `slow_down`, expiry, tokens.
    static let polling = CodePolling(
        pollCall: { .customPollDeviceToken(deviceCode: $0) },
        interpret: { result in
            switch result {
            case .customDevicePending(let slowDown): .pending(slowDown: slowDown)
            case .customDeviceCodeExpired: .expired
            case .customTokens: .signedIn
            default: nil
            }
        },
        pollStep: Steps.pollToken)

    static func framework(_ setup: AppSetup) -> FrameworkAccess {
        FrameworkAccess(
            prompt: setup.asksPermission, accessStep: Steps.accessStatus, providerStep: Steps.silentAccount)
    }

    struct Reducer: AppActionReducer {
        var state: State
        let context: FlowContext

        mutating func runPart(_ event: Event) -> [Effect]? {
            switch state.phase {
            case .checkingFramework(let goal, let child):
                return scope(
                    CustomIdentityProviderFlow.framework(setup), child, as: { .checkingFramework(goal, $0) }, event
                ) { $0.frameworkChecked($1, goal: goal) }
            case .applePicker(let known):
                return scope(ApplePicker(), known, as: { .applePicker($0) }, event) { $0.applePickerAnswered($1) }
            case .webLogin(let expected, let stopAt):
                return scope(
                    CustomIdentityProviderFlow.webLogin, stopAt, as: { .webLogin(expectedState: expected, $0) }, event
                ) { $0.webLoginAnswered($1, expectedState: expected) }
            case .polling(let child):
                return scope(CustomIdentityProviderFlow.polling, child, as: { .polling($0) }, event) {
                    $0.pollingEnded($1)
                }
            default:
                return apiAnswer(event)
            }
        }

        mutating func apiAnswer(_ event: Event) -> [Effect]? {
            switch (state.phase, event) {
            case (.askingInfo(let provider, let silent), .api(.identityProviderInfo(let info))):
                return secondRequest(info, provider: provider, silent: silent)
            case (.secondRequest(let provider, let silent), .metadata(let result)):
                return secondRequestAnswered(result, provider: provider, silent: silent)
            case (.translating(_, let silent), .api(.customTokens(let tokens))):
                return authenticated(tokens, type: .appleSSO, announce: !silent)
            case (.exchangingCode, .api(.customTokens(let tokens))):
                return authenticated(tokens, type: .regular, announce: true)
            case (.requestingDeviceCode, .api(.customDeviceCode(let grant, let receivedAt))):
                return deviceCodeReceived(grant, receivedAt: receivedAt)
            case (.notice, .answer(.noticeDismissed)): return [.showHome] + finishIdle([])
            default: return nil
            }
        }

        // MARK: - User actions

        mutating func launchApp() -> [Effect] { checkConfiguration() + checkFramework(.launch) }

        mutating func startSignIn() -> [Effect] {
            if state.framework.isGranted { return showApplePicker() }
            return checkFramework(.signIn)
        }

        mutating func decide(toPlay resource: String) -> [Effect] { decidePlay(resource) }
        mutating func returnToForeground() -> [Effect] { checkFramework(.foreground) }

        // MARK: - 1. The app's configuration

        /// Step 1 at launch: what the framework will find in the app's bundle.
        func checkConfiguration() -> [Effect] {
            var effects: [Effect] = [.record(.step(Steps.configuration))]
            if !setup.identity.hasSingleSignOnEntitlement {
                effects.append(
                    .record(
                        .note(
                            "The provisioning profile lacks com.apple.developer.video-subscriber-single-sign-on: the framework will refuse the app."
                        )))
            }
            if (setup.identity.usageDescription ?? "").isEmpty {
                effects.append(
                    .record(
                        .note(
                            "Info.plist has no NSVideoSubscriberAccountUsageDescription: the framework will raise an exception at its first call."
                        )))
            }
            return effects
        }

        // MARK: - 3, 4. Access and the account

        mutating func checkFramework(_ goal: Goal) -> [Effect] {
            let (child, effects) = CustomIdentityProviderFlow.framework(setup).checkAccess(
                state.framework, askProvider: true)
            state.phase = .checkingFramework(goal, child)
            return effects
        }

        mutating func frameworkChecked(_ known: FrameworkStatus, goal: Goal) -> [Effect] {
            state.framework = known
            let instead = goal == .signIn ? "The app's own sign-in." : "The app continues without single sign-on."
            let effects = frameworkAnswerStatus(known, instead: instead)
            switch goal {
            case .foreground where state.basics.app.authentication.isAuthenticated:
                return finishIdle(effects)
            case .launch, .foreground:
                guard let provider = known.providerId, known.isGranted else {
                    return finishIdle(effects + [status(.notAuthenticated)])
                }
                return effects + askIdentityProvider(provider, silent: true)
            case .signIn:
                return effects + showApplePicker()
            }
        }

        /// The app has no configuration to load: Apple's picker comes straight away.
        mutating func showApplePicker() -> [Effect] {
            guard state.framework.isGranted else { return ownSignIn(provider: nil) }
            let request = ApplePicker.request(
                supported: setup.supportedProviders, featured: setup.featuredProviders,
                videoTitle: state.basics.pendingTitle)
            state.phase = .applePicker(state.framework)
            return [.record(.step(Steps.interactiveAccount)), .vsa(.metadata(request))]
        }

        mutating func applePickerAnswered(_ outcome: ApplePicker.Outcome) -> [Effect] {
            if case .applePicker(let known) = state.phase { state.framework = known }
            state.phase = .idle
            switch outcome {
            case .signedIn(let provider):
                return askIdentityProvider(provider, silent: false)
            case .noProvider:
                return finishIdle([status(.notAuthenticated, "The framework answered without a provider.")])
            case .cancelled(let duringSignIn):
                return applePickerCancelled(duringSignIn: duringSignIn)
            case .otherProvider:
                return [status(.otherProvider)] + ownSignIn(provider: nil)
            case .unsupportedProvider(let provider):
                // The app's own sign-in page can still start on the provider the user chose.
                let reason = state.framework.error?.message ?? "\(provider) is not supported by \(setup.requestor)."
                return [status(.unsupportedProvider, reason)] + ownSignIn(provider: provider)
            case .permissionNotGranted(let error):
                return [status(.permissionDenied, error.message)] + ownSignIn(provider: nil)
            case .failed(let error):
                return [status(.forFrameworkError(error), error.description)]
                    + ownSignIn(provider: nil)
            }
        }

        // MARK: - 5, 6. The identity provider

        mutating func askIdentityProvider(_ provider: String, silent: Bool) -> [Effect] {
            state.phase = .askingInfo(provider: provider, silent: silent)
            return [.record(.step(Steps.identityProviderInfo)), .call(.identityProviderInfo(provider: provider))]
        }

        mutating func secondRequest(_ info: IdentityProviderInfo, provider: String, silent: Bool) -> [Effect] {
            state.phase = .secondRequest(provider: provider, silent: silent)
            let request = MetadataRequest(
                isInterruptionAllowed: false, verificationToken: info.verificationToken,
                attributeNames: info.attributeNames, includeAccountProviderIdentifier: true,
                includeAuthenticationExpirationDate: true, channelIdentifier: info.channelIdentifier)
            return [.record(.step(Steps.secondMetadataRequest)), .vsa(.metadata(request))]
        }

        mutating func secondRequestAnswered(
            _ result: Result<AccountMetadata, VSError>, provider: String, silent: Bool
        ) -> [Effect] {
            switch result {
            case .success(let metadata):
                guard let saml = metadata.samlAttributeQueryResponse else {
                    return [status(.appleError, "The framework returned no SAML response.")]
                        + fallBack(silent: silent, provider: provider)
                }
                state.framework.expiry = metadata.authenticationExpirationDate ?? state.framework.expiry
                state.phase = .translating(provider: provider, silent: silent)
                return [.record(.step(Steps.translate)), .call(.translateSAML(saml: saml, provider: provider))]
            case .failure(let error):
                return [status(.forFrameworkError(error), error.description)]
                    + fallBack(silent: silent, provider: provider)
            }
        }

        /// Tokens from single sign-on (`appleSSO`) or from the app's own sign-in (`regular`):
        /// either way their entitlements decide which titles unlock.
        mutating func authenticated(_ tokens: CustomIdentityTokens, type: ProfileType, announce: Bool) -> [Effect] {
            state.entitlements = Set(tokens.entitlements)
            // Only an Apple sign-in has a known end; the app's own tokens are refreshed as they go.
            let notAfter = type == .appleSSO ? state.framework.expiry ?? 0 : 0
            state.basics.app.authentication = .authenticated(mvpd: tokens.provider, type: type, notAfter: notAfter)
            for item in setup.catalog where !item.free {
                state.basics.app.unlocked[item.id] = state.entitlements.contains(item.id)
            }
            let effects: [Effect] = [
                .showHome, .record(.note("Signed in as \(tokens.userId) with the app's own tokens.")),
            ]
            if let resource = state.basics.pendingPlay {
                state.basics.pendingPlay = nil
                return effects + decidePlay(resource)
            }
            return finishIdle(effects)
        }

        /// At launch a failed silent attempt leaves the user signed out; on sign-in the app offers
        /// its own account, starting on the provider single sign-on was tried with.
        mutating func fallBack(silent: Bool, provider: String) -> [Effect] {
            silent ? finishIdle([status(.notAuthenticated)]) : ownSignIn(provider: provider)
        }

        // MARK: - F. The app's own sign-in

        mutating func ownSignIn(provider: String?) -> [Effect] {
            state.basics.app.activity = "Signing in"
            let step = Effect.record(.step(Steps.ownSignIn))
            switch setup.platform {
            case .ios: return [step] + openWebSignIn(provider: provider)
            case .tvos: return [step] + requestDeviceCode()
            }
        }

        mutating func openWebSignIn(provider: String?) -> [Effect] {
            state.signIns += 1
            // A fresh `state` per attempt, so that the app accepts only the redirect it asked for.
            let nonce = "\(setup.requestor.lowercased())-\(state.signIns)"
            let url = CustomIdentityProviderPaths.login(
                requestor: setup.requestor, redirectURI: setup.redirectUrl, state: nonce, provider: provider)
            let (stopAt, effects) = WebLogin.open(url, stopAt: setup.redirectUrl)
            state.phase = .webLogin(expectedState: nonce, stopAt)
            return [.record(.step(Steps.webSignIn))] + effects
        }

        mutating func webLoginAnswered(_ outcome: WebLogin.Outcome, expectedState: String) -> [Effect] {
            guard case .returned(let url) = outcome else { return signInAbandoned("The sign-in page was closed.") }
            let query = URLComponents(string: url)?.queryItems ?? []
            let value = { (name: String) in query.first { $0.name == name }?.value }
            guard value("state") == expectedState, let code = value("code") else {
                state.basics.dropPendingPlay()
                return [.showHome]
                    + finishIdle([
                        .record(.note("The redirect carries no code for this sign-in; the app ignores it.")),
                        status(.notAuthenticated),
                    ])
            }
            state.phase = .exchangingCode
            return [
                .showHome, .record(.step(Steps.exchangeCode)),
                .call(.customExchange(code: code, redirectURI: setup.redirectUrl)),
            ]
        }

        mutating func requestDeviceCode() -> [Effect] {
            state.phase = .requestingDeviceCode
            return [.call(.customDeviceCode)]
        }

        /// The code screen the REST flows use, with the identity provider's verification address.
        mutating func deviceCodeReceived(_ grant: CustomDeviceAuthorization, receivedAt: Int64) -> [Effect] {
            let screen = RegistrationCode(
                code: grant.userCode, activationPath: grant.verificationUri,
                notAfter: receivedAt + Int64(grant.expiresIn) * 1000, mvpd: nil,
                status: RegistrationCode.waiting)
            let (child, effects) = CodePolling.show(
                screen, handle: grant.deviceCode, interval: grant.interval, lifetime: Double(grant.expiresIn))
            state.phase = .polling(child)
            return [.record(.step(Steps.showDeviceCode)), status(.registrationCode, grant.userCode)] + effects
        }

        mutating func pollingEnded(_ outcome: CodePolling.Outcome) -> [Effect] {
            switch outcome {
            case .signedIn(.customTokens(let tokens)): return authenticated(tokens, type: .regular, announce: true)
            case .signedIn: return finishIdle([])
            case .newCodeRequested: return requestDeviceCode()
            case .closed: return codeScreenEnded(closed: true, reason: "")
            case .gaveUp(let reason): return codeScreenEnded(closed: false, reason: reason)
            }
        }

        // MARK: - P. Plays

        /// Titles play when the identity provider's tokens include them; no call is needed.
        mutating func decidePlay(_ resource: String) -> [Effect] {
            let step = Effect.record(.step(Steps.entitlements))
            guard state.entitlements.contains(resource) else {
                let message = "The subscription does not include this title."
                state.basics.app.deny(resource, code: "not_entitled", message: message, signedOut: false)
                return finishIdle([
                    step, .record(.decision(resource: resource, authorized: false, code: "not_entitled")),
                    status(.authorizationDenied, message),
                ])
            }
            state.basics.app.startPlaying(resource, tokenNotAfter: state.framework.expiry ?? 1)
            return finishIdle([step, .record(.decision(resource: resource, authorized: true, code: nil))])
        }

        // MARK: - L. Sign out

        /// Signing out forgets the tokens. Signed in through Apple, the user is also told that the
        /// device stays signed in to the TV provider until removed in Settings (VSA203).
        mutating func signOut() -> [Effect] {
            let viaApple: Bool =
                if case .authenticated(_, .appleSSO, _) = state.basics.app.authentication { true } else { false }
            guard state.basics.app.authentication.isAuthenticated else {
                return [.record(.note("Not signed in; nothing to sign out of."))]
            }
            state.basics.app = AppModel()
            state.basics.app.authentication = .notAuthenticated
            state.entitlements = []
            let step = Effect.record(.step(Steps.forgetTokens))
            guard viaApple else {
                return finishIdle([
                    step, .record(.note("The app's own tokens are forgotten; nothing else to sign out of.")),
                ])
            }
            state.phase = .notice
            return [step, status(.signOutInSettings), .show(.notice(state.basics.signOutNotice))]
        }

        // MARK: - Failures

        mutating func apiFailed(_ failure: PassErrorSummary) -> [Effect] {
            switch state.phase {
            case .askingInfo(let provider, let silent), .translating(let provider, let silent):
                let note = Effect.record(.note("The identity provider refused (\(failure.message))."))
                return [note] + fallBack(silent: silent, provider: provider)
            case .exchangingCode, .requestingDeviceCode:
                state.basics.dropPendingPlay()
                return [.showHome]
                    + finishIdle([
                        .record(.note("The app's own sign-in failed (\(failure.message)).")), status(.notAuthenticated),
                    ])
            default:
                return failedUnexpectedly(failure)
            }
        }

    }
}
