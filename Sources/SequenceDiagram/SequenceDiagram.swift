import Conformance
import FlowCore
import FlowRuntime
import Localization
import PassAPI

/// A session as a sequence diagram: one lane per party that takes part, one row per timeline
/// entry. HTTP calls, framework calls and the user's actions are arrows between lanes; status
/// codes, callbacks and notes sit on a lane; cookbook steps are bands across every lane.
///
/// The terminal UI, the text form, Mermaid and SVG all draw from this one model, so that the
/// four say the same thing.
public struct SequenceDiagram: Sendable, Equatable {
    public struct Lane: Sendable, Equatable {
        public let party: TimelineParty
        public let name: String
    }

    /// What a row is about, which decides its colour (and, without colour, its glyph).
    public enum Tone: Sendable, Equatable {
        case step, call, failure, framework, user, screen, status, error, callback, note
    }

    public enum Shape: Sendable, Equatable {
        /// A cookbook step, across every lane.
        case band
        /// A call or an answer from one lane to another; `answer` draws it dashed.
        case arrow(from: TimelineParty, to: TimelineParty, answer: Bool)
        /// Something that happens at one lane alone.
        case note(TimelineParty)
    }

    public struct Row: Sendable, Equatable {
        public let shape: Shape
        /// The label from its fullest form to its shortest: a narrow drawing takes the first that
        /// fits, and ends the last with `…` when none does.
        public let forms: [String]
        /// An exchange's outcome (`200`, `no answer: timeout`), kept apart so that it is never the
        /// part cut, and so that Mermaid and SVG draw it as the answer's arrow.
        public let outcome: String?
        public let tone: Tone
        /// The timeline entry the row draws.
        public let entryID: Int

        /// The fullest label, with the outcome.
        public var label: String { forms[0] + (outcome.map { " → " + $0 } ?? "") }
    }

    public let lanes: [Lane]
    public let rows: [Row]

    /// The diagram of `entries`, worded in the language of `strings`. Lanes without an event are
    /// left out.
    public init(entries: [TimelineEntry], strings: Strings = .english) {
        lanes = Self.lanes(of: entries, strings: strings)
        let findings = TimelineFinding.severities(in: entries)
        rows = entries.map { Self.row(of: $0, strings: strings, findings: findings) }
    }

    /// The lanes `entries` take part in, in their fixed order; the app's alone when none does.
    public static func lanes(of entries: [TimelineEntry], strings: Strings = .english) -> [Lane] {
        var parties = Set<TimelineParty>()
        for entry in entries {
            switch shape(of: entry) {
            case .band: break
            case .arrow(let from, let to, _): parties.formUnion([from, to])
            case .note(let party): parties.insert(party)
            }
        }
        if parties.isEmpty { parties.insert(.app) }
        return parties.sorted().map { Lane(party: $0, name: name(of: $0, strings: strings)) }
    }

    public static func name(of party: TimelineParty, strings: Strings) -> String {
        strings("sequence.lane.\(party.rawValue)")
    }

    /// Where an entry goes: steps across, codes and callbacks on the app's lane, the rest along
    /// its route (a note without one on the app's lane too).
    static func shape(of entry: TimelineEntry) -> Shape {
        switch entry.kind {
        case .step: return .band
        case .status, .callback: return .note(.app)
        default:
            guard let route = entry.route, !route.isNote else { return .note(entry.route?.from ?? .app) }
            return .arrow(from: route.from, to: route.to, answer: route.answers)
        }
    }

    /// The row of `entry`; `findings`, the gravest finding on each exchange (see
    /// `TimelineFinding.severities`), marks the arrows of the exchanges found wanting.
    public static func row(
        of entry: TimelineEntry, strings: Strings = .english, findings: [Int: Rule.Severity] = [:]
    ) -> Row {
        let shape = shape(of: entry)
        switch entry.kind {
        case .http:
            guard let exchange = entry.exchange else { break }
            let failed = exchange.failure != nil || (exchange.status ?? 0) >= 400
            let outcome = exchange.status.map(String.init) ?? "no answer" + (exchange.failure.map { ": " + $0 } ?? "")
            let severity = findings[exchange.id]
            let mark = severity.map { AuditReport.mark($0) + " " } ?? ""
            return Row(
                shape: shape, forms: HTTPLabel.forms(of: exchange).map { mark + $0 }, outcome: outcome,
                tone: failed || severity == .error ? .failure : .call, entryID: entry.id)
        case .status:
            guard let status = entry.status else { break }
            let meaning = entry.statusDetail(in: strings) ?? status.meaning(in: strings)
            return Row(
                // One form: cut short, the meaning's first words say more than the code alone.
                shape: shape, forms: [meaning.isEmpty ? status.id : "\(status.id) · \(meaning)"],
                outcome: nil, tone: status.level == .error ? .error : .status, entryID: entry.id)
        default: break
        }
        return Row(
            shape: shape, forms: [TerminalSafeText.make(entry.title(in: strings), keepingLines: false)], outcome: nil,
            tone: tone(of: entry), entryID: entry.id)
    }

    static func tone(of entry: TimelineEntry) -> Tone {
        switch entry.kind {
        case .step: .step
        case .http: .call
        case .vsa: .framework
        case .user: .user
        case .screen: .screen
        case .status: .status
        case .callback: .callback
        case .note:
            switch entry.finding?.severity {
            case .error?: .error
            case .warning?: .status
            case .advice?, nil: .note
            }
        }
    }
}
