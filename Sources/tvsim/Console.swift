import Foundation

/// Unbuffered output: lines appear at once even when stdout is a pipe (logs, CI, `tee`).
enum Console {
    static func line(_ text: String) {
        emit(text + "\n", to: STDOUT_FILENO)
    }

    static func error(_ text: String) {
        emit(text + "\n", to: STDERR_FILENO)
    }

    /// Writes all of `text`. When the reader has gone (`tvsim run --all | head`), there is no
    /// one left to tell: tvsim stops quietly with the status a SIGPIPE would have given.
    private static func emit(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written >= 0 {
                bytes = bytes.dropFirst(written)
            } else if errno == EPIPE {
                exit(128 + SIGPIPE)
            } else if errno != EINTR && errno != EAGAIN {
                return
            }
        }
    }
}

/// An error the user can act on; printed as `Error: <message>` without the usage text.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
