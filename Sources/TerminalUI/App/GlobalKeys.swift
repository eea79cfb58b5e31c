/// What a key that works on every screen does.
enum GlobalAction: Sendable, Equatable {
    case switchPane, help, scenarios, restart, presenter, bugReport, codes, faults, stepDetail, redraw, quit

    /// Whether it plays the simulated device (a scenario, a restart, a walk to a code): not in
    /// `tvsim watch`, where an outside app makes the calls.
    var needsSimulatedDevice: Bool {
        switch self {
        case .scenarios, .restart, .codes: true
        default: false
        }
    }
}

/// A key that works on every screen, defined once: the key handler, the help's first section, the
/// key bar and the Keys article (a test holds it to this table) all read it here.
struct GlobalKey: Sendable {
    /// The letter, on screens that do not take letters as text.
    var letter: Character?
    /// The function key that does the same on every screen, text fields included.
    var functionKey: Int?
    /// The key's name where it is neither a letter nor a function key (`tab`, `Ctrl-L`).
    var named: String?
    let action: GlobalAction
    /// The help's line for it (a catalog key).
    let help: String
    /// What the key bar calls it (a catalog key), for the keys the bar offers.
    var hint: String?

    /// In the help's order.
    static let all: [GlobalKey] = [
        GlobalKey(named: "tab", action: .switchPane, help: "help.tab", hint: "bar.inspector"),
        GlobalKey(letter: "?", functionKey: 1, action: .help, help: "help.help", hint: "bar.help"),
        GlobalKey(letter: "s", functionKey: 2, action: .scenarios, help: "help.menu", hint: "bar.scenarios"),
        GlobalKey(letter: "r", functionKey: 5, action: .restart, help: "help.restart", hint: "bar.restart"),
        GlobalKey(letter: "z", functionKey: 8, action: .presenter, help: "help.presenter"),
        GlobalKey(letter: "e", functionKey: 7, action: .bugReport, help: "help.bugReport"),
        GlobalKey(letter: "k", functionKey: 4, action: .codes, help: "help.codes"),
        GlobalKey(letter: "f", functionKey: 6, action: .faults, help: "help.faults"),
        GlobalKey(functionKey: 9, action: .stepDetail, help: "help.stepDetail"),
        GlobalKey(named: "Ctrl-L", action: .redraw, help: "help.redraw"),
        GlobalKey(letter: "q", functionKey: 10, action: .quit, help: "help.quit", hint: "bar.quit"),
    ]

    static func binding(of action: GlobalAction) -> GlobalKey? { all.first { $0.action == action } }

    static func action(forLetter letter: Character) -> GlobalAction? { all.first { $0.letter == letter }?.action }

    static func binding(forFunctionKey number: Int) -> GlobalKey? { all.first { $0.functionKey == number } }

    /// How the help names it: `s / F2`, `F9`, `tab`.
    var label: String {
        if let named { return named }
        return [letter.map(String.init), functionKey.map { "F\($0)" }].compactMap { $0 }.joined(separator: " / ")
    }

    /// How the key bar names it: the function key while the screen takes letters as text.
    func keycap(typing: Bool) -> String {
        if let named { return named }
        if typing || letter == nil, let functionKey { return "F\(functionKey)" }
        return letter.map(String.init) ?? ""
    }

    /// The key bar's hints for `actions`, in that order.
    static func hints(_ actions: [GlobalAction], typing: Bool) -> [(key: String, action: String)] {
        actions.compactMap { action in
            binding(of: action).flatMap { key in key.hint.map { (key.keycap(typing: typing), $0) } }
        }
    }
}
