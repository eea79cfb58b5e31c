import Foundation
import PassAPI
import Testing

/// Outside text on its way to a terminal: controls shown, never sent.
@Suite struct TerminalSafeTextTests {
    @Test func controlsAreShownAndTheRestPasses() {
        #expect(TerminalSafeText.make("plain — ünïcode 中文") == "plain — ünïcode 中文")
        #expect(TerminalSafeText.make("\u{1B}[2J\u{07}") == "^[[2J^G")
        #expect(TerminalSafeText.make("a\u{7F}b") == "a^?b")
        #expect(TerminalSafeText.make("\u{9B}31m") == "\\u{9B}31m")
        #expect(TerminalSafeText.make("\u{202E}gpj.exe\u{2066}") == "\\u{202E}gpj.exe\\u{2066}")
        #expect(TerminalSafeText.make("two\nlines\tand a tab") == "two\nlines\tand a tab")
        #expect(TerminalSafeText.make("one\nline", keepingLines: false) == "one^Jline")
    }

    @Test func jsonKeepsItsMeaningAndLosesItsControls() throws {
        let json = "{\"ua\":\"x\u{9B}y\u{202E}z\u{7F}\"}"
        let escaped = TerminalSafeText.escapingControls(json: json)
        #expect(escaped == #"{"ua":"x\u009by\u202ez\u007f"}"#)
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8))
        #expect(decoded["ua"] == "x\u{9B}y\u{202E}z\u{7F}")
    }
}
