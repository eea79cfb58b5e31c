import ArgumentParser
import FlowCore
import FlowRuntime
import Foundation
import MockBackendAPI
import PassMockServer
import TerminalUI
import VSASimulator

@main
struct TVSim: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tvsim",
        abstract: "A terminal simulator of Apple's TV-provider sign-in and Adobe Pass TV Everywhere flows.",
        discussion: """
            Without a subcommand, tvsim opens the terminal UI ('tvsim ui'): a simulated iPhone or Apple TV on \
            the left, the inspector on the right, with its mock back end embedded.
            """,
        version: version,
        subcommands: [
            UI.self, Serve.self, Run.self, AuditHAR.self, Watch.self, Record.self, Scenarios.self, Themes.self,
            Device.self,
            LabCommand.self,
            Schema.self,
        ],
        defaultSubcommand: UI.self)

    /// What `tvsim --version` prints.
    static let version = "1.0.0"
}

/// `tvsim` / `tvsim ui`: the terminal UI.
struct UI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the terminal UI (the default command).",
        discussion:
            "Environment: NO_COLOR, TVSIM_THEME, TVSIM_SERVER, TVSIM_ADMIN_TOKEN, LC_ALL/LC_MESSAGES/LANG; flags win over the environment."
    )

    @Option(help: "The simulated device.")
    var platform: DevicePlatform = .ios

    @Option(help: "The integration: rest-v2, rest-v1, sdk or custom-idp.")
    var api: Integration = .restV2

    @Option(help: "A theme name (see 'tvsim themes list') or a theme file; default $TVSIM_THEME, else 'default'.")
    var theme: String?

    @Option(help: "Start in this scenario (a built-in name or a scenario file).")
    var scenario: String?

    @Flag(help: "Play the scenario's steps by themselves (with --scenario).")
    var autoplay = false

    @Option(help: "Seconds between autoplayed steps.")
    var pace: Double = 1.5

    @Option(help: "Use a running 'tvsim serve' at this URL instead of the embedded back end; default $TVSIM_SERVER.")
    var server: String?

    @Option(help: "The admin token of the --server back end, if it was started with one; default $TVSIM_ADMIN_TOKEN.")
    var adminToken: String?

    @Option(help: "The requestor the app uses.")
    var requestor: String = "ORBIT"

    @Option(help: "Dashboard file for the embedded back end.")
    var config: String?

    @Option(
        help:
            "Where the simulated device is kept (default $XDG_CONFIG_HOME/tvsim/device-<platform>.json, else ~/.config/tvsim/…)."
    )
    var deviceState: String?

    @Option(help: ArgumentHelp("Also record the session as an asciicast file.", valueName: "file.cast"))
    var record: String?

    @OptionGroup var lang: LanguageOption

    func validate() throws {
        guard pace > 0, pace <= 60 else {
            throw ValidationError("--pace must be more than 0 and at most 60 seconds (for example 0.5).")
        }
        if autoplay, scenario == nil { throw ValidationError("--autoplay needs --scenario.") }
    }

    func run() async throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            Console.error(
                "tvsim: the terminal UI needs an interactive terminal (standard input and output must be a TTY).\n"
                    + "Run scenarios headless with 'tvsim run NAME|--all', or the mock back end with 'tvsim serve'.")
            throw ExitCode(2)
        }
        let environment = ProcessInfo.processInfo.environment
        try checkTerminalType(environment["TERM"])
        try checkDeviceFile()
        let loaded = ThemeLibrary.standard().load(theme ?? environment["TVSIM_THEME"])
        var dashboard = Dashboard.builtIn
        if let config {
            do { dashboard = try DashboardFile.load(path: config) } catch {
                throw CommandFailure("invalid dashboard file: \(error)")
            }
        }
        if let scenario {
            do { _ = try ScenarioCatalog.resolve(scenario) } catch { throw CommandFailure("\(error)") }
        }
        let serverURL = server ?? environment["TVSIM_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
        let launcher =
            serverURL.map {
                WorldLauncher.remote(
                    url: $0, adminToken: adminToken ?? environment[AdminTokenSource.environmentVariable])
            }
            ?? WorldLauncher(host: EmbeddedBackendHost(), dashboard: dashboard)
        let options = TerminalApp.Options(
            platform: platform, integration: api, requestor: requestor, launcher: launcher, scenario: scenario,
            autoplay: autoplay, pace: pace, deviceStatePath: deviceState,
            language: lang.language(environment: environment))
        if let record { try OutputFile.check(record, option: "--record") }
        if let record, !FileManager.default.createFile(atPath: record, contents: nil) {
            throw CommandFailure("cannot write the recording \(record)")
        }
        let status = await TerminalSession.run(
            options: options, theme: loaded.theme, themeWarning: loaded.problem, recordTo: record)
        if status != 0 { throw ExitCode(status) }
    }
}

extension UI {
    /// Curses needs cursor movement; `dumb` terminals (and none at all) cannot show the UI.
    func checkTerminalType(_ term: String?) throws {
        guard let term, !term.isEmpty, term != "dumb" else {
            throw CommandFailure(
                "the terminal UI needs a terminal that can move the cursor (TERM is '\(term ?? "")'); "
                    + "set TERM, for example TERM=xterm-256color")
        }
        guard CursesBackend.knowsTerminal(term) else {
            throw CommandFailure(
                "this system has no terminfo entry for TERM '\(term)', so curses cannot draw on it; "
                    + "use TERM=xterm-256color or TERM=xterm, or install more entries "
                    + "(Debian and Ubuntu: apt-get install ncurses-term)")
        }
    }

    /// A device file belongs to one platform: an iPhone's file cannot become an Apple TV.
    func checkDeviceFile() throws {
        guard let deviceState, FileManager.default.fileExists(atPath: deviceState) else { return }
        let device = FileDeviceStore(path: deviceState) {
            SimulatedDevice(platform: platform, deviceIdentifier: UUID().uuidString.lowercased())
        }.load()
        guard device.system.platform == platform else {
            throw CommandFailure(
                "\(deviceState) holds an \(device.system.platform.displayName), not an \(platform.displayName); "
                    + "use --platform \(device.system.platform.rawValue) or another --device-state file")
        }
    }
}

extension Integration: ExpressibleByArgument {}
