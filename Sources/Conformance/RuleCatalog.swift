import Foundation
import LocatedJSON

/// The built-in rules, read from the files of `Rules/` (embedded in the program): the header
/// lists, and one file per rule family. The calls the rules name are the calls of
/// `Endpoint.all` that a cookbook names (`OperationTable`).
public struct RuleCatalog: Sendable {
    public let operations: OperationTable
    public let rules: [Rule]
    /// The headers each cookbook step lists as required (`header-lists.json`): what a header
    /// finding on a call of that step cites.
    public let headerLists: [HeaderList]

    /// The headers one step of an integration lists, and where it lists them.
    public struct HeaderList: Decodable, Sendable, Equatable {
        public let integration: String
        public let step: String
        public let headers: [String]
        public let source: Rule.Source

        func names(_ header: String) -> Bool {
            headers.contains { $0.caseInsensitiveCompare(header) == .orderedSame }
        }
    }

    struct HeaderListFile: Decodable {
        let about: String
        let lists: [HeaderList]
    }

    struct Family: Decodable {
        let family: String
        let about: String
        let rules: [Rule]
    }

    public init(operations: OperationTable = OperationTable(), rules: [Rule], headerLists: [HeaderList] = []) {
        self.operations = operations
        self.rules = rules
        self.headerLists = headerLists
    }

    /// The list of `step` in `integration`, if it names `header`.
    func headerList(naming header: String, step: String, integration: String) -> HeaderList? {
        headerLists.first { $0.integration == integration && $0.step == step && $0.names(header) }
    }

    /// Reads a catalog from its files (path and text); a broken file is named with its line and
    /// field, and a rule that names an unknown call or repeats an id is refused.
    public static func read(_ files: [(path: String, text: String)]) throws(DataFileError) -> RuleCatalog {
        let decoder = LocatedJSONDecoder()
        var rules: [Rule] = []
        var headerLists: [HeaderList] = []
        func named(_ path: String, _ name: String) -> Bool { path == name || path.hasSuffix("/" + name) }
        for file in files where file.path.hasSuffix(".json") {
            let data = Data(file.text.utf8)
            if named(file.path, "header-lists.json") {
                headerLists = try decoder.decode(HeaderListFile.self, from: data, file: file.path).lists
                continue
            }
            let family = try decoder.decode(Family.self, from: data, file: file.path)
            rules += family.rules.map { rule in
                var rule = rule
                rule.family = family.family
                return rule
            }
        }
        let table = OperationTable()
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
                    message: "rule \(rule.id) names \(unknown), which is no call a cookbook names")
            }
        }
        return RuleCatalog(operations: table, rules: rules, headerLists: headerLists)
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
