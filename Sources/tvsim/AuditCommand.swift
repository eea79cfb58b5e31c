import ArgumentParser
import Conformance
import Foundation
import LocatedJSON
import PassAPI

/// `tvsim audit FILE.har…`: cookbook conformance of the clients a HAR recorded.
struct AuditHAR: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Check the clients recorded in HAR files against the cookbooks (REST API V2, V1, DCR).",
        discussion: """
            Reads HAR 1.2 files (tvsim's own --har export, Chrome DevTools, Charles, Proxyman), recorded \
            against tvsim or against Adobe's hosts: calls are recognised by method and path. Prints each \
            client's calls with their cookbook step, then the findings: the rule, its severity, the seed \
            and step it comes from, the exchanges involved and what to change. Exits 1 when a finding is an \
            error, 2 when a file cannot be read. Nothing read is written anywhere else.
            """)

    @Argument(help: "HAR files.")
    var files: [String]

    @Flag(help: "Print the audit as JSON instead of text.")
    var json = false

    @Option(help: "Also write the audit as JUnit XML: one test case per rule and client.")
    var junit: String?

    func validate() throws {
        if files.isEmpty { throw ValidationError("Name at least one HAR file.") }
    }

    func run() throws {
        var results: [(source: String, audit: ClientAudit)] = []
        for file in files {
            let audits = Audit.run(try read(file))
            results += audits.map { (file, $0) }
            if json {
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

    private func read(_ file: String) throws -> [Exchange] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            Console.error("tvsim audit: cannot read \(file): \(error.localizedDescription)")
            throw ExitCode(2)
        }
        do {
            return try HARReader.read(data, file: file)
        } catch {
            Console.error("tvsim audit: \(error)")
            throw ExitCode(2)
        }
    }
}
