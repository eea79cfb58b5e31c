import PassAPI

/// What an app on Adobe Pass's REST APIs does from the decision to try single sign-on to the
/// partner exchange, alike in REST API V2 (C.1–C.4) and V1 (steps 3 and 4): read the
/// configuration once; then, silently, the provider the device is signed in with, or, on sign-in
/// with the permission, Apple's picker; without the permission, the app's own picker. Each
/// integration names its steps and phases, and says how its exchange and its picker start.
protocol PartnerSignInReducer: AppActionReducer where State.Memory == PassMemory {
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

    /// Apple's picker when the permission allows it; otherwise the app's own picker.
    mutating func startApplePicker(_ directory: ConfigurationDirectory) -> [Effect] {
        guard memory.framework.isGranted else { return showAppPicker(preselected: nil) }
        let request = ApplePicker.request(
            for: directory, setup, videoTitle: basics.pendingTitle, channelIdentifier: Self.channelIdentifier)
        phase = Self.applePicker(memory.framework)
        return [.record(.step(Self.applePickerStep)), .vsa(.metadata(request))]
    }
}
