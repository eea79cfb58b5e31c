import Localization

/// A comparison laid out in two columns at a width: what `tvsim run --compare` prints and what
/// the terminal UI's comparison view draws (with a style per line role). No line is wider than
/// the width; what does not fit is cut with `…`.
public enum ComparisonText {
    /// One line of the layout. Two-column lines have a left and a right cell, each already cut
    /// and padded to its column; the others have only `text`.
    public struct Line: Sendable, Equatable {
        public enum Role: Sendable, Equatable {
            /// The scenario and the note that expectations are not checked.
            case heading
            /// The integrations' names over their columns.
            case columns
            case rule
            /// A row's title with its mark.
            case stage
            /// A cookbook step under a row.
            case step
            /// A call under a step.
            case call
            case summary
            case blank
        }

        public let role: Role
        /// The mark of the row the line belongs to.
        public let mark: ComparisonRow.Mark?
        /// The whole line, fitted to the width, without trailing spaces.
        public let text: String
        /// For two-column lines: the cells, each padded to its column.
        public let cells: (gutter: String, left: String, right: String)?

        public static func == (a: Line, b: Line) -> Bool {
            a.role == b.role && a.mark == b.mark && a.text == b.text
        }
    }

    /// The columns at a width: a two-column gutter for the marks, the left column, ` │ `, the right.
    public struct Columns: Sendable, Equatable {
        public let width: Int
        public let left: Int
        public let right: Int
        public static let gutter = 2
        public static let separator = " │ "

        public init(width: Int) {
            self.width = max(width, 5)
            let room = self.width - Self.gutter - TerminalColumns.of(Self.separator)
            left = room / 2
            right = room - left
        }
    }

    public static let note =
        "Expectations are not checked: status codes and calls legitimately differ between integrations."

    /// The whole comparison: heading (optional), column names, rows, summary.
    public static func lines(_ comparison: Comparison, width: Int, heading: Bool = true) -> [Line] {
        let columns = Columns(width: width)
        var lines: [Line] = []
        if heading {
            let title = "\(comparison.scenario) (\(comparison.platform)) — \(comparison.description)"
            lines.append(single(.heading, title, columns))
            lines.append(single(.heading, note, columns))
            lines.append(single(.blank, "", columns))
        }
        lines.append(
            pair(
                .columns, nil, "", "\(comparison.left.name) (\(comparison.left.integration))",
                "\(comparison.right.name) (\(comparison.right.integration))", columns))
        lines.append(rule(columns))
        for row in comparison.rows {
            lines.append(single(.stage, "\(row.mark.symbol) \(row.title)", columns, mark: row.mark))
            let left = side(row.left)
            let right = side(row.right)
            for index in 0..<max(left.count, right.count) {
                let l = index < left.count ? left[index] : ("", Line.Role.call)
                let r = index < right.count ? right[index] : ("", Line.Role.call)
                let role: Line.Role = l.1 == .step || r.1 == .step ? .step : .call
                lines.append(pair(role, row.mark, "", l.0, r.0, columns))
            }
        }
        lines.append(rule(columns))
        lines += summary(comparison, columns)
        return lines
    }

    /// The lines as plain text, for the command line.
    public static func text(_ comparison: Comparison, width: Int) -> String {
        lines(comparison, width: width).map(\.text).joined(separator: "\n")
    }

    /// One side of a row: each step's label, then its calls indented under it. An empty side is `—`.
    static func side(_ segment: ComparisonSegment?) -> [(String, Line.Role)] {
        guard let segment else { return [("—", .call)] }
        var lines: [(String, Line.Role)] = []
        for step in segment.steps {
            if let label = step.label {
                lines.append((step.times > 1 ? "\(label) ×\(step.times)" : label, .step))
            }
            for call in step.calls { lines.append(("  " + call.display, .call)) }
        }
        return lines.isEmpty ? [("(no calls)", .call)] : lines
    }

    static func summary(_ comparison: Comparison, _ columns: Columns) -> [Line] {
        let left = comparison.left
        let right = comparison.right
        func codes(_ outcome: ComparisonOutcome) -> String {
            outcome.codes.isEmpty ? "none" : outcome.codes.joined(separator: " ")
        }
        func decisions(_ outcome: ComparisonOutcome) -> String {
            outcome.decisions.isEmpty ? "none" : outcome.decisions.joined(separator: "; ")
        }
        var lines: [Line] = [
            pair(.summary, nil, "", "HTTP calls: \(left.httpCalls)", "HTTP calls: \(right.httpCalls)", columns),
            pair(.summary, nil, "", "codes: \(codes(left))", "codes: \(codes(right))", columns),
            pair(.summary, nil, "", "outcome: \(left.summary)", "outcome: \(right.summary)", columns),
            pair(.summary, nil, "", "decisions: \(decisions(left))", "decisions: \(decisions(right))", columns),
        ]
        for index in 0..<max(left.problems.count, right.problems.count) {
            let l = index < left.problems.count ? "! \(left.problems[index])" : ""
            let r = index < right.problems.count ? "! \(right.problems[index])" : ""
            lines.append(pair(.summary, nil, "", l, r, columns))
        }
        let tally = comparison.tally
        var parts = [
            "\(comparison.rows.count) rows: \(tally.same) same", "\(tally.different) different",
            "\(tally.onlyLeft) only \(left.integration)", "\(tally.onlyRight) only \(right.integration)",
        ]
        .joined(separator: ", ")
        parts += tally.sameCodes ? " · same codes" : " · different codes"
        parts += tally.sameAuthentication ? " · same authentication" : " · different authentication"
        lines.append(single(.summary, parts, columns))
        return lines
    }

    static func single(_ role: Line.Role, _ text: String, _ columns: Columns, mark: ComparisonRow.Mark? = nil) -> Line {
        Line(role: role, mark: mark, text: trimmed(TerminalColumns.truncate(text, to: columns.width)), cells: nil)
    }

    static func pair(
        _ role: Line.Role, _ mark: ComparisonRow.Mark?, _ gutter: String, _ left: String, _ right: String,
        _ columns: Columns
    ) -> Line {
        let cells = (
            TerminalColumns.pad(gutter, to: Columns.gutter), TerminalColumns.pad(left, to: columns.left),
            TerminalColumns.pad(right, to: columns.right)
        )
        return Line(
            role: role, mark: mark, text: trimmed(cells.0 + cells.1 + Columns.separator + cells.2), cells: cells)
    }

    static func rule(_ columns: Columns) -> Line {
        let text =
            String(repeating: "─", count: Columns.gutter + columns.left + 1) + "┼"
            + String(repeating: "─", count: columns.right + 1)
        return Line(role: .rule, mark: nil, text: text, cells: nil)
    }

    static func trimmed(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}
