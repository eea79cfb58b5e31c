import Foundation
import Subprocess
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// `tvsim record`: a scenario played by itself into an asciicast file, read back with
/// asciinema's own parser.
@Suite struct RecordCommandTests {
    /// The interpreter of the installed `asciinema` script (its `#!` line), which can import
    /// asciinema's modules.
    static var asciinemaPython: String? {
        let path = ["/usr/bin/asciinema", "/usr/local/bin/asciinema"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let path, let text = try? String(contentsOfFile: path, encoding: .utf8),
            let first = text.split(separator: "\n").first, first.hasPrefix("#!")
        else { return nil }
        return String(first.dropFirst(2)).trimmingCharacters(in: .whitespaces)
    }

    static let reader = """
        import json, sys
        import asciinema.asciicast as asciicast
        with asciicast.open_from_url(sys.argv[1]) as cast:
            events = list(cast.events())
            print(json.dumps({"header": cast.v2_header, "frames": len(events),
                              "times": [event[0] for event in events],
                              "text": "".join(event[2] for event in events)}))
        """

    @Test func theAppleSSOJourneyRecordsAsAnAsciicastThatAsciinemaReads() async throws {
        guard let python = Self.asciinemaPython else {
            Issue.record("asciinema is not installed; the recording test needs it (Debian package asciinema)")
            return
        }
        let cast = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).cast")
        defer { try? FileManager.default.removeItem(at: cast) }
        let record = try await Subprocess.run(
            .path(FilePath(TVSimBinary.url.path)),
            arguments: ["record", "rest-v2-ios-apple-sso", "-o", cast.path, "--pace", "0.1", "--size", "100x30"],
            output: .string(limit: 1 << 16), error: .combinedWithOutput)
        #expect(record.terminationStatus.isSuccess, "\(record.standardOutput)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: cast.path)[.size] as? Int)
        #expect(size > 5_000 && size < 400_000, "a whole journey in a few hundred KB at most: \(size) bytes")

        let read = try await Subprocess.run(
            .path(FilePath(python)), arguments: ["-c", Self.reader, cast.path], output: .bytes(limit: 16 << 20),
            error: .string(limit: 1 << 16))
        #expect(read.terminationStatus.isSuccess, "\(read.standardError)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(read.standardOutput)) as? [String: Any])
        let header = try #require(parsed["header"] as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 100)
        #expect(header["height"] as? Int == 30)
        #expect((parsed["frames"] as? Int ?? 0) >= 10)
        let times = parsed["times"] as? [Double] ?? []
        #expect(times == times.sorted(), "frame times only go forward")
        let text = parsed["text"] as? String ?? ""
        for expected in ["Would Like Access", "TV Provider", "Sign in to Aurora Cable", "Signed in · Aurora Cable"] {
            #expect(text.contains(expected), "the recording never shows \(expected)")
        }
    }

    @Test func aWindowBelowTheMinimumIsRefused() async throws {
        let record = try await Subprocess.run(
            .path(FilePath(TVSimBinary.url.path)),
            arguments: ["record", "rest-v2-ios-apple-sso", "-o", "/dev/null", "--size", "60x20"],
            output: .string(limit: 1 << 16), error: .combinedWithOutput)
        #expect(!record.terminationStatus.isSuccess)
        #expect(record.standardOutput.contains("at least 80x24"), "\(record.standardOutput)")
    }
}
