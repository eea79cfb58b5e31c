import Testing

@testable import FlowCore

/// A reducer test in the manner of TCA's `TestStore`: each `send` gives an event to the
/// integration's reducer and checks the whole next state (the test says how the previous one
/// changes) and the whole list of effects, in order. Calls to Adobe Pass and to the framework
/// are remembered until an answer of their kind is sent; `finish()` fails on any left unanswered.
struct TestStore<Flow: IntegrationFlow> {
    private(set) var state: Flow.State
    /// The clock the reducer reads, epoch milliseconds.
    var now: Int64
    private var outstanding: [Effect] = []

    init(_ setup: AppSetup, now: Int64 = Fixture.now) {
        state = Flow.initialState(setup)
        self.now = now
    }

    /// Starts from a state mid-flow; `awaiting` are the calls it has made and not had answered.
    init(state: Flow.State, now: Int64 = Fixture.now, awaiting: [Effect] = []) {
        self.state = state
        self.now = now
        outstanding = awaiting
    }

    /// Sends `event`; the effects must be exactly `effects`, and the state must be the previous
    /// one changed by `update` (nothing else may change).
    mutating func send(
        _ event: Event, _ effects: [Effect], sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout Flow.State) -> Void = { _ in }
    ) {
        var expected = state
        update(&expected)
        var actual = state
        let produced = Flow.reduce(&actual, event, FlowContext(now: now))
        answer(event, sourceLocation: sourceLocation)
        if produced != effects {
            let text = "effects differ:\n" + Self.difference(expected: effects, actual: produced)
            Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
        }
        if actual != expected {
            let text = "state differs:\n" + Self.difference(expected: expected, actual: actual)
            Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
        }
        state = actual
        outstanding += produced.filter(\.awaitsAnswer)
    }

    /// Every call the reducer made has had its answer.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        if !outstanding.isEmpty {
            Issue.record("unanswered effects: \(outstanding)", sourceLocation: sourceLocation)
        }
    }

    /// The oldest outstanding call of the answer's kind is answered.
    private mutating func answer(_ event: Event, sourceLocation: SourceLocation) {
        guard let kind = event.answerKind else { return }
        guard let index = outstanding.firstIndex(where: { $0.awaitsAnswer && $0.answerKind == kind }) else {
            Issue.record("\(event) answers no outstanding call", sourceLocation: sourceLocation)
            return
        }
        outstanding.remove(at: index)
    }

    /// The lines of two dumps that differ, with their neighbours.
    static func difference(expected: some Any, actual: some Any) -> String {
        var left = ""
        var right = ""
        dump(expected, to: &left)
        dump(actual, to: &right)
        let expectedLines = left.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = right.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let a = index < expectedLines.count ? String(expectedLines[index]) : "∅"
            let b = index < actualLines.count ? String(actualLines[index]) : "∅"
            if a != b { out.append("− \(a)\n+ \(b)") }
        }
        return out.prefix(12).joined(separator: "\n")
    }
}

extension Effect {
    /// Whether the effect asks something that comes back as an event.
    var awaitsAnswer: Bool { answerKind != nil }

    var answerKind: String? {
        switch self {
        case .call: "api"
        case .vsa(.checkAccessStatus): "access"
        case .vsa(.metadata): "metadata"
        default: nil
        }
    }
}

extension Event {
    var answerKind: String? {
        switch self {
        case .api: "api"
        case .access: "access"
        case .metadata: "metadata"
        default: nil
        }
    }
}
