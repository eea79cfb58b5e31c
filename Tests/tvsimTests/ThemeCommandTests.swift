import Foundation
import Testing

/// `tvsim themes preview`: page colours are shown as the UI paints them, behind text, and the
/// eight-colour column says what the UI sends.
@Suite struct ThemeCommandTests {
    @Test func pageColoursArePreviewedAsBackgroundsAndTextAsText() async throws {
        let preview = TVSimBinary.Running(["themes", "preview", "tvos"])
        #expect(await preview.waitForExit() == 0, "\(preview.text)")
        let rows = Dictionary(
            uniqueKeysWithValues: preview.text.split(separator: "\n").dropFirst(2).map {
                (String($0.prefix(12)).trimmingCharacters(in: .whitespaces), String($0.dropFirst(12)))
            })
        let surface = try #require(rows["surface"], "\(preview.text)")
        #expect(surface.hasPrefix("bg 237"), "\(surface)")
        // At eight colours the UI paints the tvos surface black (0).
        #expect(surface.contains("bg 0 "), "\(surface)")
        let text = try #require(rows["text"], "\(preview.text)")
        #expect(text.hasPrefix("255 "), "\(text)")
        #expect(try #require(rows["selection"]).hasPrefix("bg 255"))
    }
}
