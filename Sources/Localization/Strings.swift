import LocatedJSON
import Synchronization

/// The text of one language, as screens, reports and pages ask for it:
/// `strings("alert.title", ["app": name])`. A key the language lacks falls back to English (the
/// catalogs test keeps that from shipping); a key no catalog has shows as itself.
public struct Strings: Sendable, Equatable {
    public let language: Language
    let catalog: StringCatalog
    let fallback: StringCatalog?

    init(catalog: StringCatalog, fallback: StringCatalog?) {
        self.language = catalog.language
        self.catalog = catalog
        self.fallback = fallback
    }

    public static func == (lhs: Strings, rhs: Strings) -> Bool {
        lhs.language == rhs.language && lhs.catalog.file == rhs.catalog.file
    }

    public func callAsFunction(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        fill(key, values.map { ($0.key, $0.value) })
    }

    /// The same with values computed at run time, in any order.
    public func fill(_ key: String, _ values: [(String, String)]) -> String {
        guard let template = catalog.entries[key]?.template ?? fallback?.entries[key]?.template else { return key }
        return Template.fill(template, values)
    }

    /// Whether the language (or English behind it) has `key`.
    public func has(_ key: String) -> Bool { catalog.entries[key] != nil || fallback?.entries[key] != nil }

    /// The strings of `language`, from the catalogs built into the program.
    public static func of(_ language: Language) -> Strings { BuiltInCatalogs.strings(language) }

    /// English: the reference every other catalog is checked against.
    public static var english: Strings { BuiltInCatalogs.english }
}

/// The catalogs of `Sources/Localization/Strings/`, embedded in the program. Each is read the
/// first time its language is asked for: a session reads English and its own language only,
/// which keeps the others off the path to the first frame.
public enum BuiltInCatalogs {
    static let english = Strings(catalog: read(.english), fallback: nil)
    private static let cache = Mutex<[Language: Strings]>([:])

    static func strings(_ language: Language) -> Strings {
        guard language != .english else { return english }
        if let strings = cache.withLock({ $0[language] }) { return strings }
        let strings = Strings(catalog: read(language), fallback: english.catalog)
        cache.withLock { $0[language] = strings }
        return strings
    }

    /// Every catalog, read now.
    public static var catalogs: [Language: StringCatalog] {
        Dictionary(
            uniqueKeysWithValues: Language.allCases.map { ($0, of($0)) }.compactMap { language, catalog in
                catalog.map { (language, $0) }
            })
    }

    /// Every problem of every translation against English; none for a catalog set that ships.
    public static var problems: [String] {
        guard let english = of(.english) else { return ["the English catalog is not built in"] }
        return Language.allCases.flatMap { language -> [String] in
            guard let catalog = of(language) else { return ["no catalog for \(language.tag)"] }
            return catalog.problems(against: english)
        }
    }

    /// The built-in catalog of `language`, if there is one; a broken one is a program error.
    static func of(_ language: Language) -> StringCatalog? {
        guard let file = EmbeddedDataFiles.files.first(where: { $0.path.hasSuffix("/\(language.tag).json") }) else {
            return nil
        }
        do {
            return try StringCatalog.parse(Array(file.text.utf8), file: file.path, language: language)
        } catch {
            // A built-in catalog is part of the program: the catalogs test names the problem
            // before it ships, so a broken one here is a build that skipped its tests.
            fatalError("\(error)")
        }
    }

    private static func read(_ language: Language) -> StringCatalog {
        guard let catalog = of(language) else { fatalError("the \(language.tag) string catalog is not built in") }
        return catalog
    }
}
