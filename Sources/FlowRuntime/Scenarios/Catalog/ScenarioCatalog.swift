import Foundation
import LocatedJSON

/// The built-in scenarios: one scenario file each, in a folder per integration beside this file
/// (`rest-v2/rest-v2-ios-apple-sso.json`), named after its file, and embedded in the binary by
/// the EmbedDataFiles plugin. `tvsim scenarios show` prints one so it can be copied, changed and
/// run with `tvsim run FILE`.
///
/// The catalog's order (of `tvsim scenarios list`, `tvsim run --all` and the menu) is not the
/// alphabetical one: every folder has an `index.txt` naming its entries one a line, in order;
/// the folders for `Catalog/` itself, the scenario files for an integration's folder.
public enum ScenarioCatalog {
    /// One built-in scenario file.
    public struct File: Sendable, Equatable {
        public let name: String
        /// The file's path from the package root, as its mistakes name it.
        public let path: String
        public let text: String

        public init(name: String, path: String, text: String) {
            self.name = name
            self.path = path
            self.text = text
        }
    }

    /// Where the catalog's files are, from the package root.
    static let folder = "Sources/FlowRuntime/Scenarios/Catalog"

    private static let indexed = ordered(EmbeddedDataFiles.files, in: folder)

    /// Every built-in scenario file, in catalog order.
    public static var entries: [File] { indexed.files }

    /// Every built-in scenario file's name and text, in catalog order.
    public static var files: [(name: String, text: String)] { entries.map { ($0.name, $0.text) } }

    /// Where the index files and the folders disagree: a listed entry that is not there, a
    /// scenario file no index lists. Empty when the catalog is right; the tests check it.
    static var indexMismatches: [String] { indexed.mismatches }

    /// Parses the whole catalog, failing on the first broken built-in.
    public static func all() throws(DataFileError) -> [Scenario] {
        try entries.map { file throws(DataFileError) in try Scenario.parse(file.text, file: file.path) }
    }

    /// Parses every file, keeping the scenarios that parse and the mistakes of those that do not,
    /// for a menu that lists what it can and shows what it cannot.
    public static func parsed(_ files: [File] = entries) -> (scenarios: [Scenario], problems: [DataFileError]) {
        var scenarios: [Scenario] = []
        var problems: [DataFileError] = []
        for file in files {
            do { scenarios.append(try Scenario.parse(file.text, file: file.path)) } catch { problems.append(error) }
        }
        return (scenarios, problems)
    }

    public static func named(_ name: String) -> (name: String, text: String)? {
        entries.first { $0.name == name }.map { ($0.name, $0.text) }
    }

    /// A built-in scenario by name, else a scenario file by path.
    public static func resolve(_ nameOrPath: String) throws(ScenarioLookupError) -> Scenario {
        if let file = entries.first(where: { $0.name == nameOrPath }) {
            do { return try Scenario.parse(file.text, file: file.path) } catch { throw .invalid(error) }
        }
        guard FileManager.default.fileExists(atPath: nameOrPath) else { throw .notFound(nameOrPath) }
        do { return try Scenario.load(path: nameOrPath) } catch { throw .invalid(error) }
    }

    /// The scenario files of `embedded` below `folder`, in the order of the index files. A file
    /// no index lists is not lost: it comes last, and is reported as a mismatch.
    static func ordered(_ embedded: [(path: String, text: String)], in folder: String) -> (
        files: [File], mismatches: [String]
    ) {
        let texts = Dictionary(embedded.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
        var files: [File] = []
        var mismatches: [String] = []
        func visit(_ directory: String) {
            guard let index = texts["\(directory)/index.txt"] else {
                mismatches.append("\(directory)/index.txt is missing")
                return
            }
            for line in index.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
                let entry = "\(directory)/\(line)"
                if texts["\(entry)/index.txt"] != nil {
                    visit(entry)
                } else if line.hasSuffix(".json"), let text = texts[entry] {
                    files.append(File(name: Scenario.name(fromFile: entry), path: entry, text: text))
                } else {
                    mismatches.append("\(directory)/index.txt lists '\(line)', which is not there")
                }
            }
        }
        visit(folder)
        let listed = Set(files.map(\.path))
        for (path, text) in embedded where path.hasSuffix(".json") && !listed.contains(path) {
            mismatches.append("\(path) is in no index.txt")
            files.append(File(name: Scenario.name(fromFile: path), path: path, text: text))
        }
        return (files, mismatches)
    }
}

public enum ScenarioLookupError: Error, CustomStringConvertible {
    case notFound(String)
    case invalid(DataFileError)

    public var description: String {
        switch self {
        case .notFound(let name):
            "'\(name)' is neither a built-in scenario nor a file; 'tvsim scenarios list' shows the built-ins"
        case .invalid(let error): "invalid scenario file: \(error)"
        }
    }
}
