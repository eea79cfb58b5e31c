import FlowRuntime
import Localization

/// What the Step pane says about the timeline row it explains (the selected one, or the newest):
/// the cookbook step that led to it, that step's explanation, and the status code the step
/// reached by then. Worked out once for the layout (the pane grows to hold the explanation) and
/// for the drawing.
struct StepPaneText: Equatable {
    var title: String
    var explanation: [String]
    /// The code and its meaning, in at most two rows at the bottom.
    var status: [String]

    /// Rows the text takes inside the pane's border.
    var rows: Int { 1 + explanation.count + status.count }

    init?(_ model: UIModel, width: Int) {
        let explained = model.explainedEntry
        guard width > 0, let stepEntry = model.step(leadingTo: explained), let step = stepEntry.step else {
            return nil
        }
        let strings = model.strings
        title = step.label(in: strings)
        explanation = DisplayWidth.wrap(step.explanation(in: strings), to: width)
        status = []
        let cutoff = explained?.id ?? Int.max
        if let reached = model.timeline.last(where: {
            $0.kind == .status && $0.id > stepEntry.id && $0.id <= cutoff
        }), let code = reached.status {
            // What the flow said about this occurrence (which screen was closed, what failed)
            // explains it better than the code's general meaning.
            let meaning = reached.statusDetail(in: strings) ?? code.meaning(in: strings)
            let wrapped = DisplayWidth.wrap("\(reached.statusLabel(in: strings) ?? code.id): \(meaning)", to: width)
            status = wrapped.count <= 2 ? wrapped : [wrapped[0], wrapped.dropFirst().joined(separator: " ")]
        }
    }
}

extension UIModel {
    /// The window's layout, with the Step pane as tall as its text needs (within its bounds).
    var layout: ScreenLayout { layoutAndStepText.layout }

    /// The layout and the Step pane's text it was sized for, worked out once for a frame.
    var layoutAndStepText: (layout: ScreenLayout, stepText: StepPaneText?) {
        let base = ScreenLayout(size: size, platform: platform, presenting: presenting)
        // The pane's text sits inside its border and a column of margin on each side.
        guard !presenting, let text = StepPaneText(self, width: base.stepPane.width - 4) else { return (base, nil) }
        return (ScreenLayout(size: size, platform: platform, presenting: presenting, stepRows: text.rows), text)
    }
}
