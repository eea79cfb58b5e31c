import CNCurses
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Gives the terminal back on every way out: normal quit, SIGINT, SIGTERM, SIGHUP, SIGQUIT (handled by
/// the app loop), and crashes (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE), where the
/// handler ends curses and re-raises the signal so the crash is still reported.
public final class TerminalRestore: Sendable {
    public static let shared = TerminalRestore()

    private let state = Mutex((armed: false, restored: false))

    var armed: Bool {
        get { state.withLock { $0.armed } }
        set { state.withLock { $0.armed = newValue } }
    }

    /// Ends curses once. Safe to call more than once.
    public func restore() {
        let run = state.withLock { state -> Bool in
            guard state.armed, !state.restored else { return false }
            state.restored = true
            return true
        }
        guard run else { return }
        endwin()
        // Show the cursor again even if the terminal's rmcup did not.
        Self.write(STDOUT_FILENO, "\u{1B}[?25h")
    }

    /// Raw write(2): usable from a signal handler, unlike stdio.
    static func write(_ descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        #if canImport(Glibc)
            _ = Glibc.write(descriptor, &bytes, bytes.count)
        #elseif canImport(Darwin)
            _ = Darwin.write(descriptor, &bytes, bytes.count)
        #endif
    }

    /// Installs the crash handlers and an exit hook.
    public func installCrashHandlers() {
        atexit { TerminalRestore.shared.restore() }
        let crashed: @convention(c) (Int32) -> Void = { received in
            // endwin is not async-signal-safe, but the process is about to die and a usable
            // terminal matters more; then the default action runs and reports the crash.
            endwin()
            TerminalRestore.write(STDERR_FILENO, "\u{1B}[?25h\ntvsim crashed; the terminal was restored.\n")
            signal(received, SIG_DFL)
            raise(received)
        }
        for number in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            var action = sigaction()
            // The handler field is a union in both C libraries, spelt differently.
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = crashed
            #elseif canImport(Darwin)
                action.__sigaction_u.__sa_handler = crashed
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
            sigaction(number, &action, nil)
        }
    }
}
