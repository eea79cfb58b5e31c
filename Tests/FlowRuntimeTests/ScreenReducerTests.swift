import FlowCore
import Foundation
import PassClient
import Testing

@testable import FlowRuntime

/// The app's screens: each test states the whole next state and every effect.
@Suite struct ScreenReducerTests {
    static let loginForm = WebBrowser.Page(
        url: "http://127.0.0.1:1/idp/AuroraCable/login", status: 200,
        html: #"<title>Sign in</title><form action="/x"><input name="username"><input name="password"></form>"#)
    static let code = RegistrationCode(
        code: "ABC1234", activationPath: "/activate", notAfter: 1_800_000, mvpd: nil, status: .waiting)

    /// Sends `event` from `state`; returns the next state and the effects.
    func send(_ event: ScreenEvent, from state: ScreenState = ScreenState()) -> (ScreenState, [ScreenEffect]) {
        var state = state
        let effects = ScreenReducer.reduce(&state, event)
        return (state, effects)
    }

    @Test func aWebLoginOpensItsPageAndForgetsThePreviousOne() {
        let before = ScreenState(screen: .notice(Notice(title: "t", message: "m")), page: Self.loginForm)
        let (state, effects) = send(.show(.webLogin(url: "/login", stopAt: "app://done")), from: before)
        #expect(state == ScreenState(screen: .webLogin(url: "/login", stopAt: "app://done")))
        #expect(effects == [.openPage(url: "/login", stopAt: "app://done")])
    }

    @Test func aLoadedPageIsOnScreenAndAPageWithNoFormIsToldSo() {
        let shown = ScreenState(screen: .webLogin(url: "/login", stopAt: "app://done"))
        let (state, effects) = send(.pageLoaded(Self.loginForm), from: shown)
        #expect(state == ScreenState(screen: shown.screen, page: Self.loginForm))
        #expect(effects == [.say(.screen, TimelinePhrase("screen.webView", ["page": "Sign in"], party: .browser))])

        let error = WebBrowser.Page(url: "http://h/x", status: 500, html: "<title>Oops</title>")
        let (_, errorEffects) = send(.pageLoaded(error), from: shown)
        #expect(
            errorEffects == [
                .say(.screen, TimelinePhrase("screen.webView", ["page": "Oops"], party: .browser)),
                .log(.note, "The page has no form (HTTP 500)."),
            ])
    }

    @Test func theUsersCredentialsGoThroughTheReducerToTheFormOnScreen() {
        let onPage = ScreenState(screen: .webLogin(url: "/login", stopAt: "app://done"), page: Self.loginForm)
        let (state, effects) = send(.user(.webLogin(username: "jo", password: "pw")), from: onPage)
        #expect(state == onPage)
        #expect(
            effects == [
                .say(.user, TimelinePhrase("user.signsInWebView", ["username": "jo"], party: .browser)),
                .submitLogin(on: Self.loginForm, username: "jo", password: "pw", stopAt: "app://done"),
            ])

