import FlowRuntime
import Localization

/// The diagram laid out in terminal cells, `width` columns wide: what the terminal UI draws and
/// what the text form prints. The lanes stand side by side on the left, as close as the labels'
/// room allows, and each row's label reads to their right, so that a row is one line even at
/// 80 columns. Their names take up to three staggered header lines, so that each is whole.
public struct SequenceLayout: Sendable {
    /// What a cell shows, for the drawing's colours: lines and glyphs take their row's tone.
    public enum Role: Sendable, Equatable {
        case lane, header, arrow(SequenceDiagram.Tone), label(SequenceDiagram.Tone)
        /// An exchange's outcome: a failure's stands out from its call.
        case outcome(SequenceDiagram.Tone)
    }

    public struct Run: Sendable, Equatable {
        public let text: String
        public let role: Role
    }

    /// One line: runs from the left, together `width` columns at most.
    public typealias Line = [Run]

    public let width: Int
    /// Each lane's column.
    public let columns: [TimelineParty: Int]
    /// Where labels start.
    public let labelColumn: Int
    public let header: [Line]

    /// The least room a label keeps beside the lanes, and the spacing the lanes take between
    /// those bounds.
    static let labelRoom = 20
    /// Two columns a lane is the least that still draws an arrowhead between neighbours
    /// (`├▶│`): an Apple TV's inspector at 80 columns has 32 for six lanes.
    static let spacing = 2...12

    public init(lanes: [SequenceDiagram.Lane], width: Int) {
        self.width = max(1, width)
        let gaps = max(1, lanes.count - 1)
        // The lanes leave the labels at least their least room, and take at most 45 % of a wide
        // drawing, whose labels then need the rest.
        let share = max(Self.labelRoom, self.width * 11 / 20)
        let spacing = min(Self.spacing.upperBound, max(Self.spacing.lowerBound, (self.width - 2 - share) / gaps))
        var columns: [TimelineParty: Int] = [:]
        for (index, lane) in lanes.enumerated() { columns[lane.party] = 1 + index * spacing }
        self.columns = columns
        labelColumn = 1 + (lanes.count - 1) * spacing + 2
        header = Self.header(lanes, columns: columns, width: self.width)
    }

    /// Lane names centred on their lanes, on as few lines (up to three) as lets every name be
    /// whole: lane `i`'s name on line `i % count`, where it may reach from the name before it
    /// to the next lane on its line. Where three lines are not enough, the longest end in `…`.
    static func header(_ lanes: [SequenceDiagram.Lane], columns: [TimelineParty: Int], width: Int) -> [Line] {
        var best: [String] = []
        for count in 1...3 {
            let (lines, whole) = header(lanes, columns: columns, width: width, lines: count)
            best = lines
            if whole { break }
        }
        return best.map { [Run(text: $0, role: .header)] }
    }

    private static func header(
        _ lanes: [SequenceDiagram.Lane], columns: [TimelineParty: Int], width: Int, lines count: Int
    ) -> (lines: [String], whole: Bool) {
        var whole = true
        let lines = (0..<count).map { line in
            var text = ""
            // Columns taken so far.
            var used = 0
            let onLine = lanes.enumerated().filter { $0.offset % count == line }.map(\.element)
            for (index, lane) in onLine.enumerated() {
                let free = text.isEmpty ? 0 : used + 1
                let next = index + 1 < onLine.count ? (columns[onLine[index + 1].party] ?? width) : width + 1
                let room = min(next - 1, width) - free
                guard room > 0 else {
                    whole = false
                    break
                }
                let name = TerminalColumns.truncate(lane.name, to: room)
                if name != lane.name { whole = false }
                let nameWidth = TerminalColumns.of(name)
                let column = columns[lane.party] ?? 0
                let start = min(max(free, column - nameWidth / 2), min(next - 1, width) - nameWidth)
                text += String(repeating: " ", count: start - used) + name
                used = start + nameWidth
            }
            return text
        }
        return (lines, whole)
    }

    /// A row of `diagram` as one line.
    public func line(_ row: SequenceDiagram.Row) -> Line {
        switch row.shape {
        case .band: return band(row)
        case .arrow(let from, let to, let answer): return ladder(row, arrow: (from, to, answer))
        case .note(let party): return ladder(row, at: party)
        }
    }

    private func band(_ row: SequenceDiagram.Row) -> Line {
        let label = TerminalColumns.truncate(row.forms[0], to: max(1, width - 4))
        let text = "── " + label + " "
        let rest = max(0, width - TerminalColumns.of(text))
        return [
            Run(
                text: TerminalColumns.truncate(text, to: width) + String(repeating: "─", count: rest),
                role: .arrow(.step))
        ]
    }

    /// The lanes' lines with an arrow or a note drawn over them, then the label.
    private func ladder(
        _ row: SequenceDiagram.Row, arrow: (TimelineParty, TimelineParty, Bool)? = nil, at party: TimelineParty? = nil
    ) -> Line {
        let ladderWidth = min(width, labelColumn)
        var cells = [Character](repeating: " ", count: ladderWidth)
        var marked = [Bool](repeating: false, count: ladderWidth)
        for column in columns.values where column < ladderWidth { cells[column] = "│" }
        func put(_ character: Character, _ column: Int) {
            guard column >= 0, column < ladderWidth else { return }
            cells[column] = character
            marked[column] = true
        }
        if let (from, to, answer) = arrow, let start = columns[from], let end = columns[to] {
            let line: Character = answer ? "╌" : "─"
            let step = start < end ? 1 : -1
            put(start < end ? "├" : "┤", start)
            var column = start + step
            while column != end - step {
                put(line, column)
                column += step
            }
            put(start < end ? "▶" : "◀", end - step)
        }
        if let party, let column = columns[party] { put(Self.glyph(row.tone), column) }
        var line = Line()
        var pending = ""
        var pendingMarked = false
        for (character, isMarked) in zip(cells, marked) {
            if isMarked != pendingMarked, !pending.isEmpty {
                line.append(Run(text: pending, role: pendingMarked ? .arrow(row.tone) : .lane))
                pending = ""
            }
            pending.append(character)
            pendingMarked = isMarked
        }
        if !pending.isEmpty { line.append(Run(text: pending, role: pendingMarked ? .arrow(row.tone) : .lane)) }
        return line + label(row, room: width - ladderWidth)
    }

    /// A note's mark on its lane: a code stands out from what the app or the user notes.
    static func glyph(_ tone: SequenceDiagram.Tone) -> Character {
        switch tone {
        case .status, .error: "◆"
        case .callback: "◇"
        default: "●"
        }
    }

    /// The first form that fits `room` with the outcome, else the last form cut before it.
    private func label(_ row: SequenceDiagram.Row, room: Int) -> [Run] {
        guard room > 0 else { return [] }
        let outcome = row.outcome.map { " → " + $0 } ?? ""
        let outcomeRun = { (text: String) in
            text.isEmpty ? [] : [Run(text: text, role: .outcome(row.tone))]
        }
        if let form = row.forms.first(where: { TerminalColumns.of($0 + outcome) <= room }) {
            return [Run(text: form, role: .label(row.tone))] + outcomeRun(outcome)
        }
        let outcomeWidth = TerminalColumns.of(outcome)
        guard room - outcomeWidth >= 2 else {
            return [Run(text: TerminalColumns.truncate(row.forms.last! + outcome, to: room), role: .label(row.tone))]
        }
        let form = TerminalColumns.truncate(row.forms.last!, to: room - outcomeWidth)
        return [Run(text: form, role: .label(row.tone))] + outcomeRun(outcome)
    }
}
