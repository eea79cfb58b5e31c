// The keys of the inspector, of a scenario playing itself and of the overlays, each defined once
// as the device's are (see `ScreenKey`): their handlers, the key bar and the help read them here.
// An overlay with a model of its own (`CodesMenu`, `HelpBox`, `FaultsPanel`) keeps its keys
// beside it.

enum InspectorKey: Sendable, Equatable { case tab(Int), filter, move(Int), first, last, open, back }
enum AutoplayKey: Sendable, Equatable { case takeOver, pace(slower: Bool), global(GlobalAction) }
enum MenuKey: Sendable, Equatable { case move(Int), filter, play(autoplay: Bool), compare, pace(slower: Bool), back }
enum MenuFilterKey: Sendable, Equatable { case drop, keep, erase, menu }
enum ComparisonKey: Sendable, Equatable { case otherIntegration(forward: Bool), scroll(Int), page(Int), top, end, back }

enum PanelKeys {
    static let pages = DeviceKeys.pages

    /// The bar's `tab` and `?` hints are the global keys', named for where `tab` goes from here.
    static let inspector = ScreenKeys<InspectorKey>([
        ScreenKey(
            "↑↓", pages.map { ($0.0, .move($0.1)) }, hint: "bar.move", help: ("↑ ↓ PgUp PgDn", "help.inspector.move")),
        ScreenKey("⏎", [.enter], .open, hint: "bar.detail", help: ("⏎", "help.inspector.open")),
        ScreenKey(
            "1-3", [(.character("1"), .tab(1)), (.character("2"), .tab(2)), (.character("3"), .tab(3))],
            hint: "bar.tabs", help: ("1 2 3", "help.inspector.tabs")),
        ScreenKey("f", [.character("f")], .filter, hint: "bar.filter", help: ("f", "help.inspector.filter")),
        ScreenKey("Home End", [(.home, .first), (.end, .last)], hint: nil, help: ("Home End", "help.inspector.ends")),
        ScreenKey("esc", [.escape], .back, hint: nil),
    ])

    /// While a scenario plays itself the device takes these, and of the global keys only those
    /// that leave it or look at it.
    static let autoplay = ScreenKeys<AutoplayKey>(
        [
            ScreenKey(
                "t", [.character("t"), .character(" ")], .takeOver, hint: "bar.takeOver",
                help: ("t / space", "help.autoplay.takeOver")),
            ScreenKey(
                "+/-", [(.character("+"), .pace(slower: false)), (.character("-"), .pace(slower: true))],
                hint: "bar.pace",
                help: ("+ / -", "help.autoplay.pace")),
        ]
            + [GlobalAction.presenter, .quit, .restart, .scenarios, .codes, .help].compactMap { action in
                GlobalKey.binding(of: action)?.letter.map {
                    ScreenKey(String($0), [.character($0)], .global(action), hint: nil)
                }
            })

    /// The scenario menu; esc drops a filter before it closes the menu.
    static func menu(filtered: Bool) -> ScreenKeys<MenuKey> {
        ScreenKeys([
            ScreenKey("↑↓", pages.map { ($0.0, .move($0.1)) }, hint: "bar.choose"),
            ScreenKey("/", [.character("/")], .filter, hint: "bar.filter", help: ("/", "help.menu.filter")),
            ScreenKey("⏎", [.enter], .play(autoplay: false), hint: "bar.byHand", help: ("⏎ / a", "help.menu.play")),
            ScreenKey("a", [.character("a")], .play(autoplay: true), hint: "bar.autoplay"),
            ScreenKey("v", [.character("v")], .compare, hint: "bar.compare", help: ("v", "help.menu.compare")),
            ScreenKey(
                "+/-", [(.character("+"), .pace(slower: false)), (.character("-"), .pace(slower: true))],
                hint: "bar.pace",
                help: ("+ / -", "help.menu.pace")),
            ScreenKey("esc", [.escape], .back, hint: filtered ? "bar.dropFilter" : "bar.close"),
        ])
    }

    /// While a filter is typed: letters are the filter; the arrows and ⏎ stay the menu's.
    static let menuFilter = ScreenKeys<MenuFilterKey>(
        typing: Typing(hint: "bar.filter", help: nil),
        [
            ScreenKey("tab", [.tab, .backTab], .keep, hint: "bar.keepFilter", help: ("tab", "help.menu.keepFilter")),
            ScreenKey("↑↓", [.up, .down, .pageUp, .pageDown], .menu, hint: "bar.choose"),
            ScreenKey("⏎", [.enter], .menu, hint: "bar.byHand"),
            ScreenKey("esc", [.escape], .drop, hint: "bar.dropFilter"),
            ScreenKey("⌫", [.backspace], .erase, hint: nil),
        ])

    static let comparison = ScreenKeys<ComparisonKey>([
        ScreenKey(
            "←→", [(.left, .otherIntegration(forward: false)), (.right, .otherIntegration(forward: true))],
            hint: "bar.otherIntegration", help: ("← →", "help.menu.other")),
        ScreenKey("↑↓", [(.up, .scroll(-1)), (.down, .scroll(1))], hint: "bar.scroll"),
        ScreenKey("PgUp/PgDn", [(.pageUp, .page(-1)), (.pageDown, .page(1))], hint: "bar.page"),
        ScreenKey("Home End", [(.home, .top), (.end, .end)], hint: nil),
        ScreenKey("esc", [.escape], .back, hint: "bar.back", help: ("esc", "help.menu.back")),
    ])
}
