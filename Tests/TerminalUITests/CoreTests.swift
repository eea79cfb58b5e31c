import Foundation
import LocatedJSON
import Testing

@testable import TerminalUI

@Suite struct CellBufferTests {
    @Test func wideGraphemesTakeTwoCellsAndAreNeverSplit() {
        var buffer = CellBuffer(size: Size(width: 6, height: 1))
        let end = buffer.write("漢字x", x: 0, y: 0, style: .plain)
        #expect(end == 5)
        #expect(buffer.lines == ["漢字x "])
        var clipped = CellBuffer(size: Size(width: 3, height: 1))
        clipped.write("漢字", x: 0, y: 0, style: .plain)
        #expect(clipped.lines == ["漢 "])
    }

    @Test func overwritingHalfAWideGraphemeBlanksTheOtherHalf() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        buffer.write("漢", x: 0, y: 0, style: .plain)
        buffer.write("a", x: 1, y: 0, style: .plain)
        #expect(buffer.lines == [" a  "])
    }

    @Test func changesAreRunsOfChangedCells() {
        var first = CellBuffer(size: Size(width: 5, height: 2))
        first.write("hello", x: 0, y: 0, style: .plain)
        var second = first
        second.write("J", x: 0, y: 0, style: .plain)
        second.write("!", x: 4, y: 1, style: Style(.error))
        #expect(
            second.changes(since: first) == [
                CellBuffer.Run(x: 0, y: 0, text: "J", style: .plain),
                CellBuffer.Run(x: 4, y: 1, text: "!", style: Style(.error)),
            ])
        #expect(second.changes(since: nil).count == 3)
    }
}

@Suite struct DisplayWidthTests {
    @Test func measuresPerGrapheme() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("Câble Étoile") == 12)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("👍🏽") == 2)
        #expect(DisplayWidth.of("\u{1F468}\u{200D}\u{1F469}") == 2)
    }

    @Test func truncatesPadsAndWraps() {
        #expect(DisplayWidth.truncate("Señal Norte TV", to: 8) == "Señal N…")
        #expect(DisplayWidth.pad("漢", to: 4) == "漢  ")
        #expect(DisplayWidth.wrap("one two three", to: 7) == ["one two", "three"])
        #expect(DisplayWidth.wrap("abcdefghij", to: 4) == ["abcd", "efgh", "ij"])
    }
}

@Suite struct ThemeTests {
    /// The library as an installed tvsim has it: the built-in themes only.
    let library = ThemeLibrary(directories: [])
    static let themesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Themes")

