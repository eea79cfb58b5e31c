import Foundation
import PassClient
import Simulation

/// The app's web view: loads the MVPD's login (or a logout page), sends its form, and watches
/// for the URL the app stops at. Each load ends in a screen event.
struct WebViewHandler: Sendable {
    let baseURL: String
    let clock: any SimulationClock
    let timeline: Timeline
    let accounts: DemoAccounts
    let acceptLanguage: String?

    func open(_ url: String, stopAt: String) async -> ScreenEvent {
        let absolute = url.hasPrefix("http") ? url : baseURL + url
        do {
            return Self.event(for: try await browser(stopAt: stopAt).open(absolute))
        } catch {
            return .pageFailed("The web view could not load the page: \(error)")
        }
    }

    func submitLogin(on page: WebBrowser.Page, username: String, password: String, stopAt: String) async
        -> ScreenEvent
    {
        let fields = accounts.signInFields(
            on: page, username: username, password: password, preferred: nil, timeline: timeline)
        do {
            return Self.event(for: try await browser(stopAt: stopAt).submit(on: page, fields: fields))
        } catch {
            return .pageFailed("The login form could not be sent: \(error)")
        }
    }

    private func browser(stopAt: String) -> WebBrowser {
        let timeline = self.timeline
        return WebBrowser(
            clock: clock, observer: { timeline.record($0) }, stopAt: [stopAt], acceptLanguage: acceptLanguage)
    }

    private static func event(for outcome: WebBrowser.Outcome) -> ScreenEvent {
        switch outcome {
        case .reachedRedirect(let url): .redirectReached(url)
        case .page(let page): .pageLoaded(page)
        }
    }
}
