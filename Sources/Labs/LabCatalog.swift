import LocatedJSON

/// The built-in labs: one file each in `Catalog/` beside this file, embedded in the binary, in
/// the order `Catalog/index.txt` gives.
public enum LabCatalog {
    static let folder = "Sources/Labs/Catalog"

    public struct File: Sendable, Equatable {
        public let name: String
        public let path: String
        public let text: String
    }

    /// Every built-in lab file, in the index's order.
    public static let files: [File] = {
        let byPath = Dictionary(EmbeddedDataFiles.files.map { ($0.path, $0.text) }) { first, _ in first }
        let index = byPath[folder + "/index.txt"] ?? ""
        return index.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .compactMap { name in
                let path = "\(folder)/\(name).json"
                return byPath[path].map { File(name: name, path: path, text: $0) }
            }
    }()

    /// Every built-in lab, or the first one's mistake.
    public static func all() throws(DataFileError) -> [Lab] {
        try files.map { file throws(DataFileError) in try Lab.parse(file.text, file: file.path) }
    }

    public static func named(_ name: String) throws(DataFileError) -> Lab? {
        guard let file = files.first(where: { $0.name == name }) else { return nil }
        return try Lab.parse(file.text, file: file.path)
    }

    /// Lab files of the folder that the index does not list, and names it lists without a file.
    static var indexMismatches: [String] {
        let listed = Set(files.map(\.path))
        let present = EmbeddedDataFiles.files.map(\.path).filter { $0.hasSuffix(".json") }
        let index = (EmbeddedDataFiles.files.first { $0.path == folder + "/index.txt" }?.text ?? "")
            .split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        return present.filter { !listed.contains($0) }.map { "\($0) is not in index.txt" }
            + index.filter { name in !present.contains("\(folder)/\(name).json") }.map { "\($0) has no file" }
    }
}
