import Foundation
import PassAPI

/// Unbuffered output: lines appear at once even when stdout is a pipe (logs, CI, `tee`).
///
/// Every line is made safe for a terminal on its way out: what tvsim prints carries text from
/// outside (a customer's HAR, a client's headers and paths, a file's name), and an escape
/// sequence in it must not clear the screen or write to the clipboard of whoever reads it.
enum Console {
    static func line(_ text: String) {
        emit(TerminalSafeText.make(text) + "\n", to: STDOUT_FILENO)
    }

    /// A JSON document: the characters a terminal acts on become JSON escapes, so the document
    /// stays the same to a parser (`line` would write them in a form JSON does not read).
    static func json(_ text: String) {
        emit(TerminalSafeText.escapingControls(json: text) + "\n", to: STDOUT_FILENO)
    }

    static func error(_ text: String) {
        emit(TerminalSafeText.make(text) + "\n", to: STDERR_FILENO)
    }

    /// A line tvsim colours itself (a theme's swatches): its own escape sequences pass, so every
    /// piece of outside text in it must have been made safe already.
    static func painted(_ text: String) {
        emit(text + "\n", to: STDOUT_FILENO)
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

/// A file a command will write at its end (a HAR, a JUnit report, a recording), checked before
/// the command does its work, so that a long run is not lost to a typo in a folder name. The
/// error names the real cause.
enum OutputFile {
    static func check(_ path: String, option: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw CommandFailure("\(option) \(path): that is a folder; name a file in it")
        }
        guard files.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw CommandFailure("\(option) \(path): the folder \(folder) does not exist")
        }
        guard isFolder.boolValue else { throw CommandFailure("\(option) \(path): \(folder) is not a folder") }
        guard files.isWritableFile(atPath: folder) else {
            throw CommandFailure("\(option) \(path): the folder \(folder) is not writable")
        }
        if files.fileExists(atPath: path), !files.isWritableFile(atPath: path) {
            throw CommandFailure("\(option) \(path): the file exists and is not writable")
        }
    }
}
