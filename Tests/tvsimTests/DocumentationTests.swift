import Foundation
import Subprocess
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// What the README tells a user to type works as written.
@Suite(.serialized) struct DocumentationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theBashCompletionScriptNamesTheSubcommands() async throws {
        let running = TVSimBinary.Running(["--generate-completion-script", "bash"])
        #expect(await running.waitForExit() == 0)
        let script = running.text
        #expect(script.hasPrefix("#!/bin/bash"))
        for subcommand in ["ui", "serve", "run", "record", "scenarios", "themes", "device", "schema"] {
            #expect(script.contains(subcommand), "the completion script does not name '\(subcommand)'")
        }
        for nested in ["list", "show", "matrix", "preview", "reset"] {
            #expect(script.contains(nested), "the completion script does not name '\(nested)'")
        }
    }

    /// The README's `sh` examples: fenced blocks marked `sh` that talk to `tvsim serve` through
    /// `$BASE`, run in order in one bash against a fresh `tvsim serve` (see `runExamples`).
    @Test(.needs(.curl, .jq)) func theReadmeCurlExamplesRunAgainstTvsimServe() async throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.shellBlocks(in: readme).filter { $0.contains("$BASE") }
        try #require(blocks.count >= 2, "the README has no ```sh examples that use $BASE")
        let output = try await Self.runExamples(blocks, from: "README.md")
        #expect(output.contains("\"ORBIT\""), "\(output.suffix(2000))")
        #expect(output.contains("\"platform\": \"ios\""), "\(output.suffix(2000))")
    }

    /// Every article of the DocC catalogs with `sh` examples that use `$BASE`: all its `sh`
    /// blocks, after those of the `tvsim serve` walk-through that sets the variables the others
    /// use (`$TOKEN`, `$DEVICE_INFO`, …), against a fresh `tvsim serve` each.
    @Test(.needs(.curl, .jq)) func theDocumentationCurlExamplesRunAgainstTvsimServe() async throws {
        let sources = Self.repository.appendingPathComponent("Sources")
        let walkThrough = "PassMockServer/PassMockServer.docc/Serve.md"
        let prelude = Self.shellBlocks(
            in: try String(contentsOf: sources.appendingPathComponent(walkThrough), encoding: .utf8))
        var articles = 0
        for catalog in ["tvsim/Documentation.docc", "PassMockServer/PassMockServer.docc", "PassClient/PassClient.docc"]
        {
            let folder = sources.appendingPathComponent(catalog)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where name.hasSuffix(".md") {
                let path = "\(catalog)/\(name)"
                let blocks = Self.shellBlocks(
                    in: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
                guard blocks.contains(where: { $0.contains("$BASE") }) else { continue }
                articles += 1
                _ = try await Self.runExamples((path == walkThrough ? [] : prelude) + blocks, from: path)
            }
        }
        #expect(articles >= 5, "only \(articles) articles have curl examples")
    }

    /// Runs `blocks` in order in one bash against a fresh `tvsim serve --port 0`, with `BASE` set
    /// to its address (their own `BASE=` lines are left out); `curl` fails on an HTTP error
    /// status, and so does the run. They run in a scratch directory. Returns what they printed.
    static func runExamples(_ blocks: [String], from source: String) async throws -> String {
        let examples = blocks.joined(separator: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("BASE=") }
            .joined(separator: "\n")
        let server = TVSimBinary.Running(["serve", "--port", "0", "--quiet"])
        #expect(await server.waitFor("Press Ctrl-C to stop."))
        let base = try #require(server.text.firstMatch(of: /listening on (http:\/\/127\.0\.0\.1:\d+)/)?.1)
        // Examples that save a file (`-o serve.har`) save it in a directory of their own.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = """
            exec 2>&1
            set -euo pipefail
            cd '\(directory.path)'
            command -v jq >/dev/null || { echo '\(OutsideTool.jq.missingMessage)'; exit 127; }
            command -v curl >/dev/null || { echo '\(OutsideTool.curl.missingMessage)'; exit 127; }
            curl() { command curl --fail-with-body --show-error "$@"; }
            BASE=\(base)
            \(examples)
            """
        let result = try await Subprocess.run(
            .path(FilePath("/bin/bash")), arguments: ["-c", script], output: .string(limit: 4 << 20),
            error: .discarded)
        let output = result.standardOutput
        #expect(
            result.terminationStatus.shellCode == 0, "the examples of \(source) failed:\n\(output.suffix(2000))")
        await server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 20) == 0)
        return output
    }

    /// The contents of the fenced code blocks opened with ```sh.
    static func shellBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil {
                if line == "```sh" { current = [] }
            } else if line.hasPrefix("```") {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current!.append(line)
            }
        }
        return blocks
    }
}
