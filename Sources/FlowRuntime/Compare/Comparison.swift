import FlowCore
import Foundation

/// One scenario run with two integrations, side by side: the two timelines cut into the parts of
/// the journey (`JourneyStage`) and aligned, so that each row shows how each integration did the
/// same job. What `tvsim run --compare` prints and the terminal UI's comparison view draws.
public struct Comparison: Sendable, Codable, Equatable {
    public let scenario: String
    public let description: String
    public let platform: String
    /// Always false: the scenario's expected codes and steps belong to one integration.
    public let expectationsChecked: Bool
    public let left: ComparisonOutcome
    public let right: ComparisonOutcome
    public let rows: [ComparisonRow]
    public let tally: Tally
    /// Both runs' whole timelines, for their sequence diagrams side by side; not written to
    /// JSON, whose rows say what differs.
    public var timelines: (left: [TimelineEntry], right: [TimelineEntry]) {
        get { (leftTimeline, rightTimeline) }
        set { (leftTimeline, rightTimeline) = newValue }
    }
    private var leftTimeline: [TimelineEntry] = []
    private var rightTimeline: [TimelineEntry] = []

    private enum CodingKeys: String, CodingKey {
        case scenario, description, platform, expectationsChecked, left, right, rows, tally
    }

    /// How many rows of each mark, and whether the outcomes agree.
    public struct Tally: Sendable, Codable, Equatable {
        public let same: Int
        public let different: Int
        public let onlyLeft: Int
        public let onlyRight: Int
        public let sameCodes: Bool
        public let sameAuthentication: Bool
    }

    public init(
        scenario: String, description: String, platform: String, left: ComparisonOutcome, right: ComparisonOutcome,
        rows: [ComparisonRow]
    ) {
        self.scenario = scenario
        self.description = description
        self.platform = platform
        expectationsChecked = false
        self.left = left
        self.right = right
        self.rows = rows
        tally = Tally(
            same: rows.count { $0.mark == .same }, different: rows.count { $0.mark == .different },
            onlyLeft: rows.count { $0.mark == .onlyLeft }, onlyRight: rows.count { $0.mark == .onlyRight },
            sameCodes: left.codes == right.codes,
            sameAuthentication: left.authenticated == right.authenticated && left.mvpd == right.mvpd
                && left.profileType == right.profileType)
    }
}

/// One part of the journey as both integrations did it.
public struct ComparisonRow: Sendable, Codable, Equatable {
    public enum Mark: String, Sendable, Codable, CaseIterable {
        /// Both sides made the same calls (apart from the API version in the paths).
        case same
        /// Both sides did this part, with different calls.
        case different
        case onlyLeft = "only-left"
        case onlyRight = "only-right"

        public var symbol: String {
            switch self {
            case .same: "="
            case .different: "≠"
            case .onlyLeft: "←"
            case .onlyRight: "→"
            }
        }
    }

    /// The part of the journey; nil for what happened before the first cookbook step.
    public let stage: JourneyStage?
    public let title: String
    public let mark: Mark
    public let left: ComparisonSegment?
    public let right: ComparisonSegment?

    public init(stage: JourneyStage?, mark: Mark, left: ComparisonSegment?, right: ComparisonSegment?) {
        self.stage = stage
        title = stage?.title ?? ComparisonRow.leadingTitle
        self.mark = mark
        self.left = left
        self.right = right
    }

    public static let leadingTitle = "Before the first step"
}

/// What one integration did in one part of the journey: its cookbook steps, each with the calls
/// made under it.
public struct ComparisonSegment: Sendable, Codable, Equatable {
    public var steps: [ComparisonStep]

    public init(steps: [ComparisonStep]) {
        self.steps = steps
    }

    /// Every call in order, repetitions spelled out.
    public var expandedCalls: [ComparisonCall] {
        steps.flatMap { step in
            Array(repeating: step.calls.flatMap { Array(repeating: $0.once, count: $0.times) }, count: step.times)
                .flatMap { $0 }
        }
    }
}

