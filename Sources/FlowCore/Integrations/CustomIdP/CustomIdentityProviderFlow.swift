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
enum CustomIdentityProviderFlow: IntegrationFlow {
    typealias Steps = CustomIdentityProviderSteps

    struct Memory: FlowMemory {
        var framework = FrameworkStatus()
        /// The titles the identity provider's tokens include.
        var entitlements: Set<String> = []
        /// Web sign-ins started, so each gets its own `state`.
        var signIns = 0
    }

    /// Why the checks start; back from the background, steps 3 and 4 run again.
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

    static func published(_ effects: [Effect], before: State, after: State) -> [Effect] {
        markedAsAppDecisions(effects)
    }

    // MARK: - Parts, configured for this recipe

    static let webLogin = WebLogin()
    /// RFC 8628's device-code grant: pending, `slow_down`, expiry, tokens.
    static let polling = CodePolling(
        pollCall: { .customIdP(.pollDeviceToken(deviceCode: $0)) },
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
        typealias Goal = CustomIdentityProviderFlow.Goal
        typealias Steps = CustomIdentityProviderFlow.Steps

        var state: State
        let context: FlowContext

        mutating func runPart(_ event: Event) -> [Effect]? {
            switch state.phase {
            case .checkingFramework(let goal, let child):
                return scope(
                    CustomIdentityProviderFlow.framework(setup), child, as: { .checkingFramework(goal, $0) }, event
                ) { $0.frameworkChecked($1, goal: goal) }
            case .applePicker(let known):
                return scope(ApplePicker(), known, as: { .applePicker($0) }, event, keeping: \.state.framework) {
                    $0.applePickerAnswered($1)
                }
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

        mutating func launchApp() -> [Effect] { checkAppBundle() + checkFramework(.launch) }

        mutating func startSignIn() -> [Effect] {
            if state.framework.isGranted { return showApplePicker() }
            return checkFramework(.signIn)
        }

        mutating func decide(toPlay resource: String) -> [Effect] { decidePlay(resource) }
        mutating func returnToForeground() -> [Effect] { checkFramework(.foreground) }
    }
}
