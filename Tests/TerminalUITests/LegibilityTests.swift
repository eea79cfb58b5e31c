import FlowRuntime
import Foundation
import Testing
import VSASimulator

@testable import TerminalUI

/// Every screen, overlay and inspector tab, with every built-in theme, on terminals of 8, 16 and
/// 256 colours (a truecolor terminal is drawn as a 256-colour one): no visible character is drawn
/// in a colour that does not stand out from its background. The terminal's own background counts
/// as dark and its own foreground as light, as the built-in themes are drawn for such a terminal.
@Suite struct LegibilityTests {
    static let themes = ThemeLibrary(directories: []).available().map(\.name)
    static let depths: [ColorCapability] = [.ansi8, .ansi16, .ansi256]
    static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 36)]

    /// The terminal's own colours, as the themes assume them: white on black.
    static let terminalForeground = 7
    static let terminalBackground = 0

    @Test(arguments: themes)
    func everyVisibleCharacterStandsOutFromItsBackground(_ themeName: String) throws {
        let loaded = ThemeLibrary(directories: []).load(themeName)
        #expect(loaded.problem == nil)
        let theme = loaded.theme
        var problems: [String: String] = [:]
        for (name, model) in Self.frames() {
            let buffer = Renderer(theme: theme).render(model)
            for depth in Self.depths {
                if let problem = Self.firstIllegibleCell(buffer, theme: theme, depth: depth) {
                    problems["\(depth) \(name)"] = problem
                }
            }
        }
        #expect(
            problems.isEmpty, "\(themeName): \(problems.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })")
    }

    /// An error reads as an error: red in every theme that has colours, at every depth, on the
    /// page and on a surface (an alert, a form), and bold as well (the provider's "The user ID or
    /// password is incorrect." was white bold at 8 and 16 colours, like the text around it).
    @Test(arguments: themes.filter { $0 != "mono" })
    func anErrorIsRedAtEveryDepth(_ themeName: String) throws {
        let theme = ThemeLibrary(directories: []).load(themeName).theme
        for depth in Self.depths {
            for page in [Role.background, .surface] {
                let resolved = theme.resolve(Style(.error, on: page, bold: true), for: depth)
                let (red, green, blue) = TerminalPalette.rgb(try #require(resolved.foreground, "\(depth)"))
                #expect(
                    red > green + 60 && red > blue + 60,
                    "\(themeName) \(depth) on \(page): \(String(describing: resolved))")
                #expect(resolved.attributes.contains(.bold))
                let text = theme.resolve(Style(.text, on: page), for: depth)
                #expect(resolved.foreground != text.foreground, "\(themeName) \(depth): the error looks like text")
            }
        }
    }

    /// Without colour (`--theme mono`, `NO_COLOR`, `TERM=vt100`) a focused frame is marked by
    /// the focus role's attributes: never by an underline under every border cell.
    @Test(arguments: themes)
    func noFrameIsUnderlinedWithoutColour(_ themeName: String) throws {
        let theme = ThemeLibrary(directories: []).load(themeName).theme
        var problems: [String] = []
        for (name, model) in Self.frames() {
            var focused = model
            for focus in [Pane.device, .inspector] {
                focused.focus = focus
                let buffer = Renderer(theme: theme).render(focused)
                for capability in [ColorCapability.mono, .ansi16] {
                    if let cell = Self.firstUnderlinedFrameCell(buffer, theme: theme, capability: capability) {
                        problems.append("\(name) \(focus) \(capability): \(cell)")
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(themeName): \(problems.prefix(5))")
    }

    static func firstUnderlinedFrameCell(_ buffer: CellBuffer, theme: Theme, capability: ColorCapability) -> String? {
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width {
                let cell = buffer[x, y]
                guard let scalar = cell.grapheme.unicodeScalars.first, (0x2500...0x257F).contains(scalar.value),
                    theme.resolve(cell.style, for: capability).attributes.contains(.underline)
                else { continue }
                return "'\(cell.grapheme)' at \(x),\(y)"
            }
        }
        return nil
    }

    /// The first visible character whose drawn colours are too close, described.
    static func firstIllegibleCell(_ buffer: CellBuffer, theme: Theme, depth: ColorCapability) -> String? {
        var verdicts: [Style: Bool] = [:]
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width {
                let cell = buffer[x, y]
                guard !cell.grapheme.allSatisfy(\.isWhitespace) else { continue }
                let legible = verdicts[cell.style] ?? isLegible(theme.resolve(cell.style, for: depth), on: depth)
                verdicts[cell.style] = legible
                guard !legible else { continue }
                let resolved = theme.resolve(cell.style, for: depth)
                return "'\(cell.grapheme)' at \(x),\(y) in \(StyleLegend.describe(cell.style)) draws "
                    + "\(resolved.foreground.map(String.init) ?? "default") on \(resolved.background.map(String.init) ?? "default")"
            }
        }
        return nil
    }

    /// Whether text in `style` reads on a terminal of `depth`: the terminal has its colours (curses
    /// refuses a pair with a colour it lacks, and the cell comes out black on black), and they,
    /// swapped when reversed, differ in lightness enough to tell them apart.
    static func isLegible(_ style: ResolvedStyle, on depth: ColorCapability) -> Bool {
        let colours = depth == .ansi8 ? 8 : depth == .ansi16 ? 16 : 256
        guard [style.foreground, style.background].allSatisfy({ ($0 ?? 0) < colours }) else { return false }
        var foreground = style.foreground ?? terminalForeground
        var background = style.background ?? terminalBackground
        if style.attributes.contains(.reverse) { swap(&foreground, &background) }
        let contrast = abs(TerminalPalette.lightness(foreground) - TerminalPalette.lightness(background))
        return foreground != background && contrast >= minimumContrast
    }

    /// Far below what a theme's colours are held to (`TerminalPalette.minimumContrastRatio`),
    /// measured otherwise (plain lightness), so that the two checks do not share a blind spot.
    /// What falls under it is black on black, grey on grey, blue on black.
    static let minimumContrast = 0.15

    /// Every fixture screen on both platforms at both sizes, and at 120×36 on iPhone the
    /// inspector's Detail and State tabs, help and the three menus.
    static func frames() -> [(String, UIModel)] {
        var frames: [(String, UIModel)] = []
        for platform in DevicePlatform.allCases {
            for (screen, request, device) in ScreenFixtures.screens(platform) {
                for size in sizes {
                    frames.append(
                        (
                            "\(platform.rawValue)-\(screen)-\(size.width)x\(size.height)",
                            ScreenFixtures.model(request, platform, size, screen: device)
                        ))
                }
            }
        }
        guard let home = ScreenFixtures.screens(.ios).first(where: { $0.0 == "home" }) else { return frames }
        var model = ScreenFixtures.model(home.1, .ios, Size(width: 120, height: 36), screen: home.2)
        model.listScenarios(ScenarioCatalog.parsed())
        for tab in [InspectorModel.Tab.detail, .state] {
            var tabbed = model
            tabbed.inspector.tab = tab
            frames.append(("ios-home-\(tab)", tabbed))
        }
        for key in ["?", "f", "k", "s"] {
            var overlay = model
            _ = overlay.handle(.key(.character(Character(key))))
            frames.append(("ios-home-overlay-\(key)", overlay))
        }
        return frames
    }
}
