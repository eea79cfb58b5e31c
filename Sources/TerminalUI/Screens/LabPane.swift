import Foundation
import Labs
import Localization

/// `tvsim lab`'s left pane: where the client should call, then the lab's goals in order, each
/// met (`✓`), wrong with the finding that says why (`✗`), or pending (`·`); the next one (`›`)
/// with its hint when `h` asked for it; and, once every goal is met, how it went.
struct LabPane {
    let progress: LabProgress
    let baseURL: String?
    let focused: Bool
    let strings: Strings

    func draw(in pane: Rect, _ canvas: inout Canvas) {
        let frame = pane.inset(horizontal: 1, vertical: 0)
        let title = progress.lab.title(in: strings.language.rawValue)
        canvas.box(frame, Style(focused ? .focus : .muted), title: strings("lab.title", ["title": title]))
        let inner = frame.inset(horizontal: 2, vertical: 1)
        let (lines, next) = self.lines(width: inner.width)
        // The next goal stays in view, with the goals met just before it.
        let offset = max(0, min((next ?? 0) - 3, lines.count - inner.height))
        for (index, line) in lines.dropFirst(offset).prefix(inner.height).enumerated() {
            canvas.line(line.0, in: inner.row(index), line.1)
        }
    }

    /// The pane's lines at `width`, and which one is the next goal's.
    func lines(width: Int) -> ([(String, Style)], Int?) {
        var lines: [(String, Style)] = []
        /// `text` wrapped after `lead` (a goal's mark), its other lines under the text, all `indent`ed.
        func add(_ text: String, _ style: Style, indent: String = "", lead: String = "") {
            let hang = String(repeating: " ", count: indent.count + lead.count)
            for (index, line) in DisplayWidth.wrap(text, to: max(1, width - hang.count)).enumerated() {
                lines.append(((index == 0 ? indent + lead : hang) + line, style))
            }
        }
        add(strings("watch.pointAt"), Style(.muted))
        add(baseURL ?? "…", Style(.accent, bold: true))
        lines.append(("", Style(.text)))
        let next = progress.nextGoal
        var nextLine: Int?
        let language = strings.language.rawValue
        for result in progress.results {
            let goal = result.goal
            let words = progress.lab.words(of: goal, in: language)
            switch result.outcome {
            case .met:
                add("\(goal.step) \(words.title)", Style(.success), lead: "✓ ")
            case .wrong(let finding):
                // The rule and what happened, and the seed's words: a line each, the rest in Detail.
                add("\(goal.step) \(words.title)", Style(.error, bold: true), lead: "✗ ")
                let room = max(1, width - 4)
                lines.append(
                    ("    " + DisplayWidth.truncate("\(finding.rule.id): \(finding.message)", to: room), Style(.error)))
                lines.append(
                    (
                        "    "
                            + DisplayWidth.truncate("“\(finding.source.quote)” (\(finding.source.citation))", to: room),
                        Style(.muted)
                    ))
            case .pending where goal == next:
                nextLine = lines.count
                add("\(goal.step) \(words.title)", Style(.text, bold: true), lead: "› ")
                if progress.showsHint { addHint(goal.hint, text: words.text) { add($0, $1, indent: "    ") } }
            case .pending:
                add("\(goal.step) \(words.title)", Style(.muted), lead: "· ")
            }
        }
        lines.append(("", Style(.text)))
        if let started = progress.startedAt, let finished = progress.finishedAt {
            let seconds = Int(finished.timeIntervalSince(started))
            add(
                strings(
                    "lab.summary",
                    [
                        "goals": "\(progress.lab.goals.count)",
                        "time": String(format: "%02d:%02d", seconds / 60, seconds % 60),
                        "findings": "\(progress.findings)", "hints": "\(progress.hintsUsed)",
                    ]), Style(.success, bold: true))
        } else if progress.grade == nil {
            add(strings("lab.waiting"), Style(.muted))
        } else if !progress.showsHint {
            add(strings("lab.hintKey"), Style(.muted))
        }
        return (lines, nextLine)
    }

    /// The hint's request, headers and fields as they are (protocol), its `text` in the session's language.
    private func addHint(_ hint: Lab.Hint, text: String, _ add: (String, Style) -> Void) {
        add(hint.request, Style(.accent))
        if !hint.headers.isEmpty {
            add(strings("lab.hint.headers") + hint.headers.joined(separator: ", "), Style(.text))
        }
        if !hint.fields.isEmpty { add(strings("lab.hint.fields") + hint.fields.joined(separator: ", "), Style(.text)) }
        add(text, Style(.text))
        if let curl = hint.curl { add("$ " + curl, Style(.code)) }
    }
}
