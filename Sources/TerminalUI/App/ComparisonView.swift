import FlowCore
import FlowRuntime
import Localization
import SequenceDiagram

/// Which scenario to compare, with which two integrations.
public struct ComparisonRequest: Sendable, Equatable, Hashable {
    public var scenario: String
    public var left: Integration
    public var right: Integration

    public init(scenario: String, left: Integration, right: Integration) {
        self.scenario = scenario
        self.left = left
        self.right = right
    }
}

/// The scenario menu's comparison view: the selected scenario run headless with two
/// integrations, side by side (what `tvsim run --compare` prints).
public struct ComparisonView: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        /// Both runs are going on in the background.
        case running
        case ready(Comparison)
        case failed(String)
    }

    public var request: ComparisonRequest
    public var content: Content = .running
    /// The first line of the rows shown.
    public var scroll = 0
    /// The two runs as sequence diagrams side by side, rather than as aligned rows.
    public var showsDiagrams = false
    /// The scenario menu it was opened from, filter and all, to go back to.
    public var menu: ScenarioMenu

    public init(request: ComparisonRequest, menu: ScenarioMenu) {
        self.request = request
        self.menu = menu
    }

    /// The integrations the right column can show: every one but the left.
    public var choices: [Integration] { Integration.allCases.filter { $0 != request.left } }

    /// The next (or previous) integration for the right column.
    func cycled(forward: Bool) -> Integration {
        let choices = choices
        let index = choices.firstIndex(of: request.right) ?? 0
        return choices[(index + (forward ? 1 : choices.count - 1)) % choices.count]
    }

    /// What a key in the comparison asks of the UI.
    enum Outcome: Equatable {
        case stay
        /// Back to the scenario menu it came from.
        case back
        /// Run `request` again, with another integration on the right.
        case compare
    }

    /// ←→ another integration on the right, ↑↓ and the pages scroll (`page` lines, at most
    /// `maxScroll`), esc goes back to the menu.
    mutating func update(_ key: Key, page: Int, maxScroll: Int) -> Outcome {
        switch PanelKeys.comparison.action(for: key) {
        case .back: return .back
        case .otherIntegration(let forward):
            request.right = cycled(forward: forward)
            content = .running
            scroll = 0
            return .compare
        case .scroll(let lines): scroll += lines
        case .page(let pages): scroll += pages * page
        case .top: scroll = 0
        case .end: scroll = Int.max / 2
        case .diagrams:
            showsDiagrams.toggle()
            scroll = 0
            return .stay
        case nil: return .stay
        }
        scroll = min(max(0, scroll), maxScroll)
        return .stay
    }
}

enum ComparisonKey: Sendable, Equatable {
    case otherIntegration(forward: Bool), scroll(Int), page(Int), top, end, diagrams, back
}

extension PanelKeys {
    static let comparison = ScreenKeys<ComparisonKey>([
        ScreenKey(
            "←→", [(.left, .otherIntegration(forward: false)), (.right, .otherIntegration(forward: true))],
            hint: "bar.otherIntegration", help: ("← →", "help.menu.other")),
        ScreenKey("↑↓", [(.up, .scroll(-1)), (.down, .scroll(1))], hint: "bar.scroll"),
        ScreenKey("PgUp/PgDn", [(.pageUp, .page(-1)), (.pageDown, .page(1))], hint: "bar.page"),
        ScreenKey("Home End", [(.home, .top), (.end, .end)], hint: nil),
        ScreenKey("d", [.character("d")], .diagrams, hint: "bar.diagrams", help: ("d", "help.compare.diagrams")),
        ScreenKey("esc", [.escape], .back, hint: "bar.back", help: ("esc", "help.menu.back")),
    ])
}

extension UIModel {
    /// `v` in the scenario menu: the selected scenario's own integration on the left, its
    /// counterpart on the right.
    mutating func openComparison(from menu: ScenarioMenu) -> [UICommand] {
        guard scenarioNames.indices.contains(menu.selection) else { return [] }
        let entry = scenarioNames[menu.selection]
        let left = Integration(rawValue: entry.integration) ?? .restV2
        let request = ComparisonRequest(scenario: entry.name, left: left, right: left.counterpart)
        overlay = .comparison(ComparisonView(request: request, menu: menu))
        return [.compare(request)]
    }

