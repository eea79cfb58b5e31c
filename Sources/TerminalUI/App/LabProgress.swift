import Foundation
import Labs

/// `tvsim lab NAME`: the lab's checklist where the device would be, graded live from the
/// trainee's calls; `h` shows the next goal's hint. Its model, keys and update are here.
public struct LabProgress: Sendable, Equatable {
    public let lab: Lab
    /// The latest grade of the client that called last; nil before any call.
    public var grade: LabGrade?
    public var showsHint = false
    /// How many times a hint was asked for.
    public var hintsUsed = 0
    /// When the first call came and when the last goal was met (wall clock).
    public var startedAt: Date?
    public var finishedAt: Date?
    /// The audit's findings on the client so far, right or wrong for a goal.
    public var findings = 0

    public init(lab: Lab) {
        self.lab = lab
    }

    /// Each goal with its outcome so far: pending until a call meets it.
    public var results: [LabGrade.Result] {
        grade?.results ?? lab.goals.map { LabGrade.Result(goal: $0, outcome: .pending) }
    }

    /// The first goal still pending: the one the hint is about (a wrong goal says why instead).
    public var nextGoal: Lab.Goal? {
        results.first { if case .pending = $0.outcome { true } else { false } }?.goal
    }

    /// A new grade from the feed, at `now`.
    mutating func receive(_ grade: LabGrade?, findings: Int, now: Date) {
        self.grade = grade
        self.findings = findings
        if grade != nil, startedAt == nil { startedAt = now }
        if grade?.passed == true, finishedAt == nil { finishedAt = now }
        if nextGoal == nil { showsHint = false }
    }

    /// `h`: the next goal's hint, shown or put away; each showing counts.
    mutating func update(_ key: Key) -> Bool {
        guard PanelKeys.lab.action(for: key) == .hint, nextGoal != nil else { return false }
        showsHint.toggle()
        if showsHint { hintsUsed += 1 }
        return true
    }
}

enum LabKey: Sendable, Equatable { case hint }

extension PanelKeys {
    static let lab = ScreenKeys<LabKey>([
        ScreenKey("h", [.character("h")], .hint, hint: "bar.hint", help: ("h", "help.lab.hint"))
    ])
}
