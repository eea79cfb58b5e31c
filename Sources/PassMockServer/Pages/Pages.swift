import Localization
import MockBackendAPI
import PassAPI

/// The HTML pages a browser sees: MVPD login, activation, logout, errors. Plain forms, no
/// JavaScript, so they work in any browser and with curl. Every field has a label; the first
/// field of a form (the one in error, after a refusal) has the focus, so a keyboard user can type
/// at once; an error is announced (`role="alert"`) and described on its fields.
enum Pages {
    /// The one stylesheet. Text colours keep a contrast of 4.5:1 or more on their backgrounds, and
    /// on a narrow phone the card keeps a margin rather than touching the screen's edges.
    static let stylesheet = """
        body { font-family: -apple-system, "Helvetica Neue", Arial, sans-serif; margin: 0; background: #f2f2f7; color: #1c1c1e; }
        main { max-width: 26rem; margin: 3rem auto; background: #fff; border-radius: 14px; padding: 1.5rem 1.75rem; }
        @media (max-width: 32rem) { main { margin: 1rem .75rem; padding: 1.25rem; } }
        h1 { font-size: 1.35rem; margin: 0 0 1rem; overflow-wrap: anywhere; }
        label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
        input[type=text], input[type=password], select { width: 100%; box-sizing: border-box; font-size: 1.1rem; padding: .5rem; }
        input.code { text-transform: uppercase; letter-spacing: .08em; font-family: ui-monospace, Menlo, monospace; }
        button { margin-top: 1rem; font-size: 1.05rem; padding: .55rem 1.2rem; border-radius: 8px; border: 0; background: #0066cc; color: #fff; }
        button:focus-visible, summary:focus-visible, a:focus-visible { outline: 3px solid #1c1c1e; outline-offset: 2px; }
        details { margin-top: 1.5rem; }
        .error { color: #c41e3a; font-weight: 600; }
        .muted { color: #6e6e73; font-size: .9rem; }
        code { font-size: 1.1rem; letter-spacing: .08em; }
        table { border-collapse: collapse; margin-top: .5rem; } td, th { padding: .15rem .6rem .15rem 0; }
        main.wide { max-width: 64rem; } main.wide h2 { font-size: 1.1rem; margin-top: 2rem; overflow-wrap: anywhere; }
        code.path { font-size: .85rem; letter-spacing: 0; overflow-wrap: anywhere; }
        main.wide li { margin-bottom: 1rem; } main.wide li p { margin: .2rem 0; }
        th { text-align: left; font-size: .8rem; font-weight: 600; color: #6e6e73; }
        """

    static func document(title: String, body: String, language: Language = .english, wide: Bool = false) -> String {
        """
        <!doctype html>
        <html lang="\(language.tag)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(Markup.escapeHTML(title))</title>
        <style>
        \(stylesheet)
        </style>
        </head>
        <body><main\(wide ? " class=\"wide\"" : "")>
        \(body)
        </main></body>
        </html>
        """
    }

    /// An error page; `next` is a way on (a link), so the page is not a dead end.
    static func error(status: Int, title: String, message: String, code: String?, next: PageLink? = nil)
        -> MockResponse
    {
        let codeLine = code.map { "<p class=\"muted\">Error code: <code>\(Markup.escapeHTML($0))</code></p>" } ?? ""
        let nextLine =
            next.map {
                "<p><a id=\"next\" href=\"\(Markup.escapeHTML($0.href))\">\(Markup.escapeHTML($0.text))</a></p>"
            }
            ?? ""
        let body = """
            <h1>\(Markup.escapeHTML(title))</h1>
            <p class="error" id="error">\(Markup.escapeHTML(message))</p>
            \(codeLine)
            \(nextLine)
            """
        return Reply.html(document(title: title, body: body), status: status)
    }

    /// The mock MVPD's sign-in form.
    static func login(
        mvpd: MvpdSettings, personas: [Persona], relayState: String, error: String?, username: String,
        strings: Strings = .english
    ) -> String {
        let errorLine = errorLine(error)
        let title = strings("page.signInTo", ["provider": mvpd.displayName])
        let body = """
            <h1>\(Markup.escapeHTML(title))</h1>
            \(errorLine)
            <form method="post" action="\(Markup.escapeHTML(Endpoint.identityProviderLogin.path(mvpd.id)))">
            <input type="hidden" name="RelayState" value="\(Markup.escapeHTML(relayState))">
            \(credentialFields(username: username, error: error != nil, focused: true, strings: strings))
            </form>
            \(demoAccounts(personas, strings: strings))
            """
        return document(title: title, body: body, language: strings.language)
    }

    static func activationStart(error: String?, code: String, strings: Strings = .english) -> String {
        codeEntry(
            title: strings("page.activate.title"), action: Endpoint.activationSubmit.path, field: "code", error: error,
            code: code,
            strings: strings)
    }

    /// A second screen's first page: the code the TV shows, posted as `field` to `action`.
    static func codeEntry(
        title: String, action: String, field: String, error: String?, code: String, strings: Strings = .english
    ) -> String {
        let body = """
            <h1>\(Markup.escapeHTML(title))</h1>
            <p>\(Markup.escapeHTML(strings("page.activate.intro")))</p>
            \(errorLine(error))
            <form method="post" action="\(Markup.escapeHTML(action))">
            <label for="\(field)">\(Markup.escapeHTML(strings("page.code")))</label>
            <input type="text" id="\(field)" name="\(field)" value="\(Markup.escapeHTML(code))" class="code" autocomplete="off" autocapitalize="characters" spellcheck="false" autofocus\(invalid(error != nil))>
            <button type="submit">\(Markup.escapeHTML(strings("page.continue")))</button>
            </form>
            """
        return document(title: title, body: body, language: strings.language)
    }

