import Foundation
import Localization
import MockBackendAPI
import PassMockServer
import Subprocess

/// The terminal UI measured from the outside: the `tvsim` binary in a pseudo-terminal of
/// 120×36, as a presenter would run it.
struct TerminalBenchmarks {
    let executable: String
    let workspace: URL
    /// The language the UI is started in (`--lang`); the screens are recognised by its words.
    var language: Language = .english

    static let width = 120
    static let height = 36
    /// On the first screen of the default app: the permission alert's button.
    var firstScreen: String { Strings.of(language)("alert.deny") }
    /// On the first frame, drawn while the embedded back end starts.
    var firstFrame: String { Strings.of(language)("device.startingBackend") }

    func launch(_ arguments: [String] = []) throws -> PseudoTerminal {
        let run = workspace.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        return try PseudoTerminal(
            executable: executable,
            arguments: ["--device-state", run.appendingPathComponent("device.json").path, "--lang", language.tag]
                + arguments,
            width: Self.width, height: Self.height,
            environment: ["TERM": "xterm-256color", "XDG_CONFIG_HOME": run.path, "TVSIM_THEME": "default"])
    }

    // MARK: - Startup

    /// Process start to the end of the first frame (drawn while the back end starts) and to the
    /// end of the frame that first shows the permission alert, `runs` times, beside the time
    /// `tvsim --help` takes to start, print and exit on the same machine: the first frame must
    /// not wait for anything a process start does not.
    func startup(runs: Int) async throws -> [BenchmarkRow] {
        var frames: [Double] = []
        var alerts: [Double] = []
        var helps: [Double] = []
        for _ in 0..<runs {
            helps.append(try await helpTime())
            let terminal = try launch()
            guard terminal.waitFor(firstFrame) else {
                throw BenchmarkError("tvsim did not draw its first frame within 10 s")
            }
            // The rest of that frame, if it is still coming; the next frame comes later.
            terminal.readBurst(quiet: .milliseconds(5), waitForStart: false)
            frames.append(((terminal.lastOutputAt ?? .now) - terminal.spawnedAt).milliseconds)
            guard terminal.waitFor(firstScreen) else {
                throw BenchmarkError("tvsim did not show its first screen within 10 s")
            }
            terminal.readBurst(quiet: .milliseconds(30), waitForStart: false)
            alerts.append(((terminal.lastOutputAt ?? .now) - terminal.spawnedAt).milliseconds)
            terminal.stop()
        }
        let frame = Statistics.median(frames) ?? 0
        let help = Statistics.median(helps) ?? 0
        let spread = { (samples: [Double]) in
            "\(runs) runs, min \(BenchmarkRow.format(samples.min() ?? 0)), max \(BenchmarkRow.format(samples.max() ?? 0))"
        }
        return [
            BenchmarkRow(
                .startup, "start to first complete frame (median)", frame, "ms", target: .under(150),
                detail: spread(frames)),
            BenchmarkRow(.startup, "process start: tvsim --help (median)", help, "ms", detail: spread(helps)),
            BenchmarkRow(
                .startup, "first frame ÷ tvsim --help", help > 0 ? frame / help : 0, "×", target: .under(2),
                detail: "medians of the two rows above, same run"),
            BenchmarkRow(
                .startup, "start to the permission alert (median)", Statistics.median(alerts) ?? 0, "ms",
                target: .under(150), detail: "back end up, app launched; " + spread(alerts)),
        ]
    }

    /// Start of `tvsim --help` to its exit, output discarded; no terminal is needed.
    func helpTime() async throws -> Double {
        let started = ContinuousClock.now
        let result = try await Subprocess.run(.path(.init(executable)), arguments: ["--help"], output: .discarded)
        guard result.terminationStatus.isSuccess else {
            throw BenchmarkError("tvsim --help ended with \(result.terminationStatus)")
        }
        return (ContinuousClock.now - started).milliseconds
    }

    // MARK: - Input

