import FlowCore
import Foundation
import PassAPI
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
        let fields = ["username": username, "password": password].merging(
            providerChoice(on: page, username: username, preferred: nil)
        ) { $1 }
        do {
            handle(try await browser.submit(on: page, fields: fields))
        } catch {
            timeline.append(.note, "The login form could not be sent: \(error)")
            queue.append(.answer(.webLoginCancelled))
        }
    }

    private func handle(_ outcome: WebBrowser.Outcome) {
        switch outcome {
        case .reachedRedirect(let url):
            timeline.append(.screen, "The web view reached \(Redaction.redirect(url)) and closes")
            webPage = nil
            screen = nil
            queue.append(.answer(.webLoginFinished(url: url)))
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
        // An app's own sign-in page names no MVPD in its address: the shared demo accounts fit it.
        let known = hints(forMvpd: mvpdId)
        let shared = services.info.personas.filter { $0.scope == "default" }
            .map { CredentialHint(username: $0.username, password: $0.password, note: $0.note) }
        return WebLoginView(
            title: page.title ?? page.url, url: page.url, error: page.errorMessage,
            hints: known.isEmpty ? shared : known)
    }

    /// An app's own sign-in page also asks for the TV provider. Unless the app preselected one,
    /// the user picks `preferred`, else the first provider that knows their user ID.
    func providerChoice(on page: WebBrowser.Page, username: String, preferred: String?) -> [String: String] {
        guard HTMLScan.forms(in: page.html).first?.fields["provider"] == "" else { return [:] }
        let options = HTMLScan.options(ofSelect: "provider", in: page.html)
        let subscribes = { (id: String) in
            self.services.info.mvpds.first { $0.id == id }?.personas.contains {
                $0.lowercased() == username.lowercased()
            } == true
        }
        guard let choice = options.first(where: { $0 == preferred }) ?? options.first(where: subscribes) else {
            return [:]
        }
        let name = services.info.mvpds.first { $0.id == choice }?.displayName ?? choice
        timeline.append(.user, "Chooses \(name) as TV provider on the sign-in page")
        return ["provider": choice]
    }

    /// Adobe's activation page is on the mock server; an identity provider gives a full address.
    func activationURL(of code: RegistrationCode) -> String {
        code.activationPath.hasPrefix("http") ? code.activationPath : services.baseURL + code.activationPath
    }

    /// The user signs in on another device: the activation page, the provider (if the TV did not
    /// choose one), the sign-in.
    func completeSecondScreen(username: String, password: String, mvpd: String?) async {
        guard case .registrationCode(let code) = screen else {
            timeline.append(.note, "There is no code on screen to activate.")
            return
        }
        let phone = WebBrowser(clock: clock, observer: { [timeline] in timeline.record($0) }, stopAt: [])
        do {
            guard let login = try await enterCode(code, on: phone, mvpd: mvpd) else { return }
            timeline.append(.user, "On another device: signs in as \(username)")
            let fields = ["username": username, "password": password].merging(
                providerChoice(on: login, username: username, preferred: mvpd ?? code.mvpd)
            ) { $1 }
            guard case .page(let done) = try await phone.submit(on: login, fields: fields) else { return }
            timeline.append(.screen, "Other device: \(done.title ?? done.url)", detail: done.errorMessage)
        } catch {
            timeline.append(.note, "The activation site could not be used: \(error)")
        }
    }

    /// Opens the activation page, enters the code and, on Adobe's site, chooses the provider; the
    /// sign-in form that follows, if any.
    private func enterCode(_ code: RegistrationCode, on phone: WebBrowser, mvpd: String?) async throws(PassError)
        -> WebBrowser.Page?
    {
        let url = activationURL(of: code)
        timeline.append(.user, "On another device: opens \(url) and enters \(code.code)")
        guard case .page(let start) = try await phone.open(url) else { return nil }
        // The form's one field: `code` at Adobe, `user_code` at an identity provider (RFC 8628).
        let field = HTMLScan.forms(in: start.html).first?.fields.keys.first ?? "code"
        var outcome = try await phone.submit(on: start, fields: [field: code.code])
        if case .page(let page) = outcome, page.url.hasSuffix("/provider") {
            let choice = mvpd ?? code.mvpd ?? ""
            timeline.append(.user, "On another device: chooses \(choice)")
            outcome = try await phone.submit(on: page, fields: ["mvpd": choice])
        }
        guard case .page(let login) = outcome, login.title?.hasPrefix("Sign in") == true else {
            if case .page(let page) = outcome {
                timeline.append(.note, "The activation page answered: \(page.errorMessage ?? page.title ?? "?")")
            }
            return nil
        }
        return login
    }
}
