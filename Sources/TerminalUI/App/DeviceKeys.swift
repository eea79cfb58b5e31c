import VSASimulator

/// A key on one of the device's screens, defined once: the screen's handler acts on what it
/// maps to, the key bar offers it under `hint`, and the help's device section lists it under
/// `help`. A test holds the Keys article to these tables.
struct ScreenKey<Action: Sendable>: Sendable {
    /// The keys, and what each one does (`↑` and `↓` move opposite ways).
    let presses: [(key: Key, action: Action)]
    /// How the key bar names the keys: `↑↓`, `⏎`, `esc`.
    let keycap: String
    /// What the key bar calls it (a catalog key); nil where the bar does not offer it.
    let hint: String?
    /// The help's line (how it names the keys, and a catalog key); nil where another screen's
    /// line already says it.
    let help: (keys: String, action: String)?

    init(
        _ keycap: String, _ presses: [(Key, Action)], hint: String?, help: (keys: String, action: String)? = nil
    ) {
        self.keycap = keycap
        self.presses = presses.map { (key: $0.0, action: $0.1) }
        self.hint = hint
        self.help = help
    }

    init(_ keycap: String, _ keys: [Key], _ action: Action, hint: String?, help: (keys: String, action: String)? = nil)
    {
        self.init(keycap, keys.map { ($0, action) }, hint: hint, help: help)
    }
}

/// Where a screen takes letters as text (a search field, a form) or as keys of its own (the
/// codes menu): how the key bar names them and what it calls them, and the help's line for it.
struct Typing: Sendable {
    var keycap = "type"
    let hint: String?
    let help: (keys: String, action: String)?
}

/// The keys of one screen, in the key bar's order.
struct ScreenKeys<Action: Sendable>: Sendable {
    let keys: [ScreenKey<Action>]
    let typing: Typing?

    init(typing: Typing? = nil, _ keys: [ScreenKey<Action>]) {
        self.keys = keys
        self.typing = typing
    }

    /// What `key` does on this screen; nil when the table does not name it.
    func action(for key: Key) -> Action? {
        for binding in keys {
            if let press = binding.presses.first(where: { $0.key == key }) { return press.action }
        }
        return nil
    }

    /// The key bar's hints: typing first where the screen takes text.
    var hints: [(key: String, action: String)] {
        (typing.flatMap { typing in typing.hint.map { [(typing.keycap, $0)] } } ?? [])
            + keys.compactMap { key in key.hint.map { (key.keycap, $0) } }
    }

    /// The help's lines this screen adds.
    var helpLines: [(keys: String, action: String)] { [typing?.help].compactMap { $0 } + keys.compactMap(\.help) }
}

// MARK: - The device's screens

enum HomeKey: Sendable, Equatable { case move(Int), select, settings, launch, foreground }
enum SettingsKey: Sendable, Equatable { case move(Int), select, back }
enum PermissionKey: Sendable, Equatable { case switchButton, answer, allow, deny, dismiss }
enum PickerKey: Sendable, Equatable { case move(Int), first, last, pick, cancel, erase }
enum FormKey: Sendable, Equatable { case move(Int), confirm, demoAccount, cancel, erase }
enum CodeKey: Sendable, Equatable { case secondScreen, newCode, close }
enum CodeChooserKey: Sendable, Equatable { case move(Int), signIn, back }
enum NoticeKey: Sendable, Equatable { case ok }

enum DeviceKeys {
    static let move = ("↑ ↓", "help.device.move")
    static let arrows: [(Key, Int)] = [(.up, -1), (.down, 1)]
    static let pages: [(Key, Int)] = [(.up, -1), (.down, 1), (.pageUp, -10), (.pageDown, 10)]

    /// The key bar offers `l` only before the app has run, and then first (the renderer's choice).
    static let home = ScreenKeys<HomeKey>([
        ScreenKey("↑↓", arrows.map { ($0.0, .move($0.1)) }, hint: "bar.move", help: move),
        // The list is short: a move this far stops at its first or last row.
        ScreenKey("Home End", [(.home, .move(-Int(Int16.max))), (.end, .move(Int(Int16.max)))], hint: nil),
        ScreenKey("⏎", [.enter, .character(" ")], .select, hint: "bar.select", help: ("⏎", "help.device.select")),
        ScreenKey("g", [.character("g")], .settings, hint: "bar.settings", help: ("g", "help.device.settings")),
        ScreenKey("l", [.character("l")], .launch, hint: "bar.openApp", help: ("l", "help.device.launch")),
        ScreenKey("b", [.character("b")], .foreground, hint: nil, help: ("b", "help.device.foreground")),
    ])

