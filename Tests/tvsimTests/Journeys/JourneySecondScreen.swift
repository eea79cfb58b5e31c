import Foundation
import Subprocess
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// The second screen on an Apple TV: the code with its countdown, signed in by `c` (“on the
/// phone” inside the terminal), by the activation page from outside (curl, as a phone's browser
/// would post it), or left to expire.
@Suite(.needs(.tmux)) struct JourneySecondScreen {
    /// Allow, sign in, “Other TV Provider”, the first provider of the app's own picker: its code.
    static func openCodeScreen(window: Journey.Window, term: String) async throws -> Journey {
        let app = try await Journey.open(["--platform", "tvos"], window: window, term: term)
        try await app.openApplePicker()
        try await app.press("End", "Enter")
        await app.see("Choose your TV provider")
        try await app.press("Enter")
        await app.see("Expires in")
        return app
    }

    /// The countdown on screen, in seconds (`Expires in 29:58`).
    static func countdown(_ screen: String) -> Int? {
        guard let match = screen.firstMatch(of: /Expires in (\d+):(\d\d)/) else { return nil }
        return Int(match.1).flatMap { minutes in Int(match.2).map { minutes * 60 + $0 } }
    }

    @Test func theCodeCountsDownAndCSignsInOnThePhone() async throws {
        let app = try await Self.openCodeScreen(window: .large, term: "xterm-256color")
        await app.see("/activate")
        await app.see("Checks so far")
        let first = try #require(Self.countdown(await app.screen))
        #expect(first > 29 * 60 && first <= 30 * 60)
        try await Task.sleep(for: .seconds(2.2))
        let later = try #require(Self.countdown(await app.screen))
        #expect(later < first, "the countdown stands at \(later)")
        try await app.press("c")
        await app.see("demo · full package")
        try await app.press("Enter")
        await app.see("Signed in · Alder Creek Cable")
        try await app.quit()
    }

    /// The activation page, from outside: the code the TV shows, the provider's sign-in form,
    /// a persona; the TV's next poll finds the profile.
    @Test(.needs(.curl, .xmllint)) func theActivationPageSignsInFromAnotherDevice() async throws {
        let app = try await Self.openCodeScreen(window: .small, term: "xterm")
        let screen = await app.screen
        let page = try #require(screen.firstMatch(of: /http:\/\/127\.0\.0\.1:\d+\/activate/).map { String($0.0) })
        // The code in plain letters under the large ones: `W V F D 9 N R`.
        let spaced = try #require(
            screen.firstMatch(of: /┃\s+((?:[A-Z0-9] ){4,}[A-Z0-9])\s+┃/).map { String($0.1) }, "\(screen)")
        let code = spaced.filter { $0 != " " }
        let script = """
            set -eu
            jar=$(mktemp)
            form=$(curl -sf -c "$jar" -b "$jar" -L -d code=\(code) \(page))
            field() { printf '%s' "$form" | xmllint --html --xpath "string($1)" - 2>/dev/null; }
            relay=$(field '//input[@name="RelayState"]/@value')
            action=$(field '//form/@action')
            curl -sf -c "$jar" -b "$jar" -L --data-urlencode "RelayState=$relay" -d username=demo -d password=demo \\
              "\(page.replacingOccurrences(of: "/activate", with: ""))$action" > /dev/null
            """
        let run = try await Subprocess.run(
            .path(FilePath("/bin/bash")), arguments: ["-c", script], output: .string(limit: 1 << 20),
            error: .combinedWithOutput)
        #expect(run.terminationStatus.isSuccess, "\(run.standardOutput)")
        await app.see("Signed in · Alder Creek Cable", seconds: 20)
        try await app.quit()
    }

    /// The code expires after 30 minutes (the scenario's clock jumps there): the TV says so, and
    /// a new code signs in.
    @Test func anExpiredCodeSaysSoAndANewOneSignsIn() async throws {
        let app = try await Journey.open(
            ["--scenario", "rest-v2-tvos-code-expiry", "--autoplay", "--pace", "3"], window: .small)
        await app.see("Expires in", seconds: 30)
        await app.see("This code has expired", seconds: 30)
        await app.see("Expires in", seconds: 30)
        await app.see("Signed in · Cascade Communications", seconds: 30)
        try await app.quit()
    }

    /// `tvsim record` of the second-screen demo, played back as a viewer sees it: the code and
    /// its countdown stay on the TV while the app polls, until the TV signs in.
    @Test(.needs(.asciinema)) func theRecordedDemoKeepsTheCodeOnScreenUntilTheTVSignsIn() async throws {
        let cast = FileManager.default.temporaryDirectory.appendingPathComponent("code-\(UUID().uuidString).cast")
        defer { try? FileManager.default.removeItem(at: cast) }
        // A recording runs ten times faster than it plays: with no journey beside it.
        let record = try await Journey.gate.alone {
            try await Subprocess.run(
                .path(FilePath(TVSimBinary.url.path)),
                arguments: ["record", "rest-v2-tvos-n003-second-screen", "-o", cast.path],
                environment: TVSimBinary.environment, output: .string(limit: 1 << 16), error: .combinedWithOutput)
        }
        #expect(record.terminationStatus.isSuccess, "\(record.standardOutput)")
        let player = try await Journey.play(cast: cast.path, speed: 2)
        await player.see("Expires in", seconds: 20)
        let first = try #require(Self.countdown(await player.screen))
        // Three seconds of the countdown: the code is still up when the app's poll is due.
        var lowest = first
        for _ in 0..<100 where lowest > first - 3 {
            guard let shown = Self.countdown(await player.screen) else { break }
            lowest = min(lowest, shown)
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(lowest <= first - 3, "the code left the screen at \(lowest) s, \(first) s when it came")
        await player.see("Signed in · Cascade Communications", seconds: 10)
    }
}
