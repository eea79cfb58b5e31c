import Foundation
import Testing

/// `k`: every code of the menu, one key each, reached by the built `tvsim` on iPhone and Apple TV
/// in each integration. The walk stops where the code shows and says what it means.
@Suite(.needs(.tmux)) struct JourneyCodes {
    /// The codes menu as the screen shows it: each row's key and code (one or two columns).
    static func menu(_ screen: String) -> [(key: String, code: String)] {
        screen.split(separator: "\n").flatMap { line in
            line.matches(of: /(?:^|│|\s)\s*([1-9a-y])  ([A-Z][A-Z0-9_]+)\s/).map { (String($0.1), String($0.2)) }
        }
    }

    @Test(arguments: [
        ("ios", "rest-v2"), ("tvos", "rest-v2"), ("ios", "rest-v1"), ("tvos", "rest-v1"),
        ("ios", "sdk"), ("tvos", "sdk"), ("ios", "custom-idp"), ("tvos", "custom-idp"),
    ])
    func everyCodeOfTheMenuIsReachedWithItsKey(_ platform: String, _ integration: String) async throws {
        let window: Journey.Window = platform == "ios" ? .large : .small
        let app = try await Journey.open(
            ["--platform", platform, "--api", integration, "--pace", "0.05"], window: window,
            term: platform == "ios" ? "xterm-256color" : "xterm")
        await app.see("Would Like Access")
        try await app.press("k")
        await app.see("Reach a code on")
        // The menu fills once the catalog is read (it says so meanwhile).
        var codes: [(key: String, code: String)] = []
        for _ in 0..<100 where codes.isEmpty {
            codes = Self.menu(await app.screen)
            if codes.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(codes.count >= 5, "\(app.session.lastScreen)")
        for (key, code) in codes {
            // F4 opens the menu on every screen, a search field's included.
            try await app.press("F4")
            guard await app.see("Reach a code on") else { break }
            try await app.press(key)
            guard await app.see("\(code) reached", seconds: 30) else { break }
        }
        // F10: the walk may end on a screen that takes letters as text.
        try await app.quit(with: ["F10"])
    }
}
