/// The help overlay and the scenario menu.
struct OverlayRenderer {
    let model: UIModel

    func draw(_ overlay: Overlay, in area: Rect, _ canvas: inout Canvas) {
        switch overlay {
        case .help: drawHelp(in: area, &canvas)
        case .scenarios(let selection): drawScenarios(selection, in: area, &canvas)
        case .comparison(let view): ComparisonRenderer(view: view).draw(size: model.size, &canvas)
        }
    }

    static let helpSections: [(String, [(String, String)])] = [
        (
            "Everywhere",
            [
                ("tab", "switch between the device and the inspector"), ("? or F1", "this help"),
                ("s or F2", "scenario menu"), ("r or F5", "restart the scenario (or a fresh device)"),
                ("q or F10", "quit"),
            ]
        ),
        (
            "Device",
            [
                ("↑ ↓", "move"), ("⏎", "select / answer"), ("esc", "cancel, back, dismiss"),
                ("type", "search in pickers, fill in forms"), ("F3", "fill in a demo account (again: the next one)"),
                ("g", "Settings › TV Provider (home)"), ("c / n", "on a code: sign in on a second screen / new code"),
                ("l / b", "home: launch again / return to the foreground"),
            ]
        ),
        (
            "Inspector",
            [
                ("↑ ↓ PgUp PgDn", "move in the timeline, scroll details"), ("⏎", "open the detail of an entry"),
                ("1 2 3", "Timeline, Detail, State"), ("f", "filter the timeline by kind"),
                ("End", "follow the newest entry"),
            ]
        ),
        ("Autoplay", [("t or space", "take over by hand"), ("+ / -", "faster / slower")]),
        (
            "Scenario menu",
            [
                ("⏎ / a", "play by hand / by itself"), ("v", "compare two integrations side by side"),
                ("← →", "in a comparison: the other integration"), ("esc", "back to the menu, then close"),
            ]
        ),
    ]

    func drawHelp(in area: Rect, _ canvas: inout Canvas) {
        let height = min(area.height, Self.helpSections.reduce(0) { $0 + $1.1.count + 1 } + 3)
        let box = area.centered(width: min(area.width - 4, 72), height: height)
        canvas.fill(box, Style(.text, on: .surface))
        canvas.box(box, Style(.accent, on: .surface), title: "Keys")
        var y = box.y + 1
        for (title, keys) in Self.helpSections where y < box.maxY - 1 {
            canvas.line(
                title, in: Rect(x: box.x + 2, y: y, width: box.width - 4, height: 1),
                Style(.accent, on: .surface, bold: true))
            y += 1
            for (key, action) in keys where y < box.maxY - 1 {
                let row = Rect(x: box.x + 2, y: y, width: box.width - 4, height: 1)
                canvas.line(DisplayWidth.pad(key, to: 16) + action, in: row, Style(.text, on: .surface))
                y += 1
            }
        }
    }

    func drawScenarios(_ selection: Int, in area: Rect, _ canvas: inout Canvas) {
        canvas.fill(area, Style(.text))
        let box = area.inset(horizontal: 1, vertical: 0)
        canvas.fill(box, Style(.text, on: .surface))
        canvas.box(
            box, Style(.accent, on: .surface),
            title:
                "Scenarios — ⏎ play by hand · a autoplay (\(ScenarioStatus.describe(model.scenario.pace))) · v compare")
        let inner = box.inset(horizontal: 2, vertical: 1)
        let (list, description) = inner.splitTop(inner.height - 2)
        let nameWidth = min(40, list.width / 2)
        let rows = model.scenarioNames.map {
            ListRow(DisplayWidth.pad($0.name, to: nameWidth) + " \($0.platform) \($0.integration)")
        }
        canvas.list(rows, selected: selection, in: list)
        if model.scenarioNames.indices.contains(selection) {
            canvas.paragraph(model.scenarioNames[selection].description, in: description, Style(.muted, on: .surface))
        }
    }
}
