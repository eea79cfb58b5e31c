import FlowCore
import Localization
import MockBackendAPI
import VSASimulator

/// The help overlay and the scenario menu.
struct OverlayRenderer {
    let model: UIModel

    func draw(_ overlay: Overlay, in area: Rect, _ canvas: inout Canvas) {
        switch overlay {
        case .help(let box): drawHelp(scroll: box.scroll, in: area, &canvas)
        case .scenarios(let menu): drawScenarios(menu, in: area, &canvas)
        case .comparison(let view):
            ComparisonRenderer(view: view, strings: model.strings).draw(size: model.size, &canvas)
        case .codes(let menu): drawCodes(menu.platform, menu.integration, in: area, &canvas)
        case .faults(let panel): drawFaults(panel, in: area, &canvas)
        }
    }

    static let helpSections: [(String, [(String, String)])] = [
        (
            "help.section.everywhere", GlobalKey.all.map { ($0.label, $0.help) }
        ),
        ("help.section.device", DeviceKeys.helpLines.map { ($0.keys, $0.action) }),
        ("help.section.inspector", PanelKeys.inspector.helpLines.map { ($0.keys, $0.action) }),
        ("help.section.autoplay", PanelKeys.autoplay.helpLines.map { ($0.keys, $0.action) }),
        (
            "help.section.menu",
            (PanelKeys.menu(filtered: false).helpLines + PanelKeys.menuFilter.helpLines
                + PanelKeys.comparison.helpLines).map { ($0.keys, $0.action) }
        ),
        ("help.section.faults", PanelKeys.faults.helpLines.map { ($0.keys, $0.action) }),
    ]

    /// The column where the actions start.
    static let helpKeyColumn = 16

    /// Every line of the help, section titles included, in the language of `strings`, for a box
    /// `width` columns wide inside: an action longer than its room wraps under itself.
    static func helpLines(_ strings: Strings, width: Int = .max) -> [(text: String, isTitle: Bool)] {
        helpSections.flatMap { title, keys in
            [(strings(title), true)]
                + keys.flatMap { key, action in
                    let room = max(8, width - helpKeyColumn)
                    let wrapped = width == .max ? [strings(action)] : DisplayWidth.wrap(strings(action), to: room)
                    return wrapped.enumerated().map { index, line in
                        let label = index == 0 ? KeyHints.label(of: key, strings) : ""
                        return (DisplayWidth.pad(label, to: helpKeyColumn) + line, false)
                    }
                }
        }
    }

    /// The help box: as wide as its longest line needs, within the window.
    static func helpBox(in area: Rect, _ strings: Strings) -> (box: Rect, lines: [(text: String, isTitle: Bool)]) {
        let longest = helpLines(strings).map { DisplayWidth.of($0.text) }.max() ?? 0
        let width = min(area.width - 4, longest + 4)
        let lines = helpLines(strings, width: width - 4)
        return (area.centered(width: width, height: min(area.height, lines.count + 2)), lines)
    }

    func drawHelp(scroll: Int, in area: Rect, _ canvas: inout Canvas) {
        let (box, lines) = Self.helpBox(in: area, model.strings)
        canvas.fill(box, Style(.text, on: .surface))
        let visible = max(0, box.height - 2)
        let top = min(scroll, max(0, lines.count - visible))
        let more = lines.count > visible ? " \(top + 1)–\(top + visible)/\(lines.count) ↑↓" : ""
        canvas.box(box, Style(.accent, on: .surface), title: model.strings("help.title") + more)
        for (index, line) in lines.dropFirst(top).prefix(visible).enumerated() {
            let row = Rect(x: box.x + 2, y: box.y + 1 + index, width: box.width - 4, height: 1)
            let style = line.isTitle ? Style(.accent, on: .surface, bold: true) : Style(.text, on: .surface)
            canvas.line(line.text, in: row, style)
        }
    }

