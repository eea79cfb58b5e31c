import FlowCore
import Localization

// The words of the flow's facts, from the string catalogs: FlowCore states status codes, cookbook
// steps and notices by key, and the timeline and the terminal UI word them here, in English for
// the timeline's record and in the user's language on screen.

extension StatusCode {
    /// The code as the timeline titles it, raised by `origin`: a REST app's decision point says
    /// it is the SDK's code.
    public func label(raisedBy origin: Origin = .sdk) -> String { label(in: .english, raisedBy: origin) }

    /// The label in the language of `strings`.
    public func label(in strings: Strings, raisedBy origin: Origin = .sdk) -> String {
        switch origin {
        case .sdk: id
        case .appDecision: strings("status.appDecision", ["code": id])
        }
    }

    /// The meaning in English, as the timeline keeps it.
    public var meaning: String { meaning(in: .english) }

    /// The meaning in the language of `strings`. `CFG5xx` codes share one text, with the status.
    public func meaning(in strings: Strings) -> String {
        Self.meaning(of: id, in: strings)
    }

    /// The meaning of the code named `id`, in the language of `strings`.
    public static func meaning(of id: String, in strings: Strings) -> String {
        guard id.hasPrefix("CFG5"), let status = Int(id.dropFirst(3)) else { return strings("status.\(id)") }
        return strings("status.CFG5xx", ["status": String(status)])
    }
}

extension CookbookStep {
    /// The explanation in English, as the timeline and the reports keep it.
    public var explanation: String { Strings.english(key) }

    /// The explanation in the language of `strings`.
    public func explanation(in strings: Strings) -> String { strings(key) }

    /// The catalog key of the step's name: its English is `title`, as the cookbook words it.
    public var titleKey: String { "stepTitle." + key.dropFirst("step.".count) }

    /// The step's name in the language of `strings` (an SDK call keeps its name in every one).
    public func title(in strings: Strings) -> String { strings.has(titleKey) ? strings(titleKey) : title }

    /// The step's number and name in the language of `strings`.
    public func label(in strings: Strings) -> String { "\(id) \(title(in: strings))" }
}

extension Notice {
    /// The title in English, as the timeline keeps it.
    public var title: String { text(in: .english).title }
    public var message: String { text(in: .english).message }

    /// Title and message in the language of `strings`.
    public func text(in strings: Strings) -> (title: String, message: String) {
        switch content {
        case .written(let title, let message):
            return (title, message)
        case .catalog(let key, let values, let keyedValues):
            let filled = values.merging(keyedValues.mapValues { strings($0) }) { value, _ in value }
            let pairs = filled.sorted { $0.key < $1.key }
            return (strings.fill("\(key).title", pairs), strings.fill("\(key).message", pairs))
        }
    }
}
