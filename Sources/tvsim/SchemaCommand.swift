import ArgumentParser
import Foundation

/// `tvsim schema scenario|dashboard|theme|lab`: the JSON Schema of a kind of data file.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema (draft 2020-12) of scenario, dashboard, theme or lab files.",
        discussion: """
            Save it beside your files and name it in their first member, for example
            "$schema": "./scenario.schema.json", and editors validate and complete them as you type.
            tvsim reads files with that member like any other.
            """)

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case scenario, dashboard, theme, lab
    }

    @Argument(help: "scenario, dashboard, theme or lab.")
    var kind: Kind

    func run() throws {
        Console.line(try Self.text(of: kind).trimmingCharacters(in: .newlines))
    }

    /// The schema's text, as embedded from `Sources/tvsim/Schemas`.
    static func text(of kind: Kind) throws -> String {
        guard kind == .lab else { return try embedded(kind) }
        return try labText()
    }

    private static func embedded(_ kind: Kind) throws -> String {
        let path = "Sources/tvsim/Schemas/\(kind.rawValue).schema.json"
        guard let file = EmbeddedDataFiles.files.first(where: { $0.path == path }) else {
            throw CommandFailure("the \(kind.rawValue) schema is missing from this build")
        }
        return file.text
    }

    /// A lab's faults are a scenario's: the lab schema takes the one definition of a fault rule
    /// from the scenario schema.
    private static func labText() throws -> String {
        func object(_ text: String) throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                throw CommandFailure("a built-in schema is not a JSON object")
            }
            return object
        }
        var lab = try object(try embedded(.lab))
        let scenario = try object(try embedded(.scenario))
        var definitions = lab["$defs"] as? [String: Any] ?? [:]
        definitions["fault"] = (scenario["$defs"] as? [String: Any])?["fault"]
        lab["$defs"] = definitions
        let data = try JSONSerialization.data(
            withJSONObject: lab, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
}
