/// The pages of a programmer's own identity provider: the sign-in form (web view and second
/// screen), the device code form and its confirmation. Plain forms, no JavaScript.
extension Pages {
    /// The app's sign-in form: TV provider, user ID, password; demo accounts as hints.
    static func customSignIn(
        requestor: RequestorSettings, action: String, hidden: [(String, String)], providers: [MvpdSettings],
        selected: String?, personas: [Persona], error: String?, username: String
    ) -> String {
        let errorLine = error.map { "<p class=\"error\" id=\"error\">\(HTML.escape($0))</p>" } ?? ""
        let hiddenFields = hidden.map {
            "<input type=\"hidden\" name=\"\(HTML.escape($0.0))\" value=\"\(HTML.escape($0.1))\">"
        }.joined(separator: "\n")
        let prompt = selected == nil ? "<option value=\"\" selected>Choose…</option>\n" : ""
        let options = providers.map { mvpd in
            let mark = mvpd.id == selected ? " selected" : ""
            return "<option value=\"\(HTML.escape(mvpd.id))\"\(mark)>\(HTML.escape(mvpd.displayName))</option>"
        }.joined(separator: "\n")
        let body = """
            <h1>Sign in to \(HTML.escape(requestor.name))</h1>
            <p class="muted">Use the account of your TV provider.</p>
            \(errorLine)
            <form method="post" action="\(HTML.escape(action))">
            \(hiddenFields)
            <label for="provider">TV provider</label>
            <select id="provider" name="provider">
            \(prompt)\(options)
            </select>
            <label for="username">User ID</label>
            <input type="text" id="username" name="username" value="\(HTML.escape(username))" autocomplete="username">
            <label for="password">Password</label>
            <input type="password" id="password" name="password" autocomplete="current-password">
            <button type="submit">Sign In</button>
            </form>
            \(demoAccounts(personas))
            """
        return document(title: "Sign in to \(requestor.name)", body: body)
    }

    private static func demoAccounts(_ personas: [Persona]) -> String {
        let rows = personas.map { persona in
            "<tr><td><code>\(HTML.escape(persona.username))</code></td><td><code class=\"secret\">\(HTML.escape(persona.password))</code></td>"
                + "<td class=\"muted\">\(HTML.escape(persona.note ?? persona.displayName))</td></tr>"
        }.joined(separator: "\n")
        return """
            <details><summary class="muted">Demo accounts</summary><table>
            \(rows)
            </table></details>
            """
    }

    /// The second-screen start: enter the code the TV shows.
    static func customDeviceStart(requestor: RequestorSettings, action: String, error: String?, code: String)
        -> String
    {
        let errorLine = error.map { "<p class=\"error\" id=\"error\">\(HTML.escape($0))</p>" } ?? ""
        let body = """
            <h1>Sign in to \(HTML.escape(requestor.name)) on your TV</h1>
            <p>Enter the code shown on your TV.</p>
            \(errorLine)
            <form method="post" action="\(HTML.escape(action))">
            <label for="user_code">Code</label>
            <input type="text" id="user_code" name="user_code" value="\(HTML.escape(code))" autocomplete="off" autocapitalize="characters">
            <button type="submit">Continue</button>
            </form>
            """
        return document(title: "Sign in to \(requestor.name) on your TV", body: body)
    }

    static func customDeviceDone(requestor: RequestorSettings, providerName: String?) -> String {
        secondScreenDone(deviceHTML: "\(HTML.escape(requestor.name)) on your TV", providerName: providerName)
    }
}
