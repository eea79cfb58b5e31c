import Foundation
import PassAPI

/// An audit as people and pipelines read it: annotated text, JSON, JUnit XML.
public enum AuditReport {
    // MARK: - Text

    /// The annotated timeline of each client, then its findings.
    public static func text(_ audits: [ClientAudit], source: String) -> [String] {
        var lines = ["\(source): \(audits.count) client\(audits.count == 1 ? "" : "s")"]
        for audit in audits {
            lines.append("")
            lines.append("client \(audit.client) · \(audit.integration) · \(audit.calls.count) calls")
            let start = audit.calls.first?.exchange.startedAt ?? 0
            for call in audit.calls {
                let status = call.exchange.status.map(String.init) ?? "no answer"
                let step = audit.step(of: call).map { "  \($0)" } ?? ""
                var ids: [String] = []
                for finding in audit.findings where finding.exchanges.contains(call.exchange.id) {
                    if !ids.contains(finding.rule.id) { ids.append(finding.rule.id) }
                }
                let marks = ids.map { "  ← \($0)" }.joined()
                lines.append(
                    "  #\(call.exchange.id)".padding(toLength: 7, withPad: " ", startingAt: 0)
                        + " +\(elapsed(call.exchange.startedAt - start))  \(call.exchange.method) \(call.exchange.path)"
                        + " → \(status)\(step)\(marks)")
            }
            lines.append("  steps: \(audit.steps.joined(separator: " → "))")
            if audit.findings.isEmpty {
                lines.append("  no findings")
            }
            for unjudged in audit.notJudged {
                lines.append("  ? not judged \(unjudged.rule.id): \(unjudged.reason)")
            }
            for finding in audit.findings {
                let rule = finding.rule
                lines.append(
                    "  \(mark(rule.severity)) \(rule.severity.rawValue) \(rule.id) (\(finding.source.citation))")
                lines.append("      \(finding.message)")
                lines.append("      → \(rule.advice)")
                lines.append(
                    "      “\(finding.source.quote)”\(finding.source.translated == true ? " (translated)" : "")")
            }
        }
        let counts = Rule.Severity.allCases.map { severity in
            "\(audits.flatMap(\.findings).filter { $0.rule.severity == severity }.count) \(severity.rawValue)s"
        }
        lines.append("")
        lines.append("\(source): " + counts.joined(separator: ", "))
        return lines
    }

    public static func mark(_ severity: Rule.Severity) -> String {
        switch severity {
        case .error: "✗"
        case .warning: "!"
        case .advice: "·"
        }
    }

    static func elapsed(_ milliseconds: Int64) -> String {
        String(format: "%d:%06.3f", milliseconds / 60_000, Double(milliseconds % 60_000) / 1000)
    }

    // MARK: - JSON

    struct ClientJSON: Encodable {
        struct CallJSON: Encodable {
            let exchange: Int
            let method: String
            let path: String
            let status: Int?
            let operation: String
            let step: String?
        }

        struct FindingJSON: Encodable {
            let rule: String
            let severity: String
            let family: String
            let source: SourceJSON
            let exchanges: [Int]
            let message: String
            let advice: String
        }

        struct SourceJSON: Encodable {
            let seed: String?
            let reference: String?
            let step: String
            let line: Int?
            let quote: String
            let translated: Bool
        }

        struct NotJudgedJSON: Encodable {
            let rule: String
            let reason: String
        }

        let client: String
        let integration: String
        let steps: [String]
        let calls: [CallJSON]
        let findings: [FindingJSON]
        let notJudged: [NotJudgedJSON]
    }

    public static func clientsJSON(_ audits: [ClientAudit]) -> [some Encodable] {
        audits.map { audit in
            ClientJSON(
                client: audit.client, integration: audit.integration, steps: audit.steps,
                calls: audit.calls.map { call in
                    ClientJSON.CallJSON(
                        exchange: call.exchange.id, method: call.exchange.method, path: call.exchange.path,
                        status: call.exchange.status, operation: call.name, step: audit.step(of: call))
                },
                findings: audit.findings.map { finding in
                    let rule = finding.rule
                    let source = finding.source
                    return ClientJSON.FindingJSON(
                        rule: rule.id, severity: rule.severity.rawValue, family: rule.family,
                        source: ClientJSON.SourceJSON(
                            seed: source.seed, reference: source.reference, step: source.step, line: source.line,
                            quote: source.quote, translated: source.translated ?? false),
                        exchanges: finding.exchanges, message: finding.message, advice: rule.advice)
                },
                notJudged: audit.notJudged.map { ClientJSON.NotJudgedJSON(rule: $0.rule.id, reason: $0.reason) })
        }
    }

    public static func json(_ audits: [ClientAudit], source: String) throws -> Data {
        struct Document<Clients: Encodable>: Encodable {
            let source: String
            let clients: Clients
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Document(source: source, clients: clientsJSON(audits)))
    }

    // MARK: - JUnit

    /// One test suite per client, one test case per rule that applies to its integration:
    /// failed when the rule has an error-level finding, skipped when the traffic could not judge
    /// it; warnings and advice are written as the case's output.
    public static func junit(_ audits: [(source: String, audit: ClientAudit)], rules: [Rule]) -> String {
        let suites = audits.map { source, audit in
            JUnitXML.Suite(
                name: "\(source) · \(audit.client)",
                cases: rules.filter { Audit.applies($0, to: audit.integration) }.map { testCase($0, in: audit) })
        }
        return JUnitXML(name: "tvsim audit", suites: suites).xml
    }

    private static func testCase(_ rule: Rule, in audit: ClientAudit) -> JUnitXML.TestCase {
        let findings = audit.findings.filter { $0.rule.id == rule.id }
        let outcome: JUnitXML.TestCase.Outcome
        if let first = findings.first {
            let text = findings.map { "\($0.message)\n→ \(rule.advice)" }.joined(separator: "\n")
            outcome =
                rule.severity == .error
                ? .failed(message: first.message, type: first.source.citation, text: text) : .passedWithOutput(text)
        } else if let unjudged = audit.notJudged.first(where: { $0.rule.id == rule.id }) {
            outcome = .skipped(message: unjudged.reason)
        } else {
            outcome = .passed
        }
        return JUnitXML.TestCase(name: rule.id, className: "tvsim.audit.\(rule.family)", outcome: outcome)
    }
}
