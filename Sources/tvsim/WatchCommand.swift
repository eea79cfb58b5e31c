import ArgumentParser
import FlowRuntime
import Foundation
import Labs
import Localization
import MockBackendAPI
import PassMockServer
import Simulation
import TerminalUI

/// `tvsim watch`: the terminal UI for an app tvsim did not write. The mock back end answers the
/// app; the inspector shows its calls live with their cookbook steps and findings.
struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Watch an app under test: its calls to the mock back end, live, checked against the cookbooks.",
        discussion: """
            Starts the mock back end (like 'tvsim serve') and the terminal UI beside it: point the app, a \
            script or curl at the address it shows. Every call appears in the inspector with its cookbook \
            step, every finding of the rules of 'tvsim audit' as it happens; the faults panel, Detail and \
            the export work as for Orbit TV. With --server, watches a 'tvsim serve' that is already running.
            """)

    @Option(help: "Port to listen on; 0 picks a free port (the UI shows the address).")
    var port: Int = 0

    @Option(help: "Address to bind. The admin API answers only to loopback clients whatever this is.")
    var host: String = "127.0.0.1"

    @Option(help: "Dashboard file (JSON) with requestors, MVPDs and personas; the built-in one by default.")
    var config: String?

    @Option(help: "Watch a running 'tvsim serve' at this URL instead of starting a back end.")
    var server: String?

    @Option(help: "The admin token of the --server back end, if it was started with one; default $TVSIM_ADMIN_TOKEN.")
    var adminToken: String?

    @Option(help: "A theme name (see 'tvsim themes list') or a theme file; default $TVSIM_THEME, else 'default'.")
    var theme: String?

    @OptionGroup var lang: LanguageOption

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        if server != nil, port != 0 || config != nil {
            throw ValidationError("--server watches a running back end: --port and --config are its own.")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        try Self.requireTerminal(
            command: "tvsim watch", instead: "audit a recorded HAR with 'tvsim audit FILE.har' instead")
        let target: Target =
            if let server {
                .remote(url: server, token: adminToken ?? environment[AdminTokenSource.environmentVariable])
            } else {
                .local(MockBackend(dashboard: try dashboard(), clock: SystemClock(), seed: 1), host: host, port: port)
            }
        try await Self.watch(target, theme: theme, language: lang.language(environment: environment))
    }

    /// Watching needs a terminal to draw on: without one, say so and what to run instead.
    static func requireTerminal(command: String, instead: String) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            Console.error("tvsim: '\(command)' is a terminal UI and needs an interactive terminal; \(instead).")
            throw ExitCode(2)
        }
        try UI().checkTerminalType(ProcessInfo.processInfo.environment["TERM"])
    }

    /// What is watched: a back end this command serves, or a `tvsim serve` already running.
    enum Target {
        case local(MockBackend, host: String, port: Int)
        case remote(url: String, token: String?)
    }

    /// The terminal UI beside `target`, following the calls an outside client makes; with `lab`,
    /// graded.
    static func watch(_ target: Target, theme: String?, language: Language, lab: Lab? = nil) async throws {
        let environment = ProcessInfo.processInfo.environment
        let loaded = ThemeLibrary.standard().load(theme ?? environment["TVSIM_THEME"])
        var running: RunningMockServer?
        let launcher: WorldLauncher
        switch target {
        case .remote(let url, let token):
            launcher = .remote(url: url, adminToken: token)
        case .local(let backend, let host, let port):
            do {
                running = try await MockServer.start(backend: backend, host: host, port: port)
            } catch {
                throw CommandFailure("the mock back end cannot listen on \(host):\(port): \(error)")
            }
            launcher = .remote(url: running!.baseURL)
        }
        var options = TerminalApp.Options(
            platform: .ios, integration: .restV2, launcher: launcher, language: language)
        options.watching = true
        options.lab = lab
        let status = await TerminalSession.run(options: options, theme: loaded.theme, themeWarning: loaded.problem)
        await running?.stop()
        if status != 0 { throw ExitCode(status) }
    }

    private func dashboard() throws -> Dashboard {
        guard let config else { return .builtIn }
        do { return try DashboardFile.load(path: config) } catch {
            throw CommandFailure("invalid dashboard file: \(error)")
        }
    }
}