    static let settings = ScreenKeys<SettingsKey>([
        ScreenKey("↑↓", arrows.map { ($0.0, .move($0.1)) }, hint: "bar.move"),
        ScreenKey("⏎", [.enter, .character(" ")], .select, hint: "bar.change"),
        ScreenKey("esc", [.escape], .back, hint: "bar.back", help: ("esc", "help.device.cancel")),
    ])

    static let permission = ScreenKeys<PermissionKey>([
        ScreenKey("←→", [.left, .right, .up, .down], .switchButton, hint: "bar.choose"),
        ScreenKey("⏎", [.enter, .character(" ")], .answer, hint: "bar.answer"),
        ScreenKey("esc", [.escape], .dismiss, hint: "bar.dismiss"),
        ScreenKey(
            "a / d", [(.character("a"), .allow), (.character("d"), .deny)], hint: nil,
            help: ("a / d", "help.device.alert")),
    ])

    /// Apple's picker: on tvOS, esc is the remote's Menu, back.
    static func picker(_ platform: DevicePlatform) -> ScreenKeys<PickerKey> {
        ScreenKeys(
            typing: Typing(hint: "bar.search", help: ("type", "help.device.type")),
            [
                ScreenKey("↑↓", pages.map { ($0.0, .move($0.1)) }, hint: "bar.move"),
                ScreenKey("⏎", [.enter], .pick, hint: "bar.pick"),
                ScreenKey("esc", [.escape], .cancel, hint: platform == .tvos ? "bar.back" : "bar.cancel"),
                ScreenKey(
                    "Home End", [(.home, .first), (.end, .last)], hint: nil, help: ("Home End", "help.device.ends")),
                ScreenKey("⌫", [.backspace], .erase, hint: nil),
            ])
    }

    static let form = ScreenKeys<FormKey>(
        typing: Typing(hint: nil, help: nil),
        [
            ScreenKey("↑↓", arrows.map { ($0.0, .move($0.1)) }, hint: "bar.field"),
            ScreenKey("F3", [.function(3)], .demoAccount, hint: "bar.demoAccount", help: ("F3", "help.device.demo")),
            ScreenKey("⏎", [.enter], .confirm, hint: "bar.signIn"),
            ScreenKey("esc", [.escape], .cancel, hint: "bar.cancel"),
            ScreenKey("⌫", [.backspace], .erase, hint: nil),
        ])

    static let mvpdPicker = ScreenKeys<PickerKey>(
        typing: Typing(hint: "bar.filter", help: nil),
        [
            ScreenKey("↑↓", pages.map { ($0.0, .move($0.1)) }, hint: "bar.move"),
            ScreenKey("⏎", [.enter], .pick, hint: "bar.choose"),
            ScreenKey("esc", [.escape], .cancel, hint: "bar.cancel"),
            ScreenKey("⌫", [.backspace], .erase, hint: nil),
        ])

    static let code = ScreenKeys<CodeKey>([
        ScreenKey(
            "c", [.character("c")], .secondScreen, hint: "bar.secondScreen", help: ("c / n", "help.device.code")),
        ScreenKey("n", [.character("n")], .newCode, hint: "bar.newCode"),
        ScreenKey("esc", [.escape], .close, hint: "bar.close"),
    ])

    static let codeChooser = ScreenKeys<CodeChooserKey>([
        ScreenKey("↑↓", arrows.map { ($0.0, .move($0.1)) }, hint: "bar.account"),
        ScreenKey("⏎", [.enter], .signIn, hint: "bar.signInThere"),
        ScreenKey("esc", [.escape], .back, hint: "bar.back"),
    ])

    static let notice = ScreenKeys<NoticeKey>([
        ScreenKey("⏎", [.enter, .escape, .character(" ")], .ok, hint: "bar.ok")
    ])

    /// The help's device section: each screen's lines, the first screen that names a line first.
    static var helpLines: [(keys: String, action: String)] {
        let all =
            home.helpLines + settings.helpLines + permission.helpLines + picker(.ios).helpLines + form.helpLines
            + mvpdPicker.helpLines + code.helpLines + codeChooser.helpLines + notice.helpLines
        var seen: Set<String> = []
        return all.filter { seen.insert($0.action).inserted }
    }
}
