import FlowCore
import Foundation
import Localization
import PassAPI
import Synchronization

/// What a user or screen line says, as a catalog key and its arguments: the entry's title is its
/// English text, and the terminal UI says it in the session's language.
public struct TimelinePhrase: Sendable, Equatable, Hashable {
    public let key: String
    public let arguments: [String: String]
    /// Whose screen the line is about: the party a user's action goes to, or the party that
    /// shows a screen. Nil for what the user does outside any screen (waiting).
    public let party: TimelineParty?

    public init(_ key: String, _ arguments: [String: String] = [:], party: TimelineParty? = nil) {
        self.key = key
        self.arguments = arguments
        self.party = party
    }

    public func text(in strings: Strings) -> String { strings.fill(key, arguments.map { ($0.key, $0.value) }) }
}

/// One line of the timeline: a cookbook step, an HTTP exchange, a framework call or result, an
/// SDK callback, a status code, a user action or a note, with its simulated time.
public struct TimelineEntry: Sendable, Codable, Equatable, Identifiable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case step, http, vsa, callback, status, user, screen, note
    }

    public let id: Int
    /// Simulated time, epoch milliseconds.
    public let time: Int64
    public let kind: Kind
    public let title: String
    /// What the line adds to its title: for a status code, the flow's remark on this occurrence
    /// (which screen closed, what failed), absent when the code's meaning says it all.
    public let detail: String?
    /// How long the exchange took (HTTP only), milliseconds of wall-clock time.
    public let durationMilliseconds: Double?
    public let exchange: HTTPExchange?
    public let status: StatusCode?
    /// Who raised `status`: the SDK, or a REST or custom app where the SDK would have.
    public var statusOrigin: StatusCode.Origin? = nil
    public let step: CookbookStep?
    /// The line as a catalog phrase, for user and screen lines; not written to JSON, whose
    /// title is the English text.
    public var phrase: TimelinePhrase? = nil
    /// The flow's note the line was written from, so that its words can be said in another
    /// language; not written to JSON either.
    public var note: FlowNote? = nil
    /// Who the line goes from and to, where it involves parties: an exchange's caller and
    /// server, a framework call or answer, a user's action and the party it goes to, a screen
    /// and the party showing it. Steps, codes, callbacks and notes have none: the diagram puts
    /// them on the app's lane. Not written to JSON either.
    public var route: TimelineRoute? = nil
    /// For a finding of the audit (`tvsim watch`, `tvsim audit --sequence`): how grave, and
    /// which exchanges it is about. Not written to JSON either.
    public var finding: TimelineFinding? = nil

    enum CodingKeys: String, CodingKey {
        case id, time, kind, title, detail, durationMilliseconds, exchange, status, step
    }

    /// The title in the language of `strings`: a phrase's or a note's translation, else the title
    /// as recorded.
    public func title(in strings: Strings) -> String {
        if kind == .step, let step { return step.label(in: strings) }
        return phrase?.text(in: strings) ?? note?.title(in: strings) ?? title
    }

    /// Whether the line's English words contain `text`: its title, what it adds, and a status
    /// code's meaning.
    func mentions(_ text: String) -> Bool {
        title.contains(text) || detail?.contains(text) == true || status?.meaning.contains(text) == true
    }

    /// The status code as this line names it, in the language of `strings`: an app's decision
    /// point says it is the SDK's code.
    public func statusLabel(in strings: Strings) -> String? {
        status?.label(in: strings, raisedBy: statusOrigin ?? .sdk)
    }

    /// What a status code means this time, in the language of `strings`. English keeps the
    /// timeline's record: the flow's remark (which screen was closed, what failed, what follows)
    /// where there is one, else the code's meaning. Another language gives the code's meaning
    /// first, then the remark in brackets.
    public func statusDetail(in strings: Strings) -> String? {
        guard kind == .status, let status else { return detail }
        guard strings.language != .english else { return detail ?? status.meaning }
        let meaning = status.meaning(in: strings)
        switch note {
        case .status(_, let remark?, _): return "\(meaning) (\(remark.text(in: strings)))"
        case .status(_, nil, _): return meaning
        default:
            // Read back from JSON: the remark is known only in English.
            return detail.map { "\(meaning) (\($0))" } ?? meaning
        }
    }

    public init(
        id: Int, time: Int64, kind: Kind, title: String, detail: String? = nil, durationMilliseconds: Double? = nil,
        exchange: HTTPExchange? = nil, status: StatusCode? = nil, step: CookbookStep? = nil
    ) {
        self.id = id
        self.time = time
        self.kind = kind
        self.title = title
        self.detail = detail
        self.durationMilliseconds = durationMilliseconds
        self.exchange = exchange
        self.status = status
        self.step = step
    }

    /// A status code and a cookbook step are written with their English words (the code's
    /// meaning, the step's explanation), which FlowCore keeps only as catalog keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(time, forKey: .time)
        try container.encode(kind, forKey: .kind)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(detail, forKey: .detail)
        try container.encodeIfPresent(durationMilliseconds, forKey: .durationMilliseconds)
        try container.encodeIfPresent(exchange, forKey: .exchange)
        try container.encodeIfPresent(status.map { WordedStatus($0, origin: statusOrigin ?? .sdk) }, forKey: .status)
        try container.encodeIfPresent(step.map(WordedStep.init), forKey: .step)
    }

    private struct WordedStatus: Encodable {
        let id: String
        let level: StatusCode.Level
        let meaning: String
        let origin: StatusCode.Origin

        init(_ code: StatusCode, origin: StatusCode.Origin) {
            (id, level, meaning, self.origin) = (code.id, code.level, code.meaning, origin)
        }
    }

    private struct WordedStep: Encodable {
        let id: String
        let title: String
        let key: String
        let explanation: String
        let stage: JourneyStage

        init(_ step: CookbookStep) {
            (id, title, key, explanation, stage) = (step.id, step.title, step.key, step.explanation, step.stage)
        }
    }
}

