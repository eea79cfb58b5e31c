import LocatedJSON

/// One language's strings: a flat JSON object of keys and templates, the format of
/// `Sources/Localization/Strings/<tag>.json`. A template names its values in braces
/// (`“{app}” Would Like Access to Your TV Provider`), so a translation may put them in any order.
public struct StringCatalog: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public let template: String
        /// Where the key is written, for problems a translator must fix.
        public let location: SourceLocation
    }

    public let language: Language
    /// The file as problems name it (`Sources/Localization/Strings/ru.json`).
    public let file: String
    public let entries: [String: Entry]
    /// The keys in file order, to report problems in the order a translator reads them.
    public let keys: [String]

    public init(language: Language, file: String, entries: [String: Entry], keys: [String]) {
        self.language = language
        self.file = file
        self.entries = entries
        self.keys = keys
    }

    /// Reads a catalog strictly: one object of string values, no key twice, no empty value, and
    /// braces that close. Every problem names the file, the line and the key.
    public static func parse(_ bytes: [UInt8], file: String, language: Language) throws(DataFileError)
        -> StringCatalog
    {
        let root = try JSONNode.parse(bytes, file: file)
        guard case .object(let members) = root.kind else {
            throw DataFileError(
                file: file, location: root.location, field: "",
                message: "a string catalog is one object of \"key\": \"text\" pairs, not \(root.typeDescription)")
        }
        var entries: [String: Entry] = [:]
        var keys: [String] = []
        for member in members where member.key != "$schema" {
            func problem(_ message: String) -> DataFileError {
                DataFileError(file: file, location: member.keyLocation, field: member.key, message: message)
            }
            guard entries[member.key] == nil else { throw problem("the key is written twice") }
            guard case .string(let template) = member.value.kind else {
                throw problem("the text must be a string, not \(member.value.typeDescription)")
            }
            guard !template.isEmpty else { throw problem("the text is empty") }
            guard Template.placeholders(in: template) != nil else {
                throw problem("a brace does not close: write {name} for a value, and no other braces")
            }
            entries[member.key] = Entry(template: template, location: member.keyLocation)
            keys.append(member.key)
        }
        return StringCatalog(language: language, file: file, entries: entries, keys: keys)
    }

    /// What a translation lacks or gets wrong against the reference catalog (English): every
    /// key the reference has and this one does not, every key this one has alone, and every
    /// text whose values differ from the reference's.
    public func problems(against reference: StringCatalog) -> [String] {
        var problems: [String] = []
        for key in reference.keys {
            guard let entry = entries[key], let original = reference.entries[key] else {
                let line = reference.entries[key]?.location.line ?? 0
                problems.append("\(file): missing key \"\(key)\" (\(reference.file):\(line))")
                continue
            }
            let expected = Set(Template.placeholders(in: original.template) ?? [])
            let found = Set(Template.placeholders(in: entry.template) ?? [])
            if expected != found {
                problems.append(
                    "\(file):\(entry.location.line): \"\(key)\" uses {\(found.sorted().joined(separator: "}, {"))}"
                        + " where \(reference.file) uses {\(expected.sorted().joined(separator: "}, {"))}")
            }
        }
        for key in keys where reference.entries[key] == nil {
            let line = entries[key]?.location.line ?? 0
            problems.append("\(file):\(line): key \"\(key)\" is not in \(reference.file)")
        }
        return problems
    }
}

/// Templates: text with `{name}` where a value goes.
enum Template {
    /// The names of a template's values, or nil when a brace does not close.
    static func placeholders(in template: String) -> [String]? {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}") else { return nil }
            let name = rest[rest.index(after: open)..<close]
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
            names.append(String(name))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// The template with each `{name}` replaced by its value; a name with no value stays as
    /// written, so that a forgotten value shows instead of vanishing.
    static func fill(_ template: String, _ values: [(String, String)]) -> String {
        guard !values.isEmpty, template.contains("{") else { return template }
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = rest[rest.index(after: open)..<close]
            if let value = values.first(where: { $0.0 == name })?.1 {
                result += value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
