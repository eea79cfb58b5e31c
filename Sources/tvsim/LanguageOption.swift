import ArgumentParser
import Foundation
import Localization

/// `--lang`, shared by the commands that show the device or explain the flow.
struct LanguageOption: ParsableArguments {
    @Option(
        name: .customLong("lang"),
        help: ArgumentHelp(
            "The language of the device, the explanations and the keys: en, es, zh-Hans, zh-Hant or ru; "
                + "default from LC_ALL, LC_MESSAGES or LANG, else en.",
            valueName: "language"))
    var tag: String?

    func validate() throws {
        if let tag {
            do { _ = try Language(tag: tag) } catch { throw ValidationError("--lang: \(error)") }
        }
    }

    /// The flag's language, else the environment's.
    func language(environment: [String: String] = ProcessInfo.processInfo.environment) -> Language {
        tag.flatMap { try? Language(tag: $0) } ?? Language.fromEnvironment(environment)
    }
}
