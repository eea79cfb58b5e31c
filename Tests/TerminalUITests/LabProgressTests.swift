import Foundation
import Labs
import PassAPI
import Testing

@testable import TerminalUI

/// The lab checklist's model: `h` and the grades the feed sends, each asserted as the whole next state.
@Suite struct LabProgressTests {
    static let lab = try! LabCatalog.named("rest-v2-second-screen")!

    @Test func hShowsTheNextGoalsHintAndCountsEachShowing() {
        var progress = LabProgress(lab: Self.lab)
        let shown = progress.update(.character("h"))
        #expect(shown)
        var expected = LabProgress(lab: Self.lab)
        expected.showsHint = true
        expected.hintsUsed = 1
        #expect(progress == expected)
        let putAway = progress.update(.character("h"))
        #expect(putAway)
        expected.showsHint = false
        #expect(progress == expected)
        let other = progress.update(.character("x"))
        #expect(!other)
        #expect(progress == expected)
        #expect(progress.nextGoal?.id == "register")
    }

    @Test func theFirstCallStartsTheClockAndTheLastGoalStopsIt() {
        var progress = LabProgress(lab: Self.lab)
        progress.showsHint = true
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let partial = LabGrade(
            client: "c",
            results: Self.lab.goals.enumerated().map { index, goal in
                LabGrade.Result(goal: goal, outcome: index == 0 ? .met(Self.call(1)) : .pending)
            })
        progress.receive(partial, findings: 1, now: start)
        var expected = LabProgress(lab: Self.lab)
        expected.showsHint = true
        expected.grade = partial
        expected.findings = 1
        expected.startedAt = start
        #expect(progress == expected)
        #expect(progress.nextGoal?.id == "token")
        let done = LabGrade(
            client: "c", results: Self.lab.goals.map { LabGrade.Result(goal: $0, outcome: .met(Self.call(2))) })
        let end = start.addingTimeInterval(95)
        progress.receive(done, findings: 1, now: end)
        expected.grade = done
        expected.finishedAt = end
        // Nothing left to hint at.
        expected.showsHint = false
        #expect(progress == expected)
        let hinted = progress.update(.character("h"))
        #expect(!hinted)
    }

    static func call(_ id: Int) -> PassAPI.HTTPExchange {
        PassAPI.HTTPExchange(id: id, method: "GET", url: "/x", status: 200, startedAt: 0)
    }
}
