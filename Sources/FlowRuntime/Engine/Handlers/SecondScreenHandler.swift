import FlowCore
import Foundation
import PassAPI
import PassClient
import Simulation

/// The user's other device: the activation site, the provider (if the TV did not choose one),
/// the sign-in. It gives the app no event: the app learns of the sign-in by polling.
struct SecondScreenHandler: Sendable {
    let baseURL: String
    let clock: any SimulationClock
    let timeline: Timeline
    let accounts: DemoAccounts
    let acceptLanguage: String?

    /// Adobe's activation page is on the mock server; an identity provider gives a full address.
    func activationURL(of code: RegistrationCode) -> String {
        code.activationPath.hasPrefix("http") ? code.activationPath : baseURL + code.activationPath
    }

    func activate(_ code: RegistrationCode, username: String, password: String, mvpd: String?) async {
        let timeline = self.timeline
        let phone = WebBrowser(
            clock: clock, observer: { timeline.record($0) }, stopAt: [], acceptLanguage: acceptLanguage)
        do {
            guard let login = try await enterCode(code, on: phone, mvpd: mvpd) else { return }
            timeline.append(.user, TimelinePhrase("user.secondScreen.signsIn", ["username": username], party: .browser))
            let fields = accounts.signInFields(
                on: login, username: username, password: password, preferred: mvpd ?? code.mvpd, timeline: timeline)
            guard case .page(let done) = try await phone.submit(on: login, fields: fields) else { return }
            timeline.append(
                .screen, TimelinePhrase("screen.otherDevice", ["page": done.title ?? done.url], party: .browser),
                detail: done.errorMessage)
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
        timeline.append(
            .user, TimelinePhrase("user.secondScreen.opens", ["url": url, "code": code.code], party: .browser))
        guard case .page(let start) = try await phone.open(url) else { return nil }
        // The form's one field: `code` at Adobe, `user_code` at an identity provider (RFC 8628).
        let field = HTMLScan.forms(in: start.html).first?.fields.keys.first ?? "code"
        var outcome = try await phone.submit(on: start, fields: [field: code.code])
        if case .page(let page) = outcome, page.url.hasSuffix("/provider") {
            let choice = mvpd ?? code.mvpd ?? ""
            timeline.append(.user, TimelinePhrase("user.secondScreen.chooses", ["mvpd": choice], party: .browser))
            outcome = try await phone.submit(on: page, fields: ["mvpd": choice])
        }
        // A sign-in form is known by its password field, not by its words: the pages speak the
        // device's language.
        guard case .page(let login) = outcome,
            HTMLScan.forms(in: login.html).contains(where: { $0.fields.keys.contains("password") })
        else {
            if case .page(let page) = outcome {
                timeline.append(.note, "The activation page answered: \(page.errorMessage ?? page.title ?? "?")")
            }
            return nil
        }
        return login
    }
}
