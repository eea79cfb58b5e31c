// The keys of the inspector, of a scenario playing itself and of the overlays, each defined once
// as the device's are (see `ScreenKey`): their handlers, the key bar and the help read them here.
// An overlay with a model of its own (`CodesMenu`, `HelpBox`, `ScenarioMenu`, `FaultsPanel`,
// `ComparisonView`) keeps its keys beside it.

enum InspectorKey: Sendable, Equatable { case tab(Int), filter, move(Int), first, last, open, back }
enum AutoplayKey: Sendable, Equatable { case takeOver, pace(slower: Bool), global(GlobalAction) }

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
}
