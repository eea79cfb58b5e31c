import FlowCore
import VSASimulator

/// The codes menu (`k`): every status code the built-in scenarios reach on a platform with an
/// integration, one key each; a code's key walks to it. The menu's model, keys and update are
/// here, as each overlay's are in its own file; the UI applies what an update asks for.
public struct CodesMenu: Sendable, Equatable {
    public var platform: DevicePlatform
    public var integration: Integration

    public init(_ platform: DevicePlatform, _ integration: Integration) {
        self.platform = platform
        self.integration = integration
    }

    /// What a key in the menu asks of the UI.
    enum Outcome: Equatable {
        case stay
        case close
        /// Start the target's scenario and play it until its code shows.
        case walk(CodeTarget)
    }

    /// ← → (or tab) switch platform, ↑ ↓ integration, esc closes; a code's key, among the
    /// `targets` shown, walks to it.
    mutating func update(_ key: Key, targets: [CodeTarget]) -> Outcome {
        switch PanelKeys.codes.action(for: key) {
        case .otherPlatform:
            platform = platform == .ios ? .tvos : .ios
        case .otherIntegration(let forward):
            let all = Integration.allCases
            let index = all.firstIndex(of: integration) ?? 0
            integration = all[(index + (forward ? 1 : all.count - 1)) % all.count]
        case .close:
            return .close
        case nil:
            guard case .character(let character) = key, let target = targets.first(where: { $0.key == character })
            else { break }
            return .walk(target)
        }
        return .stay
    }
}

enum CodesKey: Sendable, Equatable { case otherPlatform, otherIntegration(forward: Bool), close }

extension PanelKeys {
    /// The codes menu: every other letter or digit is a code's key.
    static let codes = ScreenKeys<CodesKey>(
        typing: Typing(keycap: "key", hint: "bar.reachCode", help: nil),
        [
            ScreenKey("←→", [.left, .right, .tab, .backTab], .otherPlatform, hint: "bar.otherPlatform"),
            ScreenKey(
                "↑↓", [(.up, .otherIntegration(forward: false)), (.down, .otherIntegration(forward: true))],
                hint: "bar.otherIntegration"),
            ScreenKey("esc", [.escape], .close, hint: "bar.close"),
        ])
}

/// One entry of the codes menu: a status code, the scenario that reaches it, and its key.
struct CodeTarget: Equatable {
    let code: String
    let scenario: String
    let key: Character
}

extension UIModel {
    static let codeKeys = Array("123456789abcdefghijklmnoprstuvwxy")

    /// The codes the built-in scenarios reach on `platform`, each with the plainest scenario that
    /// reaches it (one of the running integration's when there is one) and a key of its own.
    func codeTargets(on platform: DevicePlatform, with integration: Integration) -> [CodeTarget] {
        let candidates = scenarioNames.filter { $0.platform == platform.rawValue }
        let own = candidates.filter { $0.integration == integration.rawValue }
        var chosen: [String: (rank: Plainness, name: String)] = [:]
        // The integration's own scenarios first; another's only for a code none of its own reaches.
        for group in [own, candidates] {
            var found: [String: (rank: Plainness, name: String)] = [:]
            for entry in group {
                let codes = scenarioCodes[entry.name] ?? []
                for code in Set(codes) where chosen[code] == nil {
                    let rank = Self.plainness(of: code, in: codes, name: entry.name)
                    if found[code].map({ rank < $0.rank }) ?? true { found[code] = (rank, entry.name) }
                }
            }
            chosen.merge(found) { kept, _ in kept }
        }
        return Self.menuOrder(chosen.keys).prefix(Self.codeKeys.count).enumerated().map { index, code in
            CodeTarget(code: code, scenario: chosen[code]?.name ?? "", key: Self.codeKeys[index])
        }
    }

    /// The codes in `StatusCode.all`'s order, the `CFG5xx` family last: a code a new scenario
    /// reaches takes its own place, and the keys of the others stay as presenters learnt them.
    static func menuOrder(_ codes: some Collection<String>) -> [String] {
        let places = Dictionary(uniqueKeysWithValues: StatusCode.all.enumerated().map { ($1.id, $0) })
        return codes.sorted { (places[$0] ?? Int.max, $0) < (places[$1] ?? Int.max, $1) }
    }

    /// How plainly a scenario shows `code`, smaller first: a name that names the code, then the
    /// fewest codes before it, then the fewest codes in all, then the shortest name. A walk to
    /// N005 should not pass two VSA404s on the way.
    typealias Plainness = (unnamed: Int, before: Int, total: Int, length: Int)

    static func plainness(of code: String, in codes: [String], name: String) -> Plainness {
        let word = code.lowercased().replacingOccurrences(of: "_", with: "-")
        let named = "-\(name)-".contains("-\(word)-")
        return (named ? 0 : 1, codes.firstIndex(of: code) ?? codes.count, codes.count, name.count)
    }
}
