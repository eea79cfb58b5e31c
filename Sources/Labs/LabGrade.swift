import Conformance
import Foundation
import PassAPI

/// How one client did in a lab: each goal met (by which call), wrong (the finding that says
/// why), or still pending.
public struct LabGrade: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// Met by this exchange.
        case met(HTTPExchange)
        /// One of the goal's rules fired: the first finding.
        case wrong(Finding)
        case pending
    }

    public struct Result: Sendable, Equatable {
        public let goal: Lab.Goal
        public let outcome: Outcome

        public var isMet: Bool { if case .met = outcome { true } else { false } }

        public init(goal: Lab.Goal, outcome: Outcome) {
            self.goal = goal
            self.outcome = outcome
        }
    }

    /// The device identifier the client's calls carry (or the HAR page).
    public let client: String
    public let results: [Result]

    public init(client: String, results: [Result]) {
        self.client = client
        self.results = results
    }

    public var passed: Bool { results.allSatisfy(\.isMet) }
    public var metCount: Int { results.count(where: \.isMet) }

    /// Every client of `exchanges` that called the lab's cookbook, graded apart.
    public static func grade(_ lab: Lab, exchanges: [HTTPExchange], historyComplete: Bool = true) -> [LabGrade] {
        Audit.run(exchanges, historyComplete: historyComplete).map { grade(lab, audit: $0) }
    }

    /// One client: the goals in order, each met by the first of its calls after the call that met
    /// the last goal met (a goal left pending does not hold back the ones after it); a goal whose
    /// rules fired is wrong, met or not.
    public static func grade(_ lab: Lab, audit: ClientAudit) -> LabGrade {
        var cursor = audit.calls.startIndex
        var results: [Result] = []
        for goal in lab.goals {
            var outcome = Outcome.pending
            if let index = audit.calls[cursor...].firstIndex(where: { meets(goal, $0.exchange, name: $0.name) }) {
                outcome = .met(audit.calls[index].exchange)
                cursor = audit.calls.index(after: index)
            }
            if let finding = audit.findings.first(where: { goal.rules.contains($0.rule.id) }) {
                outcome = .wrong(finding)
            }
            results.append(Result(goal: goal, outcome: outcome))
        }
        return LabGrade(client: audit.client, results: results)
    }

    static func meets(_ goal: Lab.Goal, _ exchange: HTTPExchange, name: String) -> Bool {
        guard goal.calls.contains(name), let status = exchange.status else { return false }
        guard goal.statuses?.contains(status) ?? (200..<300).contains(status) else { return false }
        guard let path = goal.answerHas else { return true }
        return holds(path, in: exchange.responseBody)
    }

    /// Whether the JSON `body` has something at `path` (`/profiles/*`: an object or array
    /// with at least one member under `profiles`; `*` is any member).
    static func holds(_ path: String, in body: String?) -> Bool {
        guard let body,
            let root = try? JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed])
        else { return false }
        var values: [Any] = [root]
        for segment in path.split(separator: "/") {
            values = values.flatMap { value -> [Any] in
                switch value {
                case let object as [String: Any]:
                    segment == "*" ? Array(object.values) : object[String(segment)].map { [$0] } ?? []
                case let array as [Any]:
                    segment == "*"
                        ? array : Int(segment).flatMap { array.indices.contains($0) ? [array[$0]] : nil } ?? []
                default: []
                }
            }
        }
        return values.contains { !($0 is NSNull) }
    }
}
