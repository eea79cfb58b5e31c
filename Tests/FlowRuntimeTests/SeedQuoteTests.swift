import Foundation
import Testing

@testable import FlowRuntime

/// A quote cannot drift from its seed. Every quote of a built-in scenario's description is in the
/// seed it names: an untranslated one as the seed reads (whitespace aside, `…` marking what it
/// leaves out), a translated one as the English of a kept translation (`SeedTranslations.json`),
/// whose seed lines must still read as they were kept. The seeds sit beside the repository
/// (`../shared/seeds`); CI (`TVSIM_REQUIRE_TOOLS=1`) requires them.
@Suite struct SeedQuoteTests {
    struct Quote {
        let scenario: String
        let seed: String
        let translated: Bool
        let text: String
    }

    struct KeptTranslation: Decodable {
        let seed: String
        let lines: [Int]
        let original: [String]
        let english: String
    }

    struct KeptTranslations: Decodable {
        let translations: [KeptTranslation]
    }

    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let seedsFolder = here.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/seeds")
    static let required = ProcessInfo.processInfo.environment["TVSIM_REQUIRE_TOOLS"] == "1"
    static var seedsPresent: Bool { FileManager.default.fileExists(atPath: seedsFolder.path) }

    /// The seed's lines, from the file whose name starts with its number.
    static func seedLines(_ seed: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: seedsFolder.path)
        let name = try #require(names.first { $0.hasPrefix("\(seed)_") }, "no seed \(seed) in \(seedsFolder.path)")
        let text = try String(contentsOf: seedsFolder.appendingPathComponent(name), encoding: .utf8)
        return text.components(separatedBy: "\n")
    }

    static func normalised(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The parts of a quote between its ellipses, each of which the source must hold, in order.
    static func isQuoted(_ quote: String, in source: String) -> Bool {
        let text = normalised(source)
        var rest = text[...]
        for fragment in quote.split(separator: "…").map({ normalised(String($0)) }) where !fragment.isEmpty {
            guard let found = rest.range(of: fragment) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    /// Each `(Seed 00N, where: “…” “…”)` of a description, one quote at a time.
    static func quotes(of scenario: Scenario) -> [Quote] {
        scenario.description.components(separatedBy: "(Seed ").dropFirst().flatMap { part -> [Quote] in
            guard let head = part.firstMatch(of: /^(00[0-4]), (.*?): “/) else { return [] }
            let translated = head.2.contains("(translated)")
            return part.matches(of: /“(.+?)”/).map {
                Quote(scenario: scenario.name, seed: String(head.1), translated: translated, text: String($0.1))
            }
        }
    }

    static func keptTranslations() throws -> [KeptTranslation] {
        let data = try Data(contentsOf: here.appendingPathComponent("SeedTranslations.json"))
        return try JSONDecoder().decode(KeptTranslations.self, from: data).translations
    }

    @Test(.enabled(if: seedsPresent || required))
    func everyQuoteIsInItsSeedOrItsKeptTranslation() throws {
        let kept = try Self.keptTranslations()
        var seeds: [String: String] = [:]
        let quotes = try ScenarioCatalog.all().flatMap(Self.quotes)
        #expect(quotes.count > 200)
        for quote in quotes {
            if quote.translated {
                let english = kept.filter { $0.seed == quote.seed }.map(\.english)
                #expect(
                    english.contains { Self.isQuoted(quote.text, in: $0) },
                    "\(quote.scenario): no kept translation of seed \(quote.seed) reads “\(quote.text)”")
            } else {
                if seeds[quote.seed] == nil {
                    seeds[quote.seed] = try Self.seedLines(quote.seed).joined(separator: "\n")
                }
                #expect(
                    Self.isQuoted(quote.text, in: seeds[quote.seed] ?? ""),
                    "\(quote.scenario): seed \(quote.seed) does not read “\(quote.text)”")
            }
        }
    }

    @Test(.enabled(if: seedsPresent || required))
    func everyKeptTranslationsLinesStillReadAsKept() throws {
        for entry in try Self.keptTranslations() {
            let lines = try Self.seedLines(entry.seed)
            #expect(entry.lines.count == entry.original.count && !entry.lines.isEmpty)
            for (line, original) in zip(entry.lines, entry.original) {
                let reads = lines.indices.contains(line - 1) ? lines[line - 1] : ""
                #expect(
                    Self.normalised(reads) == Self.normalised(original),
                    "seed \(entry.seed), line \(line) no longer reads as kept for “\(entry.english.prefix(60))…”")
            }
        }
    }
}