    /// Every file of Themes/ is built in, as it is on disk, and loads.
    @Test func theShippedThemesAreBuiltInAndAllLoad() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.themesFolder.path).filter {
            $0.hasSuffix(".json")
        }
        #expect(
            Set(["default", "dark", "tvos", "high-contrast", "mono"]).isSubset(
                of: Set(files.map { String($0.dropLast(5)) })))
        #expect(library.available().map(\.name) == files.map { String($0.dropLast(5)) }.sorted())
        for entry in library.available() {
            #expect(entry.isBuiltIn)
            #expect(entry.path == "Themes/\(entry.name).json")
            let onDisk = try String(
                contentsOf: Self.themesFolder.appendingPathComponent("\(entry.name).json"), encoding: .utf8)
            #expect(entry.text == onDisk, "\(entry.path) is not built in as it is on disk")
            let theme = try entry.read()
            #expect(Role.allCases.allSatisfy { theme.roles[$0] != nil })
            let loaded = library.load(entry.name)
            #expect(loaded.problem == nil)
            #expect(loaded.theme == theme)
        }
    }

    /// The default look is the built-in `Themes/default.json`, and it decodes.
    @Test func theDefaultIsTheBuiltInDefaultFile() throws {
        let file = try ThemeLibrary.read(Self.themesFolder.appendingPathComponent("default.json").path)
        #expect(Theme.builtIn == file)
        #expect(Theme.builtIn.name == "default")
        #expect(library.load(nil).theme == file)
        #expect(library.load(nil).problem == nil)
    }

    @Test func aBrokenThemeIsReportedAndTheDefaultUsed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).json")
            .path
        let text = try #require(library.available().first { $0.name == "dark" }?.text)
            .replacingOccurrences(of: "\"c256\": 75", with: "\"c256\": 300")
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loaded = library.load(path)
        #expect(loaded.theme == .builtIn)
        let problem = try #require(loaded.problem)
        #expect(problem.contains(path + ":"))
        #expect(problem.contains("field 'roles.accent.c256'"))
        #expect(problem.contains("0–255"))
    }

    /// A broken built-in theme names its file in Themes/ and its line.
    @Test func aBrokenBuiltInThemeNamesItsFileAndLine() throws {
        let dark = try #require(library.available().first { $0.name == "dark" })
        let broken = ThemeLibrary.Entry(
            name: "dark", path: "Themes/dark.json",
            text: try #require(dark.text).replacingOccurrences(of: "\"c256\": 75", with: "\"c256\": 300"))
        let loaded = ThemeLibrary(directories: [], builtIns: [broken]).load("dark")
        #expect(loaded.theme == .builtIn)
        let problem = try #require(loaded.problem)
        let line = try #require(dark.text?.components(separatedBy: "\n").firstIndex { $0.contains("\"c256\": 75") })
        #expect(problem.hasPrefix("Themes/dark.json:\(line + 1):"), "\(problem)")
        #expect(problem.contains("field 'roles.accent.c256'"))
    }

    /// A theme file of $TVSIM_THEMES wins over the built-in theme of its name.
    @Test func aUserThemeOverridesTheBuiltInOfItsName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try #require(library.available().first { $0.name == "dark" }?.text)
            .replacingOccurrences(of: "\"c256\": 75", with: "\"c256\": 76")
        FileManager.default.createFile(
            atPath: folder.appendingPathComponent("dark.json").path, contents: Data(text.utf8))
        FileManager.default.createFile(
            atPath: folder.appendingPathComponent("mine.json").path, contents: Data(text.utf8))
        let user = ThemeLibrary.standard(environment: ["TVSIM_THEMES": folder.path])
        let entries = user.available()
        #expect(entries.map(\.name) == ["dark", "default", "high-contrast", "mine", "mono", "tvos"])
        #expect(entries.first { $0.name == "dark" }?.path == folder.appendingPathComponent("dark.json").path)
        #expect(user.load("dark").theme.roles[.accent]?.c256 == 76)
        #expect(ThemeLibrary.standard(environment: [:]).available().allSatisfy { $0.isBuiltIn })
    }

    @Test func anUnknownThemeNameFallsBackWithAReason() {
        let loaded = library.load("neon")
        #expect(loaded.theme == .builtIn)
        #expect(loaded.problem?.contains("no theme named 'neon'") == true)
    }

    @Test func colourCapabilityIsAPureFunctionOfTheEnvironment() {
        #expect(
            ColorCapability.detect(environment: ["TERM": "xterm-256color"], hasColors: true, colors: 256) == .ansi256)
        #expect(ColorCapability.detect(environment: ["TERM": "xterm"], hasColors: true, colors: 8) == .ansi8)
        #expect(ColorCapability.detect(environment: ["TERM": "xterm-16color"], hasColors: true, colors: 16) == .ansi16)
        #expect(
            ColorCapability.detect(
                environment: ["TERM": "xterm-256color", "NO_COLOR": "1"], hasColors: true, colors: 256) == .mono)
        #expect(ColorCapability.detect(environment: ["TERM": "dumb"], hasColors: true, colors: 256) == .mono)
        #expect(ColorCapability.detect(environment: [:], hasColors: true, colors: 256) == .mono)
    }
}

@Suite struct KeyMappingTests {
    @Test func charactersAndControlKeysMap() {
        #expect(CursesBackend.characterKey(13) == .enter)
        #expect(CursesBackend.characterKey(27) == .escape)
        #expect(CursesBackend.characterKey(127) == .backspace)
        #expect(CursesBackend.characterKey(9) == .tab)
        #expect(CursesBackend.characterKey(0xE9) == .character("é"))
        #expect(CursesBackend.characterKey(1) == nil)
    }

