import Foundation
import PassAPI

/// A recognised call of one client: the exchange and what the call table says it is.
public struct Call: Sendable, Equatable {
    public let exchange: HTTPExchange
    public let operation: OperationTable.Entry

    public var name: String { operation.operation }
    /// `POST /api/v2/ORBIT/sessions (#7)`: how a finding points at the call.
    public var label: String { "\(exchange.method) \(exchange.path) (#\(exchange.id))" }
}

/// A breach of a rule: the calls involved and a sentence that says what happened.
public struct Finding: Sendable, Equatable {
    public let rule: Rule
    /// The numbers of the exchanges involved.
    public let exchanges: [Int]
    public let message: String
    /// What the finding cites: the rule's source, or for a header missing on one call the line
    /// of the call's own step that lists the header.
    public internal(set) var source: Rule.Source

    init(rule: Rule, exchanges: [Int], message: String) {
        self.rule = rule
        self.exchanges = exchanges
        self.message = message
        self.source = rule.source
    }
}

/// The evaluators, one per kind of check: pure functions of a client's calls in time order.
enum Checks {
    static func evaluate(_ rule: Rule, _ calls: [Call]) -> [Finding] {
        let breaches: [(exchanges: [Int], message: String)]
        switch rule.check {
        case .requiredHeader(let operations, let header, let format, let condition):
            // Which profile is in use is read from answers only when the rule depends on it.
            let active =
                condition == .appleSSOProfile
                ? appleSSOProfileActive(calls) : Array(repeating: true, count: calls.count)
            let asked = zip(calls, active).filter { operations.contains($0.0.name) && $0.1 }.map(\.0)
            breaches = asked.compactMap { call in
                headerProblem(call.exchange, header, format).map { ([call.exchange.id], "\(call.label): \($0)") }
            }
        case .once(let operation):
            breaches = calls.filter { $0.name == operation }.dropFirst().map {
                ([$0.exchange.id], "\($0.label) repeats \(operation), which this client already made.")
            }
        case .tokenReuse(let operation): breaches = tokenReuse(operation, calls)
        case .renewAfterRefusal(let operation): breaches = noRenewal(operation, calls)
        case .before(let first, let then):
            guard let firstThen = calls.firstIndex(where: { then.contains($0.name) }) else { return [] }
            if calls[..<firstThen].contains(where: { first.contains($0.name) }) { return [] }
            let call = calls[firstThen]
            breaches = [([call.exchange.id], "\(call.label) comes before any \(first.joined(separator: " or ")).")]
        case .pollingInterval(let operations, let minimum): breaches = tooFast(operations, minimum, calls)
        case .retryAfter(let operations): breaches = retryAfterIgnored(operations, calls)
        case .pollingStops(let operations): breaches = pollsAfterTheEnd(operations, calls)
        case .resourceLimit(let operations, let maximum):
            breaches = calls.filter { operations.contains($0.name) }.compactMap { call in
                let count = resources(of: call.exchange).count
                return count > maximum ? ([call.exchange.id], "\(call.label) asks about \(count) resources.") : nil
            }
        case .afterLogout(let operations, let logout, let signIn):
            breaches = afterLogout(operations, logout, signIn, calls)
        case .logoutOfProfile(let operations, let profiles): breaches = logoutOfAnotherMvpd(operations, profiles, calls)
        case .afterAProfile(let operations, let profiles): breaches = beforeAnyProfile(operations, profiles, calls)
        case .refreshOnce(let operation): breaches = spentRefreshTokens(operation, calls)
        case .oneAPI: breaches = secondAPI(calls)
        case .afterAction(let operation, let actions, let next, let forbidden):
            breaches = afterAction(operation, actions, next, forbidden, calls)
        case .platformServicesEnabled(let operations, let configuration):
            breaches = withoutPlatformServices(operations, configuration, calls)
        case .configuredMVPD(let operations, let configuration):
            breaches = unknownMVPDs(operations, configuration, calls)
        case .notOnPlatform(let operations, let platforms):
            breaches = calls.filter { operations.contains($0.name) }.compactMap { call in
                guard let platform = platform(of: call, among: calls), platforms.contains(platform) else { return nil }
                return ([call.exchange.id], "\(call.label) comes from \(platform).")
            }
        case .requiredParameter(let operations, let parameter):
            breaches = calls.filter { operations.contains($0.name) }.compactMap { call in
                parameterValue(parameter, of: call.exchange)?.isEmpty == false
                    ? nil : ([call.exchange.id], "\(call.label) has no \(parameter).")
            }
        case .samlEncodedOnce(let operations, let field):
            breaches = calls.filter { operations.contains($0.name) }.compactMap { call in
                encodingProblem(call.exchange.form(field)).map { ([call.exchange.id], "\(call.label): \($0)") }
            }
        }
        return breaches.map { Finding(rule: rule, exchanges: $0.exchanges, message: $0.message) }
    }

