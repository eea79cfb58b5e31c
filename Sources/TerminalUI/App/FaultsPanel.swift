import Localization
import MockBackendAPI
import PassAPI

/// The faults panel: a route, a kind of fault and how many times, and the faults in force. Its
/// model, keys and update are here, as each overlay's are in its own file.
public struct FaultsPanel: Sendable, Equatable {
    /// An index into `routes`.
    public var route = 0
    /// An index into `kinds`.
    public var kind = 0
    /// An index into `timesChoices`.
    public var times = 0
    /// The keyboard is on the faults in force (tab), not on the new one.
    public var onActive = false
    public var activeSelection = 0

    public init() {}

    /// The routes of the mock, by operation, as fault rules name them.
    static let routes = Endpoint.all.map(\.operation)

    /// The kinds of fault the panel offers: the transport-level faults first, then every
    /// documented enhanced error with its status. Each is named from the fault itself.
    static let kinds: [FaultRule.Fault] =
        [
            .latency(.init(milliseconds: 3_000)),
            .latency(.init(milliseconds: 500, shape: .uniform(maxMilliseconds: 3_000))),
            .latency(.init(milliseconds: 1_000, shape: .lognormal(sigma: 0.8))),
            .status(500, code: nil),
            .status(503, code: nil),
            .malformed,
            .reset,
            .empty,
            .garbage,
            .dribble(chunks: 5, durationMilliseconds: 3_000),
            .throttle(retryAfterSeconds: 2),
        ] + ErrorCode.allCases.map { .status($0.status, code: $0.rawValue) }

    /// How many requests a new fault affects; nil: every one.
    static let timesChoices: [Int?] = [1, 2, 3, 5, nil]

    /// The rule the panel's choices make; its routes and faults are the mock's own, so only a
    /// change to them could make it invalid.
    var rule: Result<FaultRule, FaultRule.Invalid> {
        Result { () throws(FaultRule.Invalid) in
            try FaultRule(route: Self.routes[route], fault: Self.kinds[kind], times: Self.timesChoices[times])
        }
    }

    /// How many requests a fault affects, as the panel says it.
    static func describe(times: Int?, _ strings: Strings) -> String {
        times.map { strings("fault.times", ["count": String($0)]) } ?? strings("fault.everyTime")
    }

    /// A fault as the panel names it, in the user's language (codes and routes stay protocol).
    static func name(of fault: FaultRule.Fault, _ strings: Strings) -> String {
        func time(_ milliseconds: Int) -> String { duration(milliseconds, strings) }
        return switch fault {
        case .latency(let delay):
            switch delay.shape {
            case .fixed: strings("fault.latency", ["duration": time(delay.milliseconds)])
            case .uniform(let maximum):
                strings("fault.latencyUniform", ["from": time(delay.milliseconds), "to": time(maximum)])
            case .lognormal: strings("fault.latencyLognormal", ["duration": time(delay.milliseconds)])
            }
        case .empty: strings("fault.empty")
        case .garbage: strings("fault.garbage")
        case .dribble(let chunks, let duration):
            strings("fault.dribble", ["chunks": String(chunks), "duration": time(duration)])
        case .status(let status, nil): "HTTP \(status)"
        case .status(let status, let code?): "\(status) \(code)"
        case .malformed: strings("fault.malformed")
        case .reset: strings("fault.reset")
        case .throttle(let seconds): strings("fault.throttle", ["duration": time((seconds ?? 1) * 1_000)])
        }
    }

    /// Whole seconds in seconds, anything else in milliseconds.
    static func duration(_ milliseconds: Int, _ strings: Strings) -> String {
        milliseconds % 1_000 == 0
            ? strings("unit.seconds", ["count": String(milliseconds / 1_000)])
            : strings("unit.milliseconds", ["count": String(milliseconds)])
    }

    /// A fault in force: its number, route, kind and how many more times.
    static func describe(_ rule: FaultRule, _ strings: Strings) -> String {
        "#\(rule.id ?? 0)  \(describeNew(rule, strings))"
    }

    /// A fault not yet numbered: its route, kind and how many times.
    static func describeNew(_ rule: FaultRule, _ strings: Strings) -> String {
        "\(rule.route)  \(name(of: rule.fault, strings))  \(describe(times: rule.times, strings))"
    }
}

extension FaultsPanel {
    /// What a key in the panel asks of the UI.
    enum Outcome: Equatable {
        /// The panel stays, with these commands for the back end and a line for the key bar.
        case stay([UICommand], flash: String?)
        case close
    }

    /// ↑↓ route, ←→ kind, +/- times, ⏎ inject; tab to the faults in force (`active`), where x
    /// removes one; esc closes.
    mutating func update(_ key: Key, active: [FaultRule], _ strings: Strings) -> Outcome {
        switch PanelKeys.faults.action(for: key) {
        case .close:
            return .close
        case .switchList:
            onActive.toggle()
        case .move(let distance):
            if onActive {
                // The faults in force are few: a page moves by one too.
                let step = distance < 0 ? -1 : 1
                activeSelection = min(max(0, activeSelection + step), max(0, active.count - 1))
            } else {
                route = min(max(0, route + distance), Self.routes.count - 1)
            }
        case .kind(let forward):
            kind = (kind + (forward ? 1 : Self.kinds.count - 1)) % Self.kinds.count
        case .times(let change): times = min(Self.timesChoices.count - 1, max(0, times + change))
        case .add where !onActive:
            switch rule {
            case .success(let rule):
                return .stay(
                    [.addFault(rule), .listFaults],
                    flash: strings("flash.faultAdded", ["fault": Self.describeNew(rule, strings)]))
            case .failure(let invalid):
                return .stay([], flash: strings("flash.faultNotAdded", ["reason": "\(invalid)"]))
            }
        case .remove:
            guard onActive, active.indices.contains(activeSelection), let id = active[activeSelection].id else { break }
            return .stay([.removeFault(id), .listFaults], flash: nil)
        case .add, nil:
            break
        }
        return .stay([], flash: nil)
    }
}

enum FaultsKey: Sendable, Equatable { case move(Int), kind(forward: Bool), times(Int), add, switchList, remove, close }

extension PanelKeys {
    static let faults = ScreenKeys<FaultsKey>([
        ScreenKey("↑↓", pages.map { ($0.0, .move($0.1)) }, hint: "bar.route", help: ("↑ ↓", "help.faults.route")),
        ScreenKey(
            "←→", [(.left, .kind(forward: false)), (.right, .kind(forward: true))], hint: "bar.kind",
            help: ("← →", "help.faults.kind")),
        ScreenKey(
            "+/-", [(.character("+"), .times(1)), (.character("-"), .times(-1))], hint: "bar.times",
            help: ("+ / -", "help.faults.times")),
        ScreenKey("⏎", [.enter], .add, hint: "bar.add", help: ("⏎", "help.faults.add")),
        ScreenKey("tab", [.tab, .backTab], .switchList, hint: "bar.inForce", help: ("tab", "help.faults.inForce")),
        ScreenKey("x", [.character("x"), .delete], .remove, hint: nil, help: ("x", "help.faults.remove")),
        ScreenKey("esc", [.escape], .close, hint: "bar.close"),
    ])
}