    /// What follows an esc at once: escapes pressed quickly are keys of their own; any other
    /// bytes are a sequence curses did not know, dropped whole.
    @Test func escapesReadTogetherAreEachAKey() {
        #expect(CursesBackend.afterEscape([]) == .nothing)
        #expect(CursesBackend.afterEscape([27]) == .escapes(1))
        #expect(CursesBackend.afterEscape([27, 27]) == .escapes(2))
        #expect(CursesBackend.afterEscape([91, 49, 59, 53, 65]) == .unknownSequence)
        #expect(CursesBackend.afterEscape([27, 91, 65]) == .unknownSequence)
    }
}

@Suite struct WrappingTests {
    @Test func indentationIsKeptOnEveryWrappedLine() {
        let lines = DisplayWidth.wrap("{\n    \"key\": \"a value that is long\"\n}", to: 20)
        #expect(lines == ["{", "    \"key\": \"a value", "    that is long\"", "}"])
    }

    @Test func aWordWiderThanTheLineIsCutInOrder() {
        #expect(DisplayWidth.wrap("abcdefg", to: 3) == ["abc", "def", "g"])
        // Around a wide character a line may break, so the Latin run beside it stays whole.
        #expect(DisplayWidth.wrap("ab界cd", to: 3) == ["ab", "界", "cd"])
    }

    @Test func chineseBreaksBetweenCharactersButNotBeforeClosingPunctuation() {
        #expect(DisplayWidth.wrap("登入電視供應商。", to: 14) == ["登入電視供應", "商。"])
        #expect(DisplayWidth.wrap("前往「設定」", to: 6) == ["前往", "「設", "定」"])
        #expect(DisplayWidth.wrap("在 Orbit TV 中觀看", to: 10) == ["在 Orbit", "TV 中觀看"])
    }

    /// A word that fits on a line is not cut: lines end after punctuation, a particle or a
    /// conjunction, or where Chinese meets Latin (`電視供應商` stays whole, not `電視供 / 應商`).
    @Test func chineseBreaksBetweenWordsWhereTheyFit() {
        #expect(
            DisplayWidth.wrap("Orbit TV 會使用你的電視供應商登入資訊，解鎖你訂閱的頻道和節目。", to: 24)
                == ["Orbit TV 會使用你的", "電視供應商登入資訊，", "解鎖你訂閱的頻道和節目。"])
        #expect(DisplayWidth.wrap("「Orbit TV」想要取用你的電視供應商", to: 26) == ["「Orbit TV」想要取用你的", "電視供應商"])
    }
}

@Suite struct ThemeFallbackTests {
    @Test func theDefaultNeedsNoThemeFile() {
        let loaded = ThemeLibrary(directories: ["/nonexistent"]).load("default")
        #expect(loaded.problem == nil)
        #expect(loaded.theme == .builtIn)
    }
}

@Suite struct DetailTextTests {
    @Test func jsonBodiesKeepEveryLevelOfIndentation() {
        let lines = DetailText.pretty(#"{"decisions":[{"authorized":true}]}"#)
        #expect(lines == ["{", "  \"decisions\" : [", "    {", "      \"authorized\" : true", "    }", "  ]", "}"])
        #expect(
            DetailText.twoSpaceIndent(["{", "    \"a\" : [", "        1", "    ]", "}"]) == [
                "{", "  \"a\" : [", "    1", "  ]", "}",
            ])
    }
}

@Suite struct ListScrollingTests {
    @Test func shortListsNeverScroll() {
        #expect(ListRow.scrollOffset(selected: 4, count: 5, height: 10) == 0)
    }

    @Test func longListsTurnByWholePagesAndStopAtTheEnd() {
        #expect(ListRow.scrollOffset(selected: 9, count: 68, height: 10) == 0)
        #expect(ListRow.scrollOffset(selected: 10, count: 68, height: 10) == 10)
        #expect(ListRow.scrollOffset(selected: 19, count: 68, height: 10) == 10)
        #expect(ListRow.scrollOffset(selected: 61, count: 68, height: 10) == 58)
        #expect(ListRow.scrollOffset(selected: 67, count: 68, height: 10) == 58)
    }
}

@Suite struct ClockTextTests {
    @Test func theTitleBarClockIsUTCTimeOfDay() {
        #expect(Renderer.clockText(0) == "")
        #expect(Renderer.clockText(1_767_268_800_000) == "12:00:00 UTC")
        #expect(Renderer.clockText(1_767_268_800_000 + 3_723_456) == "13:02:03 UTC")
    }
}

