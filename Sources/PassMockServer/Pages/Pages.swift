import MockBackendAPI

/// The HTML pages a browser sees: MVPD login, activation, logout, errors. Plain forms, no
/// JavaScript, so they work in any browser and with curl.
enum Pages {
    static func document(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(title))</title>
        <style>
        body { font-family: -apple-system, "Helvetica Neue", Arial, sans-serif; margin: 0; background: #f2f2f7; color: #1c1c1e; }
        main { max-width: 26rem; margin: 3rem auto; background: #fff; border-radius: 14px; padding: 1.5rem 1.75rem; }
        h1 { font-size: 1.35rem; margin: 0 0 1rem; }
        label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
        input[type=text], input[type=password], select { width: 100%; box-sizing: border-box; font-size: 1.1rem; padding: .5rem; }
        button { margin-top: 1rem; font-size: 1.05rem; padding: .55rem 1.2rem; border-radius: 8px; border: 0; background: #0a84ff; color: #fff; }
        .error { color: #c41e3a; font-weight: 600; }
        .muted { color: #6e6e73; font-size: .9rem; }
        code { font-size: 1.1rem; letter-spacing: .08em; }
        table { border-collapse: collapse; } td { padding: .15rem .6rem .15rem 0; }
        </style>
        </head>
        <body><main>
        \(body)
        </main></body>
        </html>
        """
    }

    static func error(status: Int, title: String, message: String, code: String?) -> MockResponse {
        let codeLine = code.map { "<p class=\"muted\">Error code: <code>\(HTML.escape($0))</code></p>" } ?? ""
        let body = """
            <h1>\(HTML.escape(title))</h1>
            <p class="error" id="error">\(HTML.escape(message))</p>
            \(codeLine)
            """
        return Reply.html(document(title: title, body: body), status: status)
    }

    /// The mock MVPD's sign-in form.
    static func login(
        mvpd: MvpdSettings, personas: [Persona], relayState: String, error: String?, username: String
    ) -> String {
        let errorLine = errorLine(error)
        let body = """
            <h1>Sign in to \(HTML.escape(mvpd.displayName))</h1>
            \(errorLine)
            <form method="post" action="/idp/\(HTML.escape(mvpd.id))/login">
            <input type="hidden" name="RelayState" value="\(HTML.escape(relayState))">
            \(credentialFields(username: username))
            </form>
            \(demoAccounts(personas))
            """
        return document(title: "Sign in to \(mvpd.displayName)", body: body)
    }

    static func activationStart(error: String?, code: String) -> String {
        codeEntry(title: "Activate your device", action: "/activate", field: "code", error: error, code: code)
    }

    /// A second screen's first page: the code the TV shows, posted as `field` to `action`.
    static func codeEntry(title: String, action: String, field: String, error: String?, code: String) -> String {
        let body = """
            <h1>\(HTML.escape(title))</h1>
            <p>Enter the code shown on your TV.</p>
            \(errorLine(error))
            <form method="post" action="\(HTML.escape(action))">
            <label for="\(field)">Code</label>
            <input type="text" id="\(field)" name="\(field)" value="\(HTML.escape(code))" autocomplete="off" autocapitalize="characters">
            <button type="submit">Continue</button>
            </form>
            """
        return document(title: title, body: body)
    }

    /// The user ID and password of a sign-in form, and its button.
    static func credentialFields(username: String) -> String {
        """
        <label for="username">User ID</label>
        <input type="text" id="username" name="username" value="\(HTML.escape(username))" autocomplete="username">
        <label for="password">Password</label>
        <input type="password" id="password" name="password" autocomplete="current-password">
        <button type="submit">Sign In</button>
        """
    }

    /// The inline error of a form page, found by `id="error"`.
    static func errorLine(_ error: String?) -> String {
        error.map { "<p class=\"error\" id=\"error\">\(HTML.escape($0))</p>" } ?? ""
    }

    /// Demo accounts under a sign-in form; passwords are marked so the journal hides them.
    static func demoAccounts(_ personas: [Persona]) -> String {
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

    static func activationProviders(code: String, requestorName: String, mvpds: [MvpdSettings]) -> String {
        let options = mvpds.map { "<option value=\"\(HTML.escape($0.id))\">\(HTML.escape($0.displayName))</option>" }
            .joined(separator: "\n")
        let body = """
            <h1>Choose your TV provider</h1>
            <p>Code <code>\(HTML.escape(code))</code> · \(HTML.escape(requestorName))</p>
            <form method="post" action="/activate/\(HTML.escape(code))/provider">
            <label for="mvpd">TV provider</label>
            <select id="mvpd" name="mvpd">
            \(options)
            </select>
            <button type="submit">Continue</button>
            </form>
            """
        return document(title: "Choose your TV provider", body: body)
    }

    static func activationDone(code: String, providerName: String?) -> String {
        secondScreenDone(
            deviceHTML: "Your device with code <code>\(HTML.escape(code))</code>", providerName: providerName)
    }

    /// The last page of any second-screen sign-in; `deviceHTML` names what is now signed in.
    static func secondScreenDone(deviceHTML: String, providerName: String?) -> String {
        let provider = providerName.map { " with \(HTML.escape($0))" } ?? ""
        let body = """
            <h1 id="success">You're signed in</h1>
            <p>\(deviceHTML) is now signed in\(provider).</p>
            <p class="muted">You can return to your TV; it will continue on its own.</p>
            """
        return document(title: "You're signed in", body: body)
    }

    static func loggedOut(providerName: String, returnURL: String?) -> String {
        let link = returnURL.map { "<p><a href=\"\(HTML.escape($0))\">Return to the app</a></p>" } ?? ""
        let body = """
            <h1 id="success">Signed out of \(HTML.escape(providerName))</h1>
            \(link)
            """
        return document(title: "Signed out", body: body)
    }
}