/// A cookbook step and the calls made under it. Identical steps in a row (polling) are kept once,
/// with `times`.
public struct ComparisonStep: Sendable, Codable, Equatable {
    /// The step's id and title; nil for calls made before the first step.
    public var label: String?
    public var times: Int
    public var calls: [ComparisonCall]

    public init(label: String?, times: Int = 1, calls: [ComparisonCall]) {
        self.label = label
        self.times = times
        self.calls = calls
    }
}

/// An HTTP exchange, a framework call or answer, an SDK callback or a status code, with the ids
/// that change from run to run replaced by placeholders (`{sp}`, `{mvpd}`, `{code}`, `{id}`).
/// Identical calls in a row are kept once, with `times`.
public struct ComparisonCall: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case http, vsa, callback, status
    }

    public var kind: Kind
    /// `GET /api/v2/{sp}/profiles → 200`, `checkAccessStatus(options: [.prompt: true])`,
    /// `setAuthenticationStatus(0)`, `N000`.
    public var text: String
    public var times: Int

    public init(_ kind: Kind, _ text: String, times: Int = 1) {
        self.kind = kind
        self.text = text
        self.times = times
    }

    var once: ComparisonCall { ComparisonCall(kind, text) }

    /// What `same` compares: the call without the API version in its path (`/api/v2/` and
    /// `/api/v1/` are both `/api/`).
    public var versionless: String {
        guard kind == .http else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.hasPrefix("/")
                ? word.split(separator: "/", omittingEmptySubsequences: false).filter { !Self.isVersion($0) }
                    .joined(separator: "/")
                : String(word)
        }.joined(separator: " ")
    }

    /// A path segment such as `v1` or `v2`.
    static func isVersion(_ segment: Substring) -> Bool {
        segment.count >= 2 && segment.first == "v" && segment.dropFirst().allSatisfy(\.isASCII)
            && segment.dropFirst().allSatisfy(\.isNumber)
    }

    /// How the side-by-side view shows it: HTTP as is, the others after their kind.
    public var display: String {
        let base = kind == .http ? text : "\(kind.rawValue) \(text)"
        return times > 1 ? "\(base) ×\(times)" : base
    }
}

/// How one run ended, for the summary under the rows.
public struct ComparisonOutcome: Sendable, Codable, Equatable {
    public enum Ending: String, Sendable, Codable {
        case finished, crashed
        /// The run did not settle within its event budget.
        case runaway
        /// The world could not be built (an unknown provider, a broken back-end patch).
        case notStarted = "not-started"
    }

    public let integration: String
    /// `REST API V2`, `AccessEnabler SDK`, ….
    public let name: String
    public let ending: Ending
    /// Where the scripted user's steps did not fit this integration, and why the run stopped.
    public let problems: [String]
    public let httpCalls: Int
    public let codes: [String]
    public let authenticated: Bool
    public let mvpd: String?
    public let profileType: String?
    /// `permit <title>` or `deny <title> <code>`, in order.
    public let decisions: [String]

    public init(
        integration: String, name: String, ending: Ending, problems: [String], httpCalls: Int, codes: [String],
        authenticated: Bool, mvpd: String?, profileType: String?, decisions: [String]
    ) {
        self.integration = integration
        self.name = name
        self.ending = ending
        self.problems = problems
        self.httpCalls = httpCalls
        self.codes = codes
        self.authenticated = authenticated
        self.mvpd = mvpd
        self.profileType = profileType
        self.decisions = decisions
    }

    /// A run error (as opposed to a run that finished differently): exit status 1 for the CLI.
    public var failed: Bool { ending == .runaway || ending == .notStarted }

    /// `authenticated with AuroraCable (appleSSO)`, `not authenticated`, `the app crashed`.
    public var summary: String {
        switch ending {
        case .notStarted: return "the run could not start"
        case .runaway: return "the run did not settle"
        case .crashed: return "the app crashed"
        case .finished:
            guard authenticated else { return "not authenticated" }
            let type = profileType.map { " (\($0))" } ?? ""
            return "authenticated with \(mvpd ?? "?")\(type)"
        }
    }
}
