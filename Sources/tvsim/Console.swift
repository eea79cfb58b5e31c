import Foundation

/// Unbuffered output: lines appear at once even when stdout is a pipe (logs, CI, `tee`).
enum Console {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// An error the user can act on; printed as `Error: <message>` without the usage text.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
