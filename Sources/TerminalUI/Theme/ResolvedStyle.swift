import Foundation

/// A style as a terminal draws it: a foreground and background colour (nil: the terminal's own)
/// and attributes. Worked out from the theme, so that what a theme means does not depend on the
/// backend, and tests can read it.
public struct ResolvedStyle: Sendable, Equatable, Hashable {
    public var foreground: Int?
    public var background: Int?
    public var attributes: Set<TextAttribute>
}

extension Theme {
    /// `style` for a terminal with `capability`:
    /// - without colour, each role's `mono` attributes mark it;
    /// - with colour, a role the theme gives no colour for this terminal keeps its `mono`
    ///   attributes (a colourless theme such as `mono` stays readable on a colour terminal);
    /// - on eight colours a bright colour is its basic one, made bright by bold as terminals
    ///   of that kind draw it; bright black, the muted grey, is white made dim;
    /// - a foreground too close to its background gives way to black or white, whichever reads
    ///   (a white selection bar keeps its text visible).
    public func resolve(_ style: Style, for capability: ColorCapability) -> ResolvedStyle {
        var attributes = style.textAttributes
        let foreground = appearance(style.foreground)
        let background = appearance(style.background)
        // The page colours carry no meaning of their own; every other background does.
        let backgroundMarks = style.background != .background && style.background != .surface
        // What a role's attributes may add to this cell: no underline on line art.
        let marks = { (appearance: RoleAppearance) in
            style.isLineArt ? appearance.mono.subtracting([.underline]) : appearance.mono
        }
        guard capability != .mono else {
            attributes.formUnion(marks(foreground))
            if backgroundMarks { attributes.formUnion(marks(background)) }
            return ResolvedStyle(foreground: nil, background: nil, attributes: attributes)
        }
        var fg = foreground.color(for: capability)
        var bg = background.color(for: capability)
        if capability == .ansi8 { bg = bg.map(TerminalPalette.basic) }
        if capability == .ansi8, let bright = fg, bright >= 8 {
            fg = bright == 8 ? 7 : TerminalPalette.basic(bright)
            attributes.insert(bright == 8 ? .dim : .bold)
        }
        if fg == nil { attributes.formUnion(marks(foreground)) }
        if bg == nil, backgroundMarks { attributes.formUnion(marks(background)) }
        return ResolvedStyle(
            foreground: TerminalPalette.readable(fg, on: bg, capability: capability), background: bg,
            attributes: attributes)
    }
}

extension RoleAppearance {
    func color(for capability: ColorCapability) -> Int? {
        switch capability {
        case .ansi256: c256
        case .ansi16, .ansi8: c16
        case .mono: nil
        }
    }
}

extension Style {
    var textAttributes: Set<TextAttribute> {
        var attributes = Set<TextAttribute>()
        if bold { attributes.insert(.bold) }
        if reverse { attributes.insert(.reverse) }
        if underline { attributes.insert(.underline) }
        if dim { attributes.insert(.dim) }
        return attributes
    }
}

/// The xterm palette's colours, as far as contrast needs them.
enum TerminalPalette {
    /// Below this contrast ratio (WCAG's, 1–21) text is hard to read on its background: 3:1, the
    /// least WCAG asks of large text and of the parts of an interface. Measured as WCAG measures it
    /// (luminance of the linearised colour), so that a saturated colour keeps its meaning: red on
    /// black (3.6:1) reads, and an error stays red at 8 and 16 colours; blue on black (2.2:1) gives
    /// way to white.
    static let minimumContrastRatio = 3.0

    /// `foreground`, or black or white when it would not read on `background`.
    static func readable(_ foreground: Int?, on background: Int?, capability: ColorCapability) -> Int? {
        guard let foreground, let background, contrastRatio(foreground, background) < minimumContrastRatio
        else { return foreground }
        let dark = lightness(background) > 0.5
        switch capability {
        case .ansi256: return dark ? 16 : 231
        case .ansi16: return dark ? 0 : 15
        default: return dark ? 0 : 7
        }
    }

    /// WCAG's contrast ratio of two xterm colours, from 1 (the same) to 21 (black and white).
    static func contrastRatio(_ first: Int, _ second: Int) -> Double {
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// WCAG's relative luminance of an xterm colour: its linearised sRGB, weighted.
    static func luminance(_ index: Int) -> Double {
        let (red, green, blue) = rgb(index)
        func linear(_ channel: Double) -> Double {
            let value = channel / 255
            return value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The basic colour (0–7) of a 16-colour index; other indexes as they are.
    static func basic(_ index: Int) -> Int {
        (8..<16).contains(index) ? index - 8 : index
    }

    /// Perceived lightness of an xterm colour index, 0 (black) to 1 (white).
    static func lightness(_ index: Int) -> Double {
        let (red, green, blue) = rgb(index)
        return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255
    }

    static func rgb(_ index: Int) -> (Double, Double, Double) {
        switch index {
        case 0..<16:
            let basic: [(Double, Double, Double)] = [
                (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
                (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
                (255, 0, 255), (0, 255, 255), (255, 255, 255),
            ]
            return basic[index]
        case 16..<232:
            let levels: [Double] = [0, 95, 135, 175, 215, 255]
            let cube = index - 16
            return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
        default:
            let gray = Double(8 + 10 * (min(index, 255) - 232))
            return (gray, gray, gray)
        }
    }
}
