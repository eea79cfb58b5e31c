import FlowCore
import Localization
import PassAPI
import PassClient

/// What the device shows of the app: one of its own screens (or none: the home screen), and the
/// page in its web view.
public struct ScreenState: Sendable, Equatable {
    public var screen: AppScreen?
    /// The page the web view shows while `screen` is a web login; nil while it loads.
    public var page: WebBrowser.Page?

    public init(screen: AppScreen? = nil, page: WebBrowser.Page? = nil) {
        self.screen = screen
        self.page = page
    }
}

/// What changes the app's screens: the flow's requests, the web view's loads, and the user's
/// answers on those screens.
public enum ScreenEvent: Sendable, Equatable {
    case show(AppScreen)
    case showHome
    case pageLoaded(WebBrowser.Page)
    /// The web view reached the URL the app watches for (with the query the page added).
    case redirectReached(String)
    /// The web view could not load or send a page; the text says which.
    case pageFailed(String)
    /// The user's answer on the screen shown.
    case user(ScreenInput)
}

/// What the screens ask the runtime to do.
public enum ScreenEffect: Sendable, Equatable {
    /// An answer for the flow's reducer.
    case forward(Event)
    case openPage(url: String, stopAt: String)
    case submitLogin(on: WebBrowser.Page, username: String, password: String, stopAt: String)
    /// The user takes another device to the activation site with the code on screen.
    case activate(RegistrationCode, username: String, password: String, mvpd: String?)
    case log(TimelineEntry.Kind, String, detail: String? = nil)
    /// A user or screen line worded by the catalog.
    case say(TimelineEntry.Kind, TimelinePhrase, detail: String? = nil)
}

/// The app's screens as a pure reducer. The flow decides which screen to show; this reducer
/// keeps what is on screen, turns the user's answers there into the flow's events, and asks the
/// web view and the second device for the work they do.
public enum ScreenReducer {
    public static func reduce(_ state: inout ScreenState, _ event: ScreenEvent) -> [ScreenEffect] {
        switch event {
        case .show(let screen): return show(screen, &state)
        case .showHome:
            state = ScreenState()
            return []
        case .pageLoaded(let page): return load(page, &state)
        case .redirectReached(let url):
            state = ScreenState()
            return [
                .say(
                    .screen, TimelinePhrase("screen.webViewReached", ["url": Redaction.redirect(url)], party: .browser)),
                .forward(.answer(.webLoginFinished(url: url))),
            ]
        case .pageFailed(let reason):
            return [.log(.note, reason), .forward(.answer(.webLoginCancelled))]
        case .user(let input):
            return answer(input, state)
        }
    }

    private static func show(_ screen: AppScreen, _ state: inout ScreenState) -> [ScreenEffect] {
        state = ScreenState(screen: screen)
        switch screen {
        case .webLogin(let url, let stopAt): return [.openPage(url: url, stopAt: stopAt)]
        case .mvpdPicker(let mvpds, _):
            return [.say(.screen, TimelinePhrase("screen.mvpdPicker", party: .app), detail: "\(mvpds.count) providers")]
        case .registrationCode(let code):
            // Each poll shows the code again; only a new code or its expiry is worth a line.
            guard code.polls == 0 || code.status == .expired else { return [] }
            // The timeline keeps the status in English, as it keeps every detail.
            let status = Strings.english(code.status.key)
            return [
                .say(
                    .screen, TimelinePhrase("screen.registrationCode", ["code": code.code], party: .app), detail: status
                )
            ]
        case .notice(let notice): return [.log(.screen, notice.title, detail: notice.message)]
        }
    }

    private static func load(_ page: WebBrowser.Page, _ state: inout ScreenState) -> [ScreenEffect] {
        state.page = page
        var effects: [ScreenEffect] = [
            .say(
                .screen, TimelinePhrase("screen.webView", ["page": page.title ?? page.url], party: .browser),
                detail: page.errorMessage)
        ]
        if HTMLScan.forms(in: page.html).isEmpty {
            // An error page with nothing to fill in: the user can only close it.
            effects.append(.log(.note, "The page has no form (HTTP \(page.status))."))
        }
        return effects
    }

    /// The user's answers on the app's screens: one timeline line, then the flow's event.
    private static func answer(_ input: ScreenInput, _ state: ScreenState) -> [ScreenEffect] {
        switch input {
        case .mvpd(let choice):
            return [
                .say(
                    .user,
                    choice.map { TimelinePhrase("user.choosesInAppPicker", ["mvpd": $0], party: .app) }
                        ?? TimelinePhrase("user.cancelsAppPicker", party: .app)),
                .forward(.answer(choice.map(ScreenAnswer.mvpdChosen) ?? .mvpdPickerCancelled)),
            ]
        case .webLogin(let username, let password):
            let said = ScreenEffect.say(
                .user, TimelinePhrase("user.signsInWebView", ["username": username], party: .browser))
            guard let page = state.page, case .webLogin(_, let stopAt) = state.screen else { return [said] }
            return [said, .submitLogin(on: page, username: username, password: password, stopAt: stopAt)]
        case .closeWebLogin:
            return [
                .say(.user, TimelinePhrase("user.closesWebLogin", party: .browser)),
                .forward(.answer(.webLoginCancelled)),
            ]
        case .completeSecondScreen(let username, let password, let mvpd):
            guard case .registrationCode(let code) = state.screen else {
                return [.log(.note, "There is no code on screen to activate.")]
            }
            return [.activate(code, username: username, password: password, mvpd: mvpd)]
        case .newCode:
            return [.say(.user, TimelinePhrase("user.asksNewCode", party: .app)), .forward(.answer(.newCodeRequested))]
        case .closeCodeScreen:
            return [
                .say(.user, TimelinePhrase("user.closesCodeScreen", party: .app)), .forward(.answer(.codeScreenClosed)),
            ]
        case .dismissNotice:
            // The flow closes the notice (it answers with `.showHome`).
            return [
                .say(.user, TimelinePhrase("user.dismissesNotice", party: .app)), .forward(.answer(.noticeDismissed)),
            ]
        }
    }
}
