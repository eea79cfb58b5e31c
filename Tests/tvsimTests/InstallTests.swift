import Foundation
import Subprocess
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// The built binary copied alone into a prefix, as the README's install section does, and run
/// from elsewhere: it needs no file of the repository.
@Suite(.serialized) struct InstallTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A temporary prefix with `bin/tvsim` in it, and an empty working directory outside the
    /// repository.
    struct Installed {
        let root: URL
        let bin: URL
        let workingDirectory: URL

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("tvsim-install-\(UUID().uuidString)")
            bin = root.appendingPathComponent("prefix/bin")
            workingDirectory = root.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: workingDirectory, withIntermediateDirectories: true)
            try Self.install(TVSimBinary.url, into: bin.appendingPathComponent("tvsim"))
        }

        /// `install -m 755`. The copy is written through a close-on-exec descriptor: one that a
        /// process started meanwhile by another test inherited would keep the file open for
        /// writing, and running it would fail with "Text file busy".
        static func install(_ source: URL, into destination: URL) throws {
            let bytes = try Data(contentsOf: source)
            let descriptor = open(destination.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
            guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            defer { close(descriptor) }
            var written = 0
            try bytes.withUnsafeBytes { buffer in
                while written < buffer.count {
                    let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                    guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                    written += count
                }
            }
            guard fchmod(descriptor, 0o755) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }

        /// Runs `launch` again while the fresh copy is "Text file busy": a process that another
        /// test forked while the copy was being written holds it open for writing until its own
        /// exec closes the descriptor (close-on-exec does not cover the moments in between).
        static func retryingWhileBusy<Result>(_ launch: () async throws -> Result) async throws -> Result {
            for _ in 0..<50 {
                do {
                    return try await launch()
                } catch let error as SubprocessError where error.underlyingError == Errno.textFileBusy {
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            return try await launch()
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        /// Runs `tvsim ARGUMENTS` found on the PATH, as a user would after installing it, without
        /// TVSIM_THEMES or TVSIM_THEME; standard error is read with the output.
        func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
            let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let result = try await Self.retryingWhileBusy {
                try await Subprocess.run(
                    .name("tvsim"), arguments: Arguments(arguments),
                    environment: .inherit.updating([
                        "TVSIM_THEMES": nil, "TVSIM_THEME": nil, "PATH": path, "LC_ALL": "C.UTF-8",
                    ]),
                    workingDirectory: FilePath(workingDirectory.path), output: .string(limit: 16 << 20),
                    error: .combinedWithOutput)
            }
            return (result.terminationStatus.shellCode, result.standardOutput)
        }
    }

    @Test func anInstalledBinaryListsAndLoadsEveryTheme() async throws {
        let installed = try Installed()
        defer { installed.remove() }
        let names = try FileManager.default.contentsOfDirectory(
            atPath: Self.repository.appendingPathComponent("Themes").path
        )
        .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        #expect(names.count >= 5)
        let list = try await installed.run(["themes", "list"])
        #expect(list.status == 0, "\(list.output)")
        let lines = list.output.split(separator: "\n").map(String.init)
        #expect(lines.map { String($0.prefix { $0 != " " }) } == names, "\(list.output)")
        for name in names {
            let line = try #require(lines.first { $0.hasPrefix(name + " ") })
            #expect(line.hasSuffix("(built in, Themes/\(name).json)"), "\(line)")
            #expect(!line.contains("BROKEN"))
            let preview = try await installed.run(["themes", "preview", name])
            #expect(preview.status == 0, "\(preview.output)")
            #expect(preview.output.hasPrefix("\(name) — "), "\(preview.output)")
        }
    }

    @Test func anInstalledBinaryListsAndRunsEveryBuiltInScenario() async throws {
        let installed = try Installed()
        defer { installed.remove() }
        let catalog = Self.repository.appendingPathComponent("Sources/FlowRuntime/Scenarios/Catalog")
        var names: [String] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: catalog.path) {
            guard
                let files = try? FileManager.default.contentsOfDirectory(
                    atPath: catalog.appendingPathComponent(folder).path)
            else { continue }
            names += files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        }
        #expect(!names.isEmpty, "no scenario files under \(catalog.path)")
        let list = try await installed.run(["scenarios", "list"])
        #expect(list.status == 0, "\(list.output)")
        let lines = list.output.split(separator: "\n").map(String.init)
        #expect(lines.last == "\(names.count) scenarios")
        #expect(Set(lines.dropLast().map { String($0.prefix { $0 != " " }) }) == Set(names))
        let run = try await installed.run(["run", "rest-v2-ios-apple-sso", "--quiet"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasSuffix("1 passed, 0 failed\n"))
    }
}
