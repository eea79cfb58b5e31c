import FlowCore
import FlowRuntime
import Foundation
import Localization
import VSASimulator

/// Draws the whole window from the model: title bar, the device on the left, the inspector on
/// the right, the key bar at the bottom, and any overlay. Pure: same model, same cells.
public struct Renderer: Sendable {
    public let theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    public func render(_ model: UIModel) -> CellBuffer { draw(model).buffer }

    /// The frame with what was cut to draw it.
    func draw(_ model: UIModel) -> Canvas {
        var canvas = Canvas(size: model.size)
        if model.isTooSmall {
            drawTooSmall(model, &canvas)
            return canvas
        }
        let (layout, stepText) = model.layoutAndStepText
        drawTitleBar(model, in: layout.titleBar, &canvas)
        DeviceRenderer(model: model).draw(in: layout.devicePane, &canvas)
        if !model.presenting { InspectorRenderer(model: model).draw(layout, stepText: stepText, &canvas) }
        drawKeyBar(model, in: layout.keyBar, &canvas)
        if let overlay = model.overlay { OverlayRenderer(model: model).draw(overlay, in: layout.body, &canvas) }
        return canvas
    }

    func drawTooSmall(_ model: UIModel, _ canvas: inout Canvas) {
        let minimum = UIModel.minimumSize
        let message = model.strings(
            "window.tooSmall",
            ["minimum": "\(minimum.width)×\(minimum.height)", "size": "\(model.size.width)×\(model.size.height)"])
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
        var left =
            " "
            + (model.watching.map { model.strings("window.watching", ["url": $0.baseURL]) }
                ?? model.strings(
                    "window.title",
                    [
                        "app": model.appName, "platform": model.platform.displayName,
                        "integration": model.integration.displayName,
                    ]))
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
        let strings = model.strings
        let next =
            model.expectedStep.map { step in
                " \(strings("bar.next", ["step": StepWords.describe(step, providerNames: model.providerNames)]))  │"
            } ?? ""
        let reached = model.reachedCode.map {
            " \(strings("bar.reached", ["code": $0.id, "meaning": $0.meaning(in: strings)]))  │"
        }
        let confirm = model.pendingConfirmationText.map { " \($0)  │" }
        let prefix =
            (confirm ?? "") + (reached ?? "") + (model.flash.map { " \($0)  │" } ?? "")
            + (model.overlay == nil ? next : "")
        // Actions are catalog keys; the keys themselves are what the user presses.
        func text() -> String {
            prefix + " " + hints.map { "\(label(of: $0.key, strings)) \(strings($0.action))" }.joined(separator: "  ")
        }
        while DisplayWidth.of(text()) > width,
            let index = hints.lastIndex(where: { Self.droppable.contains($0.key) })
        {
            hints.remove(at: index)
        }
        return DisplayWidth.truncate(text(), to: width)
    }

    /// A key as the bar names it: keys by their keycap; typing, and a key of one's choice, in the
    /// user's language.
    static func label(of key: String, _ strings: Strings) -> String {
        switch key {
        case "type": strings("help.key.type")
        case "key": strings("help.key.any")
        default: key
        }
    }

    static let droppable: Set<String> = ["↑↓", "←→", "tab", "s", "q", "r", "g", "+/-"]

    static func hints(for model: UIModel) -> [(key: String, action: String)] {
        let hints = allHints(for: model)
        guard model.presenting, model.overlay == nil else { return hints }
        // For an audience: what the device takes, and the way back.
        let kept = hints.filter { !["tab", "s", "r", "?", "q", "+/-"].contains($0.key) }
        return kept + [("z", "bar.leavePresenter")]
    }

    static func allHints(for model: UIModel) -> [(key: String, action: String)] {
        switch model.overlay {
        case .scenarios(let menu) where menu.isTyping: return PanelKeys.menuFilter.hints
        case .scenarios(let menu): return PanelKeys.menu(filtered: menu.query != nil).hints
        case .faults: return PanelKeys.faults.hints
        case .codes: return PanelKeys.codes.hints
        case .comparison: return PanelKeys.comparison.hints
        case .help: return PanelKeys.help.hints
        case nil: break
        }
        if model.scenario.autoplay {
            return PanelKeys.autoplay.hints
                + GlobalKey.hints([.restart, .scenarios, .switchPane, .help, .quit], typing: false)
        }
        if model.focus == .inspector {
            // From the inspector, tab goes back to the device.
            return PanelKeys.inspector.hints + [("tab", "bar.device")] + GlobalKey.hints([.help], typing: false)
        }
        var hints: [(key: String, action: String)]
        switch model.screen {
        case .home:
            // Before the app has run, the one thing to do is to open it.
            let all = DeviceKeys.home.hints
            let open = all.filter { $0.action == "bar.openApp" }
            hints = (model.appNotOpened ? open : []) + all.filter { $0.action != "bar.openApp" }
        case .settings: hints = DeviceKeys.settings.hints
        case .permission: hints = DeviceKeys.permission.hints
        case .picker: hints = DeviceKeys.picker(model.platform).hints
        case .form: hints = DeviceKeys.form.hints
        case .mvpdPicker: hints = DeviceKeys.mvpdPicker.hints
        case .code(chooser: nil): hints = DeviceKeys.code.hints
        case .code: hints = DeviceKeys.codeChooser.hints
        case .notice: hints = DeviceKeys.notice.hints
        case .waiting: hints = []
        }
        // Watching an outside app: no device to drive, no scenario to start.
        if model.watching != nil {
            let lab = model.lab?.nextGoal != nil ? PanelKeys.lab.hints : []
            return lab + GlobalKey.hints([.switchPane], typing: false) + [("f", "bar.faults"), ("e", "bar.export")]
                + GlobalKey.hints([.help, .quit], typing: false)
        }
        return hints + GlobalKey.hints([.switchPane, .scenarios, .help, .quit], typing: model.isTyping)
    }
}