/// What each built-in theme asks of a terminal, read without curses.
@Suite struct ThemeResolutionTests {
    static func theme(_ name: String) throws -> Theme {
        let loaded = ThemeLibrary(directories: []).load(name)
        #expect(loaded.problem == nil)
        return loaded.theme
    }

    static let marked: [Style] = [
        Style(.text, on: .selection, bold: true), Style(.focus, on: .surface), Style(.text, on: .focus),
    ]

    @Test func everyBuiltInThemeKeepsTextReadableOnItsSelectionAndFocus() throws {
        for name in ["default", "dark", "high-contrast", "tvos"] {
            let theme = try Self.theme(name)
            for capability in [ColorCapability.ansi256, .ansi16] {
                for style in Self.marked {
                    let resolved = theme.resolve(style, for: capability)
                    guard let foreground = resolved.foreground, let background = resolved.background else { continue }
                    #expect(
                        TerminalPalette.contrastRatio(foreground, background) >= TerminalPalette.minimumContrastRatio,
                        "\(name) \(capability): \(style) draws \(foreground) on \(background)")
                }
            }
        }
    }

    /// `TERM=xterm` has no bright colours: a bright one is its basic colour in bold, and the
    /// muted grey (bright black, which would come out black on black) is white made dim.
    @Test func onEightColoursBrightColoursBecomeBoldAndGreyBecomesDimWhite() throws {
        let theme = try Self.theme("default")
        #expect(
            theme.resolve(Style(.muted, on: .surface), for: .ansi8)
                == ResolvedStyle(foreground: 7, background: 0, attributes: [.dim]))
        #expect(
            theme.resolve(Style(.error, on: .background), for: .ansi8)
                == ResolvedStyle(foreground: 1, background: nil, attributes: [.bold]))
        #expect(
            theme.resolve(Style(.muted, on: .surface), for: .ansi16)
                == ResolvedStyle(foreground: 8, background: 0, attributes: []))
    }

    @Test func theTVOSSelectionIsDarkTextOnItsWhiteBar() throws {
        let resolved = try Self.theme("tvos").resolve(Style(.text, on: .selection, bold: true), for: .ansi256)
        #expect(resolved == ResolvedStyle(foreground: 16, background: 255, attributes: [.bold]))
    }

    @Test func aColourlessThemeMarksSelectionAndFocusWithItsAttributesOnAColourTerminal() throws {
        let mono = try Self.theme("mono")
        for capability in ColorCapability.allCases {
            let selection = mono.resolve(Style(.text, on: .selection), for: capability)
            #expect(selection.attributes.contains(.reverse), "\(capability)")
            let focus = mono.resolve(Style(.focus, on: .surface), for: capability)
            #expect(focus.attributes.isSuperset(of: [.bold, .underline]), "\(capability)")
        }
    }
}

/// The iOS picker's right-edge index: the whole alphabet where it fits, else letters with dots
/// between, from search to `#`.
@Suite struct SectionIndexTests {
    @Test func theWholeIndexShowsWhereItFits() {
        #expect(SectionIndex.shown(in: 40) == SectionIndex.entries)
        #expect(SectionIndex.entries.count == 28)
    }

    @Test(arguments: [5, 10, 17, 27])
    func aShortIndexKeepsItsEndsWithDotsBetween(_ height: Int) {
        let shown = SectionIndex.shown(in: height)
        #expect(shown.count <= height)
        #expect(shown.first == "⌕" && shown.last == "#")
        for (offset, entry) in shown.enumerated() { #expect((entry == "•") == !offset.isMultiple(of: 2)) }
    }

    @Test func theSelectionsSectionIsItsLetter() {
        let rows: [PickerRow] = [
            .header("FEATURED"), .provider(id: "a", name: "Aurora"), .header("A"),
            .provider(id: "a", name: "Aurora"), .header("B"), .provider(id: "b", name: "Beacon"), .other,
        ]
        #expect(PickerRow.section(containing: 1, in: rows) == nil)
        #expect(PickerRow.section(containing: 3, in: rows) == "A")
        #expect(PickerRow.section(containing: 5, in: rows) == "B")
        #expect(PickerRow.section(containing: 6, in: rows) == "B")
    }
}
