import Foundation
import PassAPI
import Synchronization

/// An audit of one client: the calls it made, each with its cookbook step, and the findings.
public struct ClientAudit: Sendable, Equatable {
    /// Who: the device identifier the calls carry (or the HAR page when none does).
    public let client: String
    /// `rest-v2`, `rest-v1`, or `dcr` when only registration was seen.
    public let integration: String
    public let calls: [Call]
    /// The exchanges no cookbook names (web pages, the framework's own traffic), by number.
    public let otherExchanges: [Int]
    public let findings: [Finding]
    /// The rules the exchanges could not settle, with why: a HAR saved without answer bodies or
    /// with credentials stripped. Their findings are only those the kept parts prove.
    public var notJudged: [NotJudged] = []

    public struct NotJudged: Sendable, Equatable {
        public let rule: Rule
        public let reason: String
    }

    /// The cookbook steps the calls were in, in order, a repeated step once.
    public var steps: [String] {
        var steps: [String] = []
        for call in calls {
            guard let step = step(of: call), steps.last != step else { continue }
            steps.append(step)
        }
        return steps
    }

    /// The call's step in the client's integration. Registration alone names no integration
    /// yet: its steps are REST API V2's (A.1–A.4), where seed 002 describes it.
    public func step(of call: Call) -> String? {
        // A call of the other API (a client that mixes them) keeps that API's step.
        call.operation.steps[integration]
            ?? call.operation.steps[integration == "dcr" ? "rest-v2" : call.operation.api.rawValue]
    }

    public var worstSeverity: Rule.Severity? { findings.map(\.rule.severity).min() }
}

