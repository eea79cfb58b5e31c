import Foundation
import Subprocess
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// The mock back end for an outside app: `tvsim watch` and `tvsim serve`, each driven by the
/// README's curl calls as a reader would paste them.
@Suite(.needs(.tmux, .curl, .jq)) struct JourneyWatchAndServe {
    /// The README's `sh` blocks that talk to `$BASE`, as one bash script against `base`, run in a
    /// scratch directory.
    static func readmeScript(base: Substring, keeping: (String) -> Bool = { _ in true }) throws -> String {
        let readme = try String(
            contentsOf: DocumentationTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = DocumentationTests.shellBlocks(in: readme).filter { $0.contains("$BASE") }.filter(keeping)
        // In a scratch directory of its own: an example that saves a file (`-o serve.har`) must
        // not save it in the checkout.
        let scratch = #"scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT; cd "$scratch""#
        return "set -eu\n\(scratch)\nBASE=\(base)\n"
            + blocks.joined(separator: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("BASE=") }
            .joined(separator: "\n")
    }

    static func bash(_ script: String) async throws -> (succeeded: Bool, output: String) {
        let run = try await Subprocess.run(
            .path(FilePath("/bin/bash")), arguments: ["-c", script], output: .string(limit: 1 << 20),
            error: .combinedWithOutput)
        return (run.terminationStatus.isSuccess, run.standardOutput)
    }

    /// `tvsim watch` beside the README's curl calls: each call with its cookbook step, the session
    /// started without the profile check marked, the client's summary; the scenario keys say
    /// they are not for watching; the Sequence tab marks the arrow; then resize and quit.
    @Test func watchShowsTheReadmeCurlCallsLiveWithTheirFindings() async throws {
        let app = try await Journey.open(["watch", "--port", "0"], deviceState: false)
        await app.see("Point the app under test at")
        let base = try #require((await app.screen).firstMatch(of: /(http:\/\/127\.0\.0\.1:\d+)/)?.1)
        let script = try Self.readmeScript(base: base) {
            $0.contains("/o/client/register") || $0.contains("/api/v2/ORBIT/sessions")
        }
        let run = try await Self.bash(script)
        #expect(run.succeeded, "\(run.output)")
        await app.see("✗ V2-ORDER-PROFILES-FIRST")
        await app.see("errors 1 · warnings 0")
        let screen = await app.screen
        // Each call after its cookbook step, titled as the cookbook titles it; the Step pane
        // explains the last one.
        for text in [
            "A.1 retrieve client credentials", "POST /o/client/register → 201", "C.1 retrieve configuration",
            "BA.1 create authentication session", "rest-v2 · 4 calls",
        ] {
            #expect(screen.contains(text), "\(screen)")
        }
        #expect(!screen.contains("The cookbook step now running appears here"), "\(screen)")
        for key in ["s", "k", "r"] {
            try await app.press(key)
            await app.see("Not while watching an app")
            #expect(!(await app.screen).contains("Reach a code on"))
        }
        // The Sequence tab: the outside app's calls to Adobe Pass, the finding marked on the
        // arrow it is about and noted on the app's lane.
        try await app.press("Tab", "4")
        await app.see("Adobe Pass")
        await app.see("✗ POST /sessions → 200")
        let sequence = await app.screen
        let rows = sequence.split(separator: "\n")
        #expect(rows.contains { $0.contains("├") && $0.contains("▶│ ✗ POST /sessions → 200") }, "\(sequence)")
        #expect(rows.contains { $0.contains("◆") && $0.contains("│ ✗ V2-ORDER-PROFILES-FIRST") }, "\(sequence)")
        #expect(!sequence.contains("✗ GET /configuration"), "\(sequence)")
        try await app.resize(80, 24)
        #expect(await app.session.waitForFrame(width: 80, height: 24), "\(app.session.lastScreen)")
        try await app.quit()
    }

    /// `tvsim serve` in a terminal: its banner, each of the README's calls logged as it comes,
    /// and Ctrl-C to stop.
    @Test func serveAnswersTheReadmeCurlCallsAndStopsOnControlC() async throws {
        let app = try await Journey.open(["serve", "--port", "0"], window: .small, deviceState: false)
        await app.see("Press Ctrl-C to stop.")
        let base = try #require((await app.screen).firstMatch(of: /listening on (http:\/\/127\.0\.0\.1:\d+)/)?.1)
        let run = try await Self.bash(try Self.readmeScript(base: base))
        #expect(run.succeeded, "\(run.output)")
        #expect(run.output.contains("\"ORBIT\""), "\(run.output)")
        await app.see("POST /o/client/register  201")
        await app.see("GET /api/v2/ORBIT/configuration  200")
        try await app.quit(with: ["C-c"])
    }
}
