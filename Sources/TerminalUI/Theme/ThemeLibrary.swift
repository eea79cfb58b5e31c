import Foundation
import LocatedJSON

/// Finds and loads themes: the built-in ones, which are the files of the package's `Themes/`
/// folder embedded in the binary (so an installed tvsim has them all), the theme files of a user
/// folder given by `TVSIM_THEMES`, and any file path.
public struct ThemeLibrary: Sendable {
    /// User theme folders, searched in order before the built-in themes.
    public let directories: [String]
    /// The built-in themes, by name.
    public let builtIns: [Entry]

    /// A theme the library can load: a file in a user folder, or a built-in theme.
    public struct Entry: Sendable, Equatable {
        public let name: String
        /// The file's path; for a built-in theme, its path in the source tree (`Themes/dark.json`),
        /// which its mistakes name.
        public let path: String
        /// A built-in theme's text; nil for a file read from disk.
        public let text: String?

        public var isBuiltIn: Bool { text != nil }

        public func read() throws(DataFileError) -> Theme {
            guard let text else { return try ThemeLibrary.read(path) }
            return try LocatedJSONDecoder().decode(Theme.self, from: Data(text.utf8), file: path)
        }
    }

    public init(directories: [String], builtIns: [Entry] = ThemeLibrary.embedded) {
        self.directories = directories
        self.builtIns = builtIns
    }

    /// The themes of the package's `Themes/` folder, as the build embedded them.
    public static let embedded: [Entry] = EmbeddedDataFiles.files.compactMap { file in
        guard file.path.hasPrefix("Themes/"), file.path.hasSuffix(".json") else { return nil }
        let name = String(file.path.dropFirst("Themes/".count).dropLast(".json".count))
        return Entry(name: name, path: file.path, text: file.text)
    }

    /// The built-in themes and, when `TVSIM_THEMES` names a folder, its theme files.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ThemeLibrary {
        guard let custom = environment["TVSIM_THEMES"], !custom.isEmpty else { return ThemeLibrary(directories: []) }
        return ThemeLibrary(directories: [custom])
    }

    /// Every theme, by name. The first user folder with a file of a name wins, and a user's file
    /// wins over the built-in theme of the same name: a user can change `default` or `dark` by
    /// putting a changed copy in `TVSIM_THEMES`, without building tvsim again.
    public func available() -> [Entry] {
        var found: [String: Entry] = [:]
        for directory in directories {
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for file in files.sorted() where file.hasSuffix(".json") {
                let name = String(file.dropLast(5))
                if found[name] == nil { found[name] = Entry(name: name, path: "\(directory)/\(file)", text: nil) }
            }
        }
        for entry in builtIns where found[entry.name] == nil { found[entry.name] = entry }
        return found.values.sorted { $0.name < $1.name }
    }

    public struct Loaded: Sendable {
        public let theme: Theme
        /// Why the requested theme could not be used, when the default stands in for it.
        public let problem: String?
    }

    /// The theme named `nameOrPath` (a name in the library or a file path), the `default` one
    /// when none is asked for; on any problem the built-in default, with the problem to show
    /// the user.
    public func load(_ nameOrPath: String?) -> Loaded {
        let request = nameOrPath.flatMap { $0.isEmpty ? nil : $0 } ?? "default"
        let entry =
            request.hasSuffix(".json") || request.contains("/")
            ? Entry(name: request, path: request, text: nil) : available().first { $0.name == request }
        guard let entry else {
            let names = available().map(\.name).joined(separator: ", ")
            return Loaded(
                theme: .builtIn,
                problem: "no theme named '\(request)' (available: \(names.isEmpty ? "none" : names)); using the default"
            )
        }
        do {
            return Loaded(theme: try entry.read(), problem: nil)
        } catch {
            return Loaded(theme: .builtIn, problem: "\(error); using the default theme")
        }
    }

    public static func read(_ path: String) throws(DataFileError) -> Theme {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DataFileError(file: path, location: .init(line: 1, column: 1), field: "", message: "cannot be read")
        }
        return try LocatedJSONDecoder().decode(Theme.self, from: data, file: path)
    }
}

extension Theme {
    /// The default look: `Themes/default.json` as built in, used when no theme is asked for and
    /// in place of one that cannot be used. The tests check that it decodes.
    public static let builtIn: Theme = {
        guard let entry = ThemeLibrary.embedded.first(where: { $0.name == "default" }) else {
            fatalError("Themes/default.json is not built in")
        }
        do { return try entry.read() } catch { fatalError("the built-in default theme is broken: \(error)") }
    }()
}
