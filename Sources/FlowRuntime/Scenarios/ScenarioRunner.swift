import Conformance
import FlowCore
import Foundation
import Localization
import PassAPI
import PassClient
import Simulation
import VSASimulator

/// What came out of one scenario run.
public struct ScenarioResult: Sendable, Codable {
    public let name: String
    public let description: String
    public let platform: String
    public let integration: String
    public let passed: Bool
    public let failures: [String]
    public let codes: [String]
    public let decisions: [DecisionRecord]
    public let authenticated: Bool
    public let mvpd: String?
    public let profileType: String?
    /// Wall-clock time of the run, milliseconds.
    public let elapsedMilliseconds: Double
    public let timeline: [TimelineEntry]
    /// Simulated time at the start, epoch milliseconds, to print times relative to it.
    public let startTime: Int64

    /// Results as `tvsim run --json` prints them.
    public static func jsonReport(_ results: [ScenarioResult]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(results), as: UTF8.self)
    }
}

/// Runs scenarios headless: a world from the launcher (by default a back end of its own on
/// loopback), a virtual clock, the scripted user, and the expectations checked at the end.
public struct ScenarioRunner: Sendable {
    public let launcher: WorldLauncher
    /// The simulated device's language: its web views and provider sign-in ask the back end's
    /// pages and messages in it. The flow does not depend on it.
    public var language: Language

    public init(launcher: WorldLauncher, language: Language = .english) {
        self.launcher = launcher
        self.language = language
    }

    public func run(_ scenario: Scenario) async -> ScenarioResult {
        await execute(scenario, checking: true).result
    }

    /// Runs without checking the expectations, for a scenario played with another integration
    /// than its own: the failures are only where the script did not fit. The ending is nil when
    /// the world could not start.
    public func runUnchecked(_ scenario: Scenario) async -> (result: ScenarioResult, ending: FlowEngine.Ending?) {
        await execute(scenario, checking: false)
    }

    func execute(_ scenario: Scenario, checking: Bool) async -> (result: ScenarioResult, ending: FlowEngine.Ending?) {
        let started = ContinuousClock.now
        let clock = VirtualClock()
        let timeline = Timeline(now: { clock.nowMilliseconds() })
        // The user the engine gets knows the world's personas, so it is made with the world; this
        // one stands in only until then (a world that does not start has no user to ask).
        var user = ScriptedUser(steps: scenario.steps, personas: [])
        do {
            let session = try await launcher.prepare(
                SessionPlan(scenario: scenario, language: language), clock: clock, timeline: timeline,
                device: { world, setup in MemoryDeviceStore(try await world.givenDevice(for: scenario, setup: setup)) },
                agent: { world in
                    user = ScriptedUser(steps: scenario.steps, personas: world.info.personas)
                    return user
                })
            let world = session.world
            let engine = session.engine
            let ending = await engine.run()
            let app = await engine.app
            let decisions = await engine.decisions
            await world.stop()
            var failures = user.problems + user.unusedSteps.prefix(1).map { "step '\($0)' was never reached" }
            if checking {
                failures += check(scenario.expect, app: app, decisions: decisions, timeline: timeline, ending: ending)
                failures += checkConformance(scenario, timeline: timeline)
            }
            let finished = result(
                scenario, failures: failures, app: app, decisions: decisions, timeline: timeline, started: started,
                start: VirtualClock.defaultStart.milliseconds)
            return (finished, ending)
        } catch {
            let failed = result(
                scenario, failures: ["the scenario could not start: \(error)"], app: AppModel(), decisions: [],
                timeline: timeline, started: started, start: VirtualClock.defaultStart.milliseconds)
            return (failed, nil)
        }
    }