    /// The user ID and password of a sign-in form, and its button. When `focused`, the user ID
    /// has the focus, or the password when the user ID is already filled in (after a refusal).
    static func credentialFields(username: String, error: Bool, focused: Bool, strings: Strings = .english) -> String {
        let userFocus = focused && username.isEmpty ? " autofocus" : ""
        let passwordFocus = focused && !username.isEmpty ? " autofocus" : ""
        return """
            <label for="username">\(Markup.escapeHTML(strings("page.userId")))</label>
            <input type="text" id="username" name="username" value="\(Markup.escapeHTML(username))" autocomplete="username" autocapitalize="none" spellcheck="false"\(userFocus)\(invalid(error))>
            <label for="password">\(Markup.escapeHTML(strings("page.password")))</label>
            <input type="password" id="password" name="password" autocomplete="current-password"\(passwordFocus)\(invalid(error))>
            <button type="submit">\(Markup.escapeHTML(strings("page.signIn")))</button>
            """
    }

    /// The inline error of a form page, found by `id="error"`, read out as soon as it shows.
    static func errorLine(_ error: String?) -> String {
        error.map { "<p class=\"error\" role=\"alert\" id=\"error\">\(Markup.escapeHTML($0))</p>" } ?? ""
    }

    /// The attributes of a field the inline error is about.
    static func invalid(_ error: Bool) -> String {
        error ? " aria-invalid=\"true\" aria-describedby=\"error\"" : ""
    }

    /// Demo accounts under a sign-in form; passwords are marked so the journal hides them.
    static func demoAccounts(_ personas: [Persona], strings: Strings = .english) -> String {
        let heading = { (key: String) in Markup.escapeHTML(strings(key)) }
        let rows = personas.map { persona in
            "<tr><td><code>\(Markup.escapeHTML(persona.username))</code></td><td><code class=\"secret\">\(Markup.escapeHTML(persona.password))</code></td>"
                + "<td class=\"muted\">\(Markup.escapeHTML(persona.note ?? persona.displayName))</td></tr>"
        }.joined(separator: "\n")
        return """
            <details><summary class="muted">\(heading("page.demoAccounts"))</summary><table>
            <tr><th scope="col">\(heading("page.userId"))</th><th scope="col">\(heading("page.password"))</th><th scope="col">\(heading("page.account"))</th></tr>
            \(rows)
            </table></details>
            """
    }

    static func activationProviders(
        code: String, requestorName: String, mvpds: [MvpdSettings], strings: Strings = .english
    ) -> String {
        let title = Markup.escapeHTML(strings("page.chooseProvider"))
        let options = mvpds.map {
            "<option value=\"\(Markup.escapeHTML($0.id))\">\(Markup.escapeHTML($0.displayName))</option>"
        }
        .joined(separator: "\n")
        let body = """
            <h1>\(title)</h1>
            <p>\(Markup.escapeHTML(strings("page.code"))) <code>\(Markup.escapeHTML(code))</code> · \(Markup.escapeHTML(requestorName))</p>
            <form method="post" action="\(Markup.escapeHTML(Endpoint.activationProviderSubmit.path(code)))">
            <label for="mvpd">\(Markup.escapeHTML(strings("page.tvProvider")))</label>
            <select id="mvpd" name="mvpd" autofocus>
            \(options)
            </select>
            <button type="submit">\(Markup.escapeHTML(strings("page.continue")))</button>
            </form>
            """
        return document(title: strings("page.chooseProvider"), body: body, language: strings.language)
    }

    static func activationDone(code: String, providerName: String?, strings: Strings = .english) -> String {
        let device = Markup.escapeHTML(strings("page.yourDevice", ["code": "\u{0}"]))
            .replacingOccurrences(of: "\u{0}", with: "<code>\(Markup.escapeHTML(code))</code>")
        return secondScreenDone(deviceHTML: device, providerName: providerName, strings: strings)
    }

    /// The last page of any second-screen sign-in; `deviceHTML` names what is now signed in.
    static func secondScreenDone(deviceHTML: String, providerName: String?, strings: Strings = .english) -> String {
        // The device is HTML already; the template is escaped around it.
        let marker = "\u{0}"
        let sentence =
            providerName.map { strings("page.signedIn.deviceWith", ["device": marker, "provider": $0]) }
            ?? strings("page.signedIn.device", ["device": marker])
        let title = strings("page.signedIn")
        let body = """
            <h1 id="success">\(Markup.escapeHTML(title))</h1>
            <p>\(Markup.escapeHTML(sentence).replacingOccurrences(of: marker, with: deviceHTML))</p>
            <p class="muted">\(Markup.escapeHTML(strings("page.returnToTV")))</p>
            """
        return document(title: title, body: body, language: strings.language)
    }

    static func loggedOut(providerName: String, returnURL: String?) -> String {
        let link = returnURL.map { "<p><a href=\"\(Markup.escapeHTML($0))\">Return to the app</a></p>" } ?? ""
        let body = """
            <h1 id="success">Signed out of \(Markup.escapeHTML(providerName))</h1>
            \(link)
            """
        return document(title: "Signed out", body: body)
    }
}

/// A link an error page offers as the way on.
struct PageLink: Equatable, Sendable {
    let href: String
    let text: String
}
