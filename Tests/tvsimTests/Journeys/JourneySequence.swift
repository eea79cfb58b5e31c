import Foundation
import Testing

/// The inspector's Sequence tab (`4`): the session as lanes and arrows, live, sharing the
/// Timeline's selection; legible at 80×24 in plain `xterm`.
@Suite(.needs(.tmux)) struct JourneySequence {
    /// Where a lane's name stands in the header: the lane is the name's middle column.
    static func laneColumn(of name: String, in header: [String]) -> Int? {
        for line in header {
            guard let range = line.range(of: name) else { continue }
            let start = line.distance(from: line.startIndex, to: range.lowerBound)
            return start + name.count / 2
        }
        return nil
    }

    /// The inspector pane's text on each screen row (right of the device pane), without its borders.
    static func pane(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map { row in
            let characters = Array(row)
            guard let open = characters.indices.dropFirst(38).first(where: { characters[$0] == "│" }) else { return "" }
            let close = characters.lastIndex(of: "│").map { max($0, open + 1) } ?? characters.count
            return String(characters[(open + 1)..<close])
        }
    }

    @Test func theSequenceTabDrawsTheAppleSSOFlowAt80x24() async throws {
        let app = try await Journey.open(
            ["--scenario", "rest-v2-ios-apple-sso", "--autoplay", "--pace", "0.1"], window: .small, term: "xterm")
        await app.see("▶ Playing", seconds: 40)
        try await app.press("Tab", "4")
        await app.see("4 Sequence")
        // The lanes of the flow, each named whole; no browser in this one.
        for lane in ["User", "App", "TV Provider framework", "Adobe Pass", "MVPD"] { await app.see(lane) }
        #expect(!(await app.screen).contains("Browser"))
        // Back through the session to C.5: the band, then the app's call to Adobe Pass.
        var screen = await app.screen
        for _ in 0..<60 where !screen.contains("── C.5 retrieve partner") {
            try await app.press("Up")
            try await Task.sleep(for: .milliseconds(30))
            screen = await app.screen
        }
        let rows = Self.pane(screen)
        let band = try #require(rows.firstIndex { $0.hasPrefix("── C.5 retrieve partner") }, "\(screen)")
        let header = Array(rows[2...4])
        let app_ = try #require(Self.laneColumn(of: "App", in: header), "\(header)")
        let adobe = try #require(Self.laneColumn(of: "Adobe Pass", in: header), "\(header)")
        let arrow = Array(rows[band + 1])
        #expect(arrow[app_] == "├", "\(rows[band + 1]) from the app's lane at \(app_)")
        #expect(arrow[adobe - 1] == "▶" && arrow[adobe] == "│", "\(rows[band + 1]) to Adobe's lane at \(adobe)")
        #expect(rows[band + 1].contains("sso.sessions → 200"), "\(rows[band + 1])")
        // The selection is the Timeline's: ⏎ opens the entry in Detail, 1 shows it on the timeline.
        try await app.press("Home", "Enter")
        await app.see("Opens the app")
        try await app.press("4")
        await app.see("Opens the app")
        try await app.resize(120, 36)
        await app.see("4 Sequence")
        await app.see("TV Provider framework")
        try await app.quit()
    }

    /// On Apple TV the second screen's browser has a lane of its own, and a plain terminal without
    /// colour still tells calls from answers.
    @Test func theSecondScreenHasItsLaneWithoutColour() async throws {
        let app = try await Journey.open(
            ["--platform", "tvos", "--scenario", "rest-v2-tvos-n003-second-screen", "--autoplay", "--pace", "0.1"],
            window: .large, environment: ["NO_COLOR": "1"])
        await app.see("Signed in", seconds: 60)
        try await app.press("Tab", "4")
        await app.see("Browser")
        await app.see("Adobe Pass")
        try await app.press("f")
        await app.see("filter: step")
        try await app.press("f")
        await app.see("filter: http")
        // Calls only: no step bands; the poll for the code's profile from the app to Adobe Pass.
        await app.seeNo("── BA.")
        await app.see("/code/")
        let poll = try #require(Self.pane(await app.screen).first { $0.contains("/code/") })
        #expect(poll.contains("├──") && poll.contains("▶│") && poll.contains(" → 200"), "\(poll)")
        try await app.quit()
    }
}

/// The comparison's diagrams: `d` in the scenario menu's comparison draws both runs side by side.
@Suite(.needs(.tmux)) struct JourneyComparisonDiagrams {
    @Test func dDrawsBothIntegrationsSideBySide() async throws {
        let app = try await Journey.open(window: .small, term: "xterm")
        try await app.allowAccess()
        try await app.press("s")
        await app.see("Scenarios — ⏎ play by hand")
        try await app.press("v")
        await app.see("Compare rest-v2-ios-apple-sso")
        await app.see("d diagrams")
        try await app.press("d")
        // REST API V2's steps on the left, V1's on the right, on the same rows.
        await app.see("── A.1 retrieve")
        await app.see("── 0.1 retrieve")
        let rows = (await app.screen).split(separator: "\n")
        #expect(rows.contains { $0.contains("── A.1 retrieve") && $0.contains("── 0.1 retrieve") })
        #expect(rows.contains { $0.contains("REST API V2") && $0.contains("REST API V1") })
        try await app.press("PgDn")
        await app.seeNo("── A.1 retrieve")
        try await app.press("d")
        await app.seeNo("── 0.1 retrieve")
        try await app.press("Escape")
        await app.see("Scenarios — ⏎ play by hand")
        try await app.press("Escape")
        await app.seeNo("Scenarios — ⏎ play by hand")
        try await app.quit()
    }
}
