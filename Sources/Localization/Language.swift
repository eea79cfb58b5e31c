/// The languages tvsim speaks: those of the cookbooks it is built on.
public enum Language: String, CaseIterable, Sendable, Codable {
    case english = "en"
    case spanish = "es"
    case simplifiedChinese = "zh-Hans"
    case traditionalChinese = "zh-Hant"
    case russian = "ru"

    /// The tag as `--lang` takes it and the catalogs are named.
    public var tag: String { rawValue }

    /// What a device in this language sends as `Accept-Language`; nil for English, the default
    /// every server assumes, so that English runs send exactly what they always sent.
    public var acceptLanguage: String? { self == .english ? nil : "\(tag),en;q=0.5" }

    /// The language named by `--lang`: a supported tag in any case, or a common region form of
    /// one (`es-ES`, `zh-TW`, `zh_CN`, `ru-RU`).
    public init(tag: String) throws(UnsupportedLanguage) {
        guard let language = Self.matching(tag) else { throw UnsupportedLanguage(tag: tag) }
        self = language
    }

    /// The language of the environment when no flag names one: `LC_ALL`, then `LC_MESSAGES`, then
    /// `LANG`, as POSIX orders them; the first that is set decides, and English is the fallback
    /// for `C`, `POSIX` and every language tvsim does not speak.
    public static func fromEnvironment(_ environment: [String: String]) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return matching(value) ?? .english
        }
        return .english
    }

    /// The best language for an HTTP `Accept-Language` header: the supported one with the
    /// highest weight (the first on a tie), English when none is acceptable.
    public static func negotiate(acceptLanguage header: String?) -> Language {
        guard let header else { return .english }
        var best: (language: Language, weight: Double)?
        for range in header.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, let language = matching(tag) else { continue }
            let weight =
                parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if weight > 0, weight > (best?.weight ?? 0) { best = (language, weight) }
        }
        return best?.language ?? .english
    }

    /// A tag or a POSIX locale name (`zh_TW.UTF-8`), matched on its language, script and region.
    static func matching(_ text: String) -> Language? {
        let locale = text.split(separator: ".").first.map(String.init) ?? text
        let parts = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let language = parts.first else { return nil }
        switch language {
        case "en": return .english
        case "es": return .spanish
        case "ru": return .russian
        case "zh":
            let rest = Set(parts.dropFirst())
            if rest.contains("hant") { return .traditionalChinese }
            if rest.contains("hans") { return .simplifiedChinese }
            return rest.isDisjoint(with: ["tw", "hk", "mo"]) ? .simplifiedChinese : .traditionalChinese
        default: return nil
        }
    }
}

/// `--lang` named a language tvsim does not speak.
public struct UnsupportedLanguage: Error, Sendable, Equatable, CustomStringConvertible {
    public let tag: String

    public var description: String {
        "unsupported language '\(tag)'; tvsim speaks "
            + Language.allCases.map(\.tag).joined(separator: ", ")
    }
}
