import Foundation
import Testing

/// QA's tools: a fault injected from the panel and seen on the next call, removed again; the
/// call in Detail, the session in State, the timeline filtered; the session exported (`e`) and
/// that HAR judged by `tvsim audit`.
@Suite(.needs(.tmux)) struct JourneyFaults {
    @Test func aFaultShowsOnTheNextCallThenTheSessionIsExportedAndAudited() async throws {
        let app = try await Journey.open()
        try await app.allowAccess()
        // f: the configuration route, HTTP 503 (the fourth kind after the latencies), once.
        try await app.press("f")
        await app.see("New fault")
        try await app.press("Down", "Down")
        await app.see("route   configuration")
        try await app.press("Right", "Right", "Right", "Right")
        await app.see("‹ HTTP 503 ›")
        try await app.press("Enter")
        await app.see("#1  configuration  HTTP 503  1×")
        try await app.press("Escape")
        await app.seeNo("New fault")
        try await app.press("Enter")
        await app.see("GET /api/v2/ORBIT/configuration → 503")
        await app.see("CFG503")
        // Spent after one call: the panel has none in force.
        try await app.press("f")
        await app.see("In force (x removes)")
        await app.see("none")
        // One more (the panel opens on its first route and kind), removed from the list in force.
        try await app.press("Enter")
        await app.see("#2  dcr.register  3 s latency  1×")
        try await app.press("Tab", "x")
        await app.seeNo("#2  dcr.register")
        try await app.press("Escape")
        await app.seeNo("New fault")

        // The inspector: the timeline filtered to HTTP, the failed call in Detail, then State.
        try await app.press("Tab")
        for _ in 0..<4 where await !app.session.waitFor("filter: http", seconds: 0.3) {
            try await app.press("f")
        }
        await app.see("filter: http")
        try await app.press("Up", "Enter")
        await app.see("→ HTTP 503")
        await app.see("Cookbook step: C.1 retrieve configuration")
        try await app.press("3")
        await app.see("Device (iPhone)")
        await app.see("TV Provider access: granted")

        try await app.press("e")
        await app.see("Bug report: ")
        // The report is named from tvsim's working directory, the session's own.
        let name = try #require(
            (await app.screen).firstMatch(of: /Bug report: \.\/(\S+\.har)/).map { String($0.1) },
            "\(app.session.lastScreen)")
        let har = app.session.directory.appendingPathComponent(name).path
        // Beside it, the session's sequence diagram: the injected 503 is a crossed answer.
        let base = String(har.dropLast(".har".count))
        let mermaid = try String(contentsOfFile: base + ".mmd", encoding: .utf8)
        #expect(mermaid.hasPrefix("sequenceDiagram\n"), "\(mermaid.prefix(200))")
        #expect(mermaid.contains("app->>adobe: ⚡GET /configuration\n    adobe--xapp: 503"), "\(mermaid)")
        let svg = try String(contentsOfFile: base + ".svg", encoding: .utf8)
        #expect(svg.hasPrefix("<svg ") && svg.contains("⚡GET /configuration"))
        let audit = TVSimBinary.Running(["audit", har])
        #expect(await audit.waitForExit() == 0, "\(audit.text)")
        #expect(audit.text.contains("GET /api/v2/ORBIT/configuration → 503  C.1"), "\(audit.text)")
        #expect(audit.text.contains("no findings"), "\(audit.text)")
        try await app.quit()
    }
}
