import MockBackendAPI
import PassAPI

/// The pages of a programmer's own identity provider: the sign-in form (web view and second
/// screen), the device code form and its confirmation. Plain forms, no JavaScript.
extension Pages {
    /// The app's sign-in form: TV provider, user ID, password; demo accounts as hints.
    static func customSignIn(
        requestor: RequestorSettings, action: String, hidden: [(String, String)], providers: [MvpdSettings],
        selected: String?, personas: [Persona], error: String?, username: String
    ) -> String {
        let hiddenFields = hidden.map {
            "<input type=\"hidden\" name=\"\(Markup.escapeHTML($0.0))\" value=\"\(Markup.escapeHTML($0.1))\">"
        }.joined(separator: "\n")
        let prompt = selected == nil ? "<option value=\"\" selected>Choose…</option>\n" : ""
        let options = providers.map { mvpd in
            let mark = mvpd.id == selected ? " selected" : ""
            return
                "<option value=\"\(Markup.escapeHTML(mvpd.id))\"\(mark)>\(Markup.escapeHTML(mvpd.displayName))</option>"
        }.joined(separator: "\n")
        let body = """
            <h1>Sign in to \(Markup.escapeHTML(requestor.name))</h1>
            <p class="muted">Use the account of your TV provider.</p>
            \(errorLine(error))
            <form method="post" action="\(Markup.escapeHTML(action))">
            \(hiddenFields)
            <label for="provider">TV provider</label>
            <select id="provider" name="provider"\(selected == nil ? " autofocus" : "")\(invalid(error != nil))>
            \(prompt)\(options)
            </select>
            \(credentialFields(username: username, error: error != nil, focused: selected != nil))
            </form>
            \(demoAccounts(personas))
            """
        return document(title: "Sign in to \(requestor.name)", body: body)
    }

    /// The second-screen start: enter the code the TV shows.
    static func customDeviceStart(requestor: RequestorSettings, action: String, error: String?, code: String)
        -> String
    {
        codeEntry(
            title: "Sign in to \(requestor.name) on your TV", action: action, field: "user_code", error: error,
            code: code)
    }

    static func customDeviceDone(requestor: RequestorSettings, providerName: String?) -> String {
        secondScreenDone(deviceHTML: "\(Markup.escapeHTML(requestor.name)) on your TV", providerName: providerName)
    }
}
