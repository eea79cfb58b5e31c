/// One terminal cell: a grapheme (or nothing, for the right half of a wide character) and its style.
public struct Cell: Sendable, Equatable {
    /// The grapheme drawn here; empty for the second column of a wide grapheme.
    public var grapheme: String
    public var style: Style

    public init(_ grapheme: String = " ", style: Style = .plain) {
        self.grapheme = grapheme
        self.style = style
    }

    var isContinuation: Bool { grapheme.isEmpty }
}

/// A grid of cells that views draw into. Backends receive only what changed between two frames.
public struct CellBuffer: Sendable, Equatable {
    public let size: Size
    private(set) var cells: [Cell]

    public init(size: Size, fill: Cell = Cell()) {
        self.size = size
        cells = Array(repeating: fill, count: max(0, size.width * size.height))
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
        set { cells[y * size.width + x] = newValue }
    }

    func contains(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < size.width && y < size.height }

    /// Fills a rectangle with spaces of a style.
    public mutating func fill(_ rect: Rect, style: Style) {
        let columns = max(0, rect.x)..<min(size.width, rect.maxX)
        guard !columns.isEmpty else { return }
        for y in max(0, rect.y)..<min(size.height, rect.maxY) {
            // A wide grapheme across either edge loses its outer half too (an alert over CJK text).
            clearWideNeighbours(columns.lowerBound, y)
            clearWideNeighbours(columns.upperBound - 1, y)
            for x in columns { self[x, y] = Cell(" ", style: style) }
        }
    }

    /// Writes `text` at (x, y), clipped to `limit` (the buffer by default). Wide graphemes take two
    /// cells and are never split at the edge. Returns the column after the text.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style, limit: Rect? = nil) -> Int {
        let clip = limit ?? bounds
        guard y >= max(0, clip.y), y < min(size.height, clip.maxY) else { return x }
        var column = x
        for character in text {
            let width = DisplayWidth.of(character)
            if width == 0 { continue }
            if column + width > min(clip.maxX, size.width) { break }
            if column >= max(0, clip.x) {
                clearWideNeighbours(column, y)
                self[column, y] = Cell(String(character), style: style)
                if width == 2 {
                    clearWideNeighbours(column + 1, y)
                    self[column + 1, y] = Cell("", style: style)
                }
            }
            column += width
        }
        return column
    }

    /// Overwriting half of a wide grapheme blanks its other half, so no stale half remains.
    private mutating func clearWideNeighbours(_ x: Int, _ y: Int) {
        let cell = self[x, y]
        if cell.isContinuation, x > 0 { self[x - 1, y] = Cell(" ", style: self[x - 1, y].style) }
        if !cell.isContinuation, DisplayWidth.of(Character(cell.grapheme.isEmpty ? " " : cell.grapheme)) == 2,
            x + 1 < size.width
        {
            self[x + 1, y] = Cell(" ", style: cell.style)
        }
    }

    /// The rows as plain text (wide graphemes once), for snapshots and the test backend.
    public var lines: [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width where !self[x, y].isContinuation { line += self[x, y].grapheme }
            return line
        }
    }

    public var text: String { lines.joined(separator: "\n") }

    /// A run of changed cells on one row, as a backend writes it.
    public struct Run: Sendable, Equatable {
        public let x: Int
        public let y: Int
        public let text: String
        public let style: Style
    }

    /// The runs that turn `previous` into this buffer; everything when the sizes differ.
    public func changes(since previous: CellBuffer?) -> [Run] {
        var runs: [Run] = []
        for y in 0..<size.height {
            var x = 0
            while x < size.width {
                let cell = self[x, y]
                let unchanged = previous.map { $0.size == size && $0[x, y] == cell } ?? false
                if unchanged || cell.isContinuation {
                    x += 1
                    continue
                }
                var text = ""
                let start = x
                let style = cell.style
                while x < size.width {
                    let current = self[x, y]
                    if current.isContinuation {
                        x += 1
                        continue
                    }
                    let same = previous.map { $0.size == size && $0[x, y] == current } ?? false
                    if current.style != style || same { break }
                    text += current.grapheme
                    x += 1
                }
                runs.append(Run(x: start, y: y, text: text, style: style))
            }
        }
        return runs
    }
}