/// The live, append-only timeline of a run. The terminal UI observes it; the headless runner
/// prints it.
public final class Timeline: Sendable {
    private struct State {
        var entries: [TimelineEntry] = []
        var observers: [@Sendable (TimelineEntry) -> Void] = []
    }

    private let state = Mutex(State())
    private let now: @Sendable () -> Int64

    public init(now: @escaping @Sendable () -> Int64) {
        self.now = now
    }

    public var entries: [TimelineEntry] { state.withLock { $0.entries } }

    public func observe(_ observer: @escaping @Sendable (TimelineEntry) -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// A line worded by the catalog: its English text is the title.
    @discardableResult
    public func append(_ kind: TimelineEntry.Kind, _ phrase: TimelinePhrase, detail: String? = nil) -> TimelineEntry {
        append(kind, phrase.text(in: .english), detail: detail, phrase: phrase, route: Self.route(of: kind, phrase))
    }

    /// A user's action goes from the user to the party whose screen it is on; a screen comes
    /// to the user from the party that shows it.
    static func route(of kind: TimelineEntry.Kind, _ phrase: TimelinePhrase) -> TimelineRoute? {
        switch (kind, phrase.party) {
        case (.user, let party?): TimelineRoute(.user, party)
        case (.screen, let party?): TimelineRoute(party, .user)
        case (.user, nil): .at(.user)
        default: phrase.party.map(TimelineRoute.at)
        }
    }

    @discardableResult
    public func append(
        _ kind: TimelineEntry.Kind, _ title: String, detail: String? = nil, exchange: HTTPExchange? = nil,
        status: StatusCode? = nil, statusOrigin: StatusCode.Origin? = nil, step: CookbookStep? = nil,
        duration: Double? = nil, time: Int64? = nil, phrase: TimelinePhrase? = nil, note: FlowNote? = nil,
        route: TimelineRoute? = nil, finding: TimelineFinding? = nil
    ) -> TimelineEntry {
        let (entry, observers) = state.withLock { state -> (TimelineEntry, [@Sendable (TimelineEntry) -> Void]) in
            var entry = TimelineEntry(
                id: state.entries.count + 1, time: time ?? now(), kind: kind, title: title, detail: detail,
                durationMilliseconds: duration, exchange: exchange, status: status, step: step)
            entry.phrase = phrase
            entry.note = note
            entry.statusOrigin = statusOrigin
            entry.route = route ?? exchange.map(TimelineParty.route(of:))
            entry.finding = finding
            state.entries.append(entry)
            return (entry, state.observers)
        }
        for observer in observers { observer(entry) }
        return entry
    }

    /// Records an HTTP exchange reported by the client.
    public func record(_ exchange: HTTPExchange) {
        let outcome = exchange.status.map(String.init) ?? (exchange.failure ?? "no response")
        append(
            .http, "\(exchange.method) \(exchange.path) → \(outcome)", detail: exchange.operation, exchange: exchange,
            duration: exchange.durationMilliseconds, time: exchange.startedAt)
    }

    public func record(_ note: FlowNote) {
        switch note {
        case .step(let step): append(.step, step.label, detail: step.explanation, step: step)
        case .status(let code, let details, let origin):
            append(
                .status, code.label(raisedBy: origin), detail: details?.text, status: code,
                statusOrigin: origin, note: note)
        case .callback(let callback): append(.callback, "\(callback.name)(\(callback.arguments))")
        case .note, .sdkCall, .decision: append(.note, note.title(in: .english) ?? "", note: note)
        }
    }

    /// The status codes in order, as scenarios expect them.
    public var statusCodes: [String] { entries.compactMap { $0.status?.id } }

    /// The cookbook steps in order.
    public var steps: [String] { entries.compactMap { $0.step?.id } }
}
