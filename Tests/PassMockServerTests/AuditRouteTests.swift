import Foundation
import MockBackendAPI
import PassAPI
import Testing

@testable import PassMockServer

/// `GET /__tvsim/audit`: the clients the journal saw, their steps and findings, as JSON for tools
/// and as a page for a browser, in the browser's language.
@Suite struct AuditRouteTests {
    struct Document: Decodable {
        struct Client: Decodable {
            struct Finding: Decodable {
                let rule: String
                let severity: String
                let exchanges: [Int]
            }

            let client: String
            let integration: String
            let steps: [String]
            let findings: [Finding]
        }

        let source: String
        let complete: Bool
        let clients: [Client]
    }

    @Test func aClientThatSkipsTheProfilesCheckIsNamedWithItsStepsAndFinding() async throws {
        try await Harness.run { harness in
            let empty = try await harness.send(.get, "/__tvsim/audit")
            #expect(try empty.decode(Document.self).clients.isEmpty)
            let app = try await harness.app(device: "audited-device")
            _ = try await app.get("/configuration")
            _ = try await app.postForm("/sessions", "mvpd=Cascade&domainName=orbit.tvsim.example")
            let reply = try await harness.send(.get, "/__tvsim/audit")
            #expect(reply.status == 200)
            let document = try reply.decode(Document.self)
            let client = try #require(document.clients.first { $0.client.contains(Base64.encode("audited-device")) })
            #expect(client.integration == "rest-v2")
            #expect(client.steps == ["A.1", "A.3", "C.1", "BA.1"])
            #expect(client.findings.map(\.rule) == ["V2-ORDER-PROFILES-FIRST"])
            #expect(client.findings.first?.severity == "error")
        }
    }

    /// Once the journal drops its oldest entries, the order rules are not asked, and the answer
    /// says so.
    @Test func aJournalThatDroppedEntriesAsksNoOrderRule() async throws {
        var dashboard = Dashboard.builtIn
        dashboard.settings.limits.maxJournalEntries = 3
        try await Harness.run(dashboard: dashboard) { harness in
            let app = try await harness.app(device: "audited-device")
            _ = try await app.get("/configuration")
            _ = try await app.postForm("/sessions", "mvpd=Cascade&domainName=orbit.tvsim.example")
            let document = try await harness.send(.get, "/__tvsim/audit").decode(Document.self)
            #expect(!document.complete)
            #expect(document.clients.flatMap(\.findings).map(\.rule).filter { $0.contains("ORDER") } == [])
            let page = try await harness.send(.get, "/__tvsim/audit", headers: [("Accept", "text/html")])
            #expect(page.text.contains("dropped its oldest exchanges"))
        }
    }

    /// A reset starts a whole history again, though the journal dropped entries before it; and
    /// a logout whose `redirectUrl` is a URL is still the logout call (its query's `://` is no
    /// scheme).
    @Test func aResetJournalIsAWholeHistoryAndALogoutWithAURLInItsQueryIsALogout() async throws {
        var dashboard = Dashboard.builtIn
        // Room for what follows the reset: the reset itself, registration, token and logout.
        dashboard.settings.limits.maxJournalEntries = 4
        try await Harness.run(dashboard: dashboard) { harness in
            for _ in 0..<5 { _ = try await harness.send(.get, "/api/v2/ORBIT/configuration") }
            #expect(try await harness.send(.get, "/__tvsim/audit").decode(Document.self).complete == false)
            _ = try await harness.send(.post, "/__tvsim/reset", headers: [("Content-Type", "application/json")])
            let app = try await harness.app(device: "audited-device")
            _ = try await app.get("/logout/Cascade?redirectUrl=https://orbit.tvsim.example/out")
            let document = try await harness.send(.get, "/__tvsim/audit").decode(Document.self)
            #expect(document.complete)
            let client = try #require(document.clients.first { $0.client.contains(Base64.encode("audited-device")) })
            #expect(client.steps == ["A.1", "A.3", "E.1"])
            let journal = try await harness.send(.get, "/__tvsim/journal")
            #expect(journal.header(JournalHistory.completeHeader) == "true")
        }
    }

    @Test func aBrowserGetsAPageInItsLanguage() async throws {
        try await Harness.run { harness in
            let app = try await harness.app(device: "audited-device")
            _ = try await app.postForm("/sessions", "mvpd=Cascade&domainName=orbit.tvsim.example")
            let page = try await harness.send(
                .get, "/__tvsim/audit", headers: [("Accept", "text/html"), ("Accept-Language", "es")])
            #expect(page.status == 200)
            #expect(page.text.contains(#"<html lang="es">"#))
            #expect(page.text.contains("Auditoría del cookbook"))
            #expect(page.text.contains("V2-ORDER-PROFILES-FIRST"))
            #expect(page.text.contains("V2-ORDER-CONFIGURATION-FIRST"))
        }
    }

    /// What a client sent reaches the page shown, not obeyed: a right-to-left override or an
    /// escape in a path is text, and the page runs no script whatever it holds.
    @Test func thePageShowsAClientsControlsAndRunsNothing() async throws {
        try await Harness.run { harness in
            _ = try await harness.send(
                .get, "/api/v2/ORBIT/configuration", headers: [("AP-Device-Identifier", "fingerprint \u{202E}gpj.exe")])
            let page = try await harness.send(.get, "/__tvsim/audit", headers: [("Accept", "text/html")])
            #expect(page.status == 200)
            #expect(!page.text.unicodeScalars.contains("\u{202E}") && !page.text.unicodeScalars.contains("\u{1B}"))
            #expect(page.text.contains(#"\u{202E}gpj.exe"#), "the client is listed with its override shown")
            let policy = try #require(page.header("Content-Security-Policy"))
            #expect(policy.contains("default-src 'none'") && !policy.contains("script-src"))
        }
    }
}
