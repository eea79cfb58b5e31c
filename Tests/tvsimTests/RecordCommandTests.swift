import Foundation
import Subprocess
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// `tvsim record`: a scenario played by itself into an asciicast file, read back in Swift and,
/// where it is installed, by asciinema's own parser.
@Suite struct RecordCommandTests {
    @Test func theAppleSSOJourneyRecordsAsAnAsciicastThatAsciinemaReads() async throws {
        let cast = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).cast")
        defer { try? FileManager.default.removeItem(at: cast) }
        let record = try await Subprocess.run(
            .path(FilePath(TVSimBinary.url.path)),
            arguments: ["record", "rest-v2-ios-apple-sso", "-o", cast.path, "--pace", "0.1", "--size", "100x30"],
            environment: TVSimBinary.environment,
            output: .string(limit: 1 << 16), error: .combinedWithOutput)
        #expect(record.terminationStatus.isSuccess, "\(record.standardOutput)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: cast.path)[.size] as? Int)
        #expect(size > 5_000 && size < 400_000, "a whole journey in a few hundred KB at most: \(size) bytes")

        let recorded = try RecordedCast(contentsOf: cast.path)
        #expect(recorded.version == 2 && recorded.width == 100 && recorded.height == 30)
        #expect(recorded.frames >= 10)
        #expect(recorded.times == recorded.times.sorted(), "frame times only go forward")
        for expected in ["Would Like Access", "TV Provider", "Sign in to Aurora Cable", "Signed in · Aurora Cable"] {
            #expect(recorded.text.contains(expected), "the recording never shows \(expected)")
        }
        if let asciinema = try await RecordedCast.readByAsciinema(cast.path) {
            #expect(asciinema == recorded, "asciinema reads the file otherwise")
        }
    }

    @Test func aWindowBelowTheMinimumIsRefused() async throws {
        let record = try await Subprocess.run(
            .path(FilePath(TVSimBinary.url.path)),
            arguments: ["record", "rest-v2-ios-apple-sso", "-o", "/dev/null", "--size", "60x20"],
            environment: TVSimBinary.environment,
            output: .string(limit: 1 << 16), error: .combinedWithOutput)
        #expect(!record.terminationStatus.isSuccess)
        #expect(record.standardOutput.contains("at least 80x24"), "\(record.standardOutput)")
    }
}
