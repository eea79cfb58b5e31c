import ArgumentParser
import Conformance
import FlowRuntime
import Foundation
import LocatedJSON
import MockBackendAPI
import PassAPI
import PassClient
import SequenceDiagram
import Simulation

/// `tvsim audit FILE.har…|URL`: cookbook conformance of the clients a HAR recorded, or of those a
/// running `tvsim serve` has journaled.
struct AuditHAR: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Check the clients recorded in HAR files against the cookbooks (REST API V2, V1, DCR).",
        discussion: """
            Reads HAR 1.2 files (tvsim's own --har export, Chrome DevTools, Charles, Proxyman), recorded \
            against tvsim or against Adobe's hosts: calls are recognised by method and path. Prints each \
            client's calls with their cookbook step, then the findings: the rule, its severity, the seed \
            and step it comes from, the exchanges involved and what to change. Exits 1 when a finding is an \
            error, 2 when a file cannot be read. Nothing read is written anywhere else. A URL instead of a \
            file (http://127.0.0.1:8080) audits what a running tvsim serve has journaled, as its \
            /__tvsim/audit does.
            """)

    @Argument(help: "HAR files, or the URL of a running tvsim serve.")
    var files: [String]

    @Option(help: "The admin token of the tvsim serve named by URL (or TVSIM_ADMIN_TOKEN).")
    var adminToken: String?

    @Flag(help: "Print the audit as JSON instead of text.")
    var json = false

    @Option(help: "Also write the audit as JUnit XML: one test case per rule and client.")
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "Print the calls as a sequence diagram instead, their steps as bands and findings marked on their "
                + "arrows: text, mermaid or svg.",
            valueName: "format"))
    var sequence: SequenceFormat?

    func validate() throws {
        if files.isEmpty { throw ValidationError("Name at least one HAR file.") }
        if sequence != nil, files.count != 1 || json {
            throw ValidationError("--sequence draws one HAR file or server at a time, without --json.")
        }
    }

    func run() async throws {
        var results: [(source: String, audit: ClientAudit)] = []
        for file in files {
            let exchanges: (entries: [HTTPExchange], complete: Bool) =
                Self.isServer(file) ? try await journal(of: file) : (try read(file), true)
            let audits = Audit.run(exchanges.entries, historyComplete: exchanges.complete)
            results += audits.map { (file, $0) }
            if let sequence {
                let timeline = Timeline(now: { 0 })
                var audited = AuditedTimeline()
                audited.record(exchanges.entries, audits: audits, on: timeline)
                let diagram = SequenceDiagram(entries: timeline.entries)
                let title = (file as NSString).lastPathComponent
                Console.line(String(sequence.render(diagram, title: title, width: Run.terminalWidth()).dropLast()))
            } else if json {
                let json = String(decoding: try AuditReport.json(audits, source: file), as: UTF8.self)
                Console.json(json)
            } else {
                for line in AuditReport.text(audits, source: file) { Console.line(line) }
            }
        }
        if let junit {
            // A HAR's control characters are shown, not kept, in a report people open in terminals too.
            let xml = TerminalSafeText.make(AuditReport.junit(results, rules: RuleCatalog.builtIn.rules))
            try Data(xml.utf8).write(to: URL(fileURLWithPath: junit))
        }
        if results.contains(where: { $0.audit.worstSeverity == .error }) { throw ExitCode(1) }
    }

    private func read(_ file: String) throws -> [HTTPExchange] {
        do {
            return try HARDocument.read(file: file)
        } catch let error as DataFileError {
            Console.error("tvsim audit: \(error)")
            throw ExitCode(2)
        } catch {
            Console.error("tvsim audit: cannot read \(file): \(error)")
            throw ExitCode(2)
        }
    }

    static func isServer(_ source: String) -> Bool {
        source.hasPrefix("http://") || source.hasPrefix("https://")
    }

    /// The journal of a running `tvsim serve`, whole (it is bounded by the server's
    /// `maxJournalEntries`), and whether it is: once it has dropped its oldest entries, the order
    /// rules are left out, as the server's own audit does.
    private func journal(of server: String) async throws -> (entries: [HTTPExchange], complete: Bool) {
        let token = adminToken ?? ProcessInfo.processInfo.environment[AdminTokenSource.environmentVariable]
        let backend = RemoteBackend(baseURL: server, token: token, clock: SystemClock())
        let history: (entries: [HTTPExchange], complete: Bool)
        do {
            history = try await backend.journalHistory(after: 0, limit: .max)
        } catch {
            Console.error("tvsim audit: cannot read the journal of \(server): \(error)")
            throw ExitCode(2)
        }
        return history
    }
}
