import Foundation
import Testing

/// The TV-provider permission: Allow, Don't Allow, dismissed; then Settings › TV Provider to
/// change the app's access, and back to the app.
@Suite(.needs(.tmux)) struct JourneyPermission {
    @Test func allowGoesOnWithSingleSignOn() async throws {
        let app = try await Journey.open(window: .small, term: "xterm")
        await app.see("Would Like Access")
        try await app.press("Enter")
        await app.see("Taps Allow")
        await app.see("Not signed in")
        try await app.quit()
    }

    @Test(arguments: [("ios", "Right"), ("tvos", "Left")])
    func dontAllowIsVSA403(_ platform: String, _ arrow: String) async throws {
        let app = try await Journey.open(["--platform", platform])
        await app.see("Would Like Access")
        try await app.press(arrow, "Enter")
        await app.see("Taps Don’t Allow")
        await app.see("VSA403")
        await app.see("Not signed in")
        // The app says what single sign-on gives and where to allow it, on home and above its picker.
        await app.see("Sign in once for all your TV")
        try await app.press("Enter")
        await app.see("Choose your TV provider")
        await app.see(platform == "ios" ? "Settings › TV" : "Settings › Accounts › TV")
        // The app's picker takes letters as a filter: F10 quits.
        try await app.quit(with: ["F10"])
    }

    @Test(arguments: ["ios", "tvos"])
    func dismissingTheAlertIsVSA404(_ platform: String) async throws {
        let app = try await Journey.open(["--platform", platform], window: .small)
        await app.see("Would Like Access")
        try await app.press("Escape")
        await app.see("VSA404")
        await app.see("Not signed in")
        await app.see("Sign in once for all your TV")
        try await app.quit()
    }

    /// Settings › TV Provider: the app's access as a switch, changed there and seen by the
    /// app when it opens again.
    @Test(arguments: [("ios", "Settings › TV Provider"), ("tvos", "Settings › Accounts › TV Provider")])
    func settingsChangesTheAppsAccessAndComesBack(_ platform: String, _ title: String) async throws {
        let app = try await Journey.open(["--platform", platform])
        await app.see("Would Like Access")
        try await app.press("d")
        await app.see("VSA403")
        try await app.press("g")
        await app.see(title)
        await app.see("› Orbit TV access")
        await app.see("Off ○━")
        try await app.press("Enter")
        // The switch turns on, Settings stays open, and the timeline names it the same way.
        await app.see("On ━●")
        await app.see("Settings: turns Orbit TV access On")
        await app.see("› Orbit TV access")
        try await app.press("Escape")
        await app.see("› Sign in with your TV provider")
        // The app, opened again, finds the access granted: no alert, no VSA403.
        try await app.press("l")
        await app.see("→ granted (3)")
        try await app.quit()
    }
}
