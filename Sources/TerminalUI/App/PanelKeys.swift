// The keys of a scenario playing itself, defined once as the device's are (see `ScreenKey`): its
// handler, the key bar and the help read them here. The inspector and each overlay with a model
// of its own (`InspectorModel`, `CodesMenu`, `HelpBox`, `ScenarioMenu`, `FaultsPanel`,
// `ComparisonView`) keep their keys beside them.

enum AutoplayKey: Sendable, Equatable { case takeOver, pace(slower: Bool), global(GlobalAction) }

enum PanelKeys {
    static let pages = DeviceKeys.pages

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