        let (_, nothingToSubmit) = send(.user(.webLogin(username: "jo", password: "pw")))
        #expect(
            nothingToSubmit == [.say(.user, TimelinePhrase("user.signsInWebView", ["username": "jo"], party: .browser))]
        )
    }

    @Test func theRedirectClosesTheWebViewAndTellsTheFlow() {
        let onPage = ScreenState(screen: .webLogin(url: "/login", stopAt: "app://done"), page: Self.loginForm)
        let (state, effects) = send(.redirectReached("app://done?x=1"), from: onPage)
        #expect(state == ScreenState())
        #expect(
            effects == [
                .say(.screen, TimelinePhrase("screen.webViewReached", ["url": "app://done?x=1"], party: .browser)),
                .forward(.answer(.webLoginFinished(url: "app://done?x=1"))),
            ])
    }

    @Test func aPageThatCannotLoadCancelsTheLogin() {
        let shown = ScreenState(screen: .webLogin(url: "/login", stopAt: "app://done"))
        let (state, effects) = send(.pageFailed("The web view could not load the page: gone"), from: shown)
        #expect(state == shown)
        #expect(
            effects == [
                .log(.note, "The web view could not load the page: gone"), .forward(.answer(.webLoginCancelled)),
            ])
    }

    @Test func dismissingANoticeAsksTheFlowWhichClosesIt() {
        let notice = ScreenState(screen: .notice(Notice(title: "Signed out", message: "m")))
        let (state, effects) = send(.user(.dismissNotice), from: notice)
        #expect(state == notice)
        #expect(
            effects == [
                .say(.user, TimelinePhrase("user.dismissesNotice", party: .app)), .forward(.answer(.noticeDismissed)),
            ])
        let (home, homeEffects) = send(.showHome, from: state)
        #expect(home == ScreenState())
        #expect(homeEffects == [])
    }

    @Test func theSecondDeviceNeedsACodeOnScreen() {
        let onCode = ScreenState(screen: .registrationCode(Self.code))
        let (state, effects) = send(
            .user(.completeSecondScreen(username: "jo", password: "pw", mvpd: nil)), from: onCode)
        #expect(state == onCode)
        #expect(effects == [.activate(Self.code, username: "jo", password: "pw", mvpd: nil)])

        let (_, noCode) = send(.user(.completeSecondScreen(username: "jo", password: "pw", mvpd: nil)))
        #expect(noCode == [.log(.note, "There is no code on screen to activate.")])
    }

    @Test func onlyANewOrExpiredCodeIsWorthATimelineLine() {
        var polled = Self.code
        polled.polls = 3
        let (state, effects) = send(.show(.registrationCode(polled)))
        #expect(state == ScreenState(screen: .registrationCode(polled)))
        #expect(effects == [])
        let (_, fresh) = send(.show(.registrationCode(Self.code)))
        #expect(
            fresh == [
                .say(
                    .screen, TimelinePhrase("screen.registrationCode", ["code": "ABC1234"], party: .app),
                    detail: "Waiting for sign-in on another device")
            ])
    }

    @Test func pickerAnswersReachTheFlow() {
        let picker = ScreenState(screen: .mvpdPicker([], preselected: nil))
        let (_, chosen) = send(.user(.mvpd("AuroraCable")), from: picker)
        #expect(
            chosen == [
                .say(.user, TimelinePhrase("user.choosesInAppPicker", ["mvpd": "AuroraCable"], party: .app)),
                .forward(.answer(.mvpdChosen("AuroraCable"))),
            ])
        let (_, cancelled) = send(.user(.mvpd(nil)), from: picker)
        #expect(
            cancelled == [
                .say(.user, TimelinePhrase("user.cancelsAppPicker", party: .app)),
                .forward(.answer(.mvpdPickerCancelled)),
            ])
    }
}

@Suite struct TimerTableTests {
    @Test func timersDueAtTheSameInstantFireInTheOrderTheyStarted() {
        let instant = Date(timeIntervalSince1970: 1_800)
        var table = TimerTable()
        table.start(.codeExpiry, at: instant)
        table.start(.poll, at: instant)
        table.start(.retryAfterThrottle, at: instant.addingTimeInterval(-1))
        #expect(table.takeNext()?.id == .retryAfterThrottle)
        #expect(table.takeNext()?.id == .codeExpiry)
        #expect(table.takeNext()?.id == .poll)
        #expect(table.takeNext() == nil)
    }

    @Test func restartingATimerMovesItsDeadline() {
        var table = TimerTable()
        table.start(.poll, at: Date(timeIntervalSince1970: 10))
        table.start(.codeExpiry, at: Date(timeIntervalSince1970: 20))
        table.start(.poll, at: Date(timeIntervalSince1970: 30))
        #expect(table.next?.id == .codeExpiry)
        table.cancel(.codeExpiry)
        #expect(table.next?.id == .poll)
        #expect(table.next?.deadline == Date(timeIntervalSince1970: 30))
    }
}
