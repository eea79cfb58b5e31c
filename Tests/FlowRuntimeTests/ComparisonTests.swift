import FlowCore
import Foundation
import PassAPI
import Testing

@testable import FlowRuntime
@testable import Localization
@testable import PassClient

/// Hand-made timelines: a compact way to write them, one entry per string.
///
/// `step <stage> <id>`, `http <METHOD> <path> <status>`, `vsa <text>`, `callback <text>`,
/// `status <code>`, `user <text>`, `note <text>`.
enum HandMade {
    static func timeline(_ lines: [String]) -> [TimelineEntry] {
        lines.enumerated().map { index, line in
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            let kind = TimelineEntry.Kind(rawValue: parts[0])!
            let rest = parts.count > 1 ? parts[1] : ""
            switch kind {
            case .step:
                let words = rest.split(separator: " ", maxSplits: 1).map(String.init)
                let step = CookbookStep(
                    words[1], "step \(words[1])", key: "step.test", stage: JourneyStage(rawValue: words[0])!)
                return TimelineEntry(id: index + 1, time: 0, kind: .step, title: step.label, step: step)
            case .http:
                let words = rest.split(separator: " ").map(String.init)
                let exchange = HTTPExchange(
                    id: index, operation: "x", method: words[0], url: "http://127.0.0.1:4000\(words[1])",
                    requestHeaders: [:], requestBody: nil, status: Int(words[2]), responseHeaders: [:],
                    responseBody: nil, startedAt: 0, durationMilliseconds: 1, failure: nil)
                return TimelineEntry(
                    id: index + 1, time: 0, kind: .http, title: "\(words[0]) \(words[1]) → \(words[2])",
                    exchange: exchange)
            case .status:
                return TimelineEntry(
                    id: index + 1, time: 0, kind: .status, title: rest,
                    status: StatusCode(id: rest))
            case .user where rest.hasPrefix("Plays "):
                // As the engine records a play: its phrase says what it is, in any language.
                var entry = TimelineEntry(id: index + 1, time: 0, kind: .user, title: rest)
                entry.phrase = TimelinePhrase("user.play", ["title": String(rest.dropFirst("Plays ".count))])
                return entry
            default:
                return TimelineEntry(id: index + 1, time: 0, kind: kind, title: rest)
            }
        }
    }

    static func segments(_ lines: [String]) -> [StagedSegment] {
        SideBySide.segments(timeline(lines), names: names)
    }

    static let names = CallNames(requestor: "ORBIT", mvpds: ["AuroraCable", "tvsim.aurora"])

    static func rows(_ left: [String], _ right: [String]) -> [ComparisonRow] {
        SideBySide.align(segments(left), segments(right))
    }
}

@Suite struct ComparisonSegmentTests {
    @Test func aTimelineIsCutAtItsStepsAndTheLeadingPartKeepsItsCalls() {
        let segments = HandMade.segments([
            "user Opens the app", "http POST /o/client/register 201", "step check-authentication B.3",
            "http GET /api/v2/ORBIT/profiles 200", "status N000", "user Taps Sign in", "step configuration C.1",
            "http GET /api/v2/ORBIT/configuration 200",
        ])
        #expect(segments.map(\.stage) == [nil, .checkAuthentication, .configuration])
        #expect(
            segments[0].segment.steps == [
                ComparisonStep(label: nil, calls: [.init(.http, "POST /o/client/register → 201")])
            ])
        #expect(
            segments[1].segment.steps == [
                ComparisonStep(
                    label: "B.3 step B.3",
                    calls: [.init(.http, "GET /api/v2/{sp}/profiles → 200"), .init(.status, "N000")])
            ])
    }

    @Test func aLeadingPartWithoutCallsIsDropped() {
        let segments = HandMade.segments(["user Opens the app", "note hello", "step registration A.1"])
        #expect(segments.map(\.stage) == [.registration])
    }

    @Test func stepsOfOneStageInARowAreOneSegmentAndRepeatsCollapse() {
        let segments = HandMade.segments([
            "step registration A.1", "http POST /o/client/register 201", "step registration A.3",
            "http POST /o/client/token 201", "step second-screen BA.3",
            "http GET /api/v2/ORBIT/profiles/code/WVFD9NR 404",
            "step second-screen BA.3", "http GET /api/v2/ORBIT/profiles/code/WVFD9NR 404", "step second-screen BA.3",
            "http GET /api/v2/ORBIT/profiles/code/WVFD9NR 200", "vsa enqueue(x)", "vsa enqueue(x)",
        ])
        #expect(segments.map(\.stage) == [.registration, .secondScreen])
        #expect(segments[0].segment.steps.map(\.label) == ["A.1 step A.1", "A.3 step A.3"])
        let polls = segments[1].segment.steps
        #expect(polls.count == 2)
        #expect(polls[0].times == 2)
        #expect(polls[0].calls == [.init(.http, "GET /api/v2/{sp}/profiles/code/{code} → 404")])
        #expect(polls[1].calls.last == .init(.vsa, "enqueue(x)", times: 2))
        #expect(segments[1].segment.expandedCalls.count == 5)
    }

    @Test func whatComesBetweenAPlayAndItsFirstAuthorizationStepBelongsToThePlay() {
        let segments = HandMade.segments([
            "step preauthorization C.7", "http POST /api/v1/preauthorize 200", "user Plays orbit-live",
            "vsa enqueue(VSAccountMetadataRequest)", "step authorization C.8", "http GET /api/v1/authorize 200",
        ])
        #expect(segments.map(\.stage) == [.preauthorization, .authorization])
        #expect(segments[0].segment.expandedCalls.count == 1)
        #expect(segments[1].segment.steps.first?.label == "Plays orbit-live")
        #expect(segments[1].segment.steps.first?.calls == [.init(.vsa, "enqueue(VSAccountMetadataRequest)")])
    }

    @Test func anEmptyTimelineHasNoSegments() {
        #expect(HandMade.segments([]).isEmpty)
    }
}

