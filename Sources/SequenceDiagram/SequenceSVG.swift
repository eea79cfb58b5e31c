import FlowRuntime
import Localization
import PassAPI

/// The diagram as a self-contained SVG: system fonts, no script, nothing fetched. Its colours
/// follow the reader's light or dark setting, and every arrow reads without colour too (calls
/// solid, answers dashed, a failed answer crossed).
public enum SequenceSVG {
    static let margin = 24
    static let laneSpacing = 200
    static let headerHeight = 34
    static let rowHeight = 30
    static let labelRoom = 320
    /// A monospaced character at the labels' size, for the width of the drawing.
    static let characterWidth = 7.3

    public static func render(_ diagram: SequenceDiagram, title: String) -> String {
        var lanes: [TimelineParty: Int] = [:]
        for (index, lane) in diagram.lanes.enumerated() { lanes[lane.party] = margin + 92 + index * laneSpacing }
        let ladderEnd = margin + 92 + (diagram.lanes.count - 1) * laneSpacing
        let longest = diagram.rows.map { TerminalColumns.of($0.label) }.max() ?? 0
        let width = max(ladderEnd + labelRoom, margin * 2 + Int(Double(longest) * characterWidth) + 40)
        let rowCount = diagram.rows.reduce(0) { $0 + ($1.outcome == nil ? 1 : 2) }
        let top = margin + headerHeight + 12
        let height = top + rowCount * rowHeight + margin

        var body: [String] = []
        for lane in diagram.lanes {
            let x = lanes[lane.party] ?? 0
            body.append(
                "<line class=\"lifeline\" x1=\"\(x)\" y1=\"\(margin + headerHeight)\" x2=\"\(x)\" y2=\"\(height - margin)\"/>"
            )
            body.append(
                "<rect class=\"party\" x=\"\(x - 92)\" y=\"\(margin)\" width=\"184\" height=\"\(headerHeight)\" rx=\"6\"/>"
            )
            body.append(
                "<text class=\"party-name\" x=\"\(x)\" y=\"\(margin + 22)\" text-anchor=\"middle\">"
                    + escape(TerminalColumns.truncate(lane.name, to: 22)) + "</text>")
        }
        var y = top
        for row in diagram.rows {
            let tone = toneClass(row.tone)
            switch row.shape {
            case .band:
                body.append(
                    "<rect class=\"band\" x=\"\(margin / 2)\" y=\"\(y + 3)\" width=\"\(width - margin)\" "
                        + "height=\"\(rowHeight - 6)\" rx=\"4\"/>")
                body.append(
                    "<text class=\"label step\" x=\"\(margin)\" y=\"\(y + 20)\">\(escape(row.forms[0]))</text>")
                y += rowHeight
            case .note(let party):
                let x = lanes[party] ?? margin
                body.append(
                    "<rect class=\"note \(tone)\" x=\"\(x - 6)\" y=\"\(y + 9)\" width=\"12\" height=\"12\" "
                        + "rx=\"\(row.tone == .status || row.tone == .error ? 0 : 6)\"/>")
                body.append(
                    "<text class=\"label \(tone)\" x=\"\(x + 14)\" y=\"\(y + 20)\">\(escape(row.forms[0]))</text>")
                y += rowHeight
            case .arrow(let from, let to, let answer):
                body += arrow(
                    from: lanes[from] ?? 0, to: lanes[to] ?? 0, y: y, label: row.forms[0], tone: tone, dashed: answer,
                    crossed: false)
                y += rowHeight
                if let outcome = row.outcome {
                    body += arrow(
                        from: lanes[to] ?? 0, to: lanes[from] ?? 0, y: y, label: outcome, tone: tone, dashed: true,
                        crossed: row.tone == .failure)
                    y += rowHeight
                }
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" role="img" aria-label="\(escape(title))">
            <title>\(escape(title))</title>
            <style>
            \(style)
            </style>
            <defs>
            <marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" \
            orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker>
            </defs>
            <rect class="paper" width="100%" height="100%"/>
            \(body.joined(separator: "\n"))
            </svg>

            """
    }

    /// A labelled arrow: the label above the line, from the arrow's left end.
    static func arrow(
        from: Int, to: Int, y: Int, label: String, tone: String, dashed: Bool, crossed: Bool
    ) -> [String] {
        let lineY = y + rowHeight - 8
        let end = to + (from < to ? -2 : 2)
        var parts = [
            "<line class=\"arrow \(tone)\(dashed ? " dashed" : "")\" x1=\"\(from)\" y1=\"\(lineY)\" x2=\"\(end)\" "
                + "y2=\"\(lineY)\"\(crossed ? "" : " marker-end=\"url(#head)\"")/>",
            "<text class=\"label \(tone)\" x=\"\(min(from, to) + 8)\" y=\"\(lineY - 6)\">\(escape(label))</text>",
        ]
        if crossed {
            parts.append(
                "<path class=\"arrow \(tone)\" d=\"M\(end - 5),\(lineY - 5) L\(end + 5),\(lineY + 5) "
                    + "M\(end - 5),\(lineY + 5) L\(end + 5),\(lineY - 5)\"/>")
        }
        return parts
    }

    static func toneClass(_ tone: SequenceDiagram.Tone) -> String {
        switch tone {
        case .step: "step"
        case .call: "call"
        case .failure: "failure"
        case .framework: "framework"
        case .user: "user"
        case .screen: "screen"
        case .status: "status"
        case .error: "error"
        case .callback: "callback"
        case .note: "muted"
        }
    }

    /// The colours of both schemes: light by default, dark where the reader prefers it.
    static let style = """
        svg { --paper: #ffffff; --ink: #1d1d1f; --line: #8e8e93; --band: #e8f5e9; --step: #1b7f3b;
          --call: #0a5fc2; --failure: #c62828; --framework: #7b3fb3; --user: #b35c00; --screen: #5f6368;
          --status: #9a6700; --callback: #007a78; }
        @media (prefers-color-scheme: dark) {
          svg { --paper: #1c1c1e; --ink: #f2f2f7; --line: #8e8e93; --band: #1f3a26; --step: #6fdc8c;
            --call: #6cb6ff; --failure: #ff7b72; --framework: #d2a8ff; --user: #ffb454; --screen: #c9d1d9;
            --status: #e3b341; --callback: #56d4dd; }
        }
        .paper { fill: var(--paper); }
        text { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace;
          font-size: 12px; fill: var(--ink); paint-order: stroke; stroke: var(--paper); stroke-width: 4px; }
        .party { fill: var(--paper); stroke: var(--ink); stroke-width: 1.5; }
        .party-name { font-weight: bold; font-size: 13px; }
        .lifeline { stroke: var(--line); stroke-width: 1; stroke-dasharray: 2 4; }
        .band { fill: var(--band); }
        .arrow { stroke-width: 1.6; fill: none; }
        .dashed { stroke-dasharray: 6 4; }
        .label.step { font-weight: bold; fill: var(--step); stroke: var(--band); }
        .call { stroke: var(--call); } text.call { fill: var(--call); stroke: var(--paper); }
        .failure, .error { stroke: var(--failure); } text.failure, text.error { fill: var(--failure); stroke: var(--paper); }
        .framework { stroke: var(--framework); } text.framework { fill: var(--framework); stroke: var(--paper); }
        .user { stroke: var(--user); } text.user { fill: var(--user); stroke: var(--paper); }
        .screen, .muted { stroke: var(--screen); } text.screen, text.muted { fill: var(--screen); stroke: var(--paper); }
        .status { stroke: var(--status); } text.status { fill: var(--status); stroke: var(--paper); }
        .callback { stroke: var(--callback); } text.callback { fill: var(--callback); stroke: var(--paper); }
        rect.note { fill: var(--paper); stroke-width: 2; }
        """

    /// Text as XML takes it: the markup characters as entities, and no character XML forbids.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in TerminalSafeText.make(text, keepingLines: false).unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\u{9}", "\u{A}", "\u{D}", "\u{20}"..."\u{D7FF}", "\u{E000}"..."\u{FFFD}", "\u{10000}"..."\u{10FFFF}":
                escaped.unicodeScalars.append(scalar)
            default: escaped += "\u{FFFD}"
            }
        }
        return escaped
    }
}
