import Dispatch
import Foundation
import Synchronization

/// Starts the terminal UI on its own thread (curses is used from that thread only), with the
/// signals that end it cleanly.
public enum TerminalSession {
    public static func run(options: TerminalApp.Options, theme: Theme, themeWarning: String?) async -> Int32 {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: runOnThisThread(options: options, theme: theme, themeWarning: themeWarning))
            }
            thread.name = "tvsim-ui"
            thread.start()
        }
    }

    static func runOnThisThread(options: TerminalApp.Options, theme: Theme, themeWarning: String?) -> Int32 {
        TerminalRestore.shared.installCrashHandlers()
        let backend = CursesBackend(theme: theme)
        let app = TerminalApp(options: options, backend: backend, theme: theme, themeWarning: themeWarning)
        let sources = [SIGINT, SIGTERM, SIGHUP].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { app.stopSignal.store(number, ordering: .relaxed) }
            source.resume()
            return source
        }
        let status = app.run()
        for source in sources { source.cancel() }
        TerminalRestore.shared.restore()
        return status
    }
}
