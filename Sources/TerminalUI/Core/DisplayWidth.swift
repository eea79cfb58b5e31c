import Localization

/// How many terminal columns text takes. The measure itself is `TerminalColumns` (Localization),
/// shared with the side-by-side comparison so that what is laid out there fits here; this adds
/// word wrapping.
public enum DisplayWidth {
    public static func of(_ character: Character) -> Int { TerminalColumns.of(character) }

    public static func of(_ text: some StringProtocol) -> Int { TerminalColumns.of(text) }

    /// `text` cut to at most `width` columns, with `…` when something was cut.
    public static func truncate(_ text: String, to width: Int) -> String { TerminalColumns.truncate(text, to: width) }

    /// `text` padded with spaces (or cut) to exactly `width` columns.
    public static func pad(_ text: String, to width: Int) -> String { TerminalColumns.pad(text, to: width) }

    /// A path such as `Settings › Accounts › TV Provider` in `width` columns: whole, or without
    /// its first segments (`… › Accounts › TV Provider`), so that where it leads stays readable.
    public static func fitPath(_ path: String, to width: Int) -> String {
        var segments = path.components(separatedBy: " › ")
        while of(path) > width, segments.count > 1 {
            segments.removeFirst()
            let shorter = "… › " + segments.joined(separator: " › ")
            if of(shorter) <= width || segments.count == 1 { return shorter }
        }
        return path
    }

    /// Word-wraps `text` into lines of at most `width` columns.
    public static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
            wrapParagraph(String($0), to: width)
        }
    }

    /// One paragraph: its leading indentation (pretty-printed JSON, nested lists) is kept on
    /// every line it wraps into, up to half the width.
    static func wrapParagraph(_ paragraph: String, to width: Int) -> [String] {
        let indentCount = min(paragraph.prefix { $0 == " " }.count, width / 2)
        let indent = String(repeating: " ", count: indentCount)
        let available = width - indentCount
        var lines: [String] = []
        var line = ""
        // The line's width is kept, not measured again for every word: wrapping runs for every
        // explanation on every frame.
        var lineWidth = 0
        for word in paragraph.dropFirst(indentCount).split(separator: " ", omittingEmptySubsequences: false) {
            // A Chinese word wider than the line breaks between its characters, as CJK allows.
            let wordPieces = pieces(of: word).flatMap { of($0) > available ? characterPieces(of: $0) : [$0] }
            for (index, piece) in wordPieces.enumerated() {
                // A space separated the word from the line; pieces of one word join directly.
                let joiner = line.isEmpty || index > 0 ? "" : " "
                let pieceWidth = of(piece)
                if lineWidth + joiner.count + pieceWidth <= available {
                    line += joiner + piece
                    lineWidth += joiner.count + pieceWidth
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                var rest = piece
                var restWidth = pieceWidth
                while restWidth > available {
                    let chunk = prefix(of: rest, fitting: available)
                    if chunk.isEmpty { break }
                    lines.append(String(chunk))
                    rest = rest.dropFirst(chunk.count)
                    restWidth = of(rest)
                }
                line = String(rest)
                lineWidth = restWidth
            }
        }
        lines.append(line)
        return lines.map { indent + $0 }
    }

    /// Where a line may break inside a word written without spaces (Chinese): between words,
    /// not inside one (`電視供應商` stays whole). With no dictionary at hand, the word ends it
    /// knows are those of the text's own grammar: after punctuation, after a particle or
    /// conjunction (`的`, `與`, `並`, …), where CJK meets Latin; never before closing punctuation
    /// (`，。）」`) nor after opening punctuation (`（「“`). A run longer than a line still breaks
    /// where the line ends.
    static func pieces(of word: Substring) -> [Substring] {
        guard word.contains(where: { of($0) == 2 }) else { return [word] }
        var pieces: [Substring] = []
        var start = word.startIndex
        var previous: Character?
        for index in word.indices {
            let character = word[index]
            if let previous, index > start, !closing.contains(character), !opening.contains(previous),
                closing.contains(previous) || wordEnds.contains(previous) || (of(previous) == 2) != (of(character) == 2)
            {
                pieces.append(word[start..<index])
                start = index
            }
            previous = character
        }
        pieces.append(word[start...])
        return pieces
    }

    /// Where a line may break inside a run of wide characters when nothing better fits: around
    /// each of them, never before closing punctuation nor after opening punctuation.
    static func characterPieces(of word: Substring) -> [Substring] {
        var pieces: [Substring] = []
        var start = word.startIndex
        var previous: Character?
        for index in word.indices {
            let character = word[index]
            if let previous, index > start, of(previous) == 2 || of(character) == 2,
                !closing.contains(character), !opening.contains(previous)
            {
                pieces.append(word[start..<index])
                start = index
            }
            previous = character
        }
        pieces.append(word[start...])
        return pieces
    }

    /// Particles and conjunctions after which a Chinese word has ended, in both scripts.
    static let wordEnds: Set<Character> = Set("的了和与與并並或及以从從向到由为為把被对對于於而但即")

    static let closing: Set<Character> = Set("，。、：；！？）」』》〉】”’…·,.:;!?)]")
    static let opening: Set<Character> = Set("（「『《〈【“‘([")

    /// The longest prefix whose display width fits.
    static func prefix(of text: Substring, fitting width: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for character in text {
            let next = used + of(character)
            if next > width { break }
            used = next
            end = text.index(after: end)
        }
        return text[..<end]
    }
}
