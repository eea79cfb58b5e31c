import FlowCore
import PassAPI
import VSASimulator

/// The person using the simulated device. The terminal UI is one (keys on screens); the
/// scripted user of scenarios is another. The runtime asks; the agent answers.
public protocol UserAgent: Sendable {
    func respond(to request: UserRequest) async -> UserResponse
}

/// A demo account to suggest on a sign-in form.
public struct CredentialHint: Sendable, Equatable, Codable {
    public let username: String
    public let password: String
    public let note: String?

    public init(username: String, password: String, note: String?) {
        self.username = username
        self.password = password
        self.note = note
    }
}

/// The MVPD login page inside the app's web view.
public struct WebLoginView: Sendable, Equatable {
    public let title: String
    public let url: String
    public let error: String?
    public let hints: [CredentialHint]

    public init(title: String, url: String, error: String?, hints: [CredentialHint]) {
        self.title = title
        self.url = url
        self.error = error
        self.hints = hints
    }
}

/// What the app's home screen shows.
public struct HomeView: Sendable, Equatable {
    public let app: AppModel
    public let setup: AppSetup

    public init(app: AppModel, setup: AppSetup) {
        self.app = app
        self.setup = setup
    }
}

/// What the runtime needs the user for.
public enum UserRequest: Sendable, Equatable {
    /// The app is idle on its home screen: the next thing the user does.
    case home(HomeView)
    /// The system alert asking for access to the TV provider.
    case permission(PermissionPrompt)
    /// Apple's TV-provider picker.
    case applePicker(ProviderPicker)
    /// The provider's sign-in inside the system UI.
    case providerSignIn(SignInPrompt, hints: [CredentialHint])
    /// The app's own MVPD picker.
    case mvpdPicker([MvpdConfiguration], preselected: String?)
    /// The MVPD login page in a web view.
    case webLogin(WebLoginView)
    /// The registration code screen; polling goes on while it shows.
    case registrationCode(RegistrationCode, activationURL: String)
    /// An alert over the app's home, which shows the app as it is now (signed out, after a
    /// logout), not as it was when the home was last shown.
    case notice(Notice, behind: HomeView)

    public var name: String {
        switch self {
        case .home: "the home screen"
        case .permission: "the permission alert"
        case .applePicker: "Apple's TV provider picker"
        case .providerSignIn(let prompt, _): "the \(prompt.providerName) sign-in"
        case .mvpdPicker: "the app's MVPD picker"
        case .webLogin(let view): "the web login (\(view.title))"
        case .registrationCode(let code, _): "the registration code \(code.code)"
        case .notice(let notice, _): "the notice “\(notice.title)”"
        }
    }
}

public enum UserResponse: Sendable, Equatable {
    case act(AppAction)
    case permission(allowed: Bool?)
    case picker(PickerChoice)
    case signIn(SignInAnswer)
    /// An answer on one of the app's own screens.
    case screen(ScreenInput)
    /// Let simulated time pass (seconds) with the app as it is.
    case wait(Double)
    /// Change something outside the app: Settings on the device, or the back end (QA).
    case adjust(Adjustment)
    /// Nothing to do now: let the app's timers run.
    case idle
    /// End the run.
    case quit
}

/// What the user does on the app's own screens (its MVPD picker, its web view, the code screen,
/// a notice), in one vocabulary: the user agents answer with it and the screens' reducer takes
/// it. The flow hears the outcome (`ScreenAnswer`), once the screens have done their part: a
/// web login becomes the redirect it reached, a second screen's sign-in the code it activated.
public enum ScreenInput: Sendable, Equatable {
    case mvpd(String?)
    case webLogin(username: String, password: String)
    case closeWebLogin
    /// Sign in on another device at the activation page.
    case completeSecondScreen(username: String, password: String, mvpd: String?)
    case newCode
    case closeCodeScreen
    case dismissNotice
}

/// Changes a tester makes outside the app.
public enum Adjustment: Sendable, Equatable {
    /// Settings → TV Provider → Remove TV Provider.
    case signOutOfProvider
    /// Settings → TV Provider on a signed-out device: choose a provider and sign in to it, for
    /// every app on the device.
    case signInToProvider
    /// Settings → TV Provider → the app's access switch (or a fresh install: `notDetermined`).
    case setPermission(VSASimulator.AccessStatus)
    /// Makes the system sign-in expire now.
    case expireProviderSignIn
    /// Makes every Adobe profile of the back end expire now.
    case expireAdobeProfiles
}
