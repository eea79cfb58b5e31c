import Foundation
import Testing

/// Apple's TV-provider picker and the provider's sign-in: featured providers, the A–Z list,
/// search, “Other TV Provider”, cancel; a wrong password, then the right one.
@Suite(.needs(.tmux)) struct JourneyPicker {
    /// Opens the app, allows access and opens Apple's picker.
    static func openPicker(_ arguments: [String] = [], window: Journey.Window = .large, term: String = "xterm-256color")
        async throws -> Journey
    {
        let app = try await Journey.open(arguments, window: window, term: term)
        try await app.openApplePicker()
        return app
    }

    @Test func featuredThenAToZAndTheEndsOfTheList() async throws {
        let app = try await Self.openPicker()
        await app.see("FEATURED")
        await app.see("› Aurora Cable")
        // The A–Z list follows, by letter.
        for text in ["Beacon Fiber TV", "Câble Étoile", "Harbor Vision"] { await app.see(text) }
        try await app.press("End")
        await app.see("› Other TV Provider")
        try await app.press("Home")
        await app.see("› Aurora Cable")
        try await app.quit(with: ["F10"])
    }

    /// Search with an accent, then the provider's sign-in: a wrong password says so in the
    /// error's colour and keeps the user ID; F3 fills in that user's password; signed in.
    @Test(arguments: ["xterm-256color", "xterm"])
    func searchWithAnAccentThenAWrongPasswordThenTheRightOne(_ term: String) async throws {
        let app = try await Self.openPicker(window: term == "xterm" ? .small : .large, term: term)
        try await app.type("Étoile")
        await app.see("› Câble Étoile")
        try await app.press("Enter")
        await app.see("Sign in to Câble Étoile")
        try await app.type("demo")
        try await app.press("Enter")
        try await app.type("nope")
        try await app.press("Enter")
        await app.see("The user ID or password is")
        let error = try await app.style(of: "The user ID or password is")
        #expect(CellStyle.isRed(error?.foreground), "\(term): the error is not red: \(String(describing: error))")
        await app.see("User ID   demo")
        try await app.press("F3")
        await app.see("••••")
        try await app.press("Enter")
        await app.see("Signed in · Câble Étoile")
        try await app.quit()
    }

    @Test func otherTVProviderLeadsToTheAppsOwnPicker() async throws {
        let app = try await Self.openPicker(window: .small)
        try await app.press("End", "Enter")
        await app.see("Choose your TV provider")
        await app.see("N003")
        try await app.type("mesa")
        await app.see("› Mesa Verde Cable")
        try await app.press("Enter")
        await app.see("Mesa Verde Cable")
        try await app.quit(with: ["F10"])
    }

    /// Cancel: N005, then the app's own picker, whose cancel ends the sign-in.
    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func cancelEndsTheSignInWhateverTheTerminalName(_ term: String) async throws {
        let app = try await Self.openPicker(term: term)
        try await app.press("End")
        await app.see("› Other TV Provider")
        try await app.press("Home")
        await app.see("› Aurora Cable")
        try await app.press("Escape")
        await app.see("Choose your TV provider")
        await app.see("N005")
        try await app.press("Escape")
        await app.see("Not signed in")
        try await app.quit()
    }

    /// A provider that does not answer for this persona (VSA503): the app says so above its own
    /// picker instead of showing it without a word.
    @Test func aProviderThatDoesNotAnswerIsSaidAboveTheAppsPicker() async throws {
        let app = try await Self.openPicker(window: .small, term: "xterm")
        try await app.press("Enter")
        await app.see("Sign in to Aurora Cable")
        try await app.type("expired")
        try await app.press("Enter")
        try await app.type("expired")
        try await app.press("Enter")
        await app.see("Choose your TV provider")
        await app.see("⚠ Your TV provider did not")
        await app.see("(VSA503)")
        try await app.quit(with: ["F10"])
    }

    /// The list on the app's home moves to its ends too.
    @Test func homeAndEndMoveTheAppsHomeList() async throws {
        let app = try await Journey.open(window: .small)
        try await app.allowAccess()
        try await app.press("End")
        await app.see("› Settings › TV Provider")
        try await app.press("Home")
        await app.see("› Sign in with your TV provider")
        try await app.quit()
    }

    /// Settings › TV Provider on a signed-out device: Apple's picker in Settings (its own header,
    /// its A–Z index, no "Other TV Provider"), the provider's sign-in; the app's sign-in then
    /// finds the system-level sign-in and needs no picker.
    @Test func settingsSignsTheDeviceInAndTheAppFindsIt() async throws {
        let app = try await Journey.open()
        try await app.allowAccess()
        try await app.press("g")
        await app.see("Not signed in to a TV provider")
        try await app.press("Up")
        await app.see("› Sign in to your TV provider…")
        try await app.press("Enter")
        await app.see("Watch TV shows and movies from")
        await app.seeNo("FEATURED")
        try await app.press("End")
        await app.see("If you don't see your TV")
        await app.seeNo("Other TV Provider")
        try await app.type("Aurora")
        await app.see("› Aurora Cable")
        try await app.press("Enter")
        await app.see("Sign in to Aurora Cable")
        try await app.press("F3", "Enter")
        await app.see("The device is now signed in to tvsim.aurora")
        try await app.press("g")
        await app.see("Remove TV Provider")
        try await app.press("Escape", "Home", "Enter")
        await app.see("Signed in · Aurora Cable")
        try await app.quit()
    }
}
