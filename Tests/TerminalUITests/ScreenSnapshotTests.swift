import FlowCore
import FlowRuntime
import Foundation
import Testing
import VSASimulator

@testable import TerminalUI

/// Snapshots of every screen on both platforms, at 80×24 and 120×36: the text grid, then a legend
/// of every styled run (row, columns, the roles and attributes the renderer asked for), so that a
/// lost highlight or focus mark fails as surely as a lost word. Roles, not colours: what a theme
/// makes of them is `ThemeResolutionTests`' job. `TVSIM_RECORD=1 swift test` rewrites them after a
/// deliberate change.
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
        let buffer = Renderer(theme: ScreenFixtures.monoTheme).render(model)
        let text = buffer.text + "\n" + StyleLegend.lines(buffer).joined(separator: "\n") + "\n"
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

/// The styled runs of a frame, one line each: `row columns: foreground on background +attributes`.
/// Plain text on the window's background is left out.
enum StyleLegend {
    static let plain = Style(.text, on: .background)

    static func lines(_ buffer: CellBuffer) -> [String] {
        var lines = ["--- styles ---"]
        for y in 0..<buffer.size.height {
            var x = 0
            while x < buffer.size.width {
                let style = buffer[x, y].style
                var end = x
                while end + 1 < buffer.size.width, buffer[end + 1, y].style == style { end += 1 }
                if style != plain { lines.append("\(y) \(x)-\(end): \(describe(style))") }
                x = end + 1
            }
        }
        return lines
    }

    static func describe(_ style: Style) -> String {
        var text = "\(style.foreground.rawValue) on \(style.background.rawValue)"
        for (flag, name) in [
            (style.bold, "bold"), (style.dim, "dim"), (style.underline, "underline"), (style.reverse, "reverse"),
            (style.isLineArt, "line"),
        ]
        where flag {
            text += " +\(name)"
        }
        return text
    }
}
