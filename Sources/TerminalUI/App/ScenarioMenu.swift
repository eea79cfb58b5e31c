/// The scenario menu (`s`): the built-in scenarios, a filter typed after `/`, and the selected
/// row. Its model, keys and update are here, as each overlay's are in its own file; the UI
/// applies what an update asks for (playing, comparing, the pace).
public struct ScenarioMenu: Sendable, Equatable {
    /// An index into the catalog's rows (`UIModel.scenarioNames`).
    public var selection: Int
    /// The filter's words; nil when none is set.
    public var query: String?
    /// Letters go into the filter.
    public var isTyping = false

    public init(selection: Int, query: String? = nil) {
        self.selection = selection
        self.query = query
    }

    /// A catalog row: what the filter searches.
    typealias Row = (name: String, platform: String, integration: String, description: String)

    /// What a key in the menu asks of the UI.
    enum Outcome: Equatable {
        case stay
        case close
        case play(Int, autoplay: Bool)
        case compare(Int)
        case pace(slower: Bool)
    }

    /// The rows (indices into `rows`) that match every word of the filter, in name, platform,
    /// integration or description.
    func visible(in rows: [Row]) -> [Int] {
        let words = (query ?? "").lowercased().split(separator: " ")
        guard !words.isEmpty else { return Array(rows.indices) }
        return rows.indices.filter { index in
            let entry = rows[index]
            let text = "\(entry.name) \(entry.platform) \(entry.integration) \(entry.description)".lowercased()
            return words.allSatisfy { text.contains($0) }
        }
    }

    /// ↑↓ choose, `/` filters, ⏎ and `a` play, `v` compares, `+`/`-` pace; esc drops a filter
    /// before it closes the menu.
    mutating func update(_ key: Key, rows: [Row]) -> Outcome {
        if isTyping, typeFilter(key, rows: rows) { return .stay }
        switch PanelKeys.menu(filtered: query != nil).action(for: key) {
        case .back where query != nil: query = nil
        case .back: return .close
        case .move(let step): selection = moved(by: step, rows: rows)
        case .filter:
            query = query ?? ""
            isTyping = true
        case .play(let autoplay):
            guard visible(in: rows).contains(selection) else { break }
            return .play(selection, autoplay: autoplay)
        case .compare: return .compare(selection)
        case .pace(let slower): return .pace(slower: slower)
        case nil: break
        }
        return .stay
    }

    /// A key while the filter is typed; false for the keys it leaves to the menu (arrows, ⏎).
    /// `tab` ends the typing and keeps the filter, so that `a` and `v` are keys again.
    private mutating func typeFilter(_ key: Key, rows: [Row]) -> Bool {
        var typed = query ?? ""
        switch PanelKeys.menuFilter.action(for: key) {
        case .drop:
            // The first esc drops the filter; the next one closes the menu.
            query = nil
            isTyping = false
            return true
        case .keep:
            isTyping = false
            if typed.isEmpty { query = nil }
            return true
        case .erase: typed = String(typed.dropLast())
        case .menu: return false
        case nil:
            guard case .character(let character) = key else { return false }
            typed.append(character)
        }
        query = typed
        let shown = visible(in: rows)
        if !shown.contains(selection) { selection = shown.first ?? selection }
        return true
    }

    /// The selection moved by an arrow or a page among the rows the filter shows.
    private func moved(by step: Int, rows: [Row]) -> Int {
        let shown = visible(in: rows)
        guard let position = shown.firstIndex(of: selection) ?? (shown.isEmpty ? nil : 0) else { return selection }
        return shown[min(max(0, position + step), shown.count - 1)]
    }
}

enum MenuKey: Sendable, Equatable { case move(Int), filter, play(autoplay: Bool), compare, pace(slower: Bool), back }
enum MenuFilterKey: Sendable, Equatable { case drop, keep, erase, menu }

extension PanelKeys {
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
}
