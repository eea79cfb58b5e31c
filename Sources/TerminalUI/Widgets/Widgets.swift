/// Small drawing helpers every screen uses. Views are functions from state to cells; these keep
/// boxes, lists, fields and buttons looking the same everywhere.
public struct Canvas {
    public var buffer: CellBuffer
    /// Text that did not fit where it was drawn: a line cut with `…`, or the rows a paragraph
    /// had no room for. Layout tests read it to prove that no language cuts a screen's words.
    public private(set) var cuts: [Cut] = []

    public struct Cut: Sendable, Equatable {
        public let text: String
        public let rect: Rect
    }

    public init(size: Size, background: Style = Style(.text, on: .background)) {
        buffer = CellBuffer(size: size, fill: Cell(" ", style: background))
    }

    public mutating func fill(_ rect: Rect, _ style: Style) { buffer.fill(rect, style: style) }

    @discardableResult
    public mutating func text(_ text: String, at x: Int, _ y: Int, _ style: Style, in clip: Rect? = nil) -> Int {
        buffer.write(text, x: x, y: y, style: style, limit: clip)
    }

    /// Text aligned in a one-row rectangle.
    public mutating func line(_ text: String, in rect: Rect, _ style: Style, align: Alignment = .leading) {
        let cut = DisplayWidth.truncate(text, to: rect.width)
        if cut != text { cuts.append(Cut(text: text, rect: rect)) }
        let width = DisplayWidth.of(cut)
        let x: Int
        switch align {
        case .leading: x = rect.x
        case .center: x = rect.x + max(0, (rect.width - width) / 2)
        case .trailing: x = rect.maxX - width
        }
        buffer.write(cut, x: x, y: rect.y, style: style, limit: rect)
    }

    public enum Alignment { case leading, center, trailing }

    /// Word-wrapped text; returns the number of rows used.
    @discardableResult
    public mutating func paragraph(_ text: String, in rect: Rect, _ style: Style, align: Alignment = .leading) -> Int {
        let lines = DisplayWidth.wrap(text, to: rect.width)
        for (index, line) in lines.prefix(rect.height).enumerated() {
            self.line(line, in: rect.row(index), style, align: align)
        }
        if lines.count > rect.height { cuts.append(Cut(text: text, rect: rect)) }
        return min(lines.count, rect.height)
    }

    /// A frame with optional title; `rounded` draws the phone's corners.
    public mutating func box(
        _ rect: Rect, _ style: Style, title: String? = nil, rounded: Bool = false, heavy: Bool = false
    ) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let title = title.map { (text: $0, style: style.bolded()) }
        let style = style.lineArt()
        let (tl, tr, bl, br, h, v) =
            heavy
            ? ("┏", "┓", "┗", "┛", "━", "┃") : rounded ? ("╭", "╮", "╰", "╯", "─", "│") : ("┌", "┐", "└", "┘", "─", "│")
        buffer.write(tl + String(repeating: h, count: rect.width - 2) + tr, x: rect.x, y: rect.y, style: style)
        buffer.write(bl + String(repeating: h, count: rect.width - 2) + br, x: rect.x, y: rect.maxY - 1, style: style)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            buffer.write(v, x: rect.x, y: y, style: style)
            buffer.write(v, x: rect.maxX - 1, y: y, style: style)
        }
        if let title, rect.width > 6 {
            let label = " " + DisplayWidth.truncate(title.text, to: rect.width - 6) + " "
            buffer.write(label, x: rect.x + 2, y: rect.y, style: title.style)
        }
    }

    /// A horizontal rule.
    public mutating func rule(_ rect: Rect, _ style: Style, character: String = "─") {
        buffer.write(
            String(repeating: character, count: max(0, rect.width)), x: rect.x, y: rect.y, style: style.lineArt(),
            limit: rect)
    }

    /// A button: `[ Label ]`, reversed when focused.
    public mutating func button(
        _ label: String, at x: Int, _ y: Int, focused: Bool, primary: Bool = false, clip: Rect? = nil
    ) -> Int {
        let style = focused ? Style(.text, on: .selection, bold: true) : Style(primary ? .accent : .text, bold: primary)
        return buffer.write("[ \(label) ]", x: x, y: y, style: style, limit: clip)
    }

    /// A text field: label, then the value (masked with • when secure) and a cursor when focused.
    public mutating func field(
        label: String, value: String, secure: Bool, focused: Bool, in rect: Rect, labelWidth: Int = 10
    ) {
        let shown = secure ? String(repeating: "•", count: value.count) : value
        let labelWidth = min(labelWidth, rect.width / 2)
        line(label, in: Rect(x: rect.x, y: rect.y, width: labelWidth, height: 1), Style(.muted))
        let box = Rect(x: rect.x + labelWidth, y: rect.y, width: rect.width - labelWidth, height: 1)
        let style = focused ? Style(.text, on: .surface, underline: true) : Style(.text, on: .surface)
        fill(box, style)
        let visible = DisplayWidth.of(shown) >= box.width ? String(shown.suffix(max(0, box.width - 1))) : shown
        let end = text(visible, at: box.x, box.y, style, in: box)
        if focused, end < box.maxX { text("▏", at: end, box.y, Style(.focus, on: .surface), in: box) }
    }

    /// A vertical list with a selection and a scroll offset that keeps the selection visible.
    public mutating func list(
        _ rows: [ListRow], selected: Int?, in rect: Rect,
        selectionStyle: Style = Style(.text, on: .selection, bold: true)
    ) {
        guard !rect.isEmpty else { return }
        let offset = ListRow.scrollOffset(selected: selected ?? 0, count: rows.count, height: rect.height)
        let counter = rows.count > rect.height ? ListRow.counter(selected: selected, in: rows) : nil
        for (index, row) in rows.enumerated().dropFirst(offset).prefix(rect.height) {
            let target = rect.row(index - offset)
            let isSelected = index == selected && row.selectable
            if isSelected { fill(target, selectionStyle) }
            let style = isSelected ? selectionStyle : row.style
            let trailing = row.trailing.map { $0 + " " } ?? ""
            // The last row leaves room for the counter, so neither runs into the other.
            let reserved = target.y == rect.maxY - 1 ? counter.map { DisplayWidth.of($0) + 1 } ?? 0 : 0
            let textWidth = target.width - DisplayWidth.of(trailing) - (trailing.isEmpty ? 0 : 1) - reserved
            line(
                (isSelected ? "› " : "  ") + row.text, in: Rect(x: target.x, y: target.y, width: textWidth, height: 1),
                style)
            if !trailing.isEmpty {
                let space = Rect(x: target.x, y: target.y, width: target.width - reserved, height: 1)
                line(trailing, in: space, isSelected ? selectionStyle : Style(.muted), align: .trailing)
            }
        }
        if let counter {
            text(counter, at: rect.maxX - DisplayWidth.of(counter), rect.maxY - 1, Style(.muted, dim: true))
        }
    }
}

