import FlowCore
import FlowRuntime
import Foundation
import VSASimulator

/// Draws the whole window from the model: title bar, the device on the left, the inspector on
/// the right, the key bar at the bottom, and any overlay. Pure: same model, same cells.
public struct Renderer: Sendable {
    public let theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    public func render(_ model: UIModel) -> CellBuffer {
        var canvas = Canvas(size: model.size)
        if model.isTooSmall {
            drawTooSmall(model, &canvas)
            return canvas.buffer
        }
        let layout = ScreenLayout(size: model.size, platform: model.platform, presenting: model.presenting)
        drawTitleBar(model, in: layout.titleBar, &canvas)
        DeviceRenderer(model: model).draw(in: layout.devicePane, &canvas)
        if !model.presenting { InspectorRenderer(model: model).draw(layout, &canvas) }
        drawKeyBar(model, in: layout.keyBar, &canvas)
        if let overlay = model.overlay { OverlayRenderer(model: model).draw(overlay, in: layout.body, &canvas) }
        return canvas.buffer
    }

    func drawTooSmall(_ model: UIModel, _ canvas: inout Canvas) {
        let minimum = UIModel.minimumSize
        let message =
            "Make the window larger: tvsim needs at least \(minimum.width)×\(minimum.height); this one is \(model.size.width)×\(model.size.height)."
        let area = canvas.buffer.bounds.inset(horizontal: 1, vertical: 0)
        let lines = DisplayWidth.wrap(message, to: max(1, area.width))
        let top = max(0, (area.height - lines.count) / 2)
        for (index, line) in lines.enumerated() where top + index < area.height {
            canvas.line(line, in: area.row(top + index), Style(.warning, bold: true), align: .center)
        }
    }

    func drawTitleBar(_ model: UIModel, in rect: Rect, _ canvas: inout Canvas) {
        let style = Style(.text, on: .surface)
        canvas.fill(rect, style)
        var left = " tvsim · \(model.appName) on \(model.platform.displayName) · \(model.integration.displayName)"
        if let name = model.scenario.name {
            left += " · \(name)" + (model.scenario.autoplay ? " ▶ \(ScenarioStatus.describe(model.scenario.pace))" : "")
        }
        let clock = Self.clockText(model.now) + " "
        // The title gives way to the clock: cut with an ellipsis, two columns before it.
        let room = Rect(x: rect.x, y: rect.y, width: max(0, rect.width - DisplayWidth.of(clock) - 2), height: 1)
        canvas.line(left, in: room, style.bolded())
        canvas.line(clock, in: rect, Style(.muted, on: .surface), align: .trailing)
    }

    /// `HH:mm:ss UTC`. Drawn on every frame, so it is plain arithmetic: a DateFormatter made a
    /// quarter of the cost of a redraw.
    static func clockText(_ milliseconds: Int64) -> String {
        guard milliseconds > 0 else { return "" }
        let seconds = milliseconds / 1000 % 86_400
        let parts = [seconds / 3600, seconds / 60 % 60, seconds % 60].map { TimelineText.padded($0, 2) }
        return parts.joined(separator: ":") + " UTC"
    }

    func drawKeyBar(_ model: UIModel, in rect: Rect, _ canvas: inout Canvas) {
        let style = Style(.muted, on: .surface)
        canvas.fill(rect, style)
        canvas.line(KeyHints.bar(for: model, width: rect.width), in: rect, style)
    }
}

extension ScenarioStatus {
    static func describe(_ pace: Double) -> String {
        pace == pace.rounded() ? "\(Int(pace)) s/step" : "\(pace) s/step"
    }
}

/// The keys the bottom bar offers for what is on screen.
enum KeyHints {
    /// The bar's text: the flash message in full first (it goes away after a few seconds), then
    /// the hints. When they do not fit, the global hints go, then the arrows; help, which lists
    /// every key, stays; what still does not fit is cut.
    static func bar(for model: UIModel, width: Int) -> String {
        var hints = hints(for: model)
        let next = model.expectedStep.map { " next: \($0)  │" } ?? ""
        let prefix = (model.flash.map { " \($0)  │" } ?? "") + (model.overlay == nil ? next : "")
        func text() -> String { prefix + " " + hints.map { "\($0.key) \($0.action)" }.joined(separator: "  ") }
        while DisplayWidth.of(text()) > width,
            let index = hints.lastIndex(where: { Self.droppable.contains($0.key) })
        {
            hints.remove(at: index)
        }
        return DisplayWidth.truncate(text(), to: width)
    }

