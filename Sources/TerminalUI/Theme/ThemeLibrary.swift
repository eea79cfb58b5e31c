import Foundation
import LocatedJSON

/// Finds and loads themes: `Themes/*.json` next to the project (or a directory given by
/// `TVSIM_THEMES`), any file path, and a built-in default that needs no file.
public struct ThemeLibrary: Sendable {
    public let directories: [String]

    public init(directories: [String]) {
        self.directories = directories
    }

    /// Where themes are looked for: `$TVSIM_THEMES`, `./Themes`, and the `Themes` folder of the
    /// checkout the executable was built in.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ThemeLibrary {
        var directories: [String] = []
        if let custom = environment["TVSIM_THEMES"], !custom.isEmpty { directories.append(custom) }
        directories.append(FileManager.default.currentDirectoryPath + "/Themes")
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<4 {
            directories.append(folder.appendingPathComponent("Themes").path)
            folder = folder.deletingLastPathComponent()
        }
        var seen = Set<String>()
        return ThemeLibrary(
            directories: directories.filter { seen.insert(URL(fileURLWithPath: $0).standardized.path).inserted })
    }

    /// Every theme file found, by name (the first directory wins).
    public func available() -> [(name: String, path: String)] {
        var found: [String: String] = [:]
        for directory in directories {
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for file in files.sorted() where file.hasSuffix(".json") {
                let name = String(file.dropLast(5))
                if found[name] == nil { found[name] = "\(directory)/\(file)" }
            }
        }
        return found.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    public struct Loaded: Sendable {
        public let theme: Theme
        /// Why the requested theme could not be used, when the default stands in for it.
        public let problem: String?
    }

    /// The theme named `nameOrPath` (a name in the library or a file path); on any problem the
    /// built-in default, with the problem to show the user.
    public func load(_ nameOrPath: String?) -> Loaded {
        guard let request = nameOrPath, !request.isEmpty else {
            if let path = available().first(where: { $0.name == "default" })?.path, let theme = try? Self.read(path) {
                return Loaded(theme: theme, problem: nil)
            }
            return Loaded(theme: .builtIn, problem: nil)
        }
        let path =
            request.hasSuffix(".json") || request.contains("/")
            ? request : available().first { $0.name == request }?.path
        // The default needs no file: without the Themes folder it is the built-in look.
        if path == nil, request == "default" || request == Theme.builtIn.name {
            return Loaded(theme: .builtIn, problem: nil)
        }
        guard let path else {
            let names = available().map(\.name).joined(separator: ", ")
            return Loaded(
                theme: .builtIn,
                problem: "no theme named '\(request)' (available: \(names.isEmpty ? "none" : names)); using the default"
            )
        }
        do {
            return Loaded(theme: try Self.read(path), problem: nil)
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
    /// The default look, built in so tvsim works without its Themes folder.
    public static let builtIn = Theme(
        name: "built-in", description: "The default look, when no theme file is found.", brandName: "Orbit TV",
        roles: [
            .background: RoleAppearance(c256: nil, c16: nil),
            .surface: RoleAppearance(c256: 236, c16: 0),
            .text: RoleAppearance(c256: 252, c16: 7),
            .muted: RoleAppearance(c256: 245, c16: 8, mono: ["dim"]),
            .accent: RoleAppearance(c256: 39, c16: 6, mono: ["bold"]),
            .selection: RoleAppearance(c256: 25, c16: 4, mono: ["reverse"]),
            .focus: RoleAppearance(c256: 214, c16: 3, mono: ["bold", "underline"]),
            .error: RoleAppearance(c256: 203, c16: 9, mono: ["bold"]),
            .success: RoleAppearance(c256: 78, c16: 10, mono: ["bold"]),
            .warning: RoleAppearance(c256: 221, c16: 11, mono: ["bold"]),
            .code: RoleAppearance(c256: 180, c16: 3),
            .brand: RoleAppearance(c256: 171, c16: 13, mono: ["bold"]),
        ])
}
