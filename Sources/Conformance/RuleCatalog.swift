import Foundation
import LocatedJSON

/// The built-in rules and call table, read from the files of `Rules/` (embedded in the program):
/// `operations.json`, and one file per rule family.
public struct RuleCatalog: Sendable {
    public let operations: OperationTable
    public let rules: [Rule]

    struct Family: Decodable {
        let family: String
        let about: String
        let rules: [Rule]
    }

    public init(operations: OperationTable, rules: [Rule]) {
        self.operations = operations
        self.rules = rules
    }

    /// Reads a catalog from its files (path and text); a broken file is named with its line and
    /// field, and a rule that names an unknown call or repeats an id is refused.
    public static func read(_ files: [(path: String, text: String)]) throws(DataFileError) -> RuleCatalog {
        let decoder = LocatedJSONDecoder()
        var table: OperationTable?
        var rules: [Rule] = []
        for file in files where file.path.hasSuffix(".json") {
            let data = Data(file.text.utf8)
            if file.path.hasSuffix("/operations.json") || file.path == "operations.json" {
                table = OperationTable(
                    entries: try decoder.decode(OperationTable.File.self, from: data, file: file.path).operations)
                continue
            }
            let family = try decoder.decode(Family.self, from: data, file: file.path)
            rules += family.rules.map { rule in
                var rule = rule
                rule.family = family.family
                return rule
            }
        }
        guard let table else {
            throw DataFileError(
                file: "Rules", location: SourceLocation(line: 1, column: 1), field: "operations.json",
                message: "the rule catalog has no operations.json")
        }
        let known = Set(table.entries.map(\.operation))
        var seen: Set<String> = []
        for rule in rules {
            guard seen.insert(rule.id).inserted else {
                throw DataFileError(
                    file: rule.family, location: SourceLocation(line: 1, column: 1), field: "id",
                    message: "the rule id \(rule.id) is used twice")
            }
            if let unknown = rule.check.operations.first(where: { !known.contains($0) }) {
                throw DataFileError(
                    file: rule.family, location: SourceLocation(line: 1, column: 1), field: "check",
                    message: "rule \(rule.id) names \(unknown), which operations.json does not know")
            }
        }
        return RuleCatalog(operations: table, rules: rules)
    }

    /// The catalog tvsim ships.
    public static let builtIn: RuleCatalog = {
        do {
            return try read(EmbeddedDataFiles.files)
        } catch {
            preconditionFailure("the built-in conformance rules do not read: \(error)")
        }
    }()
}
