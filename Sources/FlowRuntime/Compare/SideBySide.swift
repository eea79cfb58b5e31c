import FlowCore
import Foundation

/// The comparison itself, pure: timelines in, aligned rows out.
///
/// 1. Each timeline is cut at its `step` entries; what comes before the first step is a segment
///    of its own. A segment takes its step's `JourneyStage`, and segments of the same stage in a
///    row are one segment (so twenty polls are one part of the journey, not twenty).
/// 2. The two sequences of stages are aligned with a longest common subsequence, which keeps
///    both orders; among equally long ones, the one whose pairs share the most calls. A stage
///    found on one side only becomes a row with an empty other side; rows of one side between two
///    aligned rows come in journey order.
/// 3. An aligned row is `same` when both sides made the same calls, apart from the API version in
///    their paths, else `different`.
public enum SideBySide {
    /// A timeline's segments, in order.
    public static func segments(_ timeline: [TimelineEntry], names: CallNames) -> [StagedSegment] {
        let names = names.learning(from: timeline)
        var segments: [StagedSegment] = []
        var current = StagedSegment(
            stage: nil, segment: ComparisonSegment(steps: [ComparisonStep(label: nil, calls: [])]))
        var isLeading = true
        func close() {
            let keep = !isLeading || current.segment.steps.contains { !$0.calls.isEmpty }
            if keep { segments.append(current) }
        }
        for entry in timeline {
            // A play starts "Authorize a play": what an integration does before its first
            // authorization step (the SDK's framework refresh) belongs to the play, not to the
            // preauthorization that came before it.
            let startsPlay = UserLines.isPlay(entry)
            if entry.kind == .step || startsPlay {
                let stage = startsPlay ? .authorization : entry.step?.stage
                let step = ComparisonStep(label: startsPlay ? entry.title : entry.step?.label ?? entry.title, calls: [])
                if !isLeading, current.stage == stage {
                    current.segment.steps.append(step)
                } else {
                    close()
                    current = StagedSegment(stage: stage, segment: ComparisonSegment(steps: [step]))
                    isLeading = false
                }
            } else if let call = names.call(for: entry) {
                current.segment.steps[current.segment.steps.count - 1].calls.append(call)
            }
        }
        close()
        return segments.map { StagedSegment(stage: $0.stage, segment: collapsed($0.segment)) }
    }

    /// Identical calls in a row, then identical steps in a row, kept once with a count.
    static func collapsed(_ segment: ComparisonSegment) -> ComparisonSegment {
        var steps: [ComparisonStep] = []
        for var step in segment.steps {
            var calls: [ComparisonCall] = []
            for call in step.calls {
                if let last = calls.last, last.kind == call.kind, last.text == call.text {
                    calls[calls.count - 1].times += call.times
                } else {
                    calls.append(call)
                }
            }
            step.calls = calls
            if let last = steps.last, last.label == step.label, last.calls == step.calls {
                steps[steps.count - 1].times += step.times
            } else {
                steps.append(step)
            }
        }
        return ComparisonSegment(steps: steps)
    }

    /// The two sequences aligned on their stages.
    public static func align(_ left: [StagedSegment], _ right: [StagedSegment]) -> [ComparisonRow] {
        let n = left.count
        let m = right.count
        let leftKeys = left.map { Set($0.segment.expandedCalls.map(\.versionless)) }
        let rightKeys = right.map { Set($0.segment.expandedCalls.map(\.versionless)) }
        // The score of pairing two segments of the same stage: a pair always counts more than any
        // number of shared calls, so the alignment is a longest common subsequence; among those,
        // the one whose pairs share the most calls.
        func score(_ i: Int, _ j: Int) -> Int? {
            guard left[i].stage == right[j].stage else { return nil }
            return 1_000 + min(999, leftKeys[i].intersection(rightKeys[j]).count)
        }
        // best[i][j]: the best score aligning left[i...] with right[j...].
        var best = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                best[i][j] = max(best[i + 1][j], best[i][j + 1], score(i, j).map { $0 + best[i + 1][j + 1] } ?? 0)
            }
        }
        var rows: [ComparisonRow] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, let score = score(i, j), best[i][j] == score + best[i + 1][j + 1] {
                rows.append(pair(left[i].stage, left[i].segment, right[j].segment))
                i += 1
                j += 1
                continue
            }
            // Skip whichever side keeps the best alignment; when both do, the earlier stage of the
            // journey comes first, so one-sided rows interleave in journey order.
            let canSkipLeft = i < n && (j == m || best[i + 1][j] == best[i][j])
            let canSkipRight = j < m && (i == n || best[i][j + 1] == best[i][j])
            let takeLeft = canSkipLeft && (!canSkipRight || order(left[i].stage) <= order(right[j].stage))
            if takeLeft {
                rows.append(ComparisonRow(stage: left[i].stage, mark: .onlyLeft, left: left[i].segment, right: nil))
                i += 1
            } else {
                rows.append(ComparisonRow(stage: right[j].stage, mark: .onlyRight, left: nil, right: right[j].segment))
                j += 1
            }
        }
        return rows
    }

    static func pair(_ stage: JourneyStage?, _ left: ComparisonSegment, _ right: ComparisonSegment) -> ComparisonRow {
        let same = left.expandedCalls.map(\.versionless) == right.expandedCalls.map(\.versionless)
        return ComparisonRow(stage: stage, mark: same ? .same : .different, left: left, right: right)
    }

    /// A stage's place in the journey; before the first step comes first.
    static func order(_ stage: JourneyStage?) -> Int {
        stage.flatMap { JourneyStage.allCases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
    }

    /// Compares two finished runs of one scenario.
    public static func compare(_ left: ComparedRun, _ right: ComparedRun, names: CallNames) -> Comparison {
        let rows = align(segments(left.result.timeline, names: names), segments(right.result.timeline, names: names))
        return Comparison(
            scenario: left.result.name, description: left.result.description, platform: left.result.platform,
            left: left.outcome, right: right.outcome, rows: rows)
    }
}

/// A segment and the stage it belongs to (nil: before the first step).
public struct StagedSegment: Sendable, Equatable {
    public var stage: JourneyStage?
    public var segment: ComparisonSegment

    public init(stage: JourneyStage?, segment: ComparisonSegment) {
        self.stage = stage
        self.segment = segment
    }
}

/// One run of the compared scenario and how it ended.
public struct ComparedRun: Sendable {
    public let result: ScenarioResult
    public let outcome: ComparisonOutcome

    public init(result: ScenarioResult, ending: ComparisonOutcome.Ending, problems: [String]) {
        self.result = result
        let integration = Integration(rawValue: result.integration)
        outcome = ComparisonOutcome(
            integration: result.integration, name: integration?.displayName ?? result.integration, ending: ending,
            problems: problems, httpCalls: result.timeline.count { $0.kind == .http }, codes: result.codes,
            authenticated: result.authenticated, mvpd: result.mvpd, profileType: result.profileType,
            decisions: result.decisions.map(\.description).map { $0.trimmingCharacters(in: .whitespaces) })
    }
}