/// One row of a list.
public struct ListRow: Sendable, Equatable {
    public var text: String
    public var trailing: String?
    public var style: Style
    /// Section headers and notes cannot be selected.
    public var selectable: Bool

    public init(_ text: String, trailing: String? = nil, style: Style = .plain, selectable: Bool = true) {
        self.text = text
        self.trailing = trailing
        self.style = style
        self.selectable = selectable
    }

    public static func header(_ text: String) -> ListRow {
        ListRow(text.uppercased(), style: Style(.muted, bold: true), selectable: false)
    }

    /// The first row shown so that `selected` stays on screen. Long lists turn by whole pages:
    /// a move within a page repaints two rows instead of shifting every row, which keeps a
    /// selection move to a few hundred bytes even over a slow SSH link.
    /// Where the selection is among the rows one can select ("12/41"): section headers and notes
    /// do not count. Without a selection, how many there are.
    public static func counter(selected: Int?, in rows: [ListRow]) -> String {
        let selectable = rows.filter(\.selectable).count
        guard let selected, rows.indices.contains(selected), rows[selected].selectable else { return "\(selectable)" }
        let position = rows[...selected].filter(\.selectable).count
        return "\(position)/\(selectable)"
    }

    public static func scrollOffset(selected: Int, count: Int, height: Int) -> Int {
        guard count > height, height > 0 else { return 0 }
        return min(max(0, selected) / height * height, count - height)
    }
}

/// Large letters and digits for the registration code (three rows high). No two of the
/// characters a code can hold look the same (W is not U, N is not ∩, S is not 5).
enum BigText {
    static let glyphs: [Character: [String]] = [
        "0": ["█▀█", "█ █", "▀▀▀"], "1": ["▀█ ", " █ ", "▀▀▀"], "2": ["▀▀█", "█▀▀", "▀▀▀"], "3": ["▀▀█", " ▀█", "▀▀▀"],
        "4": ["█ █", "▀▀█", "  ▀"], "5": ["█▀▀", "▀▀█", "▀▀▀"], "6": ["█▀▀", "█▀█", "▀▀▀"], "7": ["▀▀█", "  █", "  ▀"],
        "8": ["█▀█", "█▀█", "▀▀▀"], "9": ["█▀█", "▀▀█", "▀▀▀"], "A": ["█▀█", "█▀█", "▀ ▀"], "B": ["█▀▄", "█▀▄", "▀▀ "],
        "C": ["█▀▀", "█  ", "▀▀▀"], "D": ["█▀▄", "█ █", "▀▀ "], "E": ["█▀▀", "█▀▀", "▀▀▀"], "F": ["█▀▀", "█▀▀", "▀  "],
        "G": ["█▀▀", "█ █", "▀▀▀"], "H": ["█ █", "█▀█", "▀ ▀"], "I": ["▀█▀", " █ ", "▀▀▀"], "J": ["  █", "  █", "▀▀▀"],
        "K": ["█ █", "█▀▄", "▀ ▀"], "L": ["█  ", "█  ", "▀▀▀"], "M": ["█▄█", "█ █", "▀ ▀"], "N": ["█▀▄", "█ █", "▀ ▀"],
        "O": ["█▀█", "█ █", "▀▀▀"], "P": ["█▀█", "█▀▀", "▀  "], "Q": ["█▀█", "█ █", "▀▀█"], "R": ["█▀█", "█▀▄", "▀ ▀"],
        "S": ["▄▀▀", "▀▀▄", "▀▀ "], "T": ["▀█▀", " █ ", " ▀ "], "U": ["█ █", "█ █", "▀▀▀"], "V": ["█ █", "█ █", " ▀ "],
        "W": ["█ █", "█▄█", "▀ ▀"], "X": ["█ █", "▄▀▄", "▀ ▀"], "Y": ["█ █", "▀█▀", " ▀ "], "Z": ["▀▀█", "▄▀ ", "▀▀▀"],
    ]

    /// The rows of `text` in big letters, one space between letters; nil if it does not fit.
    static func rows(_ text: String, maxWidth: Int) -> [String]? {
        let characters = Array(text.uppercased())
        guard characters.count * 4 - 1 <= maxWidth, characters.allSatisfy({ glyphs[$0] != nil }) else { return nil }
        return (0..<3).map { row in characters.map { glyphs[$0]![row] }.joined(separator: " ") }
    }
}
