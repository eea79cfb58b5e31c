/// How many terminal columns text takes, per grapheme cluster: combining marks and joiners take
/// none, East Asian wide characters and emoji take two. Computed from the Unicode data in the Swift
/// runtime, not from the C locale. Here, beside the catalogs whose scripts it measures: the
/// comparison's text layout (FlowRuntime) and the terminal UI (`DisplayWidth`) measure alike, so
/// that what one lays out fits the other.
public enum TerminalColumns {
    public static func of(_ character: Character) -> Int {
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if first.value < 0x7F { return 1 }
        // The scripts of the translations, alone in their character: no property lookups, which
        // cost more than the rest of a frame's text in Russian or Chinese.
        if scalars.next() == nil, let width = commonWidth(first.value) { return width }
        return propertyWidth(character)
    }

    /// The width from the Unicode properties: what `commonWidth` must agree with.
    static func propertyWidth(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) {
            return 2
        }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(first.value) ? 2 : 1
    }

    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// Widths known without Unicode properties: Latin-1 and Latin Extended letters, Greek and
    /// Cyrillic letters (not their combining marks), and the CJK ideographs, kana and fullwidth
    /// forms (no emoji among them).
    static func commonWidth(_ value: UInt32) -> Int? {
        switch value {
        // Not the soft hyphen (a format character) nor the combining marks among them.
        case 0xA0...0xAC, 0xAE...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x2010...0x2027, 0x2030...0x205E: 1
        case 0x3000...0x3029, 0x302E...0x302F, 0x3041...0x3098, 0x309B...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xF900...0xFAFF, 0xFF01...0xFF60:
            2
        default: nil
        }
    }

    /// East Asian Wide and Fullwidth ranges.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD,
            0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// `text` cut to at most `width` columns, ending in `…` when something was cut. A wide
    /// character that would straddle the edge goes whole.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard of(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    /// `text` cut or padded with spaces to exactly `width` columns.
    public static func pad(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - of(cut)))
    }
}