    func check(
        _ expect: Scenario.Expectations, app: AppModel, decisions: [DecisionRecord], timeline: Timeline,
        ending: FlowEngine.Ending
    ) -> [String] {
        var failures: [String] = []
        if case .runaway = ending { failures.append("the run did not settle") }
        let crashed: Bool = if case .crashed = ending { true } else { false }
        if crashed != (expect.crash ?? false) {
            failures.append(crashed ? "the app crashed" : "the app was expected to crash")
        }
        let codes = timeline.statusCodes
        if let expected = expect.codes, expected != codes {
            failures.append(
                "codes were [\(codes.joined(separator: ", "))], expected [\(expected.joined(separator: ", "))]")
        }
        if let expected = expect.authenticated, expected != app.authentication.isAuthenticated {
            failures.append(expected ? "the user is not authenticated" : "the user is authenticated")
        }
        if case .authenticated(let mvpd, let type, _) = app.authentication {
            if let expected = expect.mvpd, expected != mvpd {
                failures.append("authenticated with \(mvpd), expected \(expected)")
            }
            if let expected = expect.profileType, expected != type {
                failures.append("the profile is \(type.rawValue), expected \(expected.rawValue)")
            }
        } else if expect.mvpd != nil || expect.profileType != nil, expect.authenticated != false {
            failures.append("no profile at the end")
        }
        if let expected = expect.decisions {
            let actual = decisions.map(\.description).map { $0.trimmingCharacters(in: .whitespaces) }
            if actual != expected {
                failures.append(
                    "decisions were [\(actual.joined(separator: "; "))], expected [\(expected.joined(separator: "; "))]"
                )
            }
        }
        let exact = expect.exact ?? false
        if let expected = expect.steps, !Self.matches(expected, timeline.steps, exact: exact) {
            failures.append(
                "steps \(expected.joined(separator: " → ")) did not \(exact ? "happen exactly" : "all happen in this order") (ran \(timeline.steps.joined(separator: " ")))"
            )
        }
        let callbacks = timeline.entries.filter { $0.kind == .callback }.map { String($0.title.prefix { $0 != "(" }) }
        if let expected = expect.callbacks, !Self.matches(expected, callbacks, exact: exact) {
            failures.append(
                "callbacks \(expected.joined(separator: " → ")) did not \(exact ? "happen exactly" : "all happen in this order") (got \(callbacks.joined(separator: " ")))"
            )
        }
        if let expected = expect.mentions, let missing = Self.firstMissing(expected, in: timeline.entries) {
            failures.append("the timeline does not mention '\(missing)' where expected (mentions are checked in order)")
        }
        return failures
    }

    /// An app's calls against the cookbooks (`tvsim audit`): the rules it breaks are the ones the
    /// scenario expects, none unless it says so. The SDK makes its calls itself: not the app's.
    func checkConformance(_ scenario: Scenario, timeline: Timeline) -> [String] {
        guard [.restV2, .restV1, .customIdP].contains(scenario.integration) else { return [] }
        // Numbered by their place among the calls, as a HAR of this run would be.
        let exchanges = timeline.entries.compactMap(\.exchange).enumerated().map { index, exchange in
            var numbered = exchange
            numbered.id = index + 1
            return numbered
        }
        let findings = Audit.run(exchanges).flatMap(\.findings)
        let found = Set(findings.map(\.rule.id)).sorted()
        let expected = Set(scenario.expect.findings ?? []).sorted()
        guard found != expected else { return [] }
        let details = findings.filter { !expected.contains($0.rule.id) }.map { "\($0.rule.id): \($0.message)" }
        return [
            "conformance findings were [\(found.joined(separator: ", "))], expected [\(expected.joined(separator: ", "))]"
                + (details.isEmpty ? "" : " (\(details.joined(separator: "; ")))")
        ]
    }

    /// The first text of `expected` that no later line of the timeline mentions (in English).
    static func firstMissing(_ expected: [String], in entries: [TimelineEntry]) -> String? {
        var remaining = entries[...]
        for text in expected {
            guard let index = remaining.firstIndex(where: { $0.mentions(text) }) else { return text }
            remaining = remaining[(index + 1)...]
        }
        return nil
    }

    /// The whole list (`exact`) or a subsequence of it.
    static func matches(_ expected: [String], _ actual: [String], exact: Bool) -> Bool {
        exact ? expected == actual : isSubsequence(expected, of: actual)
    }

    static func isSubsequence(_ expected: [String], of actual: [String]) -> Bool {
        var remaining = expected[...]
        for item in actual where item == remaining.first { remaining = remaining.dropFirst() }
        return remaining.isEmpty
    }

    func result(
        _ scenario: Scenario, failures: [String], app: AppModel, decisions: [DecisionRecord], timeline: Timeline,
        started: ContinuousClock.Instant, start: Int64
    ) -> ScenarioResult {
        var mvpd: String?
        var type: String?
        if case .authenticated(let id, let profileType, _) = app.authentication {
            mvpd = id
            type = profileType.rawValue
        }
        return ScenarioResult(
            name: scenario.name, description: scenario.description, platform: scenario.platform.rawValue,
            integration: scenario.integration.rawValue, passed: failures.isEmpty, failures: failures,
            codes: timeline.statusCodes, decisions: decisions, authenticated: app.authentication.isAuthenticated,
            mvpd: mvpd,
            profileType: type, elapsedMilliseconds: (ContinuousClock.now - started).timeInterval * 1000,
            timeline: timeline.entries, startTime: start)
    }
}

public enum ScenarioError: Error, CustomStringConvertible {
    case unknownProvider(String)
    case providerWithoutSignIn(String)

    public var description: String {
        switch self {
        case .unknownProvider(let id): "the device's given provider '\(id)' is not in Apple's catalog"
        case .providerWithoutSignIn(let id):
            "the system cannot be signed in to '\(id)' (it is listed in Apple's picker only)"
        }
    }
}

extension Date {
    var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }
}
