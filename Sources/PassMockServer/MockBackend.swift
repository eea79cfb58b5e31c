import Foundation
import MockBackendAPI
import PassAPI
import Simulation
import Synchronization

/// The mock Adobe Pass back end: dashboard, stores, clock, faults and journal. The HTTP layer
/// (`MockServer`) is a thin shell around it; the admin API and the terminal UI drive it too.
public final class MockBackend: Sendable {
    public let clock: any SimulationClock
    let random: SharedRandom
    let store: ServerStore
    /// State of the programmers' own identity providers (`/custom-idp/{requestor}`).
    let customIdentity: CustomIdentityStore
    let journal: Journal
    let faults = FaultInjector()
    let throttle = Throttle()
    private let initialDashboard: Dashboard
    private let current: Mutex<DashboardIndex>
    private let base = Mutex<String>("http://127.0.0.1")
    private let hostNames: Mutex<HostCheck>
    private let requestObservers = Mutex<[@Sendable (HTTPExchange) -> Void]>([])
    /// When set, the admin API answers only requests carrying `Authorization: Bearer <token>`.
    public let adminToken: String?
    /// Host names this server answers to besides the loopback names and the address it binds.
    public let allowedHosts: Set<String>
    /// Whether REST API V1 calls signed with a requestor's key pair (the legacy scheme) are
    /// accepted in place of a DCR access token.
    public let acceptsSignedV1: Bool

    public init(
        dashboard: Dashboard = .builtIn, clock: any SimulationClock = SystemClock(), seed: UInt64 = 1,
        adminToken: String? = nil, allowedHosts: [String] = [], acceptsSignedV1: Bool = false
    ) {
        self.clock = clock
        self.adminToken = adminToken
        self.acceptsSignedV1 = acceptsSignedV1
        let names = Set(allowedHosts.map { $0.lowercased() })
        self.allowedHosts = names
        hostNames = Mutex(HostCheck(bindHost: nil, allowedHosts: names))
        random = SharedRandom(seed: seed)
        initialDashboard = dashboard
        current = Mutex(DashboardIndex(dashboard))
        store = ServerStore(limits: dashboard.settings.limits)
        customIdentity = CustomIdentityStore(capacity: dashboard.settings.limits.maxSessions)
        journal = Journal(capacity: dashboard.settings.limits.maxJournalEntries)
    }

    // MARK: Dashboard

    var index: DashboardIndex { current.withLock { $0 } }

    public var dashboard: Dashboard { index.dashboard }

    var settings: ServerSettings { index.settings }

    var credentials: CredentialAuthority { CredentialAuthority(signer: signer) }

    var signer: Signer { index.signer }

    /// Replaces the dashboard (admin API, scenarios). Sessions and profiles are kept.
    public func replaceDashboard(_ dashboard: Dashboard) {
        current.withLock { $0 = DashboardIndex(dashboard) }
    }

    /// Back to the dashboard the server started with, no sessions, profiles, faults or journal.
    public func reset() {
        replaceDashboard(initialDashboard)
        store.reset(nowMilliseconds: nowMilliseconds)
        customIdentity.reset()
        faults.removeAll()
        journal.clear()
        throttle.reset()
    }

    /// The software statement an app of `requestorId` would download from the dashboard.
    public func softwareStatement(for requestorId: String) -> String? {
        index.requestorsById[requestorId].map(credentials.softwareStatement(for:))
    }

    // MARK: Base URL and observers

    /// The URL the server is reachable at; pages and redirects are built from it.
    public var baseURL: String {
        get { base.withLock { $0 } }
        set {
            base.withLock { $0 = newValue }
            let url = URL(string: newValue)
            let authority = url?.host.map { host in url?.port.map { "\(host):\($0)" } ?? host }
            hostNames.withLock {
                $0 = HostCheck(bindHost: url?.host, allowedHosts: allowedHosts, ownAuthority: authority)
            }
        }
    }

    /// The names this server answers to, kept with the base URL.
    var hostCheck: HostCheck { hostNames.withLock { $0 } }

    /// Calls `observer` after every request with its (redacted) journal entry.
    public func onRequest(_ observer: @escaping @Sendable (HTTPExchange) -> Void) {
        requestObservers.withLock { $0.append(observer) }
    }

    /// Whether anyone listens: building the redacted entry is then worth it.
    var hasObservers: Bool { requestObservers.withLock { !$0.isEmpty } }

    func notifyObservers(_ entry: HTTPExchange) {
        for observer in requestObservers.withLock({ $0 }) { observer(entry) }
    }

    // MARK: Time and identifiers

    var now: Date { clock.now() }

    var nowMilliseconds: Int64 { clock.nowMilliseconds() }

    /// Codes look like the documented samples: seven upper-case letters and digits, without the
    /// easily confused 0/O and 1/I.
    func newCode() -> String {
        random.string(length: 7, alphabet: "ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    }

    func newIdentifier() -> String { random.uuid() }

    // MARK: Faults and journal (admin)

    public var faultRules: [FaultRule] { faults.rules }

    @discardableResult
    public func addFault(_ rule: FaultRule) -> FaultRule { faults.add(rule) }

    private let standIn = Mutex<FrameworkStandIn?>(nil)

    /// A lab's stand-in for Apple's framework (`POST /__tvsim/lab/framework`); nil answers 404.
    public var frameworkStandIn: FrameworkStandIn? {
        get { standIn.withLock { $0 } }
        set { standIn.withLock { $0 = newValue } }
    }

    public func removeAllFaults() { faults.removeAll() }

    public func journalEntries(after id: Int = 0, limit: Int = .max) -> [HTTPExchange] {
        let credentials = self.credentials
        let verified = index.verifiedAccessTokens
        // An expired token still names its client: it is who called, not whether it may.
        return journal.entries(after: id, limit: limit) { token in
            verified.value(token, make: { credentials.accessTokenClaims(token) })?.sub
        }
    }
}

extension MockBackend {
    /// Spends a one-time value of `owner`: true the first time, false on a replay. An owner over
    /// its quota of spent values is answered 429 with the seconds until one of them expires.
    func spendOnce(_ id: String, owner: String, validUntil: Int64) throws(QuotaExceeded) -> Bool {
        let outcome = store.spendOnce(
            id, owner: owner, validUntil: validUntil, nowMilliseconds: nowMilliseconds,
            capacity: settings.limits.maxSessions)
        switch outcome {
        case .spent: return true
        case .replay: return false
        case .overQuota(let seconds): throw QuotaExceeded(retryAfterSeconds: seconds)
        }
    }
}
