import Conformance
import Foundation
import PassAPI

/// A lab's grades as `tvsim lab check` prints them: text for people, JSON for tools, JUnit XML
/// for CI.
public enum LabReport {
    public static func text(_ lab: Lab, _ grades: [LabGrade], source: String) -> [String] {
        var lines = ["Lab \(lab.name) — \(lab.title) (\(source))"]
        guard !grades.isEmpty else {
            return lines + ["  No client called the \(lab.integration) cookbook: nothing to grade."]
        }
        for grade in grades {
            lines.append("client \(grade.client): \(grade.metCount) of \(grade.results.count) goals met")
            for result in grade.results {
                let goal = result.goal
                switch result.outcome {
                case .met(let exchange):
                    let status = exchange.status.map(String.init) ?? "?"
                    lines.append(
                        "  ✓ \(goal.step) \(goal.title) — #\(exchange.id) \(exchange.method) \(exchange.path) → \(status)"
                    )
                case .wrong(let finding):
                    lines.append("  ✗ \(goal.step) \(goal.title) — \(finding.rule.id): \(finding.message)")
                    lines.append("      \(finding.source.citation): “\(finding.source.quote)” → \(finding.rule.advice)")
                case .pending:
                    lines.append("  · \(goal.step) \(goal.title) — not met yet; hint: \(goal.hint.request)")
                }
            }
        }
        return lines
    }

    /// The goals not met, named for an exit message: `poll-429 (BA.3 wait out a 429)`.
    public static func unmet(_ grades: [LabGrade]) -> [String] {
        grades.flatMap { grade in
            grade.results.filter { !$0.isMet }.map { "\($0.goal.id) (\($0.goal.step) \($0.goal.title))" }
        }
    }

    public static func json(_ lab: Lab, _ grades: [LabGrade], source: String) throws -> Data {
        struct Goal: Encodable {
            let id, step, title, outcome: String
            let exchange: Int?
            let rule: String?
            let message: String?
        }
        struct Client: Encodable {
            let client: String
            let passed: Bool
            let met: Int
            let goals: [Goal]
        }
        struct Report: Encodable {
            let lab, title, source: String
            let passed: Bool
            let clients: [Client]
        }
        let clients = grades.map { grade in
            Client(
                client: grade.client, passed: grade.passed, met: grade.metCount,
                goals: grade.results.map { result in
                    let goal = result.goal
                    switch result.outcome {
                    case .met(let exchange):
                        return Goal(
                            id: goal.id, step: goal.step, title: goal.title, outcome: "met", exchange: exchange.id,
                            rule: nil, message: nil)
                    case .wrong(let finding):
                        return Goal(
                            id: goal.id, step: goal.step, title: goal.title, outcome: "wrong",
                            exchange: finding.exchanges.first, rule: finding.rule.id, message: finding.message)
                    case .pending:
                        return Goal(
                            id: goal.id, step: goal.step, title: goal.title, outcome: "pending", exchange: nil,
                            rule: nil, message: nil)
                    }
                })
        }
        let report = Report(
            lab: lab.name, title: lab.title, source: source,
            passed: !grades.isEmpty && grades.allSatisfy(\.passed), clients: clients)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(report)
    }

    /// One test suite per client, one test case per goal.
    public static func junit(_ lab: Lab, _ grades: [LabGrade], source: String) -> String {
        let suites = grades.map { grade in
            JUnitXML.Suite(
                name: "\(lab.name) · \(source) · \(grade.client)",
                cases: grade.results.map { result in
                    let goal = result.goal
                    let outcome: JUnitXML.TestCase.Outcome =
                        switch result.outcome {
                        case .met: .passed
                        case .wrong(let finding):
                            .failed(
                                message: "\(finding.rule.id): \(finding.message)", type: finding.source.citation,
                                text: "“\(finding.source.quote)” → \(finding.rule.advice)")
                        case .pending:
                            .failed(
                                message: "not met: \(goal.step) \(goal.title)", type: "pending",
                                text: "\(goal.hint.text)\n\(goal.hint.request)")
                        }
                    return JUnitXML.TestCase(
                        name: "\(goal.step) \(goal.id)", className: "tvsim.lab.\(lab.name)", outcome: outcome)
                })
        }
        return JUnitXML(name: "tvsim lab \(lab.name)", suites: suites).xml
    }
}
