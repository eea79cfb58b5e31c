import FlowRuntime
import Localization
import PassAPI

/// The forms a diagram is written in: the terminal's drawing as text, Mermaid's
/// `sequenceDiagram` for docs and wikis that render it, and a self-contained SVG for slides.
public enum SequenceFormat: String, Sendable, CaseIterable {
    case text, mermaid, svg

    /// The file extension an export takes.
    public var fileExtension: String {
        switch self {
        case .text: "txt"
        case .mermaid: "mmd"
        case .svg: "svg"
        }
    }

    public func render(_ diagram: SequenceDiagram, title: String, width: Int = SequenceText.width) -> String {
        switch self {
        case .text: SequenceText.render(diagram, width: width)
        case .mermaid: SequenceMermaid.render(diagram, title: title)
        case .svg: SequenceSVG.render(diagram, title: title)
        }
    }
}

/// The terminal's drawing as plain text, in Unicode box characters.
public enum SequenceText {
    /// Wide enough for the lanes at their full spacing and most labels whole.
    public static let width = 110

    public static func render(_ diagram: SequenceDiagram, width: Int = width) -> String {
        let layout = SequenceLayout(lanes: diagram.lanes, width: width)
        let lines = layout.header + diagram.rows.map(layout.line)
        return lines.map { line in
            var text = line.map(\.text).joined()
            while text.last == " " { text.removeLast() }
            return text
        }.joined(separator: "\n") + "\n"
    }
}

/// Mermaid's `sequenceDiagram`: a participant per lane, an arrow per call and one per answer,
/// steps and codes as notes.
public enum SequenceMermaid {
    public static func render(_ diagram: SequenceDiagram, title: String) -> String {
        var lines = ["sequenceDiagram", "    title \(text(title))"]
        for lane in diagram.lanes {
            lines.append("    participant \(lane.party.rawValue) as \(text(lane.name))")
        }
        let first = diagram.lanes.first?.party.rawValue ?? "app"
        let last = diagram.lanes.last?.party.rawValue ?? "app"
        let across = first == last ? first : "\(first),\(last)"
        for row in diagram.rows {
            switch row.shape {
            case .band:
                lines.append("    Note over \(across): \(text(row.forms[0]))")
            case .note(let party):
                lines.append("    Note over \(party.rawValue): \(text(row.forms[0]))")
            case .arrow(let from, let to, let answer):
                lines.append("    \(from.rawValue)\(answer ? "-->>" : "->>")\(to.rawValue): \(text(row.forms[0]))")
                if let outcome = row.outcome {
                    let arrow = row.tone == .failure ? "--x" : "-->>"
                    lines.append("    \(to.rawValue)\(arrow)\(from.rawValue): \(text(outcome))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A label as Mermaid reads it: one line, with the characters its syntax gives a meaning
    /// (`;` ends a statement, `#` starts an entity, `<` `>` make HTML) written as entities.
    static func text(_ label: String) -> String {
        var escaped = ""
        for character in TerminalSafeText.make(label, keepingLines: false) {
            switch character {
            case "#": escaped += "#35;"
            case ";": escaped += "#59;"
            case "<": escaped += "#lt;"
            case ">": escaped += "#gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
