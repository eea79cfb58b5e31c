import FlowCore
import Foundation
import PassClient

/// The app's web view (primary-screen login, logout page) and the user's other device (the
/// second-screen activation site).
extension FlowEngine {
    func show(_ newScreen: AppScreen) async {
        screen = newScreen
        switch newScreen {
        case .webLogin(let url, let stopAt):
            webPage = nil
            await open(url, stopAt: stopAt)
        case .mvpdPicker(let mvpds, _):
            timeline.append(.screen, "The app's MVPD picker", detail: "\(mvpds.count) providers")
        case .registrationCode(let code):
            if code.polls == 0 || code.status.contains("expired") {
                timeline.append(.screen, "Registration code \(code.code)", detail: code.status)
            }
        case .notice(let notice):
            timeline.append(.screen, notice.title, detail: notice.message)
        }
    }

    var browser: WebBrowser {
        let timeline = self.timeline
        let stopAt: [String] = if case .webLogin(_, let stop) = screen { [stop] } else { [] }
        return WebBrowser(clock: clock, observer: { timeline.record($0) }, stopAt: stopAt)
    }

    func open(_ url: String, stopAt: String) async {
        let absolute = url.hasPrefix("http") ? url : services.baseURL + url
        do {
            handle(try await browser.open(absolute))
        } catch {
            timeline.append(.note, "The web view could not load the page: \(error)")
            queue.append(.answer(.webLoginCancelled))
        }
    }

    func submitWebLogin(username: String, password: String) async {
        guard let page = webPage else { return }
        do {
            handle(try await browser.submit(on: page, fields: ["username": username, "password": password]))
        } catch {
            timeline.append(.note, "The login form could not be sent: \(error)")
            queue.append(.answer(.webLoginCancelled))
        }
    }

    private func handle(_ outcome: WebBrowser.Outcome) {
        switch outcome {
        case .reachedRedirect(let url):
            timeline.append(.screen, "The web view reached \(url) and closes")
            webPage = nil
            screen = nil
            queue.append(.answer(.webLoginFinished))
        case .page(let page):
            webPage = page
            timeline.append(.screen, "Web view: \(page.title ?? page.url)", detail: page.errorMessage)
            if HTMLScan.forms(in: page.html).isEmpty {
                // An error page with nothing to fill in: the user can only close it.
                timeline.append(.note, "The page has no form (HTTP \(page.status)).")
            }
        }
    }

    func webLoginView(_ page: WebBrowser.Page) -> WebLoginView {
        let mvpd = page.url.split(separator: "/").dropFirst(2).first { _ in true }.map(String.init)
        let mvpdId =
            page.url.components(separatedBy: "/idp/").dropFirst().first?.split(separator: "/").first.map(String.init)
            ?? mvpd ?? ""
        return WebLoginView(
            title: page.title ?? page.url, url: page.url, error: page.errorMessage, hints: hints(forMvpd: mvpdId))
    }

    /// The user signs in on another device: the activation page, the provider (if the TV did not
    /// choose one), the MVPD login.
    func completeSecondScreen(username: String, password: String, mvpd: String?) async {
        guard case .registrationCode(let code) = screen else {
            timeline.append(.note, "There is no code on screen to activate.")
            return
        }
        timeline.append(.user, "On another device: opens \(services.baseURL)/activate and enters \(code.code)")
        let phone = WebBrowser(clock: clock, observer: { [timeline] in timeline.record($0) }, stopAt: [])
        do {
            guard case .page(let start) = try await phone.open(services.baseURL + code.activationPath) else { return }
            var outcome = try await phone.submit(on: start, fields: ["code": code.code])
            if case .page(let page) = outcome, page.url.hasSuffix("/provider") {
                let choice = mvpd ?? code.mvpd ?? ""
                timeline.append(.user, "On another device: chooses \(choice)")
                outcome = try await phone.submit(on: page, fields: ["mvpd": choice])
            }
            guard case .page(let login) = outcome, login.title?.hasPrefix("Sign in") == true else {
                if case .page(let page) = outcome {
                    timeline.append(.note, "The activation page answered: \(page.errorMessage ?? page.title ?? "?")")
                }
                return
            }
            timeline.append(.user, "On another device: signs in as \(username)")
            guard
                case .page(let done) = try await phone.submit(
                    on: login, fields: ["username": username, "password": password])
            else { return }
            timeline.append(.screen, "Other device: \(done.title ?? done.url)", detail: done.errorMessage)
        } catch {
            timeline.append(.note, "The activation site could not be used: \(error)")
        }
    }
}
