import Testing

@testable import FlowCore

/// `TestStore` for one shared part: each `send` gives the part an event and checks the whole next
/// state (the test says how the previous one changes), every effect in order, and the outcome
/// (nil while the part goes on). An event the part does not take must be declared with
/// `ignores`.
final class PartStore<Part: FlowPart> where Part.Outcome: Equatable {
    let part: Part
    private(set) var state: Part.State
    var now: Int64

    init(_ part: Part, state: Part.State, now: Int64 = Fixture.now) {
        self.part = part
        self.state = state
        self.now = now
    }

    func send(
        _ event: Event, _ effects: [Effect], outcome: Part.Outcome? = nil,
        sourceLocation: SourceLocation = #_sourceLocation, _ update: (inout Part.State) -> Void = { _ in }
    ) {
        var expected = state
        update(&expected)
        var actual = state
        guard let step = part.reduce(&actual, event, FlowContext(now: now)) else {
            Issue.record("the part did not take \(event)", sourceLocation: sourceLocation)
            return
        }
        if step.effects != effects {
            let text = "effects differ:\n" + TestStore<RestV2Flow>.difference(expected: effects, actual: step.effects)
            Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
        }
        if step.outcome != outcome {
            Issue.record(
                "outcome is \(String(describing: step.outcome)), expected \(String(describing: outcome))",
                sourceLocation: sourceLocation)
        }
        if actual != expected {
            let text = "state differs:\n" + TestStore<RestV2Flow>.difference(expected: expected, actual: actual)
            Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
        }
        state = actual
    }

    /// `event` is not the part's: it answers nothing and changes nothing.
    func ignores(_ event: Event, sourceLocation: SourceLocation = #_sourceLocation) {
        var actual = state
        let step = part.reduce(&actual, event, FlowContext(now: now))
        #expect(step == nil, "the part took \(event)", sourceLocation: sourceLocation)
        #expect(actual == state, "the part changed its state on \(event)", sourceLocation: sourceLocation)
    }
}