@Suite struct ComparisonAlignmentTests {
    @Test func theSameSessionLinesUpRowByRow() {
        let left = ["step check-authentication B.3", "http GET /api/v2/ORBIT/profiles 200", "step configuration C.1"]
        let rows = HandMade.rows(left, left)
        #expect(rows.map(\.stage) == [.checkAuthentication, .configuration])
        #expect(rows.map(\.mark) == [.same, .same])
    }

    @Test func theAPIVersionDoesNotMakeCallsDifferent() {
        let rows = HandMade.rows(
            ["step preauthorization D.3", "http GET /api/v1/ORBIT/preauthorize 200"],
            ["step preauthorization D.3", "http GET /api/v2/ORBIT/preauthorize 200"])
        #expect(rows.map(\.mark) == [.same])
        let different = HandMade.rows(
            ["step check-authentication 7", "http GET /api/v1/checkauthn 200"],
            ["step check-authentication B.3", "http GET /api/v2/ORBIT/profiles 200"])
        #expect(different.map(\.mark) == [.different])
        #expect(different[0].left?.steps.first?.calls.first?.text == "GET /api/v1/checkauthn → 200")
        #expect(different[0].right?.steps.first?.calls.first?.text == "GET /api/v2/{sp}/profiles → 200")
    }

    @Test func aStageOnOneSideOnlyGetsAnEmptyOtherSide() {
        let rows = HandMade.rows(
            [
                "step registration A.1", "http POST /o/client/register 201", "step check-authentication B.3",
                "step configuration C.1",
            ],
            ["step configuration B.2", "step check-authentication B.3"])
        // The longest common subsequence keeps one of the two shared stages; the journey order
        // decides which one-sided row comes first.
        #expect(rows.map(\.mark) == [.onlyLeft, .onlyLeft, .same, .onlyRight])
        #expect(rows.map(\.stage) == [.registration, .checkAuthentication, .configuration, .checkAuthentication])
        #expect(rows[0].right == nil)
        #expect(rows[3].left == nil)
    }

    @Test func repeatedStagesLineUpInOrder() {
        // Two plays on the left with a sign-out between them, one play on the right.
        let left = [
            "step authorization D.7", "http POST /api/v2/ORBIT/decisions/authorize/AuroraCable 200",
            "step logout E.1", "step authorization D.7", "http POST /api/v2/ORBIT/decisions/authorize/AuroraCable 403",
        ]
        let right = ["step authorization F.1", "callback setToken(x)", "step logout I.1"]
        let rows = HandMade.rows(left, right)
        #expect(rows.map(\.stage) == [.authorization, .logout, .authorization])
        #expect(rows.map(\.mark) == [.different, .same, .onlyLeft])
    }

    @Test func pollingLinesUpWhateverTheNumberOfPolls() {
        let left = [
            "step regular-authentication BA.2", "step second-screen BA.3",
            "http GET /api/v2/ORBIT/profiles/code/ABC123 404", "step second-screen BA.3",
            "http GET /api/v2/ORBIT/profiles/code/ABC123 200", "step preauthorization D.3",
        ]
        let right = [
            "step second-screen E.2", "http GET /api/v2/ORBIT/profiles/code/ABC123 200", "step preauthorization C.7",
        ]
        let rows = HandMade.rows(left, right)
        #expect(rows.map(\.stage) == [.regularAuthentication, .secondScreen, .preauthorization])
        #expect(rows.map(\.mark) == [.onlyLeft, .different, .same])
    }