/// Runs the rules over exchanges: groups them by client, recognises the calls and evaluates every
/// rule on each client's calls. Pure: the same exchanges give the same audit.
public enum Audit {
    /// A client that made no call the cookbooks name (only web pages, say) is left out.
    /// `historyComplete: false` says the exchanges may miss a client's first calls (a journal that
    /// dropped its oldest entries): the order rules, which would then see calls out of order that
    /// were not, are not asked.
    public static func run(_ exchanges: [HTTPExchange], catalog: RuleCatalog = .builtIn, historyComplete: Bool = true)
        -> [ClientAudit]
    {
        // Clients are audited apart from each other: a workshop's HARs hold thousands of them,
        // shared out over the cores and put back in their order.
        let grouped = clients(exchanges)
        let workers = min(max(1, ProcessInfo.processInfo.activeProcessorCount), grouped.count)
        guard workers > 1 else {
            return grouped.compactMap { audit(client: $0, $1, catalog: catalog, historyComplete: historyComplete) }
        }
        let done = Mutex<[(index: Int, audit: ClientAudit)]>([])
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var mine: [(index: Int, audit: ClientAudit)] = []
            for index in stride(from: worker, to: grouped.count, by: workers) {
                let (client, exchanges) = grouped[index]
                if let audit = audit(client: client, exchanges, catalog: catalog, historyComplete: historyComplete) {
                    mine.append((index, audit))
                }
            }
            done.withLock { $0 += mine }
        }
        return done.withLock { $0 }.sorted { $0.index < $1.index }.map(\.audit)
    }

    /// One client's audit; nil when it made no call the cookbooks name.
    static func audit(client: String, _ exchanges: [HTTPExchange], catalog: RuleCatalog, historyComplete: Bool)
        -> ClientAudit?
    {
        let sorted = exchanges.sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
        var calls: [Call] = []
        var others: [Int] = []
        for exchange in sorted {
            if let entry = catalog.operations.entry(method: exchange.method, path: exchange.path) {
                calls.append(Call(exchange: exchange, operation: entry))
            } else {
                others.append(exchange.id)
            }
        }
        guard !calls.isEmpty else { return nil }
        let integration = integration(of: calls)
        let asked = catalog.rules.filter {
            applies($0, to: integration) && (historyComplete || !$0.check.needsTheWholeHistory)
        }
        let stripped = strippedCredentials(asked, calls)
        let findings = asked.filter { rule in !stripped.contains { $0.rule == rule } }.flatMap {
            Checks.evaluate($0, calls)
        }.map { citingTheCallsStep($0, calls, integration: integration, catalog: catalog) }
        var audit = ClientAudit(
            client: client, integration: integration, calls: calls, otherExchanges: others,
            findings: findings.sorted {
                ($0.exchanges.first ?? 0, $0.rule.id) < ($1.exchanges.first ?? 0, $1.rule.id)
            })
        audit.notJudged = stripped + withoutBodies(asked, calls)
        if !stripped.isEmpty {
            audit.notJudged += asked.filter { rule in
                rule.check.readsTheAccessToken && !audit.findings.contains { $0.rule == rule }
            }.map { ClientAudit.NotJudged(rule: $0, reason: Self.withoutTheToken($0.check)) }
        }
        return audit
    }

    /// A header finding about one call cites the line of that call's step that lists the header
    /// (configuration C.1, preauthorize D.3, logout E.1), not the rule's own step.
    static func citingTheCallsStep(_ finding: Finding, _ calls: [Call], integration: String, catalog: RuleCatalog)
        -> Finding
    {
        // Registration alone is in REST API V2's steps, where seed 002 describes it.
        let integration = integration == "dcr" ? "rest-v2" : integration
        guard case .requiredHeader(_, let header, _, _) = finding.rule.check, finding.exchanges.count == 1,
            let call = calls.first(where: { $0.exchange.id == finding.exchanges[0] }),
            let step = call.operation.steps[integration],
            let list = catalog.headerList(naming: header, step: step, integration: integration)
        else { return finding }
        var cited = finding
        cited.source = list.source
        return cited
    }

    /// Credential rules a sanitized HAR cannot settle: the header is on none of the calls the
    /// rule asks about, yet the server accepted some (a 2xx, which it gives only with the header),
    /// so the file lost it on export (Chrome's default HAR export strips `Authorization` and
    /// cookies). A 401 among them proves nothing either way: an expired token gets one too.
    static func strippedCredentials(_ rules: [Rule], _ calls: [Call]) -> [ClientAudit.NotJudged] {
        rules.compactMap { rule in
            guard case .requiredHeader(let operations, let header, .bearer, _) = rule.check else { return nil }
            let asked = calls.filter { operations.contains($0.name) }
            guard !asked.isEmpty, asked.allSatisfy({ $0.exchange.requestHeader(header) == nil }),
                asked.contains(where: { ($0.exchange.status ?? 0) / 100 == 2 })
            else { return nil }
            return ClientAudit.NotJudged(
                rule: rule,
                reason: "no call carries \(header), yet the server accepted them: the file was saved without it.")
        }
    }

    /// Why a rule that reads the access token cannot be judged on a file saved without it.
    static func withoutTheToken(_ check: Rule.Check) -> String {
        switch check {
        // The token is what ties one app's REST API V1 calls to its V2 ones.
        case .oneAPI: "without Authorization in the file, nothing ties these calls to others of the same app."
        default: "without Authorization in the file, a 401 cannot be told from one that refused a token."
        }
    }

    /// Rules that read answers, when some answers the HAR kept without their body (Chrome leaves
    /// compressed ones out): judged only on what was kept, never on a guess.
    static func withoutBodies(_ rules: [Rule], _ calls: [Call]) -> [ClientAudit.NotJudged] {
        let bodiless = calls.filter { Checks.bodyIsMissing($0.exchange) }.map(\.exchange.id)
        guard !bodiless.isEmpty else { return [] }
        let listed = bodiless.prefix(5).map { "#\($0)" }.joined(separator: ", ") + (bodiless.count > 5 ? "…" : "")
        return rules.filter(\.check.readsAnswers).map {
            ClientAudit.NotJudged(rule: $0, reason: "answers without their body in the file (\(listed)).")
        }
    }

    /// The integration a rule is for, by its id's prefix: the others are not asked of it.
    static let integrationOfPrefix = ["V2-": "rest-v2", "V1-": "rest-v1", "OWN-IDP-": "custom-idp"]

    /// A rule for one integration only (its id starts `V1-`, `V2-` or `OWN-IDP-`) is not asked
    /// of a client of another.
    static func applies(_ rule: Rule, to integration: String) -> Bool {
        guard let only = integrationOfPrefix.first(where: { rule.id.hasPrefix($0.key) })?.value else { return true }
        return only == integration
    }

    /// Adobe's APIs first: an app that also calls a provider of its own is judged as their client.
    static func integration(of calls: [Call]) -> String {
        for api in ["rest-v2", "rest-v1", "custom-idp"]
        where calls.contains(where: { $0.operation.api.rawValue == api }) {
            return api
        }
        return "dcr"
    }

    /// The exchanges of each client, in order of first appearance. A client is a HAR page and,
    /// within it, a device identifier (`AP-Device-Identifier`, REST API V1's `deviceId`); an
    /// exchange without one (registration, web pages) belongs to the client of the next one that
    /// has one, else of the last.
    static func clients(_ exchanges: [HTTPExchange]) -> [(String, [HTTPExchange])] {
        let ordered = exchanges.sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
        var keys: [String?] = ordered.map { exchange in
            deviceIdentifier(of: exchange).map { device in exchange.page.map { "\($0) · \(device)" } ?? device }
        }
        var nextInPage: [String: String] = [:]
        for index in keys.indices.reversed() {
            let page = ordered[index].page ?? ""
            if let key = keys[index] { nextInPage[page] = key } else { keys[index] = nextInPage[page] }
        }
        var lastInPage: [String: String] = [:]
        for index in keys.indices {
            let page = ordered[index].page ?? ""
            if let key = keys[index] {
                lastInPage[page] = key
            } else {
                keys[index] = lastInPage[page] ?? (page.isEmpty ? "client" : page)
            }
        }
        var order: [String] = []
        var groups: [String: [HTTPExchange]] = [:]
        for (key, exchange) in zip(keys.map { $0! }, ordered) {
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(exchange)
        }
        return joinedByCredentials(order.map { ($0, groups[$0]!) })
    }

    /// Joins, on one page, a group named by REST API V1's `deviceId` to the group named by
    /// `AP-Device-Identifier` that shares its credentials (a registered client or an access
    /// token): one app calling both APIs is one client, named by both identifiers. Groups of one
    /// kind are never joined: a test bench or a workshop may share one registration among many
    /// devices. Where several `AP-Device-Identifier` groups share them, the one whose fingerprint
    /// is the `deviceId` is chosen, or none.
    static func joinedByCredentials(_ groups: [(String, [HTTPExchange])]) -> [(String, [HTTPExchange])] {
        let named = groups.map { _, exchanges in
            exchanges.contains { $0.requestHeader("AP-Device-Identifier")?.isEmpty == false }
        }
        let credentialsOf = groups.map { credentials(of: $0.1) }
        var joinedInto: [Int: Int] = [:]
        for v1 in groups.indices where !named[v1] && !credentialsOf[v1].isEmpty {
            let page = groups[v1].1.first?.page
            let candidates = groups.indices.filter {
                named[$0] && groups[$0].1.first?.page == page && !credentialsOf[$0].isDisjoint(with: credentialsOf[v1])
            }
            let devices = Set(groups[v1].1.compactMap(deviceIdentifier))
            let chosen =
                candidates.count == 1
                ? candidates.first
                : candidates.first { index in
                    groups[index].1.contains { exchange in
                        let identifier = exchange.requestHeader("AP-Device-Identifier")
                        let encoded = identifier?.split(separator: " ").last.map(String.init)
                        return encoded.flatMap(Base64.decode).map {
                            devices.contains(String(decoding: $0, as: UTF8.self))
                        }
                            ?? false
                    }
                }
            if let chosen { joinedInto[v1] = chosen }
        }
        return groups.indices.compactMap { index -> (String, [HTTPExchange])? in
            guard joinedInto[index] == nil else { return nil }
            let joining = groups.indices.filter { joinedInto[$0] == index }
            guard !joining.isEmpty else { return groups[index] }
            let name = ([groups[index].0] + joining.map { groups[$0].0 }).joined(separator: " + ")
            let exchanges = (groups[index].1 + joining.flatMap { groups[$0].1 }).sorted {
                ($0.startedAt, $0.id) < ($1.startedAt, $1.id)
            }
            return (name, exchanges)
        }
    }

    /// What names a client's credentials in its exchanges: the registered client the source
    /// says a call's token belongs to, the `client_id` of its registration and token requests,
    /// and its access tokens where the file kept them.
    static func credentials(of exchanges: [HTTPExchange]) -> Set<String> {
        var found: Set<String> = []
        for exchange in exchanges {
            if let client = exchange.client { found.insert("client \(client)") }
            if let authorization = exchange.requestHeader("Authorization"),
                authorization.lowercased().hasPrefix("bearer "),
                authorization.utf8.firstRange(of: Redaction.marker.utf8) == nil
            {
                found.insert("token \(authorization.dropFirst(7))")
            }
            guard exchange.path.hasPrefix("/o/client/") else { continue }
            let answer = exchange.responseObject
            for client in [exchange.form("client_id"), answer?["client_id"] as? String].compactMap({ $0 }) {
                found.insert("client \(client)")
            }
            if let token = answer?["access_token"] as? String, !token.contains(Redaction.marker) {
                found.insert("token \(token)")
            }
        }
        return found
    }

    static func deviceIdentifier(of exchange: HTTPExchange) -> String? {
        if let header = exchange.requestHeader("AP-Device-Identifier"), !header.isEmpty { return header }
        if let device = exchange.query("deviceId") ?? exchange.form("deviceId"), !device.isEmpty { return device }
        // An own identity provider's translate names it in its JSON; only such a body is parsed.
        guard exchange.requestBody?.contains(#""deviceId""#) == true,
            let device = exchange.requestObject?["deviceId"] as? String, !device.isEmpty
        else { return nil }
        return device
    }
}
