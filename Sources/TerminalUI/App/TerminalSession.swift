import Dispatch
import Foundation
import Synchronization

/// Starts the terminal UI on its own thread (curses is used from that thread only), with the
/// signals that end it cleanly.
public enum TerminalSession {
    public static func run(
        options: TerminalApp.Options, theme: Theme, themeWarning: String?, recordTo path: String? = nil
    )
        async -> Int32
    {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: runOnThisThread(
                        options: options, theme: theme, themeWarning: themeWarning, recordTo: path))
            }
            thread.name = "tvsim-ui"
            thread.start()
        }
    }

    /// Plays a scenario by itself with no terminal, through the same renderer, into an
    /// asciicast file; returns when its steps are done.
    /// `timeScale`: the session plays that many times faster than `options` say (their pace and
    /// hold divided by it, the pace shown unchanged), and the file's times are stretched back, so
    /// that it plays at the pace asked for while its recording takes a fraction of that.
    public static func record(
        options: TerminalApp.Options, theme: Theme, size: Size, to path: String, timeScale: Double = 1
    ) async throws -> Int32 {
        var faster = options
        faster.timeScale = timeScale
        let options = faster
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Int32, any Error>, Never>) in
            let thread = Thread {
                do {
                    let writer = try AsciicastWriter(
                        path: path, size: size, theme: theme, title: options.scenario ?? "tvsim", timeScale: timeScale)
                    let app = TerminalApp(
                        options: options, backend: RecordingBackend(size: size, writer: writer, timeScale: timeScale),
                        theme: theme)
                    continuation.resume(returning: .success(app.run()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            thread.name = "tvsim-record"
            thread.start()
        }
        return try result.get()
    }

    static func runOnThisThread(
        options: TerminalApp.Options, theme: Theme, themeWarning: String?, recordTo path: String? = nil
    ) -> Int32 {
        TerminalRestore.shared.installCrashHandlers()
        let curses = CursesBackend(theme: theme)
        let backend: any TerminalBackend =
            if let path, let writer = try? AsciicastWriter(path: path, size: curses.size, theme: theme, title: "tvsim")
            {
                TeeRecordingBackend(curses, writer: writer)
            } else {
                curses
            }
        let app = TerminalApp(options: options, backend: backend, theme: theme, themeWarning: themeWarning)
        let stop = app.stopSignal
        let sources = [SIGINT, SIGTERM, SIGHUP, SIGQUIT].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.set(number) }
            source.resume()
            return source
        }
        let status = app.run()
        for source in sources { source.cancel() }
        TerminalRestore.shared.restore()
        return status
    }
}
