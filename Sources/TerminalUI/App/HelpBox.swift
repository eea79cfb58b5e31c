/// The list of keys (`?`), scrolled where the window is short. Its model, keys and update are
/// here, as each overlay's are in its own file.
public struct HelpBox: Sendable, Equatable {
    /// Lines scrolled off the top.
    public var scroll: Int

    public init(scroll: Int = 0) {
        self.scroll = scroll
    }

    /// Only a key meant to close it closes it; `maxScroll` keeps its last line at the bottom.
    /// Returns false when the box closes.
    mutating func update(_ key: Key, maxScroll: Int) -> Bool {
        switch PanelKeys.help.action(for: key) {
        case .scroll(let delta): scroll = min(maxScroll, max(0, scroll + delta))
        case .top: scroll = 0
        case .close: return false
        case nil: break
        }
        return true
    }
}

enum HelpKey: Sendable, Equatable { case scroll(Int), top, close }

extension PanelKeys {
    /// The help box scrolls where the window is short; only a key meant to close it closes it.
    static let help = ScreenKeys<HelpKey>([
        ScreenKey("↑↓", pages.map { ($0.0, .scroll($0.1)) }, hint: "bar.scroll"),
        ScreenKey("Home", [.home], .top, hint: nil),
        ScreenKey(
            "esc", [.escape, .enter, .character("?"), .character("q"), .function(1)], .close, hint: "bar.close"),
    ])
}
