import FlowRuntime
import SequenceDiagram

/// The inspector's Sequence tab: the session's timeline as a sequence diagram, the lanes' names
/// at the top, one row per entry below, following the newest entry or the one the
/// Timeline tab has selected.
struct SequenceRenderer {
    let model: UIModel

    func draw(in rect: Rect, _ canvas: inout Canvas) {
        let entries = model.visibleTimeline
        guard !entries.isEmpty else {
            canvas.line(model.strings("inspector.empty"), in: rect.row(0), Style(.muted))
            return
        }
        let layout = SequenceLayout(
            lanes: SequenceDiagram.lanes(of: entries, strings: model.strings), width: rect.width)
        for (index, line) in layout.header.enumerated() where index < rect.height {
            draw(line, in: rect.row(index), selected: false, &canvas)
        }
        let top = layout.header.count
        let rows = Rect(x: rect.x, y: rect.y + top, width: rect.width, height: max(0, rect.height - top))
        let selected = model.inspector.selection ?? entries.count - 1
        let offset = ListRow.scrollOffset(selected: selected, count: entries.count, height: rows.height)
        // `tvsim watch`: the audit's findings mark the arrows they are about.
        let findings = TimelineFinding.severities(in: model.timeline)
        for (index, entry) in entries.enumerated().dropFirst(offset).prefix(rows.height) {
            let isSelected = index == selected && model.inspector.selection != nil
            let row = SequenceDiagram.row(of: entry, strings: model.strings, findings: findings)
            let line = layout.line(row)
            draw(line, in: rows.row(index - offset), selected: isSelected, &canvas)
        }
    }

    private func draw(_ line: SequenceLayout.Line, in row: Rect, selected: Bool, _ canvas: inout Canvas) {
        if selected { canvas.fill(row, Style(.text, on: .selection)) }
        var x = row.x
        for run in line {
            var style = Self.style(run.role)
            if selected { style = style.on(.selection) }
            x = canvas.text(run.text, at: x, row.y, style, in: row)
        }
    }

    /// The colours of the timeline's kinds, so that a row reads the same in both tabs; lines and
    /// glyphs are line art, labels text.
    static func style(_ role: SequenceLayout.Role) -> Style {
        switch role {
        case .lane: Style(.muted).lineArt()
        case .header: Style(.text, bold: true)
        case .arrow(let tone): tone == .step ? Style(.success, bold: true) : style(tone).lineArt()
        case .label(let tone):
            switch tone {
            case .status, .error, .step: style(tone)
            case .screen, .note: Style(.muted)
            default: Style(.text)
            }
        case .outcome(let tone): tone == .failure ? Style(.error, bold: true) : Style(.muted)
        }
    }

    static func style(_ tone: SequenceDiagram.Tone) -> Style {
        switch tone {
        case .step: Style(.success, bold: true)
        case .call: Style(.accent)
        case .failure: Style(.error)
        case .framework: Style(.code)
        case .user: Style(.focus)
        case .screen, .note: Style(.muted)
        case .status: Style(.warning, bold: true)
        case .error: Style(.error, bold: true)
        case .callback: Style(.brand)
        }
    }
}
