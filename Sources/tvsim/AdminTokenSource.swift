import Foundation

/// Where the admin token comes from: `--admin-token` (visible in `ps`), `--admin-token-file`, or
/// `TVSIM_ADMIN_TOKEN`, in that order, so that it need not appear on a command line.
enum AdminTokenSource {
    static let environmentVariable = "TVSIM_ADMIN_TOKEN"

    static func resolve(flag: String?, file: String?, environment: [String: String]) throws -> String? {
        if let flag { return try nonEmpty(flag, from: "--admin-token") }
        if let file {
            let text: String
            do {
                text = try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                throw CommandFailure("cannot read the admin token file \(file): \(error.localizedDescription)")
            }
            // A file written by `echo` ends with a newline that is not part of the token.
            return try nonEmpty(text.trimmingCharacters(in: .whitespacesAndNewlines), from: file)
        }
        return try environment[environmentVariable].map { try nonEmpty($0, from: environmentVariable) }
    }

    private static func nonEmpty(_ token: String, from source: String) throws -> String {
        guard !token.isEmpty else { throw CommandFailure("the admin token from \(source) is empty") }
        guard token.allSatisfy({ $0.isASCII && !$0.isWhitespace && !$0.isNewline }) else {
            throw CommandFailure("the admin token from \(source) has spaces or characters outside ASCII")
        }
        return token
    }
}
