import FlowCore
import FlowRuntime
import Localization
import SequenceDiagram

/// The comparison view: the scenario run with two integrations, in two columns, the rows aligned
/// on the parts of the journey (differences in the accent colour, identical rows muted), or
/// (`d`) the two runs' sequence diagrams side by side.
struct ComparisonRenderer {
    let view: ComparisonView
    let strings: Strings

    func draw(size: Size, _ canvas: inout Canvas) {
        let layout = ComparisonLayout(size: size)
        canvas.fill(ScreenLayout(size: size, platform: .ios).body, Style(.text))
        canvas.fill(layout.box, Style(.text, on: .surface))
        let request = view.request
        canvas.box(
            layout.box, Style(.accent, on: .surface),
            title: "Compare \(request.scenario) — \(request.left.rawValue) ⇄ \(request.right.rawValue)")
        canvas.line(ComparisonText.note, in: layout.note, Style(.muted, on: .surface))
        switch view.content {
        case .running:
            let message =
                "Comparing… \(request.scenario) runs with \(request.left.displayName) and with \(request.right.displayName)."
            canvas.paragraph(message, in: centred(layout.body, lines: 2), Style(.text, on: .surface), align: .center)
        case .failed(let reason):
            canvas.paragraph(
                "The comparison could not run: \(reason)", in: layout.body, Style(.error, on: .surface, bold: true))
        case .ready(let comparison) where view.showsDiagrams:
            drawDiagrams(comparison, layout, &canvas)
        case .ready(let comparison):
            let (header, body) = ComparisonLayout.lines(comparison, width: layout.header.width)
            for (index, line) in header.enumerated() { draw(line, in: layout.header.row(index), &canvas) }
            let maximum = max(0, body.count - layout.body.height)
            let offset = min(view.scroll, maximum)
            for (index, line) in body.dropFirst(offset).prefix(layout.body.height).enumerated() {
                draw(line, in: layout.body.row(index), &canvas)
            }
            if maximum > 0 {
                let indicator = " \(min(body.count, offset + layout.body.height))/\(body.count) "
                canvas.line(
                    indicator,
                    in: Rect(x: layout.box.x, y: layout.box.maxY - 1, width: layout.box.width - 2, height: 1),
                    Style(.muted, on: .surface), align: .trailing)
            }
        }
    }

    /// Each run's diagram in its column, under its integration's name, scrolled together.
    func drawDiagrams(_ comparison: Comparison, _ layout: ComparisonLayout, _ canvas: inout Canvas) {
        let columns = layout.diagramColumns
        let layouts = layout.diagramLayouts(for: comparison, strings: strings)
        let body = layout.diagramBody(for: comparison, strings: strings)
        let sides = [
            (columns.left, layouts.left, comparison.timelines.left, comparison.left.name),
            (columns.right, layouts.right, comparison.timelines.right, comparison.right.name),
        ]
        let offset = min(view.scroll, max(0, max(sides[0].2.count, sides[1].2.count) - body.height))
        for (column, sequence, entries, name) in sides {
            canvas.line(name, in: column.row(0), Style(.text, on: .surface, bold: true))
            for (index, line) in sequence.header.enumerated() {
                draw(line, in: column.row(1 + index), &canvas)
            }
            let findings = TimelineFinding.severities(in: entries)
            for (index, entry) in entries.dropFirst(offset).prefix(body.height).enumerated() {
                let row = SequenceDiagram.row(of: entry, strings: strings, findings: findings)
                draw(
                    sequence.line(row), in: Rect(x: column.x, y: body.y + index, width: column.width, height: 1),
                    &canvas)
            }
        }
        for y in columns.left.y..<columns.left.maxY {
            canvas.text(" │ ", at: columns.left.maxX, y, Style(.muted, on: .surface).lineArt())
        }
    }

    private func draw(_ line: SequenceLayout.Line, in row: Rect, _ canvas: inout Canvas) {
        var x = row.x
        for run in line {
            x = canvas.text(run.text, at: x, row.y, SequenceRenderer.style(run.role).on(.surface), in: row)
        }
    }

    func centred(_ rect: Rect, lines: Int) -> Rect {
        Rect(x: rect.x, y: rect.y + max(0, (rect.height - lines) / 2), width: rect.width, height: lines)
    }

    func draw(_ line: ComparisonText.Line, in row: Rect, _ canvas: inout Canvas) {
        let style = Self.style(line)
        guard let cells = line.cells else {
            canvas.line(line.text, in: row, style)
            return
        }
        var x = row.x
        x = canvas.text(cells.gutter, at: x, row.y, style, in: row)
        x = canvas.text(cells.left, at: x, row.y, Self.cellStyle(cells.left, base: style), in: row)
        x = canvas.text(ComparisonText.Columns.separator, at: x, row.y, Style(.muted, on: .surface), in: row)
        canvas.text(cells.right, at: x, row.y, Self.cellStyle(cells.right, base: style), in: row)
    }

    /// Problems in the summary stand out, whatever the line.
    static func cellStyle(_ text: String, base: Style) -> Style {
        text.hasPrefix("! ") ? Style(.warning, on: .surface) : base
    }

    static func style(_ line: ComparisonText.Line) -> Style {
        switch line.role {
        case .heading, .blank: return Style(.muted, on: .surface)
        case .columns: return Style(.text, on: .surface, bold: true)
        case .rule: return Style(.muted, on: .surface)
        case .summary: return Style(.text, on: .surface)
        case .stage:
            switch line.mark {
            case .same?: return Style(.muted, on: .surface)
            case .different?: return Style(.accent, on: .surface, bold: true)
            case .onlyLeft?, .onlyRight?: return Style(.warning, on: .surface, bold: true)
            case nil: return Style(.text, on: .surface)
            }
        case .step:
            return line.mark == .same ? Style(.muted, on: .surface) : Style(.text, on: .surface, bold: true)
        case .call:
            return line.mark == .same ? Style(.muted, on: .surface) : Style(.code, on: .surface)
        }
    }
}
