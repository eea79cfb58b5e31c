import FlowCore
import MockBackendAPI
import PassClient

/// The back end's demo accounts, as the user would have them at hand: hints on sign-in forms,
/// and the provider to pick on a sign-in page that asks for one.
struct DemoAccounts: Sendable {
    let info: ServerInfo

    /// The accounts of one MVPD.
    func hints(forMvpd mvpd: String) -> [CredentialHint] {
        let usernames = Set(info.mvpds.first { $0.id == mvpd }?.personas ?? [])
        var seen = Set<String>()
        return info.personas.filter { usernames.contains($0.username) && seen.insert($0.username).inserted }
            .map { CredentialHint(username: $0.username, password: $0.password, note: $0.note) }
    }

    /// The accounts every sign-in page accepts (an app's own identity provider).
    var shared: [CredentialHint] {
        info.personas.filter { $0.scope == "default" }
            .map { CredentialHint(username: $0.username, password: $0.password, note: $0.note) }
    }

    /// The MVPD page the web view shows, with the accounts that fit it.
    func view(of page: WebBrowser.Page) -> WebLoginView {
        let host = page.url.split(separator: "/").dropFirst(2).first { _ in true }.map(String.init)
        let mvpd =
            page.url.components(separatedBy: "/idp/").dropFirst().first?.split(separator: "/").first.map(String.init)
            ?? host ?? ""
        // An app's own sign-in page names no MVPD in its address: the shared demo accounts fit it.
        let known = hints(forMvpd: mvpd)
        return WebLoginView(
            title: page.title ?? page.url, url: page.url, error: page.errorMessage,
            hints: known.isEmpty ? shared : known)
    }

    /// An app's own sign-in page also asks for the TV provider. Unless the app preselected one,
    /// the user picks `preferred`, else the first provider that knows their user ID. Returns the
    /// form field and the provider's name, or nil when the page asks for none.
    func providerChoice(on page: WebBrowser.Page, username: String, preferred: String?)
        -> (field: [String: String], name: String)?
    {
        guard HTMLScan.forms(in: page.html).first?.fields["provider"] == "" else { return nil }
        let options = HTMLScan.options(ofSelect: "provider", in: page.html)
        let subscribes = { (id: String) in
            info.mvpds.first { $0.id == id }?.personas.contains { $0.lowercased() == username.lowercased() } == true
        }
        guard let choice = options.first(where: { $0 == preferred }) ?? options.first(where: subscribes) else {
            return nil
        }
        return (["provider": choice], info.mvpds.first { $0.id == choice }?.displayName ?? choice)
    }

    /// The sign-in form's fields, with the provider chosen on the page if it asks for one.
    func signInFields(
        on page: WebBrowser.Page, username: String, password: String, preferred: String?, timeline: Timeline
    ) -> [String: String] {
        var fields = ["username": username, "password": password]
        if let choice = providerChoice(on: page, username: username, preferred: preferred) {
            timeline.append(
                .user, TimelinePhrase("user.choosesOnSignInPage", ["provider": choice.name], party: .browser))
            fields.merge(choice.field) { $1 }
        }
        return fields
    }
}