    /// The menu's rows: a header per integration and platform, then its scenarios.
    static func scenarioRows(_ model: UIModel, visible: [Int], selection: Int, width: Int) -> ([ListRow], Int?) {
        var rows: [ListRow] = []
        var selectedRow: Int?
        var group = ""
        for index in visible {
            let entry = model.scenarioNames[index]
            let name =
                "\(Integration(rawValue: entry.integration)?.displayName ?? entry.integration) · "
                + (DevicePlatform(rawValue: entry.platform)?.displayName ?? entry.platform)
            if name != group {
                rows.append(
                    ListRow(name.uppercased(), style: Style(.accent, on: .surface, bold: true), selectable: false))
                group = name
            }
            if index == selection { selectedRow = rows.count }
            rows.append(ListRow(entry.name))
        }
        return (rows, selectedRow)
    }

    /// The faults panel: the routes on the left; the fault to add and the faults in force on the
    /// right.
    func drawFaults(_ panel: FaultsPanel, in area: Rect, _ canvas: inout Canvas) {
        let box = area.inset(horizontal: 1, vertical: 0)
        // The panel covers the panes: none of their borders may show in the margins beside it.
        canvas.fill(area, Style(.text, on: .background))
        canvas.fill(box, Style(.text, on: .surface))
        let strings = model.strings
        canvas.box(box, Style(.accent, on: .surface), title: strings("faults.title"))
        let inner = box.inset(horizontal: 2, vertical: 1)
        let (routes, right) = inner.splitLeft(min(30, inner.width / 3))
        let routeRows = FaultsPanel.routes.map { ListRow($0) }
        canvas.list(
            routeRows, selected: panel.route, in: routes.inset(horizontal: 0, vertical: 0),
            selectionStyle: Style(.text, on: panel.onActive ? .surface : .selection, bold: true))
        let detail = right.inset(horizontal: 2, vertical: 0)
        var y = detail.y
        func line(_ text: String, _ style: Style) {
            guard y < detail.maxY else { return }
            canvas.line(text, in: Rect(x: detail.x, y: y, width: detail.width, height: 1), style)
            y += 1
        }
        // The route names and the fault kinds are the mock's own words, as in its admin API.
        let labels = ["faults.route", "faults.kind", "faults.times"].map { strings($0) }
        let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
        func field(_ index: Int, _ value: String) -> String {
            DisplayWidth.pad(labels[index], to: labelWidth) + "   " + value
        }
        line(strings("faults.new"), Style(.accent, on: .surface, bold: true))
        line(field(0, FaultsPanel.routes[panel.route]), Style(.text, on: .surface))
        line(
            field(1, "‹ \(FaultsPanel.name(of: FaultsPanel.kinds[panel.kind], strings)) ›"), Style(.text, on: .surface))
        line(
            field(2, FaultsPanel.describe(times: FaultsPanel.timesChoices[panel.times], strings)),
            Style(.text, on: .surface))
        line(strings("faults.hint"), Style(.muted, on: .surface))
        y += 1
        line(strings("faults.inForce"), Style(.accent, on: .surface, bold: true))
        guard y < detail.maxY else { return }
        let active = model.activeFaults.map { ListRow(FaultsPanel.describe($0, strings)) }
        if active.isEmpty {
            line(strings("faults.none"), Style(.muted, on: .surface))
            return
        }
        canvas.list(
            active, selected: panel.onActive ? panel.activeSelection : nil,
            in: Rect(x: detail.x, y: y, width: detail.width, height: detail.maxY - y))
    }

