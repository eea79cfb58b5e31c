import Foundation
import MockBackendAPI
import PassAPI
import Testing

@testable import PassMockServer

/// What a browser user, with a keyboard or a screen reader, expects of every page the mock
/// serves: a language, a title, a label on every field, the focus on the field to type in, errors
/// announced and tied to their fields, readable colours, and a way on from an error page.
@Suite struct PageAccessibilityTests {
    /// The problems of a page: each missing piece, named.
    static func problems(_ html: String) -> [String] {
        var problems: [String] = []
        if html.firstMatch(of: /<html lang="[a-z]{2}(-[A-Z]{2})?">/) == nil { problems.append("<html> has no lang") }
        let title = html.firstMatch(of: /<title>([^<]*)<\/title>/)?.1 ?? ""
        if title.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("no <title>") }
        if html.matches(of: /<h1[ >]/).count != 1 { problems.append("not exactly one <h1>") }
        let labelled = Set(
            html.matches(of: /<label for="([^"]+)">([^<]+)<\/label>/).filter {
                !$0.2.trimmingCharacters(in: .whitespaces).isEmpty
            }.map { String($0.1) })
        for field in html.matches(of: /<(input|select|textarea)\b[^>]*>/) {
            let tag = String(field.0)
            if tag.contains(#"type="hidden""#) || tag.contains(#"type="submit""#) { continue }
            let id = tag.firstMatch(of: #/ id="([^"]+)"/#).map { String($0.1) }
            let hasAriaLabel = tag.firstMatch(of: #/ aria-label="[^"]*\S[^"]*"/#) != nil
            if !hasAriaLabel, !(id.map(labelled.contains) ?? false) { problems.append("no label: \(tag)") }
        }
        let focusable = html.matches(of: /<(input|select|textarea)\b[^>]*>/).filter {
            !$0.0.contains(#"type="hidden""#)
        }
        let focused = html.matches(of: #/ autofocus[ >]/#).count
        if !focusable.isEmpty, focused != 1 { problems.append("\(focused) fields with autofocus, not 1") }
        if html.contains(#"id="error""#), html.contains("<form") {
            if !html.contains(#"role="alert" id="error""#) { problems.append("the error is not an alert") }
            if !html.contains(#"aria-invalid="true" aria-describedby="error""#) {
                problems.append("no field is described by the error")
            }
        }
        return problems
    }

    static let dashboard = Dashboard.builtIn
    static var mvpd: MvpdSettings { dashboard.mvpds.first { $0.id == "Meridian" }! }
    static var requestor: RequestorSettings { dashboard.requestors.first { $0.id == "ORBIT" }! }

    /// Every page renderer, in each of its states.
    static var pages: [(String, String)] {
        let personas = dashboard.defaultPersonas
        let mvpds = Array(dashboard.mvpds.prefix(5))
        func body(_ reply: MockResponse) -> String { String(decoding: reply.body, as: UTF8.self) }
        return [
            ("login", Pages.login(mvpd: mvpd, personas: personas, relayState: "r", error: nil, username: "")),
            (
                "login refused",
                Pages.login(mvpd: mvpd, personas: personas, relayState: "r", error: "Wrong.", username: "demo")
            ),
            ("activation", Pages.activationStart(error: nil, code: "")),
            ("activation refused", Pages.activationStart(error: "Not valid.", code: "NOPE")),
            ("providers", Pages.activationProviders(code: "ABC1234", requestorName: "Orbit", mvpds: mvpds)),
            ("activation done", Pages.activationDone(code: "ABC1234", providerName: mvpd.displayName)),
            ("logged out", Pages.loggedOut(providerName: mvpd.displayName, returnURL: "https://app.example/")),
            ("error", body(Pages.error(status: 400, title: "Oops", message: "Bad.", code: "bad_request"))),
            (
                "custom sign-in",
                Pages.customSignIn(
                    requestor: requestor, action: "/x", hidden: [("state", "s")], providers: mvpds, selected: nil,
                    personas: personas, error: nil, username: "")
            ),
            (
                "custom sign-in with a provider",
                Pages.customSignIn(
                    requestor: requestor, action: "/x", hidden: [], providers: mvpds, selected: mvpds[0].id,
                    personas: personas, error: nil, username: "")
            ),
            (
                "custom sign-in refused",
                Pages.customSignIn(
                    requestor: requestor, action: "/x", hidden: [], providers: mvpds, selected: mvpds[0].id,
                    personas: personas, error: "Wrong.", username: "demo")
            ),
            ("custom device", Pages.customDeviceStart(requestor: requestor, action: "/x", error: nil, code: "")),
            (
                "custom device refused",
                Pages.customDeviceStart(requestor: requestor, action: "/x", error: "Expired.", code: "BCDF-GHJK")
            ),
            ("custom device done", Pages.customDeviceDone(requestor: requestor, providerName: mvpd.displayName)),
        ]
    }

    @Test func everyPageHasALanguageATitleAndALabelOnEveryField() {
        for (name, html) in Self.pages {
            #expect(Self.problems(html) == [], "\(name)")
        }
    }

    @Test func theCheckFindsWhatIsMissing() {
        let bare = #"<html><title> </title><form><input name="q"><select id="s"></select></form>"#
        #expect(
            Self.problems(bare) == [
                "<html> has no lang", "no <title>", "not exactly one <h1>", #"no label: <input name="q">"#,
                #"no label: <select id="s">"#, "0 fields with autofocus, not 1",
            ])
        let ariaLabelled = #"<html lang="en"><title>T</title><h1>T</h1><input aria-label="Code" autofocus>"#
        #expect(Self.problems(ariaLabelled) == [])
    }

    @Test func theFocusStartsOnTheFieldToTypeIn() {
        func focused(_ html: String) -> String? {
            html.firstMatch(of: /<(?:input|select)\b[^>]* id="([^"]+)"[^>]* autofocus[ >]/).map { String($0.1) }
        }
        let personas = Self.dashboard.defaultPersonas
        #expect(focused(Pages.activationStart(error: nil, code: "")) == "code")
        #expect(
            focused(Pages.login(mvpd: Self.mvpd, personas: personas, relayState: "r", error: nil, username: ""))
                == "username")
        // After a refusal the user ID is kept: the password is what to type again.
        #expect(
            focused(Pages.login(mvpd: Self.mvpd, personas: personas, relayState: "r", error: "No.", username: "demo"))
                == "password")
        #expect(
            focused(Pages.activationProviders(code: "C", requestorName: "R", mvpds: [Self.mvpd])) == "mvpd")
        let custom = { (selected: String?) in
            Pages.customSignIn(
                requestor: Self.requestor, action: "/x", hidden: [], providers: [Self.mvpd], selected: selected,
                personas: personas, error: nil, username: "")
        }
        #expect(focused(custom(nil)) == "provider")
        #expect(focused(custom(Self.mvpd.id)) == "username")
    }

    @Test func theDemoAccountsSayWhichColumnIsWhich() {
        let page = Pages.login(
            mvpd: Self.mvpd, personas: Self.dashboard.defaultPersonas, relayState: "r", error: nil, username: "")
        #expect(
            page.contains(
                #"<tr><th scope="col">User ID</th><th scope="col">Password</th><th scope="col">Account</th></tr>"#))
        #expect(page.contains(#"<td><code class="secret">demo</code></td>"#))
    }

    @Test func anInlineErrorIsAnnouncedAndDescribesItsFields() {
        let page = Pages.activationStart(error: "That code is not valid.", code: "NOPE")
        #expect(page.contains(#"<p class="error" role="alert" id="error">That code is not valid.</p>"#))
        #expect(page.contains(#"aria-invalid="true" aria-describedby="error""#))
        #expect(!Pages.activationStart(error: nil, code: "").contains("aria-invalid"))
        let login = Pages.login(
            mvpd: Self.mvpd, personas: [], relayState: "r", error: "The user ID or password is incorrect.",
            username: "demo")
        #expect(login.matches(of: /aria-describedby="error"/).count == 2)
    }

    /// WCAG's contrast ratio of two `#rrggbb` or `#rgb` colours.
    static func contrast(_ first: String, _ second: String) -> Double {
        func luminance(_ hex: String) -> Double {
            let digits = hex.dropFirst()
            let value = Int(digits.count == 3 ? String(digits.flatMap { [$0, $0] }) : String(digits), radix: 16)!
            let channels = [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff].map { channel in
                let c = Double(channel) / 255
                return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
        }
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    @Test func textIsReadableOnItsBackground() throws {
        let css = Pages.stylesheet
        func rule(_ selector: String) throws -> Substring {
            let start = try #require(css.range(of: "\n\(selector) {") ?? css.range(of: "\(selector) {"))
            return css[start.upperBound...].prefix { $0 != "}" }
        }
        func colour(_ property: String, in rule: Substring) throws -> String {
            let match = try #require(
                rule.firstMatch(of: try Regex("(?:^|[ ;])\(property): (#[0-9a-f]{3}(?:[0-9a-f]{3})?)\\b")))
            return String(try #require(match.output[1].substring))
        }
        let card = "#fff"
        let button = try rule("button")
        #expect(Self.contrast(try colour("color", in: button), try colour("background", in: button)) >= 4.5)
        #expect(Self.contrast(try colour("color", in: try rule(".error")), card) >= 4.5)
        #expect(Self.contrast(try colour("color", in: try rule(".muted")), card) >= 4.5)
        #expect(Self.contrast(try colour("color", in: try rule("body")), card) >= 4.5)
        #expect(Self.contrast("#0a84ff", "#ffffff") < 4.5)  // the former button: white on it was too faint
        // A phone narrower than the card still shows a margin around it.
        #expect(css.contains("@media (max-width: 32rem) { main { margin: 1rem .75rem;"))
    }

    @Test func theServedSecondScreenPagesPassTheCheck() async throws {
        try await Harness.run { harness in
            let tv = try await harness.app(device: "tv", info: Harness.appleTV)
            let code = try #require(try await tv.postForm("/sessions", "").decode(SessionResponse.self).code)
            let form = [("Content-Type", "application/x-www-form-urlencoded")]
            var pages: [(String, Harness.Reply)] = [
                ("activate", try await harness.send(.get, "/activate")),
                ("wrong code", try await harness.send(.post, "/activate", headers: form, body: "code=NOPE123")),
                ("providers", try await harness.send(.get, "/activate/\(code)/provider")),
                ("custom device", try await harness.send(.get, "/custom-idp/ORBIT/device")),
            ]
            _ = try await harness.send(.post, "/activate/\(code)/provider", headers: form, body: "mvpd=Meridian")
            var location = "/api/v2/authenticate/ORBIT/\(code)"
            var login = try await harness.send(.get, location)
            while login.status == 302 {
                location = try #require(login.header("Location"))
                login = try await harness.send(.get, location)
            }
            pages.append(("login", login))
            let relayState = try #require(Harness.hiddenValue("RelayState", in: login.text))
            let refused = try await harness.send(
                .post, "/idp/Meridian/login", headers: form,
                body: "RelayState=\(relayState.formEncoded)&username=demo&password=nope")
            #expect(refused.status == 401)
            pages.append(("wrong password", refused))
            let done = try await harness.browserLogin(code: code, username: "demo", password: "demo")
            pages.append(("done", try await harness.send(.get, String(done.trimmingPrefix("http://mock.test")))))
            for (name, page) in pages {
                #expect(page.header("Content-Type")?.hasPrefix("text/html") == true, "\(name)")
                #expect(Self.problems(page.text) == [], "\(name): \(page.text)")
            }
        }
    }

    @Test func anActivationErrorPageLeadsBackToTheCodeForm() async throws {
        try await Harness.run { harness in
            for path in ["/activate/ZZZZZZZ/provider", "/activate/ZZZZZZZ/done"] {
                let page = try await harness.send(.get, path)
                #expect(page.status >= 400)
                #expect(page.text.contains(#"<p><a id="next" href="/activate">Enter a code</a></p>"#), "\(path)")
                #expect(Self.problems(page.text) == [], "\(path)")
            }
            // Pages of other errors say nothing of codes.
            let other = try await harness.send(.get, "/idp/Meridian/login?RelayState=forged")
            #expect(other.status >= 400)
            #expect(!other.text.contains("id=\"next\""))
        }
    }
}
