import LocatedJSON

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
        guard let template = catalog.entries[key]?.template ?? fallback?.entries[key]?.template else { return key }
        return Template.fill(template, values.map { ($0.key, $0.value) })
    }

    /// The same with values computed at run time, in any order.
    public func fill(_ key: String, _ values: [(String, String)]) -> String {
        guard let template = catalog.entries[key]?.template ?? fallback?.entries[key]?.template else { return key }
        return Template.fill(template, values)
    }

    /// A text of the flow's own (an activity, a code screen's status), which the catalogs hold
    /// under `flow.` and its English words; a text they do not hold shows as written.
    public func flow(_ english: String) -> String {
        let key = "flow." + english
        return has(key) ? self(key) : english
    }

    /// Whether the language (or English behind it) has `key`.
    public func has(_ key: String) -> Bool { catalog.entries[key] != nil || fallback?.entries[key] != nil }

    /// The strings of `language`, from the catalogs built into the program.
    public static func of(_ language: Language) -> Strings { BuiltInCatalogs.shared.strings[language] ?? english }

    /// English: the reference every other catalog is checked against.
    public static var english: Strings { BuiltInCatalogs.shared.english }
}

/// The catalogs of `Sources/Localization/Strings/`, embedded in the program and read once.
public struct BuiltInCatalogs: Sendable {
    public let catalogs: [Language: StringCatalog]
    let strings: [Language: Strings]
    let english: Strings

    public static let shared = BuiltInCatalogs()

    init() {
        var catalogs: [Language: StringCatalog] = [:]
        for file in EmbeddedDataFiles.files {
            let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
            guard name.hasSuffix(".json"), let language = Language(rawValue: String(name.dropLast(5))) else { continue }
            do {
                catalogs[language] = try StringCatalog.parse(Array(file.text.utf8), file: file.path, language: language)
            } catch {
                // A built-in catalog is part of the program: the catalogs test names the problem
                // before it ships, so a broken one here is a build that skipped its tests.
                fatalError("\(error)")
            }
        }
        guard let english = catalogs[.english] else { fatalError("the English string catalog is not built in") }
        self.catalogs = catalogs
        self.english = Strings(catalog: english, fallback: nil)
        strings = catalogs.mapValues { Strings(catalog: $0, fallback: $0.language == .english ? nil : english) }
    }

    /// Every problem of every translation against English; none for a catalog set that ships.
    public var problems: [String] {
        guard let english = catalogs[.english] else { return ["the English catalog is missing"] }
        return Language.allCases.flatMap { language -> [String] in
            guard let catalog = catalogs[language] else { return ["no catalog for \(language.tag)"] }
            return catalog.problems(against: english)
        }
    }
}
