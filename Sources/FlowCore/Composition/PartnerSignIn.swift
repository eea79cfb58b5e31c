import PassAPI
import VSASimulator

/// What an app on Adobe Pass's REST APIs does from the decision to try single sign-on to the
/// partner exchange, alike in REST API V2 (C.1–C.4) and V1 (steps 3 and 4): read the
/// configuration once; then, silently, the provider the device is signed in with, or, on sign-in
/// with the permission, Apple's picker; without the permission, the app's own picker. Each
/// integration names its steps and phases, and says how its exchange and its picker start.
protocol PartnerSignInReducer: AppActionReducer where Memory == PassMemory {
    /// The configuration call and the step that makes it.
    static var configurationCall: (call: APICall, step: CookbookStep) { get }
    /// The step that opens Apple's picker.
    static var applePickerStep: CookbookStep { get }
    /// The `channelIdentifier` the app's metadata requests carry, if any.
    static var channelIdentifier: String? { get }
    /// The phases the steps below wait in.
    static func retrievingConfiguration(_ goal: AppGoal) -> Phase
    static func applePicker(_ framework: FrameworkStatus) -> Phase

    mutating func showAppPicker(preselected: String?) -> [Effect]
    mutating func requestPartnerAuthentication(_ mvpd: MvpdConfiguration, silent: Bool) -> [Effect]
    /// The MVPD's own login, for a provider the app knows that cannot sign in through Apple.
    mutating func loginWithoutSingleSignOn(_ mvpd: MvpdConfiguration) -> [Effect]
}

extension PartnerSignInReducer {
    private var memory: PassMemory {
        get { state.memory }
        set { state.memory = newValue }
    }

    /// The configuration, read once: a sign-in after it goes straight on.
    mutating func retrieveConfiguration(_ goal: AppGoal) -> [Effect] {
        if let directory = memory.directory, goal == .signIn { return startApplePicker(directory) }
        phase = Self.retrievingConfiguration(goal)
        return [.record(.step(Self.configurationCall.step)), .call(Self.configurationCall.call)]
    }

    mutating func configurationRetrieved(_ configuration: ConfigurationResponse, goal: AppGoal) -> [Effect] {
        let directory = ConfigurationDirectory(configuration)
        memory.directory = directory
        switch goal {
        case .signIn: return startApplePicker(directory)
        case .launch, .foreground:
            guard let mvpd = directory.appleSSOMvpd(platformId: memory.framework.providerId) else {
                return finishIdle([status(.notAuthenticated)])
            }
            return requestPartnerAuthentication(mvpd, silent: true)
        }
    }

    /// Error 1 with a provider id from Apple's picker. An MVPD of the configuration has no Apple
    /// SSO: no code, straight to its login (seed 004, step 4); any other provider is not enabled
    /// for this requestor: N004 and the app's own picker.
    mutating func unsupportedProviderAnswered(_ provider: String) -> [Effect] {
        guard let mvpd = (memory.directory ?? .empty).mvpd(platformId: provider) else {
            return raised(
                .providerNotEnabled, at: .getAuthentication,
                .notSupported(provider: provider, requestor: setup.requestor))
                + showAppPicker(preselected: nil)
        }
        return raised(.providerWithoutAppleSSO, at: .getAuthentication)
            + [.record(.note(.noSingleSignOnStraightToLogin(mvpd: mvpd.displayName)))]
            + loginWithoutSingleSignOn(mvpd)
    }

    /// The permission refused or the framework failed at Apple's picker: the SDK's code at
    /// `getAuthentication`, then the app's own picker.
    mutating func applePickerFailed(permission error: VSError?, framework failure: VSError?) -> [Effect] {
        let code: [Effect] =
            if let error { permissionRefused(memory.framework, error) } else {
                raised(.frameworkFailed, at: .getAuthentication, failure.map { .verbatim($0.description) })
            }
        return code + showAppPicker(preselected: nil)
    }

    /// Apple's picker when the permission allows it; otherwise the app's own picker.
    mutating func startApplePicker(_ directory: ConfigurationDirectory) -> [Effect] {
        guard memory.framework.isGranted else { return showAppPicker(preselected: nil) }
        let request = ApplePicker.request(
            for: directory, setup, videoTitle: basics.pendingTitle, channelIdentifier: Self.channelIdentifier)
        phase = Self.applePicker(memory.framework)
        return [.record(.step(Self.applePickerStep)), .vsa(.metadata(request))]
    }
}