    /// The comparison's update, and what it asks for: the menu again, or another comparison.
    mutating func handleComparisonKey(_ view: ComparisonView, _ key: Key) -> [UICommand] {
        var view = view
        let outcome = view.update(
            key, page: max(1, ComparisonLayout(size: size).body.height - 1), maxScroll: maxComparisonScroll(view))
        overlay = .comparison(view)
        switch outcome {
        case .stay: return []
        case .back:
            overlay = .scenarios(view.menu)
            return []
        case .compare: return [.compare(view.request)]
        }
    }

    /// A comparison arrived; it is shown if it is still the one asked for.
    mutating func receive(_ request: ComparisonRequest, _ content: ComparisonView.Content) {
        guard case .comparison(var view) = overlay, view.request == request else { return }
        view.content = content
        view.scroll = min(view.scroll, maxComparisonScroll(view))
        overlay = .comparison(view)
    }

    /// How far the rows can scroll: until the last line is at the bottom.
    func maxComparisonScroll(_ view: ComparisonView) -> Int {
        guard case .ready(let comparison) = view.content else { return 0 }
        let layout = ComparisonLayout(size: size)
        if view.showsDiagrams {
            let rows = max(comparison.timelines.left.count, comparison.timelines.right.count)
            return max(0, rows - layout.diagramBody(for: comparison, strings: strings).height)
        }
        return max(0, ComparisonLayout.scrolled(comparison, width: layout.body.width).count - layout.body.height)
    }
}

/// Where the comparison view draws: a full-window box, a note, the column names and a rule that
/// stay, and the rows that scroll under them.
struct ComparisonLayout {
    let box: Rect
    let note: Rect
    /// The column names and the rule under them.
    let header: Rect
    let body: Rect

    init(size: Size) {
        let area = ScreenLayout(size: size, platform: .ios).body
        box = area.inset(horizontal: 1, vertical: 0)
        let inner = box.inset(horizontal: 2, vertical: 1)
        let (note, rest) = inner.splitTop(1)
        let (header, body) = rest.splitTop(2)
        self.note = note
        self.header = header
        self.body = body
    }

    /// The lines of the comparison at a width, without the heading: the column names and rule
    /// (kept at the top) and the lines that scroll.
    static func lines(_ comparison: Comparison, width: Int) -> (
        header: [ComparisonText.Line], body: [ComparisonText.Line]
    ) {
        let lines = ComparisonText.lines(comparison, width: width, heading: false)
        return (Array(lines.prefix(2)), Array(lines.dropFirst(2)))
    }

    static func scrolled(_ comparison: Comparison, width: Int) -> [ComparisonText.Line] {
        lines(comparison, width: width).body
    }

    /// The two diagrams' columns, a separator between them.
    var diagramColumns: (left: Rect, right: Rect) {
        let area = Rect(x: header.x, y: header.y, width: header.width, height: header.height + body.height)
        let width = max(1, (area.width - 3) / 2)
        return (
            Rect(x: area.x, y: area.y, width: width, height: area.height),
            Rect(x: area.x + width + 3, y: area.y, width: area.maxX - area.x - width - 3, height: area.height)
        )
    }

    /// The diagrams' lanes, side by side: each side's in its column.
    func diagramLayouts(for comparison: Comparison, strings: Strings) -> (left: SequenceLayout, right: SequenceLayout) {
        let columns = diagramColumns
        return (
            SequenceLayout(
                lanes: SequenceDiagram.lanes(of: comparison.timelines.left, strings: strings),
                width: columns.left.width),
            SequenceLayout(
                lanes: SequenceDiagram.lanes(of: comparison.timelines.right, strings: strings),
                width: columns.right.width)
        )
    }

    /// Where the diagrams' rows scroll: under the integrations' names and the taller header.
    func diagramBody(for comparison: Comparison, strings: Strings) -> Rect {
        let layouts = diagramLayouts(for: comparison, strings: strings)
        let top = 1 + max(layouts.left.header.count, layouts.right.header.count)
        let column = diagramColumns.left
        return Rect(x: column.x, y: column.y + top, width: column.width, height: max(0, column.height - top))
    }
}
