import Conformance
import FlowCore
import PassAPI

/// What a finding of the audit is about, on the line that reports it: how grave it is and the
/// exchanges involved, so that the sequence diagram marks their arrows.
public struct TimelineFinding: Sendable, Hashable {
    public let severity: Rule.Severity
    /// The `id`s of the exchanges involved.
    public let exchanges: [Int]

    public init(severity: Rule.Severity, exchanges: [Int]) {
        self.severity = severity
        self.exchanges = exchanges
    }

    /// How the audit's reports mark the severity: `✗`, `!`, `·`.
    public var mark: String { AuditReport.mark(severity) }

    /// The gravest finding's severity on each exchange the findings among `entries` are about.
    public static func severities(in entries: [TimelineEntry]) -> [Int: Rule.Severity] {
        var severities: [Int: Rule.Severity] = [:]
        for finding in entries.lazy.compactMap(\.finding) {
            for exchange in finding.exchanges {
                severities[exchange] = min(severities[exchange] ?? finding.severity, finding.severity)
            }
        }
        return severities
    }
}

/// An outside client's calls on a timeline, as `tvsim watch` follows them and `tvsim audit
/// --sequence` draws them: each call after the cookbook step the audit places it in, then each
/// finding once, when it is first made.
public struct AuditedTimeline {
    /// Findings already told, by rule and exchanges.
    private var told: Set<String> = []

    public init() {}

    /// Records `calls` (new since the last time) on `timeline`, placed by `audits` (of every
    /// call so far); `origin` goes before paths that have none.
    public mutating func record(
        _ calls: [HTTPExchange], audits: [ClientAudit], origin: String? = nil, on timeline: Timeline
    ) {
        var steps: [Int: (id: String, call: String, integration: String)] = [:]
        for audit in audits {
            for call in audit.calls {
                // DCR calls made before any REST call are REST API V2's A.1–A.4 (seed 002).
                let integration = audit.integration == "dcr" ? "rest-v2" : audit.integration
                steps[call.exchange.id] = audit.step(of: call).map { ($0, call.name, integration) }
            }
        }
        for exchange in calls {
            if let (id, call, integration) = steps[exchange.id] {
                // The cookbook's own step when the id names one, so that the Step pane explains it.
                if let step = CookbookStep.named(id, in: integration) {
                    timeline.append(.step, step.label, detail: step.explanation, step: step, time: exchange.startedAt)
                } else {
                    timeline.append(
                        .step, "\(id) \(call)", detail: "The cookbook step of the next call.", time: exchange.startedAt)
                }
            }
            timeline.record(origin.map { exchange.onOrigin($0) } ?? exchange)
        }
        for finding in audits.flatMap(\.findings) {
            guard told.insert("\(finding.rule.id) \(finding.exchanges)").inserted else { continue }
            let rule = finding.rule
            timeline.append(
                .note, "\(AuditReport.mark(rule.severity)) \(rule.id): \(finding.message)",
                detail:
                    "\(rule.severity.rawValue), \(finding.source.citation). \(rule.advice) “\(finding.source.quote)”",
                time: calls.last?.startedAt,
                finding: TimelineFinding(severity: rule.severity, exchanges: finding.exchanges))
        }
    }
}
