import Conformance
import Localization
import PassAPI

/// `GET /__tvsim/audit` in a browser: each client that called this server, its calls with their
/// cookbook step, and its findings. The page's own words follow the browser's language; the
/// rules' sentences are the rule files' (English).
extension Pages {
    static func audit(_ audits: [ClientAudit], complete: Bool = true, strings: Strings) -> String {
        let title = strings("page.audit.title")
        var body = """
            <h1>\(shown(title))</h1>
            <p class="muted">\(shown(strings("page.audit.intro")))</p>
            """
        if !complete { body += "<p class=\"error\">\(shown(strings("page.audit.incomplete")))</p>" }
        if audits.isEmpty {
            body += "<p>\(shown(strings("page.audit.noClients")))</p>"
        }
        for audit in audits {
            body += clientSection(audit, strings: strings)
        }
        return document(title: title, body: body, language: strings.language, wide: true)
    }

    private static func clientSection(_ audit: ClientAudit, strings: Strings) -> String {
        let heading = strings(
            "page.audit.client",
            ["client": audit.client, "integration": audit.integration, "calls": "\(audit.calls.count)"])
        let rows = audit.calls.map { call in
            let status = call.exchange.status.map(String.init) ?? "—"
            let marks = Set(audit.findings.filter { $0.exchanges.contains(call.exchange.id) }.map(\.rule.id))
                .sorted().joined(separator: " ")
            return "<tr><td>#\(call.exchange.id)</td><td>\(shown(audit.step(of: call) ?? ""))</td>"
                + "<td><code class=\"path\">\(shown("\(call.exchange.method) \(call.exchange.path)"))</code></td>"
                + "<td>\(status)</td><td class=\"error\">\(shown(marks))</td></tr>"
        }.joined()
        let findings =
            audit.findings.isEmpty
            ? "<p>\(shown(strings("page.audit.noFindings")))</p>"
            : "<ul>" + audit.findings.map { findingItem($0, strings: strings) }.joined() + "</ul>"
        return """
            <section>
            <h2>\(shown(heading))</h2>
            <p>\(shown(strings("page.audit.steps"))): \(shown(audit.steps.joined(separator: " → ")))</p>
            <table><thead><tr><th>#</th><th>\(shown(strings("page.audit.step")))</th>\
            <th>\(shown(strings("page.audit.call")))</th><th>HTTP</th>\
            <th>\(shown(strings("page.audit.findings")))</th></tr></thead><tbody>\(rows)</tbody></table>
            <h3>\(shown(strings("page.audit.findings")))</h3>
            \(findings)
            </section>
            """
    }

    private static func findingItem(_ finding: Finding, strings: Strings) -> String {
        let rule = finding.rule
        let severity = strings("page.audit.severity.\(rule.severity.rawValue)")
        let quote = "“\(finding.source.quote)”" + (finding.source.translated == true ? " (translated)" : "")
        return """
            <li><p><strong class="\(rule.severity == .error ? "error" : "")">\(shown(severity))</strong> \
            <code class="path">\(shown(rule.id))</code> · \(shown(finding.source.citation))</p>
            <p>\(shown(finding.message))</p>
            <p>\(shown(strings("page.audit.change"))): \(shown(rule.advice))</p>
            <p class="muted">\(shown(quote))</p></li>
            """
    }

    /// Text for the page: what a client sent may carry controls and bidirectional overrides,
    /// which would reorder what a reader sees; they are shown, as in the terminal, then escaped.
    private static func shown(_ text: String) -> String {
        Markup.escapeHTML(TerminalSafeText.make(text, keepingLines: false))
    }
}
