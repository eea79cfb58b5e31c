import Testing

@testable import FlowCore

/// A reducer test in the manner of TCA's `TestStore`: each `send` gives an event to the
/// integration's reducer and checks the whole next state (the test says how the previous one
/// changes) and the whole list of effects, in order. Calls to Adobe Pass and to the framework
/// are remembered until an answer of their kind is sent; when the store goes away (or at
/// `finish()`) any left unanswered fail the test, unless the test said `skipOutstanding()`.
final class TestStore<Flow: IntegrationFlow> {
    private(set) var state: Flow.State
    /// The clock the reducer reads, epoch milliseconds.
    var now: Int64
    private var outstanding: [Effect] = []
    private var checked = false
    private let createdAt: SourceLocation

    init(_ setup: AppSetup, now: Int64 = Fixture.now, sourceLocation: SourceLocation = #_sourceLocation) {
        state = Flow.initialState(setup)
        self.now = now
        createdAt = sourceLocation
    }

    /// Starts from a state mid-flow; `awaiting` are the calls it has made and not had answered.
    init(
        state: Flow.State, now: Int64 = Fixture.now, awaiting: [Effect] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.state = state
        self.now = now
        outstanding = awaiting
        createdAt = sourceLocation
    }

    deinit {
        if !checked, !outstanding.isEmpty {
            Issue.record(
                Comment(rawValue: "unanswered effects at the end of the test: \(outstanding)"),
                sourceLocation: createdAt)
        }
    }

    /// Sends `event`; the effects must be exactly `effects`, and the state must be the previous
    /// one changed by `update` (nothing else may change).
    func send(
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
        checked = true
        if !outstanding.isEmpty {
            Issue.record("unanswered effects: \(outstanding)", sourceLocation: sourceLocation)
        }
    }

    /// The test ends mid-flow on purpose: the calls still waiting for an answer are not checked.
    func skipOutstanding() {
        checked = true
    }

    /// The oldest outstanding call of the answer's kind is answered.
    private func answer(_ event: Event, sourceLocation: SourceLocation) {
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

/// The store itself: it must fail a test that forgets an effect, a state change or an answer.
@Suite struct TestStoreTests {
    @Test func anEffectTheTestDidNotExpectFails() {
        withKnownIssue {
            let store = TestStore<RestV2Flow>(Fixture.setup())
            store.send(.user(.launch), [.call(.register)]) {
                $0.basics.app.activity = .starting
                $0.phase = .registering(.launch)
            }
            store.skipOutstanding()
        }
    }

    @Test func aStateChangeTheTestDidNotDescribeFails() {
        withKnownIssue {
            let store = TestStore<RestV2Flow>(Fixture.setup())
            store.send(.user(.launch), [.record(.step(RestV2Steps.registerClient)), .call(.register)]) {
                $0.phase = .registering(.launch)
            }
            store.skipOutstanding()
        }
    }

    @Test func aCallLeftUnansweredFailsWhenTheStoreGoesAway() {
        withKnownIssue {
            let store = TestStore<RestV2Flow>(Fixture.setup())
            store.send(.user(.launch), [.record(.step(RestV2Steps.registerClient)), .call(.register)]) {
                $0.basics.app.activity = .starting
                $0.phase = .registering(.launch)
            }
        }
    }
}
