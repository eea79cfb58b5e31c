import Foundation
import Testing

/// The scenarios: the menu (`s`, then ⏎ by hand or `a` to autoplay), `r` to restart, `t` to take
/// over an autoplay, and the demo a presenter starts from the command line, in each integration.
@Suite(.needs(.tmux)) struct JourneyScenarios {
    /// One Apple SSO scenario of each integration, on alternating platforms and terminals.
    static let appleSSO = [
        ("rest-v2-ios-apple-sso", Journey.Window.large, "xterm-256color"),
        ("rest-v1-tvos-apple-sso", Journey.Window.small, "xterm"),
        ("sdk-ios-apple-sso", Journey.Window.small, "xterm-256color"),
        ("custom-idp-tvos-apple-sso", Journey.Window.large, "xterm"),
    ]

    /// Opens the menu and filters it down to `name`, as a person looking for it would.
    static func find(_ name: String, in app: Journey) async throws {
        try await app.press("s")
        await app.see("Scenarios — ⏎ play by hand")
        try await app.press("/")
        try await app.type(name)
        await app.see("1 of ")
    }

    @Test(arguments: appleSSO)
    func theMenuPlaysAScenarioByHand(_ name: String, _ window: Journey.Window, _ term: String) async throws {
        let app = try await Journey.open(window: window, term: term)
        await app.see("Would Like Access")
        try await Self.find(name, in: app)
        try await app.press("Enter")
        // Something has happened in this session: the same key again replaces it.
        await app.see("⏎ again: replace the session")
        try await app.press("Enter")
        await app.see("next: launch")
        try await app.press("l")
        await app.see("Would Like Access")
        try await app.press("Enter")
        await app.see("Allow")
        try await app.quit(with: ["F10"])
    }

    @Test(arguments: appleSSO)
    func theMenuAutoplaysAScenarioToItsEnd(_ name: String, _ window: Journey.Window, _ term: String) async throws {
        let app = try await Journey.open(["--pace", "0.1"], window: window, term: term)
        await app.see("Would Like Access")
        try await Self.find(name, in: app)
        // tab keeps the filter and gives the menu its letters back.
        try await app.press("Tab", "a")
        await app.see("a again: replace the session")
        try await app.press("a")
        await app.see("Signed in · Aurora Cable", seconds: 30)
        await app.see("The scenario's steps are done")
        try await app.quit()
    }

    /// The demo: a scenario from the command line, autoplayed to its end, in each integration
    /// on both platforms.
    @Test(arguments: ["rest-v2", "rest-v1", "sdk", "custom-idp"], ["ios", "tvos"])
    func theDemoPlaysToTheEnd(_ integration: String, _ platform: String) async throws {
        let app = try await Journey.open(
            ["--scenario", "\(integration)-\(platform)-apple-sso", "--autoplay", "--pace", "0.1"],
            window: platform == "ios" ? .large : .small, term: integration == "sdk" ? "xterm" : "xterm-256color")
        // A tenth of a second per screen: too fast to catch each on the way, so the end it is.
        await app.see("The scenario's steps are done", seconds: 30)
        await app.see("Signed in · Aurora Cable")
        await app.see("Playing Deep Space")
        // The cursor is on what plays, not where the script found it.
        await app.see("› ▶ Deep Space")
        try await app.quit()
    }

    @Test func restartAsksOnceThenStartsTheScenarioAgain() async throws {
        let app = try await Journey.open(["--scenario", "rest-v2-ios-n003-web-login"], window: .small)
        await app.see("next: launch")
        try await app.press("l")
        await app.see("Would Like Access")
        try await app.press("r")
        await app.see("r again: restart the scenario from its start")
        try await app.press("r")
        await app.see("Nothing yet.")
        await app.see("next: launch")
        try await app.quit()
    }

    @Test func takeOverAnAutoplayAndGoOnByHand() async throws {
        let app = try await Journey.open(
            ["--scenario", "rest-v2-tvos-apple-sso", "--autoplay", "--pace", "5"], window: .small, term: "xterm")
        await app.see("Would Like Access", seconds: 20)
        try await app.press("t")
        await app.see("You have the controls.")
        // The alert waits for the user now: Allow by hand, then sign in from the home screen.
        try await app.press("Enter")
        await app.see("Not signed in")
        try await app.press("Enter")
        await app.see("Search")
        try await app.quit(with: ["F10"])
    }

    /// The demo types the persona into the provider's form, as a presenter would, and the bar
    /// names the provider it picks by its name.
    @Test func theDemoTypesTheCredentialsItSignsInWith() async throws {
        let app = try await Journey.open(
            ["--scenario", "rest-v2-ios-apple-sso", "--autoplay", "--pace", "1.5"], window: .small)
        await app.see("▶ pick Aurora Cable", seconds: 30)
        await app.see("••••", seconds: 20)
        await app.see("Signed in · Aurora Cable", seconds: 20)
        try await app.quit()
    }

    /// The comparison from the scenario menu, and out of both with two quick presses of esc (in
    /// one write, as a fast finger sends them): each is a key of its own.
    @Test func aFastEscEscLeavesTheComparisonAndTheMenu() async throws {
        let app = try await Journey.open(window: .small)
        try await app.allowAccess()
        try await app.press("s")
        await app.see("Scenarios — ⏎ play by hand")
        try await app.press("v")
        await app.see("Compare rest-v2-ios-apple-sso")
        try await app.session.run(["send-keys", "-t", "s", "Escape", "Escape"])
        await app.seeNo("Compare rest-v2")
        await app.seeNo("Scenarios — ⏎ play by hand")
        await app.see("› Sign in with your TV provider")
        try await app.quit()
    }
}