    @Test func emptyTimelines() {
        #expect(HandMade.rows([], []).isEmpty)
        let rows = HandMade.rows(["step registration A.1"], [])
        #expect(rows.map(\.mark) == [.onlyLeft])
        let other = HandMade.rows([], ["user x", "http GET /x 200", "step logout E.1"])
        #expect(other.map(\.mark) == [.onlyRight, .onlyRight])
        #expect(other.map(\.title) == [ComparisonRow.leadingTitle, "Sign out"])
    }

    @Test func theLeadingPartsLineUpWithEachOther() {
        let rows = HandMade.rows(
            ["http POST /o/client/register 201", "step configuration C.1"],
            ["http POST /o/client/register 201", "step configuration B.2"])
        #expect(rows.map(\.stage) == [nil, .configuration])
        #expect(rows.map(\.mark) == [.same, .same])
    }
}

@Suite struct CallNamesTests {
    let names = CallNames(requestor: "ORBIT", mvpds: ["AuroraCable", "tvsim.aurora"], codes: ["IYQD5JQ"])

    @Test func idsInPathsBecomePlaceholders() {
        #expect(
            names.path(of: "http://127.0.0.1:38905/api/v2/ORBIT/decisions/authorize/AuroraCable?x=1")
                == "/api/v2/{sp}/decisions/authorize/{mvpd}")
        #expect(names.path(of: "/reggie/v1/ORBIT/regcode/IYQD5JQ") == "/reggie/v1/{sp}/regcode/{code}")
        #expect(names.path(of: "/activate/WVFD9NR/done") == "/activate/{code}/done")
        #expect(names.path(of: "/o/client/3F2504E0-4F89-11D3-9A0C-0305E82C3301/x/42") == "/o/client/{id}/x/{id}")
        #expect(names.path(of: "/api/v2/ORBIT/profiles") == "/api/v2/{sp}/profiles")
        #expect(names.path(of: "http://host:1") == "/")
    }

    @Test func freeTextKeepsItsWordsButNotItsIdsOrPorts() {
        #expect(
            names.text("navigateToUrl(http://127.0.0.1:4242/api/v2/authenticate/ORBIT/IYQD5JQ?redirect=x)")
                == "navigateToUrl(/api/v2/authenticate/{sp}/{code})")
        #expect(names.text("→ granted (3)") == "→ granted (3)")
        #expect(names.text("signed in to tvsim.aurora as Jordan") == "signed in to {mvpd} as Jordan")
        #expect(names.text("setSelectedProvider(AuroraCable)") == "setSelectedProvider({mvpd})")
    }

    @Test func registrationCodesAreLearntFromTheTimeline() {
        let timeline = [
            TimelineEntry(
                id: 1, time: 0, kind: .status, title: "REGCODE", detail: "ZZZZZZ", status: .registrationCode)
        ]
        #expect(CallNames().learning(from: timeline).codes == ["ZZZZZZ"])
    }
}

@Suite struct ComparisonTextTests {
    static func comparison(left: [String], right: [String]) -> Comparison {
        let rows = HandMade.rows(left, right)
        func outcome(_ integration: Integration, codes: [String]) -> ComparisonOutcome {
            ComparisonOutcome(
                integration: integration.rawValue, name: integration.displayName, ending: .finished,
                problems: integration == .sdk ? ["step 3 'allow' does not fit the home screen — a long problem"] : [],
                httpCalls: 3, codes: codes, authenticated: true, mvpd: "AuroraCable", profileType: "appleSSO",
                decisions: ["permit deep-space"])
        }
        return Comparison(
            scenario: "hand-made", description: "Une scène — 東京 with wide characters 📺 and a long description",
            platform: "ios", left: outcome(.restV2, codes: ["N000"]), right: outcome(.sdk, codes: ["N000", "N003"]),
            rows: rows)
    }

    static let sample = comparison(
        left: [
            "user Opens the app", "step registration A.1", "http POST /o/client/register 201",
            "step check-authentication B.3", "http GET /api/v2/ORBIT/profiles 200", "status N000",
            "step second-screen BA.3", "http GET /api/v2/ORBIT/profiles/code/ABC123 404", "step second-screen BA.3",
            "http GET /api/v2/ORBIT/profiles/code/ABC123 404",
        ],
        right: [
            "http POST /o/client/register 201", "step check-authentication B.3",
            "callback setAuthenticationStatus(0, “東京 never signed in to the provider's very long name here”)",
            "status N000", "status N003",
        ])

    @Test func noLineIsWiderThanTheWidth() {
        for width in [20, 33, 40, 57, 80, 100, 120, 200] {
            let lines = ComparisonText.lines(Self.sample, width: width)
            for line in lines {
                #expect(TerminalColumns.of(line.text) <= width, "\(width): \(line.text)")
            }
        }
    }