    /// The codes menu: one row per code the catalog reaches on the platform, with its key.
    /// Each row: the key, the code, what it means, and the scenario the key plays (in the muted
    /// colour; another integration's when this one reaches no such code).
    func drawCodes(_ platform: DevicePlatform, _ integration: Integration, in area: Rect, _ canvas: inout Canvas) {
        let box = area.inset(horizontal: 1, vertical: 0)
        // The panel covers the panes: none of their borders may show in the margins beside it.
        canvas.fill(area, Style(.text, on: .background))
        canvas.fill(box, Style(.text, on: .surface))
        let other: DevicePlatform = platform == .ios ? .tvos : .ios
        canvas.box(
            box, Style(.accent, on: .surface),
            title: model.strings(
                "codes.title",
                ["platform": platform.displayName, "integration": integration.displayName, "other": other.displayName]))
        let inner = box.inset(horizontal: 2, vertical: 1)
        let targets = model.codeTargets(on: platform, with: integration)
        guard !targets.isEmpty else {
            canvas.line(model.strings("codes.loading"), in: inner.row(0), Style(.muted, on: .surface))
            return
        }
        // Two columns when the window is short.
        let columns = targets.count > inner.height ? 2 : 1
        let width = inner.width / columns
        for (index, target) in targets.enumerated() {
            let column = index / max(1, inner.height)
            guard column < columns else { break }
            let row = Rect(x: inner.x + column * width, y: inner.y + index % inner.height, width: width - 1, height: 1)
            let head = "\(target.key)  \(DisplayWidth.pad(target.code, to: 11)) "
            // The title names the integration and platform: their scenarios go without that prefix.
            let prefix = "\(integration.rawValue)-\(platform.rawValue)-"
            let scenario =
                " "
                + (target.scenario.hasPrefix(prefix)
                    ? String(target.scenario.dropFirst(prefix.count)) : target.scenario)
            let room = row.width - DisplayWidth.of(head) - DisplayWidth.of(scenario)
            let meaning = StatusCode.meaning(of: target.code, in: model.strings)
            canvas.line(head + DisplayWidth.truncate(meaning, to: max(0, room)), in: row, Style(.text, on: .surface))
            if room >= 12 { canvas.line(scenario, in: row, Style(.muted, on: .surface), align: .trailing) }
            canvas.line(String(target.key), in: row, Style(.accent, on: .surface, bold: true))
        }
    }

    func drawScenarios(_ menu: ScenarioMenu, in area: Rect, _ canvas: inout Canvas) {
        canvas.fill(area, Style(.text))
        let box = area.inset(horizontal: 1, vertical: 0)
        // The panel covers the panes: none of their borders may show in the margins beside it.
        canvas.fill(area, Style(.text, on: .background))
        canvas.fill(box, Style(.text, on: .surface))
        let strings = model.strings
        canvas.box(
            box, Style(.accent, on: .surface),
            title: strings("scenarios.title", ["pace": ScenarioStatus.describe(model.scenario.pace)]))
        let inner = box.inset(horizontal: 2, vertical: 1)
        let (top, description) = inner.splitTop(inner.height - 2)
        let (filterLine, list) = top.splitTop(1)
        let visible = menu.visible(in: model.scenarioNames)
        let selection = menu.selection
        let filter =
            menu.query.map { strings("scenarios.filter", ["query": $0]) + (menu.isTyping ? "▏" : "") }
            ?? strings("scenarios.filterHint")
        canvas.line(filter, in: filterLine, Style(menu.isTyping ? .focus : .muted, on: .surface))
        canvas.line(
            strings("scenarios.count", ["shown": "\(visible.count)", "total": "\(model.scenarioNames.count)"]),
            in: filterLine, Style(.muted, on: .surface),
            align: .trailing)
        let (rows, selectedRow) = Self.scenarioRows(model, visible: visible, selection: selection, width: list.width)
        canvas.list(rows, selected: selectedRow, in: list)
        if visible.isEmpty {
            canvas.line(strings("scenarios.none"), in: list.row(0), Style(.muted, on: .surface))
            return
        }
        if model.scenarioNames.indices.contains(selection) {
            canvas.paragraph(model.scenarioNames[selection].description, in: description, Style(.muted, on: .surface))
        }
    }
}
