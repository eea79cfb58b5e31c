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
    @Test func theAppleSSOSignInRecordsAsAnAsciicastThatAsciinemaReads() async throws {
        let cast = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).cast")
        defer { try? FileManager.default.removeItem(at: cast) }
        let record = try await Journey.gate.besideOthers {
            try await Subprocess.run(
                .path(FilePath(TVSimBinary.url.path)),
                arguments: ["record", "rest-v2-ios-apple-sso", "-o", cast.path, "--pace", "0.1", "--size", "100x30"],
                environment: TVSimBinary.environment,
                output: .string(limit: 1 << 16), error: .combinedWithOutput)
        }
        #expect(record.terminationStatus.isSuccess, "\(record.standardOutput)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: cast.path)[.size] as? Int)
        #expect(size > 5_000 && size < 400_000, "a whole journey in a few hundred KB at most: \(size) bytes")

        let recorded = try RecordedCast(contentsOf: cast.path)
        #expect(recorded.version == 2 && recorded.width == 100 && recorded.height == 30)
        #expect(recorded.frames >= 10)
        #expect(recorded.times == recorded.times.sorted(), "frame times only go forward")
        let events = try String(contentsOf: cast, encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(
            !events.contains { $0.hasSuffix(#", "o", "\u001b[0m"]"#) || $0.hasSuffix(#","o","\u001b[0m"]"#) },
            "a frame where nothing changed is not written")
        for expected in ["Would Like Access", "TV Provider", "Sign in to Aurora Cable", "Signed in · Aurora Cable"] {
            #expect(recorded.text.contains(expected), "the recording never shows \(expected)")
        }
        // asciinema's parser is a Python process: it too keeps a timed test waiting.
        if let asciinema = try await Journey.gate.besideOthers({ try await RecordedCast.readByAsciinema(cast.path) }) {
            #expect(asciinema == recorded, "asciinema reads the file otherwise")
        }
    }

    /// The session is recorded faster than it plays; the file's times are stretched back, so it
    /// plays at the pace asked for (how fast it records is the machine's business, not a test's).
    @Test func aRecordingPlaysAtThePaceAskedFor() async throws {
        let cast = FileManager.default.temporaryDirectory.appendingPathComponent("pace-\(UUID().uuidString).cast")
        defer { try? FileManager.default.removeItem(at: cast) }
        // Timed: with no journey's terminal session, and no other recording, beside it.
        let record = try await Journey.gate.alone {
            try await Subprocess.run(
                .path(FilePath(TVSimBinary.url.path)),
                arguments: ["record", "rest-v2-ios-apple-sso", "-o", cast.path, "--pace", "1"],
                environment: TVSimBinary.environment, output: .string(limit: 1 << 16), error: .combinedWithOutput)
        }
        #expect(record.terminationStatus.isSuccess, "\(record.standardOutput)")
        let recorded = try RecordedCast(contentsOf: cast.path)
        #expect(recorded.text.contains("1 s/step"), "the title bar shows the pace asked for")
        let times = recorded.times
        // Seven steps a second apart, then the two-second hold after the last.
        let length = times.last ?? 0
        #expect(length >= 7 && length < 12, "the file plays at the pace: \(length) s")
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(gaps.contains { $0 >= 0.8 }, "a step stays on screen about its second: \(gaps)")
    }

    @Test func aWindowBelowTheMinimumIsRefused() async throws {
        let record = try await Journey.gate.besideOthers {
            try await Subprocess.run(
                .path(FilePath(TVSimBinary.url.path)),
                arguments: ["record", "rest-v2-ios-apple-sso", "-o", "/dev/null", "--size", "60x20"],
                environment: TVSimBinary.environment,
                output: .string(limit: 1 << 16), error: .combinedWithOutput)
        }
        #expect(!record.terminationStatus.isSuccess)
        #expect(record.standardOutput.contains("at least 80x24"), "\(record.standardOutput)")
    }
}
