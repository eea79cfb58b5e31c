import ArgumentParser
import Foundation
import Labs
import Localization
import LocatedJSON
import MockBackendAPI
import PassAPI
import PassClient
import PassMockServer
import Simulation
import TerminalUI

/// `tvsim lab list|show|check`: the labs a trainee's own client practises, and their grading.
struct LabCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lab",
        abstract: "List the labs, show one, or grade a trainee's client against one.",
        discussion: """
            A lab is a cookbook flow a trainee builds with a client of their own, in any language: \
            'tvsim serve --lab NAME' runs its back end, with its faults at their set points, and \
            'tvsim lab check NAME --server URL' (or --har FILE) grades what the client did, goal by goal.
            """,
        subcommands: [Open.self, List.self, Show.self, Check.self], defaultSubcommand: Open.self)

    /// A lab's back end: its faults at their set points, and its framework stand-in.
    static func prepare(_ backend: MockBackend, for lab: Lab) {
        for fault in lab.faults { backend.addFault(fault) }
        if let framework = lab.framework,
            let access = PartnerFrameworkStatus.AccessStatus(rawValue: framework.permission)
        {
            backend.frameworkStandIn = FrameworkStandIn(
                mvpd: framework.mvpd, username: framework.persona, accessStatus: access)
        }
    }

    /// A built-in lab, or a clear error naming the ones there are.
    static func lab(named name: String) throws -> Lab {
        let lab: Lab?
        do { lab = try LabCatalog.named(name) } catch { throw CommandFailure("\(error)") }
        guard let lab else {
            let names = LabCatalog.files.map(\.name).joined(separator: ", ")
            throw CommandFailure("there is no lab '\(name)'; the labs are \(names)")
        }
        return lab
    }

    /// `tvsim lab NAME`: the lab's back end and, beside it, its checklist graded live.
    struct Open: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "open",
            abstract:
                "Open a lab in the terminal UI: its back end, its checklist graded live from your client's calls.",
            discussion: """
                The mock back end starts with the lab's seed and faults and says where to point the client. \
                The left pane lists the goals, each pending, met, or wrong with the finding that says why; \
                h shows the next goal's hint. The timeline, Detail and Sequence tabs show the calls as \
                'tvsim watch' does. 'tvsim lab NAME' is short for 'tvsim lab open NAME'.
                """)

        @Argument(help: "The lab's name (see 'tvsim lab list').")
        var name: String

        @Option(help: "Port to listen on; 0 picks a free port (the UI shows the address).")
        var port: Int = 0

        @Option(help: "Address to bind. The admin API answers only to loopback clients whatever this is.")
        var host: String = "127.0.0.1"

        @Option(help: "A theme name (see 'tvsim themes list') or a theme file; default $TVSIM_THEME, else 'default'.")
        var theme: String?

        @OptionGroup var lang: LanguageOption

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        }

        func run() async throws {
            let lab = try LabCommand.lab(named: name)
            try Watch.requireTerminal(
                command: "tvsim lab", instead: "run its back end with 'tvsim serve --lab \(lab.name)' instead")
            let backend = MockBackend(dashboard: .builtIn, clock: SystemClock(), seed: lab.seed)
            LabCommand.prepare(backend, for: lab)
            try await Watch.watch(
                .local(backend, host: host, port: port), theme: theme, language: lang.language(), lab: lab)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the built-in labs.")

        func run() throws {
            let labs: [Lab]
            do { labs = try LabCatalog.all() } catch { throw CommandFailure("\(error)") }
            let width = labs.map(\.name.count).max() ?? 0
            for lab in labs {
                let name = lab.name.padding(toLength: width, withPad: " ", startingAt: 0)
                Console.line("\(name)  \(lab.integration)  \(lab.goals.count) goals  \(lab.title)")
            }
            Console.line("\(labs.count) labs")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a lab: what to build, its goals with their hints, and its faults.")

        @Argument(help: "The lab's name (see 'tvsim lab list').")
        var name: String

        @Flag(help: "Also print each goal's curl line.")
        var curl = false

        @OptionGroup var lang: LanguageOption

        func run() throws {
            let lab = try LabCommand.lab(named: name)
            let strings = Strings.of(lang.language())
            let language = strings.language.rawValue
            Console.line("\(lab.name) — \(lab.title(in: language)) (\(lab.integration))")
            Console.line(lab.summary(in: language))
            Console.line("")
            for (index, goal) in lab.goals.enumerated() {
                let words = lab.words(of: goal, in: language)
                Console.line("\(index + 1). \(goal.step) \(words.title)  [\(goal.id)]")
                Console.line("   \(goal.hint.request)")
                if !goal.hint.headers.isEmpty {
                    Console.line("   " + strings("lab.hint.headers") + goal.hint.headers.joined(separator: ", "))
                }
                if !goal.hint.fields.isEmpty {
                    Console.line("   " + strings("lab.hint.fields") + goal.hint.fields.joined(separator: ", "))
                }
                Console.line("   \(words.text)")
                if !goal.rules.isEmpty {
                    Console.line("   " + strings("lab.hint.rules") + goal.rules.joined(separator: ", "))
                }
                if curl, let line = goal.hint.curl { Console.line("   $ \(line)") }
            }
            if !lab.faults.isEmpty {
                Console.line("")
                Console.line("Faults (in place from the start):")
                for fault in lab.faults {
                    let json = String(decoding: (try? JSONEncoder().encode(fault)) ?? Data(), as: UTF8.self)
                    Console.line("  \(json)")
                }
            }
            Console.line("")
            Console.line(
                "Run its back end with 'tvsim serve --lab \(lab.name)', grade with 'tvsim lab check \(lab.name) --server URL'."
            )
        }
    }

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Grade a finished session against a lab: each goal met, wrong (and why) or pending.",
            discussion: """
                Reads the journal of a running 'tvsim serve --lab NAME' (--server) or HAR files (--har), groups \
                the calls by client and grades each. Exits 1 when a goal is not met, naming it; 2 when the \
                session cannot be read.
                """)

        @Argument(help: "The lab's name (see 'tvsim lab list').")
        var name: String

        @Option(help: ArgumentHelp("The URL of a running tvsim serve.", valueName: "url"))
        var server: String?

        @Option(help: ArgumentHelp("HAR files of the session (repeatable).", valueName: "file"))
        var har: [String] = []

        @Option(help: "The admin token of the tvsim serve named by --server (or TVSIM_ADMIN_TOKEN).")
        var adminToken: String?

        @Flag(help: "Print the grades as JSON instead of text.")
        var json = false

        @Option(help: ArgumentHelp("Also write the grades as JUnit XML: a test case per goal.", valueName: "file"))
        var junit: String?

        func validate() throws {
            if (server == nil) == har.isEmpty {
                throw ValidationError("Grade either a running server (--server URL) or HAR files (--har FILE).")
            }
        }

        func run() async throws {
            let lab = try LabCommand.lab(named: name)
            if let junit { try OutputFile.check(junit, option: "--junit") }
            let (exchanges, complete, source) = try await session()
            let grades = LabGrade.grade(lab, exchanges: exchanges, historyComplete: complete)
            if json {
                Console.json(String(decoding: try LabReport.json(lab, grades, source: source), as: UTF8.self))
            } else {
                for line in LabReport.text(lab, grades, source: source) { Console.line(line) }
            }
            if let junit {
                try Run.write(Data(TerminalSafeText.make(LabReport.junit(lab, grades, source: source)).utf8), to: junit)
            }
            guard !grades.isEmpty else {
                Console.error("tvsim lab check: no client called the \(lab.integration) cookbook")
                throw ExitCode(1)
            }
            let unmet = LabReport.unmet(grades)
            if !unmet.isEmpty {
                Console.error("tvsim lab check: not met: \(unmet.joined(separator: ", "))")
                throw ExitCode(1)
            }
        }

        /// The calls to grade, whether they are all there, and where they came from.
        private func session() async throws -> ([HTTPExchange], Bool, String) {
            if let server {
                let token = adminToken ?? ProcessInfo.processInfo.environment[AdminTokenSource.environmentVariable]
                let backend = RemoteBackend(baseURL: server, token: token, clock: SystemClock())
                do {
                    let history = try await backend.journalHistory(after: 0, limit: .max)
                    return (history.entries, history.complete, server)
                } catch {
                    Console.error("tvsim lab check: cannot read the journal of \(server): \(error)")
                    throw ExitCode(2)
                }
            }
            var exchanges: [HTTPExchange] = []
            for file in har {
                do {
                    exchanges += try HARDocument.read(file: file)
                } catch {
                    Console.error("tvsim lab check: cannot read \(file): \(error)")
                    throw ExitCode(2)
                }
            }
            return (exchanges, true, har.joined(separator: ", "))
        }
    }
}