    static let droppable: Set<String> = ["↑↓", "←→", "tab", "s", "q", "r", "g", "+/-"]

    static func hints(for model: UIModel) -> [(key: String, action: String)] {
        let hints = allHints(for: model)
        guard model.presenting, model.overlay == nil else { return hints }
        // For an audience: what the device takes, and the way back.
        let kept = hints.filter { !["tab", "s", "r", "?", "q", "+/-"].contains($0.key) }
        return kept + [("z", "leave presenter view")]
    }

    static func allHints(for model: UIModel) -> [(key: String, action: String)] {
        if model.overlay != nil {
            if case .scenarios = model.overlay {
                if model.scenarioQuery != nil {
                    return [("type", "filter"), ("↑↓", "choose"), ("⏎", "by hand"), ("esc", "drop the filter")]
                }
                return [
                    ("↑↓", "choose"), ("/", "filter"), ("⏎", "by hand"), ("a", "autoplay"), ("v", "compare"),
                    ("+/-", "pace"), ("esc", "close"),
                ]
            }
            if case .faults = model.overlay {
                return [
                    ("↑↓", "route"), ("←→", "kind"), ("+/-", "times"), ("⏎", "add"), ("tab", "in force"),
                    ("esc", "close"),
                ]
            }
            if case .codes = model.overlay {
                return [("key", "reach that code"), ("←→", "other platform"), ("esc", "close")]
            }
            if case .comparison = model.overlay {
                return [("←→", "other integration"), ("↑↓", "scroll"), ("PgUp/PgDn", "page"), ("esc", "back")]
            }
            return [("↑↓", "scroll"), ("esc", "close")]
        }
        if model.scenario.autoplay {
            return [
                ("t", "take over"), ("+/-", "pace"), ("r", "restart"), ("s", "scenarios"), ("tab", "inspector"),
                ("?", "help"), ("q", "quit"),
            ]
        }
        if model.focus == .inspector {
            return [
                ("↑↓", "move"), ("⏎", "detail"), ("1-3", "tabs"), ("f", "filter"), ("tab", "device"), ("?", "help"),
            ]
        }
        var hints: [(String, String)]
        switch model.screen {
        case .home:
            hints = [("↑↓", "move"), ("⏎", "select"), ("g", "settings")]
            // Before the app has run, the one thing to do is to open it.
            if model.appNotOpened { hints.insert(("l", "open the app"), at: 0) }
        case .settings: hints = [("↑↓", "move"), ("⏎", "change"), ("esc", "back")]
        case .permission: hints = [("←→", "choose"), ("⏎", "answer"), ("esc", "dismiss")]
        case .picker:
            hints = [
                ("type", "search"), ("↑↓", "move"), ("⏎", "pick"), ("esc", model.platform == .tvos ? "back" : "cancel"),
            ]
        case .form: hints = [("↑↓", "field"), ("F3", "demo account"), ("⏎", "sign in"), ("esc", "cancel")]
        case .mvpdPicker: hints = [("type", "filter"), ("↑↓", "move"), ("⏎", "choose"), ("esc", "cancel")]
        case .code(chooser: nil): hints = [("c", "second screen"), ("n", "new code"), ("esc", "close")]
        case .code: hints = [("↑↓", "account"), ("⏎", "sign in there"), ("esc", "back")]
        case .notice: hints = [("⏎", "OK")]
        case .waiting: hints = []
        }
        let global: [(String, String)] =
            model.isTyping
            ? [("tab", "inspector"), ("F1", "help")]
            : [("tab", "inspector"), ("s", "scenarios"), ("?", "help"), ("q", "quit")]
        return hints + global
    }
}
