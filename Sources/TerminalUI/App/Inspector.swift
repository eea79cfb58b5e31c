import FlowRuntime
import Localization

/// The inspector beside the device: the session's timeline, one entry's detail, the state of the
/// device and the back end, and the session as a sequence diagram, in tabs. Its model, keys and update are here, as each
/// overlay's are in its own file; the UI gives it the timeline's length and how far the open
/// tab scrolls, and applies what an update asks for.
public struct InspectorModel: Sendable, Equatable {
    public enum Tab: Int, Sendable, CaseIterable {
        case timeline = 1, detail, state, sequence
        public func title(in strings: Strings) -> String {
            switch self {
            case .timeline: strings("inspector.tab.timeline")
            case .detail: strings("inspector.tab.detail")
            case .state: strings("inspector.tab.state")
            case .sequence: strings("inspector.tab.sequence")
            }
        }

        /// The tabs that list the timeline's entries, one per row, and share their selection.
        var listsEntries: Bool { self == .timeline || self == .sequence }
    }

    public var tab: Tab = .timeline
    /// Index into the filtered timeline, shared by the Timeline and Sequence tabs; nil follows
    /// the newest entry.
    public var selection: Int?
    public var filter: TimelineEntry.Kind?
    public var detailScroll = 0

    public init() {}

    /// What a key in the inspector asks of the UI beyond the inspector.
    enum Outcome: Equatable {
        case handled
        /// Give the keys back to the device.
        case back
        /// Not an inspector key: the global keys may take it.
        case unhandled
    }

    /// The inspector's keys over a timeline of `count` visible entries, where the Detail and
    /// State tabs scroll up to `maxScroll` lines (laid out only when a key scrolls).
    mutating func update(_ key: Key, count: Int, maxScroll: @autoclosure () -> Int) -> Outcome {
        switch PanelKeys.inspector.action(for: key) {
        case .tab(let number):
            tab = Tab(rawValue: number) ?? .timeline
            detailScroll = 0
        case .filter:
            let kinds: [TimelineEntry.Kind?] = [nil] + TimelineEntry.Kind.allCases
            let index = kinds.firstIndex { $0 == filter } ?? 0
            filter = kinds[(index + 1) % kinds.count]
            selection = nil
        // While following the newest entry nothing is highlighted; the first ↑ highlights it.
        case .move(let step) where tab.listsEntries && step < 0:
            selection = max(0, (selection ?? count) + step)
        case .move(let step) where tab.listsEntries:
            selection = selection.flatMap { $0 + step < count ? $0 + step : nil }
        case .last where tab.listsEntries: selection = nil
        case .first where tab.listsEntries: selection = 0
        case .last: detailScroll = maxScroll()
        case .first: detailScroll = 0
        case .move(let step):
            detailScroll = min(maxScroll(), max(0, detailScroll + step))
        case .open:
            tab = .detail
            detailScroll = 0
        case .back:
            return .back
        case nil:
            return .unhandled
        }
        return .handled
    }
}

enum InspectorKey: Sendable, Equatable { case tab(Int), filter, move(Int), first, last, open, back }

extension PanelKeys {
    /// The bar's `tab` and `?` hints are the global keys', named for where `tab` goes from here.
    static let inspector = ScreenKeys<InspectorKey>([
        ScreenKey(
            "↑↓", pages.map { ($0.0, .move($0.1)) }, hint: "bar.move", help: ("↑ ↓ PgUp PgDn", "help.inspector.move")),
        ScreenKey("⏎", [.enter], .open, hint: "bar.detail", help: ("⏎", "help.inspector.open")),
        ScreenKey(
            "1-4", (1...4).map { (.character(Character(String($0))), .tab($0)) },
            hint: "bar.tabs", help: ("1 2 3 4", "help.inspector.tabs")),
        ScreenKey("f", [.character("f")], .filter, hint: "bar.filter", help: ("f", "help.inspector.filter")),
        ScreenKey("Home End", [(.home, .first), (.end, .last)], hint: nil, help: ("Home End", "help.inspector.ends")),
        ScreenKey("esc", [.escape], .back, hint: nil),
    ])
}
