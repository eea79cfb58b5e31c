import FlowCore
import FlowRuntime
import Foundation
import Localization
import Testing
import VSASimulator

@testable import TerminalUI

/// The device in every language tvsim speaks: snapshots of the screens Apple's system draws and
/// the code screen, and a layout check of every screen that no language cuts a word or splits a
/// wide character. `TVSIM_RECORD=1 swift test` rewrites the snapshots after a deliberate change.
@Suite struct LocalizedScreenTests {
    static let directory = ScreenSnapshotTests.directory
    static let snapshotScreens = ["permission", "picker", "provider-sign-in", "registration-code", "settings"]
    static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 36)]

    static let cases: [String] = {
        var names: [String] = []
        for language in Language.allCases where language != .english {
            for platform in DevicePlatform.allCases {
                for screen in snapshotScreens {
                    for size in sizes {
                        names.append("\(language.tag)/\(platform.rawValue)-\(screen)-\(size.width)x\(size.height)")
                    }
                }
            }
        }
        return names
    }()

    static func model(_ language: Language, _ platform: DevicePlatform, _ screen: String, _ size: Size) throws
        -> UIModel
    {
        let strings = Strings.of(language)
        let fixture = try #require(ScreenFixtures.screens(platform, strings: strings).first { $0.0 == screen })
        var model = ScreenFixtures.model(fixture.1, platform, size, screen: fixture.2)
        model.strings = strings
        return model
    }

    @Test(arguments: cases)
    func screenMatchesItsSnapshot(_ name: String) throws {
        let parts = name.split(separator: "/")
        let language = try Language(tag: String(parts[0]))
        let rest = parts[1].split(separator: "-")
        let platform = try #require(DevicePlatform(rawValue: String(rest[0])))
        let sizeText = rest.last!.split(separator: "x")
        let size = Size(width: Int(sizeText[0])!, height: Int(sizeText[1])!)
        let screen = rest.dropFirst().dropLast().joined(separator: "-")
        let buffer = Renderer(theme: ScreenFixtures.monoTheme).render(try Self.model(language, platform, screen, size))
        let text = buffer.text + "\n" + StyleLegend.lines(buffer).joined(separator: "\n") + "\n"
        let file = Self.directory.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["TVSIM_RECORD"] == "1" {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try #require(
            try? String(contentsOf: file, encoding: .utf8), "no snapshot \(name).txt; record with TVSIM_RECORD=1")
        #expect(text == expected, "\(name) differs from its snapshot:\n\(text)")
    }

    /// Every screen, both platforms, both sizes, every language: what the device pane cuts is a
    /// name from data (a long title or provider, cut with `…` as a device cuts it), never the
    /// words around it; and every wide character keeps both its columns.
    @Test(arguments: Language.allCases)
    func noScreenCutsAWordOrSplitsAWideCharacter(_ language: Language) throws {
        var problems: [String] = []
        for platform in DevicePlatform.allCases {
            for (screen, _, _) in ScreenFixtures.screens(platform) {
                for size in Self.sizes {
                    let model = try Self.model(language, platform, screen, size)
                    let canvas = Renderer(theme: ScreenFixtures.monoTheme).draw(model)
                    let pane = ScreenLayout(size: size, platform: platform, presenting: false).devicePane
                    let place = "\(language.tag) \(platform.rawValue) \(screen) \(size.width)x\(size.height)"
                    for cut in canvas.cuts where Self.inside(cut.rect, pane) && !Self.cutsOnlyData(cut) {
                        problems.append("\(place): “\(cut.text)” does not fit in \(cut.rect.width) columns")
                    }
                    problems += Self.splitWideCharacters(canvas.buffer).map { "\(place): \($0)" }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Apple's picker bar in every language at both sizes: Cancel, at least a space, then the
    /// whole title, centred where it clears Cancel (`CancelarProveedor de TV` was one word).
    @Test(arguments: Language.allCases)
    func thePickersTitleNeverRunsIntoCancel(_ language: Language) throws {
        let strings = Strings.of(language)
        for size in Self.sizes {
            let text = Renderer(theme: ScreenFixtures.monoTheme).render(
                try Self.model(language, .ios, "picker", size)
            ).text
            let bar = try #require(
                text.split(separator: "\n").first { $0.contains(strings("picker.cancel") + " ") }, "\(text)")
            #expect(bar.contains(strings("picker.title")), "\(language.tag) \(size.width): \(bar)")
            #expect(!bar.contains(strings("picker.cancel") + strings("picker.title")), "\(bar)")
        }
        let bar = Rect(x: 0, y: 0, width: 36, height: 1)
        #expect(PickerScreen.titleRect(after: "Cancel", in: bar, title: 11).x == 12, "centred: (36 - 11) / 2")
        #expect(PickerScreen.titleRect(after: "Cancelar", in: bar, title: 24).x == 9, "after Cancel and a space")
    }

    /// The inspector's tabs and State tab, the faults panel, the codes menu and the scenario menu
    /// speak the session's language; what they list (routes, fault kinds, scenarios) stays data.
    @Test(arguments: Language.allCases.filter { $0 != .english })
    func theInspectorAndTheMenusSpeakTheLanguage(_ language: Language) throws {
        var model = try Self.model(language, .ios, "home", Size(width: 120, height: 36))
        model.listScenarios(ScenarioCatalog.parsed())
        let english = [
            "Timeline", "Detail", "filter:", "Device (", "client credentials", "sessions:", "Faults —", "New fault",
            "In force", "Reach a code", "Scenarios —", "to filter by",
        ]
        var shown: [String] = []
        model.inspector.tab = .state
        shown.append(Renderer(theme: ScreenFixtures.monoTheme).render(model).text)
        for key in ["f", "k", "s"] {
            var overlay = model
            _ = overlay.handle(.key(.character(Character(key))))
            #expect(overlay.overlay != nil, "\(key) opens an overlay")
            shown.append(Renderer(theme: ScreenFixtures.monoTheme).render(overlay).text)
        }
        let strings = Strings.of(language)
        let text = shown.joined(separator: "\n")
        #expect(english.filter { text.contains($0) } == [], "\(text)")
        for key in ["inspector.tab.timeline", "state.sessions", "faults.new", "scenarios.filterHint"] {
            #expect(text.contains(strings(key, ["count": "0"])), "\(key)")
        }
    }

    @Test func thePickerSearchesByCharactersAndAccentsInEveryLanguage() {
        let picker = ScreenFixtures.picker(.ios)
        let chinese = Strings.of(.traditionalChinese)
        let all = PickerRow.rows(picker, query: "", strings: chinese)
        #expect(all.first == .header(chinese("picker.featured")))
        // A name in another script than Latin goes under #, after the letters.
        let hash = all.firstIndex(of: .header("#"))
        #expect(hash.map { all[$0 + 1] } == .provider(id: "p.huaxia", name: "華夏有線電視"))
        #expect(all.firstIndex(of: .header("S")).map { $0 < hash ?? 0 } == true)
        var model = ScreenFixtures.model(.applePicker(picker), .ios, Size(width: 120, height: 36))
        model.strings = chinese
        for character in "有線" { _ = model.handle(.key(.character(character))) }
        guard case .picker(let query, let selection) = model.screen else {
            Issue.record("not the picker")
            return
        }
        #expect(query == "有線")
        #expect(
            PickerRow.rows(picker, query: query, strings: chinese)[selection]
                == .provider(id: "p.huaxia", name: "華夏有線電視"))
        let spanish = Strings.of(.spanish)
        #expect(
            PickerRow.rows(picker, query: "SENAL", strings: spanish).contains(
                .provider(id: "p.senal", name: "Señal Norte TV")))
        let russian = Strings.of(.russian)
        #expect(
            PickerRow.rows(picker, query: "zzz", strings: russian).first
                == .note(russian("picker.noResults", ["query": "zzz"])))
    }

    static func inside(_ rect: Rect, _ pane: Rect) -> Bool {
        pane.x <= rect.x && rect.maxX <= pane.maxX && pane.y <= rect.y && rect.maxY <= pane.maxY
    }

    /// A cut is a device's own when it falls inside a name from data.
    static func cutsOnlyData(_ cut: Canvas.Cut) -> Bool {
        let visible = cut.rect.width - 1
        return ScreenFixtures.dataNames.contains { name in
            guard let range = cut.text.range(of: name) else { return false }
            let start = DisplayWidth.of(cut.text[..<range.lowerBound])
            let end = start + DisplayWidth.of(name)
            return start < visible && visible < end
        }
    }

    /// Cells where a wide character lost a half: a right half with no wide character before it,
    /// or a wide character with no right half after it.
    static func splitWideCharacters(_ buffer: CellBuffer) -> [String] {
        var problems: [String] = []
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width {
                let cell = buffer[x, y]
                let wide = !cell.grapheme.isEmpty && DisplayWidth.of(Character(cell.grapheme)) == 2
                if cell.isContinuation,
                    x == 0
                        || DisplayWidth.of(
                            Character(buffer[x - 1, y].grapheme.isEmpty ? " " : buffer[x - 1, y].grapheme)) != 2
                {
                    problems.append("row \(y) column \(x): half a wide character")
                }
                if wide, x + 1 >= buffer.size.width || !buffer[x + 1, y].isContinuation {
                    problems.append("row \(y) column \(x): “\(cell.grapheme)” lost its right half")
                }
            }
        }
        return problems
    }
}
