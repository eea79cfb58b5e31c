import Foundation
import Subprocess
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// An asciicast v2 file read back: the header line and the output events, each
/// `[seconds, "o", text]`. The Swift reading runs everywhere; `readByAsciinema` is the second
/// opinion of asciinema's own parser where asciinema is installed.
struct RecordedCast: Equatable {
    var version: Int
    var width: Int
    var height: Int
    var times: [Double]
    /// Every output event's text, in order.
    var text: String

    var frames: Int { times.count }

    struct Unreadable: Error, CustomStringConvertible {
        let line: Int
        let reason: String
        var description: String { "line \(line): \(reason)" }
    }

    init(contentsOf path: String) throws {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        guard let first = lines.first,
            let header = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any],
            let version = header["version"] as? Int, let width = header["width"] as? Int,
            let height = header["height"] as? Int
        else { throw Unreadable(line: 1, reason: "no header with version, width and height") }
        (self.version, self.width, self.height) = (version, width, height)
        (times, text) = ([], "")
        for (index, line) in lines.enumerated().dropFirst() {
            guard let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], event.count == 3,
                let time = (event[0] as? NSNumber)?.doubleValue, let kind = event[1] as? String,
                let data = event[2] as? String
            else { throw Unreadable(line: index + 1, reason: "not a [time, kind, text] event") }
            guard kind == "o" else { continue }
            times.append(time)
            text += data
        }
    }

    private init(version: Int, width: Int, height: Int, times: [Double], text: String) {
        (self.version, self.width, self.height, self.times, self.text) = (version, width, height, times, text)
    }

    /// The same file as asciinema's own parser reads it (with the interpreter of the installed
    /// `asciinema` script, which can import its modules), or nil where asciinema is missing and
    /// not required.
    static func readByAsciinema(_ path: String) async throws -> RecordedCast? {
        guard OutsideTool.asciinema.path != nil || OutsideTool.required else { return nil }
        let script = try String(contentsOfFile: try OutsideTool.asciinema.require(), encoding: .utf8)
        let shebang = try #require(script.split(separator: "\n").first.flatMap { $0.hasPrefix("#!") ? $0 : nil })
        let python = String(shebang.dropFirst(2)).trimmingCharacters(in: .whitespaces)
        let read = try await Subprocess.run(
            .path(FilePath(python)), arguments: ["-c", reader, path], output: .bytes(limit: 16 << 20),
            error: .string(limit: 1 << 16))
        #expect(read.terminationStatus.isSuccess, "\(read.standardError)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(read.standardOutput)) as? [String: Any])
        let header = try #require(parsed["header"] as? [String: Any])
        return RecordedCast(
            version: header["version"] as? Int ?? 0, width: header["width"] as? Int ?? 0,
            height: header["height"] as? Int ?? 0, times: parsed["times"] as? [Double] ?? [],
            text: parsed["text"] as? String ?? "")
    }

    private static let reader = """
        import json, sys
        import asciinema.asciicast as asciicast
        with asciicast.open_from_url(sys.argv[1]) as cast:
            events = [event for event in cast.events() if event[1] == "o"]
            print(json.dumps({"header": cast.v2_header, "times": [event[0] for event in events],
                              "text": "".join(event[2] for event in events)}))
        """
}
