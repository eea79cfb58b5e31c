import PassAPI
import VSASimulator

/// What the user does in the app.
public enum AppAction: Sendable, Equatable, Codable {
    /// The app starts.
    case launch
    case signIn
    case play(String)
    case signOut
    /// The app comes back to the foreground: the cookbooks recommend checking the permission
    /// again and refreshing the partner status here (seeds 000, 002, 004).
    case foreground
}

/// Answers on the app's own screens.
public enum ScreenAnswer: Sendable, Equatable {
    case mvpdChosen(String)
    case mvpdPickerCancelled
    /// The web view reached the app's redirect URL (with the query the page added).
    case webLoginFinished(url: String)
    case webLoginCancelled
    /// On the registration-code screen: ask for a new code, or give up.
    case newCodeRequested
    case codeScreenClosed
    case noticeDismissed
}

public enum Event: Sendable, Equatable {
    case user(AppAction)
    case answer(ScreenAnswer)
    case api(APIResult)
    /// The answer to `checkAccessStatus`. `signedInAtSystemLevel`: whether the device holds a
    /// current TV-provider sign-in. An app cannot see that without the permission; the SDK's
    /// codes at `checkAuthentication` depend on it (seed 004, step 3), so the simulated framework
    /// tells it and only the SDK flow reads it.
    case access(AccessStatus, VSError?, signedInAtSystemLevel: Bool)
    case metadata(Result<AccountMetadata, VSError>)
    case timer(TimerID)
}