    /// Key to finished frame and bytes per frame in Apple's picker holding `dashboard`'s
    /// providers: moving the selection, then typing a search.
    func input(dashboard: URL, providers: Int, moves: Int = 40) throws -> [BenchmarkRow] {
        let terminal = try launch(["--config", dashboard.path])
        try reachPicker(terminal)
        let down = measureKeys(terminal, Array(repeating: "\u{1b}OB", count: moves))
        let typing = measureKeys(terminal, ["c", "a", "b", "l", "e", "\u{7f}", "\u{7f}", "\u{7f}", "\u{7f}", "\u{7f}"])
        terminal.stop()
        let picker = "Apple's picker, \(providers) providers"
        return [
            BenchmarkRow(
                .input, "move selection: key to frame (median)", down.median, "ms", target: .under(2),
                detail: "\(picker); \(moves) moves, p90 \(BenchmarkRow.format(down.p90))"),
            BenchmarkRow(
                .input, "move selection: bytes written per move (mean)", down.bytes, "B", target: .under(400),
                detail: "max \(Int(down.maxBytes)) B (a page turn)"),
            BenchmarkRow(
                .input, "type a search: key to frame (median)", typing.median, "ms", target: .under(2),
                detail: "'cable' typed and erased, p90 \(BenchmarkRow.format(typing.p90))"),
            BenchmarkRow(
                .input, "type a search: bytes written per key (mean)", typing.bytes, "B",
                detail: "max \(Int(typing.maxBytes)) B"),
        ]
    }

    /// Allow access, start the sign-in, and wait for the picker's search field.
    func reachPicker(_ terminal: PseudoTerminal) throws {
        let strings = Strings.of(language)
        for (expected, key) in [(firstScreen, "\r"), (strings("home.signIn"), "\r"), (strings("picker.search"), "")] {
            guard terminal.waitFor(expected) else { throw BenchmarkError("tvsim never showed '\(expected)'") }
            terminal.readBurst(quiet: .milliseconds(100))
            if !key.isEmpty { terminal.send(key) }
        }
        // Let the inspector and the timers settle before measuring.
        terminal.readBurst(quiet: .milliseconds(400))
    }

    struct KeyFigures {
        let median: Double
        let p90: Double
        let bytes: Double
        let maxBytes: Double
    }

    func measureKeys(_ terminal: PseudoTerminal, _ keys: [String]) -> KeyFigures {
        var latencies: [Double] = []
        var sizes: [Double] = []
        for key in keys {
            let sent = ContinuousClock.now
            terminal.send(key)
            let frame = terminal.readBurst(quiet: .milliseconds(30), limit: .seconds(2))
            if let last = frame.last { latencies.append((last - sent).milliseconds) }
            sizes.append(Double(frame.count))
        }
        return KeyFigures(
            median: Statistics.median(latencies) ?? .infinity, p90: Statistics.percentile(latencies, 90) ?? .infinity,
            bytes: sizes.reduce(0, +) / Double(max(1, sizes.count)), maxBytes: sizes.max() ?? 0)
    }

    // MARK: - Memory

    /// Peak resident size of `tvsim` with its embedded back end, from launch through the Apple
    /// SSO sign-in played by the scenario's autoplay.
    func peakMemoryThroughAppleSSO() throws -> [BenchmarkRow] {
        let terminal = try launch(["--scenario", "rest-v2-ios-apple-sso", "--autoplay", "--pace", "0.2"])
        guard terminal.waitFor("Apple SSO", limit: .seconds(30)) else {
            throw BenchmarkError("the Apple SSO scenario did not sign in within 30 s")
        }
        terminal.readBurst(quiet: .milliseconds(500))
        let peak = terminal.peakResidentBytes
        terminal.stop()
        guard let peak else { return [] }
        return [
            BenchmarkRow(
                .memory, "TUI peak resident size, Apple SSO flow", Double(peak) / 1_048_576, "MB", target: .under(60),
                detail: "VmHWM of tvsim with its embedded back end")
        ]
    }
}

/// A dashboard file with the built-in MVPDs and enough more in Apple's catalog for a long picker.
enum LargePickerDashboard {
    static func write(to url: URL, extraProviders: Int = 40) throws -> Int {
        var dashboard = Dashboard.builtIn
        dashboard.mvpds += (1...extraProviders).map { index in
            MvpdSettings(
                id: "BenchCable\(index)", displayName: "Bench Cable \(index)",
                platformMappingId: "tvsim.bench\(index)", boardingStatus: .supported, enablePlatformServices: true,
                displayInPlatformPicker: true, requiredMetadataFields: ["upstreamUserID"])
        }
        try DashboardFile.encode(dashboard).write(to: url, atomically: true, encoding: .utf8)
        return dashboard.mvpds.count { $0.platformMappingId != nil }
    }
}
