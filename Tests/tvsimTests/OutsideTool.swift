import Foundation
import Testing

/// A program from outside the project that some end-to-end tests drive (tmux, asciinema, curl,
/// jq, xmllint). It is looked up on `PATH`, as a shell would. A test that needs one is skipped, with
/// one line naming the tool and how to install it, on a machine that lacks it — unless
/// `TVSIM_REQUIRE_TOOLS=1` is set (CI sets it), in which case the test runs and fails there.
struct OutsideTool: Sendable, CustomStringConvertible {
    let name: String
    /// The Debian package and the Homebrew formula that install it.
    let debian: String
    let homebrew: String

    static let tmux = OutsideTool(name: "tmux", debian: "tmux", homebrew: "tmux")
    static let asciinema = OutsideTool(name: "asciinema", debian: "asciinema", homebrew: "asciinema")
    static let jq = OutsideTool(name: "jq", debian: "jq", homebrew: "jq")
    static let curl = OutsideTool(name: "curl", debian: "curl", homebrew: "curl")
    static let xmllint = OutsideTool(name: "xmllint", debian: "libxml2-utils", homebrew: "libxml2")

    var description: String { name }

    /// Whether a missing tool fails the tests that need it instead of skipping them.
    static var required: Bool { ProcessInfo.processInfo.environment["TVSIM_REQUIRE_TOOLS"] == "1" }

    /// The tool's executable, the first on `PATH`.
    var path: String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return directories.lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The one line a skipped test prints.
    var missingMessage: String {
        "\(name) is not on PATH: apt-get install \(debian) (or brew install \(homebrew)) to run this test"
    }

    /// The tool's path, or an error that names it and how to install it (the test runs with a
    /// missing tool only when `TVSIM_REQUIRE_TOOLS=1` asks for it).
    func require() throws -> String {
        guard let path else { throw Missing(message: missingMessage + "; TVSIM_REQUIRE_TOOLS=1 requires it") }
        return path
    }

    struct Missing: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where every one of `tools` is on `PATH`, or where
    /// `TVSIM_REQUIRE_TOOLS=1` demands them all.
    static func needs(_ tools: OutsideTool...) -> Self {
        let missing = tools.filter { $0.path == nil }
        return .enabled(
            if: missing.isEmpty || OutsideTool.required,
            Comment(rawValue: missing.map(\.missingMessage).joined(separator: "; ")))
    }
}