    @Test func rowsShowTheirMarkTitleStepsAndCalls() {
        let text = ComparisonText.text(Self.sample, width: 120)
        #expect(text.contains("≠ Is the user authenticated?"))
        #expect(text.contains("← Register the app"))
        #expect(text.contains("→ Before the first step"))
        #expect(text.contains("BA.3 step BA.3 ×2"))
        #expect(text.contains("  GET /api/v2/{sp}/profiles/code/{code} → 404"))
        #expect(text.contains("  callback setAuthenticationStatus(0, “東京"))
        #expect(text.contains("HTTP calls: 3"))
        #expect(text.contains("codes: N000 N003"))
        #expect(text.contains("! step 3 'allow' does not fit"))
        #expect(text.contains(ComparisonText.note))
        #expect(text.contains("REST API V2 (rest-v2)"))
        #expect(text.contains("· different codes · same authentication"))
    }

    @Test func cutCellsEndInAnEllipsisAndColumnsStayAligned() {
        let lines = ComparisonText.lines(Self.sample, width: 60).filter { $0.cells != nil }
        let separators = Set(lines.map { line in TerminalColumns.of(line.text.prefix { $0 != "│" }) })
        #expect(separators.count == 1)
        #expect(lines.contains { $0.text.contains("…") })
    }

    @Test func theJSONHasTheRowsAndOutcomes() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let object = try JSONSerialization.jsonObject(with: encoder.encode(Self.sample)) as? [String: Any]
        #expect(object?["expectationsChecked"] as? Bool == false)
        let rows = object?["rows"] as? [[String: Any]]
        #expect(rows?.first?["mark"] as? String == "only-right")
        #expect((object?["left"] as? [String: Any])?["integration"] as? String == "rest-v2")
        #expect((object?["tally"] as? [String: Any])?["sameCodes"] as? Bool == false)
        let decoded = try JSONDecoder().decode(Comparison.self, from: encoder.encode(Self.sample))
        #expect(decoded == Self.sample)
    }
}

/// Both runs for real, over loopback.
@Suite struct ComparisonRunnerTests {
    @Test func aScenarioRunsWithTwoIntegrationsAndLinesUp() async throws {
        let scenario = try ScenarioCatalog.resolve("rest-v2-ios-apple-sso")
        let comparison = await ComparisonRunner().run(scenario, left: .restV2, right: .sdk)
        #expect(comparison.left.integration == "rest-v2")
        #expect(comparison.right.integration == "sdk")
        #expect(comparison.left.ending == .finished)
        #expect(comparison.right.ending == .finished)
        #expect(!comparison.left.failed && !comparison.right.failed)
        #expect(comparison.left.authenticated && comparison.right.authenticated)
        #expect(comparison.left.httpCalls > 0 && comparison.right.httpCalls > 0)
        #expect(comparison.rows.contains { $0.stage == .checkAuthentication && $0.left != nil && $0.right != nil })
        #expect(comparison.rows.contains { $0.mark == .different })
        // No port, requestor or provider id survives in a call.
        let calls = comparison.rows.flatMap { ($0.left?.expandedCalls ?? []) + ($0.right?.expandedCalls ?? []) }
        #expect(!calls.contains { $0.text.contains("127.0.0.1") || $0.text.contains("/ORBIT/") })
    }

    @Test func everyIntegrationHasACounterpart() {
        for integration in Integration.allCases {
            #expect(integration.counterpart != integration)
        }
        #expect(Integration.sdk.counterpart == .restV2)
        #expect(Integration.restV2.counterpart == .restV1)
    }

    @Test func aScenarioThatCannotStartIsARunError() async throws {
        var scenario = try ScenarioCatalog.resolve("rest-v2-ios-system-signed-in")
        scenario.device.signedIn?.provider = "no.such.provider"
        let comparison = await ComparisonRunner().run(scenario, left: .restV2, right: .sdk)
        #expect(comparison.left.ending == .notStarted)
        #expect(comparison.left.failed)
        #expect(comparison.left.problems.first?.contains("could not start") == true)
    }
}

@Suite struct TerminalColumnsTests {
    /// The widths known without Unicode properties are the widths the properties give.
    @Test func theCommonWidthsAgreeWithTheUnicodeProperties() {
        var disagreements: [String] = []
        for value in UInt32(0xA0)...0xFFFF {
            guard let width = TerminalColumns.commonWidth(value), let scalar = Unicode.Scalar(value) else { continue }
            let character = Character(scalar)
            if TerminalColumns.propertyWidth(character) != width {
                disagreements.append(String(value, radix: 16))
            }
        }
        #expect(disagreements.isEmpty, "U+\(disagreements.prefix(20).joined(separator: ", U+"))")
        #expect(TerminalColumns.of("電視供應商") == 10)
        #expect(TerminalColumns.of("Телепровайдер") == 13)
        #expect(TerminalColumns.of("Señal") == 5)
    }
}
