import FlowCore
import FlowRuntime
import Foundation
import Testing
import VSASimulator

@testable import TerminalUI

/// Text-grid snapshots of every screen on both platforms, at 80×24 and 120×36, in the mono theme
/// (so colour never matters). `TVSIM_RECORD=1 swift test` rewrites them after a deliberate change.
@Suite struct ScreenSnapshotTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "__Snapshots__")

    static let cases: [String] = {
        var names: [String] = []
        for platform in DevicePlatform.allCases {
            for (name, _, _) in ScreenFixtures.screens(platform) {
                for size in ["80x24", "120x36"] { names.append("\(platform.rawValue)-\(name)-\(size)") }
            }
        }
        return names
    }()

    @Test(arguments: cases)
    func screenMatchesItsSnapshot(_ name: String) throws {
        let parts = name.split(separator: "-")
        let platform = DevicePlatform(rawValue: String(parts[0]))!
        let sizeText = parts.last!.split(separator: "x")
        let size = Size(width: Int(sizeText[0])!, height: Int(sizeText[1])!)
        let screenName = parts.dropFirst().dropLast().joined(separator: "-")
        let fixture = try #require(ScreenFixtures.screens(platform).first { $0.0 == screenName })
        let model = ScreenFixtures.model(fixture.1, platform, size, screen: fixture.2)
        let text = Renderer(theme: ScreenFixtures.monoTheme).render(model).text + "\n"
        let file = Self.directory.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["TVSIM_RECORD"] == "1" {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try #require(
            try? String(contentsOf: file, encoding: .utf8), "no snapshot \(name).txt; record with TVSIM_RECORD=1")
        #expect(text == expected, "\(name) differs from its snapshot:\n\(text)")
    }
}
