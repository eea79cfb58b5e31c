import Foundation
import Testing

@testable import Conformance

/// The article's coverage table ("What the rules cover") and the rule catalog name the same
/// rules: a new rule gets its row, and a row cannot name a rule that is gone.
@Suite struct CoverageTableTests {
    static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/tvsim/Documentation.docc/AuditingAClient.md")

    /// The rows of the table: seed, step, line, requirement, rules.
    static func rows() throws -> [[String]] {
        let text = try String(contentsOf: article, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "### What the rules cover").dropFirst().first)
        return section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| seed") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    @Test func everyRuleHasItsRowAndEveryRowsRuleExists() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 30)
        let named = Set(rows.flatMap { row in row[4].matches(of: /[A-Z0-9]+(?:-[A-Z0-9]+)+/).map { String($0.0) } })
        let catalog = Set(RuleCatalog.builtIn.rules.map(\.id))
        #expect(catalog.subtracting(named).sorted() == [], "rules the table leaves out")
        #expect(named.subtracting(catalog).sorted() == [], "rules the table names that do not exist")
    }

    @Test func everyRowNamesItsSeedStepLineAndWhatChecksIt() throws {
        for row in try Self.rows() {
            #expect(row.count == 5, "\(row)")
            #expect(["000", "002", "003"].contains(row[0]), "\(row)")
            #expect(!row[1].isEmpty && !row[2].isEmpty && !row[3].isEmpty, "\(row)")
            let checked = row[4].contains(/[A-Z0-9]+-[A-Z0-9]+/)
            let said = row[4].hasPrefix("not visible in HTTP: ") || row[4].hasPrefix("not checked yet")
            #expect(checked || said, "a row names its rules, or says why it has none: \(row)")
        }
    }
}
