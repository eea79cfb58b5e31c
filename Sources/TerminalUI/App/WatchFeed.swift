import Conformance
import FlowCore
import FlowRuntime
import Foundation
import Labs
import MockBackendAPI
import PassAPI

/// What the watch pane shows of the clients an outside app drives: per client, its calls, its
/// last cookbook step and its findings.
public struct WatchSummary: Sendable, Equatable {
    public struct Client: Sendable, Equatable {
        public let name: String
        public let integration: String
        public let calls: Int
        public let lastStep: String?
        public let errors: Int
        public let warnings: Int
    }

    /// Where the outside app sends its calls.
    public var baseURL: String
    public var clients: [Client]

    public init(baseURL: String, clients: [Client] = []) {
        self.baseURL = baseURL
        self.clients = clients
    }

    init(baseURL: String, audits: [ClientAudit]) {
        self.init(
            baseURL: baseURL,
            clients: audits.map { audit in
                Client(
                    name: audit.client, integration: audit.integration, calls: audit.calls.count,
                    lastStep: audit.steps.last,
                    errors: audit.findings.filter { $0.rule.severity == .error }.count,
                    warnings: audit.findings.filter { $0.rule.severity == .warning }.count)
            })
    }
}

/// `tvsim watch`: follows the journal of the back end an outside app calls, and tells the UI each
/// call (with its cookbook step) and each new finding as they happen. The journal is read every
/// `interval`; the admin API's own calls (this feed's among them) are left out.
struct WatchFeed {
    let backend: any BackendControl
    let baseURL: String
    let inbox: Inbox
    /// `tvsim lab`: the lab the calls are graded against.
    var lab: Lab? = nil
    var interval: Duration = .milliseconds(300)

    func run() async {
        let timeline = Timeline(now: { Int64(Date().timeIntervalSince1970 * 1000) })
        timeline.observe { inbox.post(.timeline($0)) }
        var state = State()
        inbox.post(.watchSummary(WatchSummary(baseURL: baseURL)))
        while !Task.isCancelled {
            do {
                let entries = try await backend.journal(after: state.lastId, limit: 500)
                if state.failing {
                    state.failing = false
                    inbox.post(.say("flash.backendAnswersAgain"))
                }
                if !entries.isEmpty { report(entries, &state, timeline) }
            } catch {
                if !state.failing { inbox.post(.say("flash.journalUnreadable", ["error": "\(error)"])) }
                state.failing = true
            }
            try? await Task.sleep(for: interval)
        }
    }

    struct State {
        var lastId = 0
        var exchanges: [HTTPExchange] = []
        var timeline = AuditedTimeline()
        var failing = false
        /// False when the journal had dropped entries before the feed's first read.
        var complete = true
    }

    /// The back end's address without a trailing slash, before each journal path.
    private var origin: String { baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL }

    /// Each new call with its step, then the findings it brought.
    private func report(_ entries: [HTTPExchange], _ state: inout State, _ timeline: Timeline) {
        if state.lastId == 0, let first = entries.first?.id, first > 1 { state.complete = false }
        state.lastId = entries.last?.id ?? state.lastId
        let calls = entries.filter { !$0.url.hasPrefix("/__tvsim") }
        guard !calls.isEmpty else { return }
        state.exchanges += calls
        let audits = Audit.run(state.exchanges, historyComplete: state.complete)
        state.timeline.record(calls, audits: audits, origin: origin, on: timeline)
        inbox.post(.watchSummary(WatchSummary(baseURL: baseURL, audits: audits)))
        if let lab, let latest = audits.last {
            inbox.post(
                .labGrade(LabGrade.grade(lab, audit: latest), findings: latest.findings.count, at: Date()))
        }
    }
}
