import Foundation
import Testing

/// The permission alert, Apple's picker and the second-screen code in each of the five
/// languages, on an Apple TV (whose REST API V2 app shows a code after “Other TV Provider”).
@Suite(.needs(.tmux)) struct JourneyLanguages {
    /// A phrase of a language's catalog: its longest stretch without a placeholder.
    static func phrase(_ key: String, in language: String) throws -> String {
        let file = DocumentationTests.repository.appendingPathComponent("Sources/Localization/Strings/\(language).json")
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: String])
        let text = try #require(catalog[key], "\(language) has no \(key)")
        let literals = text.split(separator: /\{[a-zA-Z]+\}/).map { $0.trimmingCharacters(in: .whitespaces) }
        return literals.max { $0.count < $1.count } ?? text
    }

    @Test(arguments: [
        ("en", Journey.Window.small), ("es", .small), ("ru", .large), ("zh-Hans", .large), ("zh-Hant", .small),
    ])
    func thePermissionPickerAndCodeScreensSpeakTheLanguage(_ language: String, _ window: Journey.Window) async throws {
        let app = try await Journey.open(["--platform", "tvos", "--lang", language], window: window)
        await app.see(try Self.phrase("alert.allow", in: language))
        await app.see(try Self.phrase("alert.deny", in: language))
        try await app.press("Enter")
        await app.see(try Self.phrase("home.signIn", in: language))
        try await app.press("Enter")
        await app.see(try Self.phrase("picker.title", in: language))
        await app.see(try Self.phrase("picker.featured", in: language).uppercased())
        // “Other TV Provider”: the app's own picker, then a code to enter on another device.
        try await app.press("End")
        await app.see("› " + (try Self.phrase("picker.other", in: language)))
        try await app.press("Enter")
        await app.see(try Self.phrase("appPicker.title", in: language))
        try await app.press("Enter")
        await app.see(try Self.phrase("codeScreen.expiresIn", in: language))
        await app.see("/activate")
        // The personas on the phone, the codes menu's key and a fault's kind, as the user reads them.
        try await app.press("c")
        await app.see("demo · " + (try Self.phrase("persona.note.demo", in: language)))
        try await app.press("Escape", "F4")
        await app.see(try Self.phrase("help.key.any", in: language) + " ")
        try await app.press("Escape", "F6")
        await app.see(try Self.phrase("fault.latency", in: language))
        try await app.quit(with: ["F10"])
    }
}
