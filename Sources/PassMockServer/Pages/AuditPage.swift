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
            <h1>\(Markup.escapeHTML(title))</h1>
            <p class="muted">\(Markup.escapeHTML(strings("page.audit.intro")))</p>
            """
        if !complete { body += "<p class=\"error\">\(Markup.escapeHTML(strings("page.audit.incomplete")))</p>" }
        if audits.isEmpty {
            body += "<p>\(Markup.escapeHTML(strings("page.audit.noClients")))</p>"
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
            let marks = Set(audit.findings.filter { $0.exchanges.contains(call.exchange.number) }.map(\.rule.id))
                .sorted().joined(separator: " ")
            return "<tr><td>#\(call.exchange.number)</td><td>\(Markup.escapeHTML(audit.step(of: call) ?? ""))</td>"
                + "<td><code class=\"path\">\(Markup.escapeHTML("\(call.exchange.method) \(call.exchange.path)"))</code></td>"
                + "<td>\(status)</td><td class=\"error\">\(Markup.escapeHTML(marks))</td></tr>"
        }.joined()
        let findings =
            audit.findings.isEmpty
            ? "<p>\(Markup.escapeHTML(strings("page.audit.noFindings")))</p>"
            : "<ul>" + audit.findings.map { findingItem($0, strings: strings) }.joined() + "</ul>"
        return """
            <section>
            <h2>\(Markup.escapeHTML(heading))</h2>
            <p>\(Markup.escapeHTML(strings("page.audit.steps"))): \(Markup.escapeHTML(audit.steps.joined(separator: " → ")))</p>
            <table><thead><tr><th>#</th><th>\(Markup.escapeHTML(strings("page.audit.step")))</th>\
            <th>\(Markup.escapeHTML(strings("page.audit.call")))</th><th>HTTP</th>\
            <th>\(Markup.escapeHTML(strings("page.audit.findings")))</th></tr></thead><tbody>\(rows)</tbody></table>
            <h3>\(Markup.escapeHTML(strings("page.audit.findings")))</h3>
            \(findings)
            </section>
            """
    }

    private static func findingItem(_ finding: Finding, strings: Strings) -> String {
        let rule = finding.rule
        let severity = strings("page.audit.severity.\(rule.severity.rawValue)")
        let quote = "“\(rule.source.quote)”" + (rule.source.translated == true ? " (translated)" : "")
        return """
            <li><p><strong class="\(rule.severity == .error ? "error" : "")">\(Markup.escapeHTML(severity))</strong> \
            <code class="path">\(Markup.escapeHTML(rule.id))</code> · \(Markup.escapeHTML(rule.source.citation))</p>
            <p>\(Markup.escapeHTML(finding.message))</p>
            <p>\(Markup.escapeHTML(strings("page.audit.change"))): \(Markup.escapeHTML(rule.advice))</p>
            <p class="muted">\(Markup.escapeHTML(quote))</p></li>
            """
    }
}