    // MARK: - Headers

    static func headerProblem(_ exchange: HTTPExchange, _ name: String, _ format: Rule.HeaderFormat) -> String? {
        let value = exchange.requestHeader(name)?.trimmingCharacters(in: .whitespaces)
        switch format {
        case .deviceInfoOrUserAgent:
            let parsed = DeviceInfo.parse(value)
            if case .success = parsed { return nil }
            // A User-Agent stands in for a missing header, not for one the server cannot read.
            if case .failure(let error) = parsed, let value, !value.isEmpty {
                return "X-Device-Info does not read (\(error)); a User-Agent stands in only for a missing one."
            }
            let agent = exchange.requestHeader("User-Agent") ?? ""
            if agent.range(
                of: #"(iPhone|iPad|iOS|tvOS|AppleTV|Apple TV|Darwin|CFNetwork)"#, options: .regularExpression)
                != nil
            {
                return nil
            }
            return "no X-Device-Info, and the User-Agent (\(agent.isEmpty ? "none" : agent)) does not name the device."
        case .partnerFrameworkStatus, .partnerFrameworkStatusReadable:
            // Its presence is another rule's; these check the values sent.
            guard let value, !value.isEmpty else { return nil }
            return valueProblem(value, name, format, at: exchange.startedAt)
        default:
            guard let value, !value.isEmpty else { return "no \(name) header." }
            return valueProblem(value, name, format, at: exchange.startedAt)
        }
    }

    private static func valueProblem(_ value: String, _ name: String, _ format: Rule.HeaderFormat, at time: Int64)
        -> String?
    {
        switch format {
        case .present, .deviceInfoOrUserAgent: return nil
        case .bearer:
            let parts = value.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else {
                return "\(name) is not “Bearer <access token>”."
            }
            return nil
        case .deviceIdentifier:
            if case .failure(let error) = DeviceIdentifier.parse(value) { return "\(name) is not valid: \(error)." }
            return nil
        case .partnerFrameworkStatus:
            guard case .success(let status) = PartnerFrameworkStatus.parse(value) else { return nil }
            return statusProblem(status, at: time).map { "\(name) \($0)." }
        case .partnerFrameworkStatusReadable:
            guard case .failure(let error) = PartnerFrameworkStatus.parse(value) else { return nil }
            return "\(name) does not read: \(error)."
        }
    }

    private static func statusProblem(_ status: PartnerFrameworkStatus, at time: Int64) -> String? {
        guard status.frameworkPermissionInfo.accessStatus == .granted else {
            return "says the permission is \(status.frameworkPermissionInfo.accessStatus?.rawValue ?? "absent")"
        }
        guard let id = status.frameworkProviderInfo.id, !id.isEmpty else { return "names no provider" }
        if let expiry = status.expirationMilliseconds, expiry <= time { return "has a provider sign-in that expired" }
        return nil
    }

    /// For each call, whether the profile in use then came from partner single sign-on.
    static func appleSSOProfileActive(_ calls: [Call]) -> [Bool] {
        var active = false
        return calls.map { call in
            let now = active
            switch call.name {
            case "sso.profiles" where provesAProfile(call.exchange): active = true
            case "logout", "v1.logout": active = false
            case "profiles.code" where returnsAProfile(call.exchange): active = false
            default: break
            }
            return now
        }
    }

    // MARK: - Tokens

    private static func tokenReuse(_ operation: String, _ calls: [Call]) -> [([Int], String)] {
        var validUntil: Int64?
        var refusedSince = false
        var breaches: [([Int], String)] = []
        for call in calls {
            if call.name == operation, !isSpentRefreshToken(call) {
                if let until = validUntil, call.exchange.startedAt < until, !refusedSince {
                    let left = (until - call.exchange.startedAt) / 1000
                    breaches.append(
                        ([call.exchange.id], "\(call.label) asks for a token while the last has \(left) s left."))
                }
                if call.exchange.status.map({ (200..<300).contains($0) }) == true,
                    let seconds = wholeNumber(call.exchange.responseObject?["expires_in"])
                {
                    // The answer's number, as a HAR recorded it: any size may come.
                    let (milliseconds, overflowed) = seconds.multipliedReportingOverflow(by: 1000)
                    let (until, late) = call.exchange.startedAt.addingReportingOverflow(milliseconds)
                    validUntil = overflowed || late ? (seconds < 0 ? .min : .max) : until
                }
                refusedSince = false
            } else if call.exchange.status == 401 {
                refusedSince = true
            }
        }
        return breaches
    }

    /// Calls made with a token a 401 refused, before a new one was asked. A 401 for a call that
    /// carried no token refused none: it asks for the header, not for a new token.
    private static func noRenewal(_ operation: String, _ calls: [Call]) -> [([Int], String)] {
        var refused: Call?
        var breaches: [([Int], String)] = []
        for call in calls where call.name == operation || carriesAnAccessToken(call.exchange) {
            if call.name == operation {
                refused = nil
            } else if call.operation.api != .dcr, let first = refused {
                breaches.append(
                    (
                        [first.exchange.id, call.exchange.id],
                        "\(call.label) uses the token that #\(first.exchange.id) had refused with 401."
                    ))
                refused = nil
            } else if call.exchange.status == 401, call.operation.api != .dcr {
                refused = call
            }
        }
        return breaches
    }

    static func carriesAnAccessToken(_ exchange: HTTPExchange) -> Bool {
        exchange.requestHeader("Authorization").map { $0.lowercased().hasPrefix("bearer ") } ?? false
    }

    /// A refresh token exchange the server refused as already taken: `spentRefreshTokens` names
    /// it, and it asked for no token the client could have kept.
    private static func isSpentRefreshToken(_ call: Call) -> Bool {
        call.exchange.form("grant_type") == "refresh_token" && call.exchange.status == 400
            && call.exchange.responseObject?["error"] as? String == "invalid_grant"
    }

    /// The call that follows an answer naming one of `actions`, when it is one the answer rules
    /// out (a new authentication where the answer said a profile exists, a new session where it
    /// handed out one to continue).
    private static func afterAction(
        _ operation: String, _ actions: [String], _ next: [String], _ forbidden: [String], _ calls: [Call]
    ) -> [([Int], String)] {
        calls.indices.compactMap { index in
            let call = calls[index]
            guard call.name == operation, let action = call.exchange.responseObject?["actionName"] as? String,
                actions.contains(action),
                let following = calls[(index + 1)...].first(where: { next.contains($0.name) }),
                forbidden.contains(following.name)
            else { return nil }
            return (
                [call.exchange.id, following.exchange.id],
                "\(call.label) answered \(action), yet \(following.label) comes next."
            )
        }
    }

    /// Each call of `operations` with the MVPDs of the last `configuration` answer before it
    /// that the file kept readable, and that answer's number; calls with none before them are
    /// left out (the order rules speak of those).
    private static func withConfiguration(_ operations: [String], _ configuration: String, _ calls: [Call])
        -> [(call: Call, mvpds: [ConfiguredMVPD], configuration: Int)]
    {
        var last: (mvpds: [ConfiguredMVPD], number: Int)?
        var asked: [(call: Call, mvpds: [ConfiguredMVPD], configuration: Int)] = []
        for call in calls {
            if call.name == configuration, let listed = ConfiguredMVPD.list(in: call.exchange.responseBody) {
                last = (listed, call.exchange.id)
            }
            if operations.contains(call.name), let last { asked.append((call, last.mvpds, last.number)) }
        }
        return asked
    }

    /// Partner calls for a provider the configuration the client last read does not enable for
    /// single sign-on. A call without a readable provider is other rules' business.
    private static func withoutPlatformServices(_ operations: [String], _ configuration: String, _ calls: [Call])
        -> [([Int], String)]
    {
        withConfiguration(operations, configuration, calls).compactMap { call, mvpds, read in
            guard
                case .success(let status) = PartnerFrameworkStatus.parse(
                    call.exchange.requestHeader("AP-Partner-Framework-Status")),
                let provider = status.frameworkProviderInfo.id, !provider.isEmpty,
                !mvpds.contains(where: {
                    ($0.platformMappingId ?? $0.id) == provider && $0.supportsPlatformSingleSignOn
                })
            else { return nil }
            return (
                [read, call.exchange.id],
                "\(call.label) is for provider \(provider), which the configuration (#\(read))"
                    + " does not list with enablePlatformServices and boardingStatus SUPPORTED."
            )
        }
    }

    /// Calls whose MVPD (the path's last segment) is no `id` of the configuration the client
    /// last read: often the framework's provider id, its `platformMappingId`, passed on as is.
    private static func unknownMVPDs(_ operations: [String], _ configuration: String, _ calls: [Call])
        -> [([Int], String)]
    {
        withConfiguration(operations, configuration, calls).compactMap { call, mvpds, read in
            guard let segment = call.exchange.path.split(separator: "/").last,
                case let mvpd = String(segment).removingPercentEncoding ?? String(segment),
                !mvpds.contains(where: { $0.id == mvpd })
            else { return nil }
            let mapped = mvpds.first { $0.platformMappingId == mvpd }.map { ", but the platformMappingId of \($0.id)" }
            return (
                [read, call.exchange.id],
                "\(call.label) names MVPD \(mvpd), no id of the configuration (#\(read))\(mapped ?? "")."
            )
        }
    }

    /// The device's OS: the `osName` of the `X-Device-Info` the call (or, failing it, the
    /// client's nearest call before it) sent, else what its `User-Agent` names.
    static func platform(of call: Call, among calls: [Call]) -> String? {
        let upToIt = calls.prefix { $0.exchange.id != call.exchange.id } + [call]
        for exchange in upToIt.reversed().map(\.exchange) {
            if case .success(let info) = DeviceInfo.parse(exchange.requestHeader("X-Device-Info")) {
                return info.osName
            }
        }
        for exchange in upToIt.reversed().map(\.exchange) {
            let agent = exchange.requestHeader("User-Agent") ?? ""
            if agent.contains("iPad") { return "iPadOS" }
            if agent.contains("iPhone") || agent.contains("iOS") { return "iOS" }
            if agent.contains("AppleTV") || agent.contains("Apple TV") || agent.contains("tvOS") { return "tvOS" }
        }
        return nil
    }

    /// A request's parameter, from its query, its form or its JSON body, as text.
    static func parameterValue(_ name: String, of exchange: HTTPExchange) -> String? {
        if let value = exchange.query(name) ?? exchange.form(name) { return value }
        return exchange.requestObject?[name].map { "\($0)" }
    }

    /// The calls of the API a client turned to second (REST API V1 after V2, or V2 after V1):
    /// the two keep their sign-ins apart, so one app's flow follows one cookbook.
    private static func secondAPI(_ calls: [Call]) -> [([Int], String)] {
        // Adobe's two APIs: an app's own identity provider is no third one to choose from.
        let apis = calls.map(\.operation.api).filter { $0 == .restV2 || $0 == .restV1 }
        guard let first = apis.first, let second = apis.first(where: { $0 != first }),
            let start = calls.first(where: { $0.operation.api == first })
        else { return [] }
        let later = calls.filter { $0.operation.api == second }
        return [
            (
                later.map(\.exchange.id),
                "\(later[0].label) is \(apiName(second)), while this client's calls from #\(start.exchange.id) on"
                    + " are \(apiName(first)): one app follows one API's cookbook."
            )
        ]
    }

    private static func apiName(_ api: Endpoint.API) -> String {
        switch api {
        case .restV2: "REST API V2"
        case .restV1: "REST API V1"
        default: api.rawValue
        }
    }

    private static func spentRefreshTokens(_ operation: String, _ calls: [Call]) -> [([Int], String)] {
        calls.filter { $0.name == operation && isSpentRefreshToken($0) }.map { call in
            let reason = call.exchange.responseObject?["error_description"] as? String
            return (
                [call.exchange.id],
                "\(call.label) sends a refresh token the server had already taken (invalid_grant"
                    + (reason.map { ": \($0)" } ?? "") + ")."
            )
        }
    }

    // MARK: - Decisions before a profile

    /// Decisions asked before any call returned a profile. An answer whose body the HAR left out
    /// counts as a profile: what cannot be read is not held against the client.
    private static func beforeAnyProfile(_ operations: [String], _ profiles: [String], _ calls: [Call])
        -> [([Int], String)]
    {
        let firstProfile = calls.firstIndex { profiles.contains($0.name) && returnsAProfile($0.exchange) }
        let early = calls[..<(firstProfile ?? calls.endIndex)].filter { operations.contains($0.name) }
        guard let first = early.first else { return [] }
        let more = early.count - 1
        return [
            (
                early.map(\.exchange.id),
                "\(first.label)\(more > 0 ? " and \(more) more" : "") asks for decisions before any call returned a profile."
            )
        ]
    }

    // MARK: - Polling

    /// The polls of each code, in order. REST API V2 names the code in the path
    /// (`profiles/code/{code}`); REST API V1 asks `tokens/authn` without it, which is a poll only
    /// between a registration code's creation and the token's arrival (else it is step 1's check).
    private static func polls(_ operations: [String], _ calls: [Call]) -> [String: [Call]] {
        var series: [String: [Call]] = [:]
        var pendingV1Code: String?
        // REST API V1 polls the token of a code: after the 200, token checks that follow one
        // another at once are more polls of that code; one after another call is a new check.
        var answeredV1Code: String?
        var previous: String?
        for call in calls {
            defer { previous = call.name }
            if call.name == "v1.regcode.create" {
                pendingV1Code = call.exchange.responseObject?["code"] as? String ?? "#\(call.exchange.id)"
                answeredV1Code = nil
            }
            guard operations.contains(call.name) else { continue }
            switch call.name {
            case "profiles.code":
                series[String(call.exchange.path.split(separator: "/").last ?? ""), default: []].append(call)
            case "v1.tokens.authn":
                if let code = pendingV1Code {
                    series[code, default: []].append(call)
                    if call.exchange.status == 200 { (pendingV1Code, answeredV1Code) = (nil, code) }
                } else if let code = answeredV1Code, previous == call.name {
                    series[code, default: []].append(call)
                } else {
                    answeredV1Code = nil
                }
            default:
                series[call.name, default: []].append(call)
            }
        }
        return series
    }

    private static func tooFast(_ operations: [String], _ minimum: Double, _ calls: [Call]) -> [([Int], String)] {
        polls(operations, calls).values.flatMap { series in
            zip(series, series.dropFirst()).compactMap { previous, next in
                let gap = Double(next.exchange.startedAt - previous.exchange.startedAt) / 1000
                guard gap < minimum else { return nil }
                return (
                    [previous.exchange.id, next.exchange.id],
                    "\(next.label) polls \(formatted(gap)) s after #\(previous.exchange.id)."
                )
            }
        }.sorted { $0.0[0] < $1.0[0] }
    }

    private static func retryAfterIgnored(_ operations: [String], _ calls: [Call]) -> [([Int], String)] {
        polls(operations, calls).values.flatMap { series in
            zip(series, series.dropFirst()).compactMap { previous, next in
                guard previous.exchange.status == 429 else { return nil }
                let wait = Double(previous.exchange.responseHeader("Retry-After") ?? "") ?? 1
                let gap = Double(next.exchange.startedAt - previous.exchange.startedAt) / 1000
                guard gap < wait else { return nil }
                return (
                    [previous.exchange.id, next.exchange.id],
                    "\(next.label) polls \(formatted(gap)) s after a 429 that said Retry-After: \(formatted(wait))."
                )
            }
        }.sorted { $0.0[0] < $1.0[0] }
    }

    /// One finding per code: the polls after its profile came back, or after its `notAfter`.
    private static func pollsAfterTheEnd(_ operations: [String], _ calls: [Call]) -> [([Int], String)] {
        let expiries = codeExpiries(calls)
        return polls(operations, calls).compactMap { code, series -> ([Int], String)? in
            if let done = series.firstIndex(where: ended), done + 1 < series.count {
                let after = series[(done + 1)...]
                return (
                    [series[done].exchange.id] + after.map(\.exchange.id),
                    "\(after.first!.label) and \(after.count - 1) more poll\(after.count == 2 ? "" : "s") come after "
                        + "#\(series[done].exchange.id) returned the \(series[done].name == "v1.tokens.authn" ? "token" : "profile")."
                )
            }
            guard let expiry = expiries[code] else { return nil }
            let late = series.filter { $0.exchange.startedAt > expiry }
            guard let first = late.first else { return nil }
            return (
                late.map(\.exchange.id),
                "\(first.label) and \(late.count - 1) more poll\(late.count == 2 ? "" : "s") come after the code's notAfter."
            )
        }.sorted { $0.0.first! < $1.0.first! }
    }

    /// Whether a poll ended its series: a profile returned (REST API V2), a token (V1's 200).
    private static func ended(_ poll: Call) -> Bool {
        poll.name == "v1.tokens.authn" ? poll.exchange.status == 200 : provesAProfile(poll.exchange)
    }

    /// Each code's end, from the answers that gave it: REST API V2's `notAfter`, V1's `expires`.
    private static func codeExpiries(_ calls: [Call]) -> [String: Int64] {
        var expiries: [String: Int64] = [:]
        for call in calls
        where call.name.hasPrefix("sessions.") || call.name == "sso.sessions" || call.name == "v1.regcode.create" {
            guard let object = call.exchange.responseObject, let code = object["code"] as? String else { continue }
            let field = call.name == "v1.regcode.create" ? "expires" : "notAfter"
            let end = (object[field] as? String).flatMap { Int64($0) } ?? wholeNumber(object[field])
            if let end { expiries[code] = end }
        }
        return expiries
    }

    // MARK: - Decisions

    /// The resources a decisions call asks about: REST API V2's JSON `resources`, REST API V1's
    /// `resource` parameter.
    static func resources(of exchange: HTTPExchange) -> [String] {
        if let list = exchange.requestObject?["resources"] as? [String] { return list }
        if let resource = exchange.query("resource") ?? exchange.form("resource") {
            return resource.split(separator: ",").map(String.init)
        }
        return []
    }

    private static func afterLogout(_ operations: [String], _ logout: [String], _ signIn: [String], _ calls: [Call])
        -> [([Int], String)]
    {
        var loggedOut: Call?
        var breaches: [([Int], String)] = []
        for call in calls {
            if logout.contains(call.name) {
                loggedOut = call
            } else if signIn.contains(call.name), returnsAProfile(call.exchange) {
                loggedOut = nil
            } else if operations.contains(call.name), let out = loggedOut {
                breaches.append(
                    (
                        [out.exchange.id, call.exchange.id],
                        "\(call.label) asks for a decision after the logout #\(out.exchange.id), without signing in again."
                    ))
            }
        }
        return breaches
    }

    /// Logouts that name an MVPD the client holds no profile of (judged only once it was given
    /// profiles at all).
    private static func logoutOfAnotherMvpd(_ operations: [String], _ profiles: [String], _ calls: [Call])
        -> [([Int], String)]
    {
        var held: Set<String> = []
        var breaches: [([Int], String)] = []
        for call in calls {
            // Which profiles are held is unknown from a missing answer on.
            if profiles.contains(call.name), bodyIsMissing(call.exchange) { return breaches }
            if profiles.contains(call.name), let answer = call.exchange.responseObject?["profiles"] as? [String: Any] {
                held.formUnion(answer.keys)
            } else if operations.contains(call.name) {
                let mvpd = String(call.exchange.path.split(separator: "/").last ?? "")
                if !held.isEmpty, !held.contains(mvpd) {
                    breaches.append(
                        (
                            [call.exchange.id],
                            "\(call.label) logs out of \(mvpd), but the profile held is \(held.sorted().joined(separator: ", "))."
                        ))
                }
                held.remove(mvpd)
            }
        }
        return breaches
    }

    /// A profile (REST API V2) or an authentication token (REST API V1) came back. A 200 whose
    /// body the file left out may have returned one: counted as one, so that what cannot be read
    /// is not held against the client (`provesAProfile` is the strict reading).
    static func returnsAProfile(_ exchange: HTTPExchange) -> Bool {
        guard exchange.status == 200 || exchange.status == 204 else { return false }
        if let profiles = exchange.responseObject?["profiles"] as? [String: Any] { return !profiles.isEmpty }
        return true
    }

    /// A profile came back, as the kept body shows: false when the body was left out.
    static func provesAProfile(_ exchange: HTTPExchange) -> Bool {
        !bodyIsMissing(exchange) && returnsAProfile(exchange)
    }

    /// An answer whose body the file did not keep.
    static func bodyIsMissing(_ exchange: HTTPExchange) -> Bool {
        exchange.responseBodyMissing
    }

    // MARK: - SAML

    private static func encodingProblem(_ field: String?) -> String? {
        guard let field, !field.isEmpty else { return nil }
        guard let once = Base64.decode(field) else { return "SAMLResponse is not Base64." }
        let text = String(decoding: once, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("<") { return nil }
        if let twice = Base64.decode(text), String(decoding: twice, as: UTF8.self).contains("<") {
            return "SAMLResponse is Base64-encoded twice."
        }
        return "SAMLResponse does not decode to XML."
    }

    /// Seconds as a finding says them; a number from a HAR (a `Retry-After` of `1e300` or `inf`)
    /// is written as it is rather than converted to an integer it does not fit.
    static func formatted(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds.magnitude < 1e15 else { return String(format: "%g", seconds) }
        return seconds.rounded() == seconds ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }

    /// A JSON number of an answer as a whole `Int64`, or nil when it is not one or does not fit.
    static func wholeNumber(_ value: Any?) -> Int64? {
        guard let number = value as? NSNumber, !(value is Bool) else { return nil }
        let double = number.doubleValue
        guard double.isFinite, double.magnitude < 9.2e18 else { return nil }
        // Exact for the integers a double holds exactly; `int64Value` of a huge double is not defined.
        return double.magnitude < 9.0e15 ? number.int64Value : Int64(double)
    }
}
