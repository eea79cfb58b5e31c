import ArgumentParser
import Foundation

/// `tvsim schema scenario|dashboard|theme`: the JSON Schema of a kind of data file.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema (draft 2020-12) of scenario, dashboard or theme files.",
        discussion: """
            Save it beside your files and name it in their first member, for example
            "$schema": "./scenario.schema.json", and editors validate and complete them as you type.
            tvsim reads files with that member like any other.
            """)

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case scenario, dashboard, theme
    }

    @Argument(help: "scenario, dashboard or theme.")
    var kind: Kind

    func run() throws {
        Console.line(try Self.text(of: kind).trimmingCharacters(in: .newlines))
    }

    /// The schema's text, as embedded from `Sources/tvsim/Schemas`.
    static func text(of kind: Kind) throws -> String {
        let path = "Sources/tvsim/Schemas/\(kind.rawValue).schema.json"
        guard let file = EmbeddedDataFiles.files.first(where: { $0.path == path }) else {
            throw CommandFailure("the \(kind.rawValue) schema is missing from this build")
        }
        return file.text
    }
}
