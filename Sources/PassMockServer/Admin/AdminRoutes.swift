import Conformance
import Foundation
import HTTPTypes
import LocatedJSON
import MockBackendAPI
import PassAPI
import Simulation

/// The admin API under `/__tvsim/`: discover, reset, read and override state and configuration,
/// inject faults, move the clock, read the journal. Loopback only; with `--admin-token`, only
/// with that token.
struct AdminRoutes {
    let backend: MockBackend

    /// `GET /__tvsim/audit` as JSON: the same document as `tvsim audit --json`.
    struct AuditDocument<Clients: Encodable>: Encodable {
        let source: String
        /// False once the journal dropped its oldest entries: the order rules were not asked.
        let complete: Bool
        let clients: Clients
    }

    /// `POST /__tvsim/media-tokens/verify`: a token and the resource it should be for.
    struct MediaTokenQuestion: Codable {
        let serializedToken: String
        let resource: String
    }

    struct Message: Codable {
        let error: String
        let message: String
        var field: String?
        var line: Int?
        var column: Int?
    }

    func register(into registry: inout RouteRegistry) {
        let admin = "/__tvsim"
        add(&registry, .get, "\(admin)/info") { _, _ in Reply.json(backend.info()) }
        add(&registry, .post, "\(admin)/reset") { _, _ in
            backend.reset()
            return Reply.json(["status": "reset"])
        }
        add(&registry, .get, "\(admin)/state") { _, _ in Reply.jsonData(backend.stateJSON()) }
        add(&registry, .post, "\(admin)/state/profiles/expire") { request, _ in try expireProfiles(request) }
        add(&registry, .delete, "\(admin)/state/profiles") { request, _ in
            let filter = try profileFilter(request)
            let count = backend.store.removeProfiles { key, _ in filter(key) }
            return Reply.json(["removed": count])
        }
        add(&registry, .post, "\(admin)/state/codes/expire") { _, _ in
            Reply.json(["expired": backend.store.expireSessions(now: backend.now)])
        }
        add(&registry, .get, "\(admin)/config") { _, _ in Reply.json(backend.dashboard) }
        add(&registry, .put, "\(admin)/config") { request, _ in
            let dashboard = try decode(Dashboard.self, from: request.body, name: "<request body>")
            backend.replaceDashboard(dashboard)
            return Reply.json(dashboard)
        }
        add(&registry, .patch, "\(admin)/config") { request, _ in try patchDashboard(request) }
        add(&registry, .patch, "\(admin)/config/mvpds/{id}") { request, parameters in
            try patchEntity(request, list: "mvpds", id: parameters["id"])
        }
        add(&registry, .patch, "\(admin)/config/requestors/{id}") { request, parameters in
            try patchEntity(request, list: "requestors", id: parameters["id"])
        }
        add(&registry, .get, "\(admin)/faults") { _, _ in Reply.json(backend.faultRules) }
        add(&registry, .post, "\(admin)/faults") { request, _ in
            let rule = try decode(FaultRule.self, from: request.body, name: "<request body>")
            return Reply.json(backend.addFault(rule), status: 201)
        }
        add(&registry, .delete, "\(admin)/faults") { _, _ in
            backend.removeAllFaults()
            return Reply.noContent()
        }
        add(&registry, .delete, "\(admin)/faults/{id}") { _, parameters in
            guard let id = Int(parameters["id"]), backend.faults.remove(id: id) else {
                return Reply.json(
                    Message(error: "not_found", message: "No fault with id \(parameters["id"])."), status: 404)
            }
            return Reply.noContent()
        }
        add(&registry, .get, "\(admin)/audit") { request, _ in
            let audit = backend.audit()
            if request.acceptsHTML {
                return Reply.html(
                    Pages.audit(audit.clients, complete: audit.complete, strings: request.strings),
                    headers: [Reply.readOnlyPagePolicy])
            }
            return Reply.json(
                AuditDocument(
                    source: "tvsim serve", complete: audit.complete, clients: AuditReport.clientsJSON(audit.clients)))
        }
        add(&registry, .post, "\(admin)/media-tokens/verify") { request, _ in
            let asked = try decode(MediaTokenQuestion.self, from: request.body, name: "<request body>")
            return Reply.json(backend.verifyMediaToken(asked.serializedToken, resource: asked.resource))
        }
        add(&registry, .get, "\(admin)/clock") { _, _ in Reply.json(["time": backend.nowMilliseconds]) }
        add(&registry, .post, "\(admin)/clock/advance") { request, _ in try advanceClock(request) }
        add(&registry, .get, "\(admin)/journal") { request, _ in try journal(request) }
        add(&registry, .delete, "\(admin)/journal") { _, _ in
            backend.journal.clear()
            return Reply.noContent()
        }
    }

    /// Every admin route checks where the request came from and, if configured, the admin token.
    private func add(
        _ registry: inout RouteRegistry, _ method: HTTPRequestMethod, _ path: String,
        _ handler: @escaping @Sendable (IncomingRequest, RouteParameters) throws -> MockResponse
    ) {
        let backend = self.backend
        registry.addAdmin(method, path) { request, parameters, context in
            guard context.isFromLoopback else {
                return Reply.json(
                    Message(error: "forbidden", message: "The admin API answers only on loopback."), status: 403)
            }
            if let refusal = Self.crossSiteRefusal(request, method: method, hosts: backend.hostCheck) {
                return refusal
            }
            if let token = backend.adminToken, !AdminToken.matches(request.header(.authorization), token) {
                return Reply.json(
                    Message(error: "unauthorized", message: "Send Authorization: Bearer <admin token>."), status: 401)
            }
            return try handler(request, parameters)
        }
    }

    /// A web page the tester opens must not drive the admin API: a request must say which host
    /// it is for; one another page sent (an `Origin` that is not this very server, scheme, name
    /// and port, or a `Sec-Fetch-Site` other than `same-origin` or `none`) is refused; and a write
    /// must say `Content-Type: application/json`, which a page cannot send without the browser
    /// asking this server first (and it never agrees).
    static func crossSiteRefusal(_ request: IncomingRequest, method: HTTPRequestMethod, hosts: HostCheck)
        -> MockResponse?
    {
        guard let host = request.authority else {
            return Reply.json(
                Message(error: "bad_request", message: "The admin API answers HTTP/1.1 requests with a Host header."),
                status: 400)
        }
        if let origin = request.header(.origin), !hosts.isOwn(origin: origin, requestHost: host) {
            return Reply.json(
                Message(
                    error: "cross_site_request",
                    message: "The admin API answers only its own page, not another site (Origin: \(origin))."),
                status: 403)
        }
        if let site = request.header(.secFetchSite)?.lowercased(), site != "same-origin", site != "none" {
            return Reply.json(
                Message(
                    error: "cross_site_request",
                    message: "The admin API does not answer requests from another site (Sec-Fetch-Site: \(site))."),
                status: 403)
        }
        let writes: Set<HTTPRequestMethod> = [.post, .put, .patch]
        let mediaType = request.contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
            .lowercased()
        if writes.contains(method), mediaType != "application/json" {
            return Reply.json(
                Message(
                    error: "unsupported_media_type",
                    message:
                        "Admin writes take Content-Type: application/json (curl: -H 'Content-Type: application/json')."),
                status: 415)
        }
        return nil
    }

    /// `GET /__tvsim/journal`: the entries after `after` as JSON (100 unless `limit` says), or
    /// with `format=har` the clients' calls (the admin API's own left out) as a HAR 1.2 file, the
    /// whole journal unless `limit` says, for `tvsim audit`, Chrome or Charles to open.
    private func journal(_ request: IncomingRequest) throws -> MockResponse {
        let after = try count("after", in: request, from: 0) ?? 0
        let limit = try count("limit", in: request, from: 1)
        switch request.query["format"] ?? "json" {
        case "json":
            let entries = backend.journalEntries(after: after, limit: limit ?? 100)
            let complete = backend.journal.holdsEverySinceCleared
            return Reply.json(entries, headers: [(JournalHistory.completeHeader, complete ? "true" : "false")])
        case "har":
            let origin = "http://\(request.authority ?? "127.0.0.1")"
            let calls = backend.journalEntries(after: after, limit: limit ?? .max)
                .filter { !$0.url.hasPrefix("/__tvsim") }
                .map { $0.onOrigin(origin) }
            let run = HARDocument.Run(id: "tvsim-serve", title: "tvsim serve at \(origin)", exchanges: calls)
            return Reply.jsonData(
                try HARDocument.data([run]),
                headers: [("Content-Disposition", #"attachment; filename="tvsim-serve.har""#)])
        case let other:
            return Reply.json(
                Message(
                    error: "invalid_format",
                    message: "The journal comes as format=json or format=har, not '\(other)'.", field: "format"),
                status: 400)
        }
    }

    /// A whole-number query parameter of at least `minimum`, or nil when absent; anything else
    /// is refused by name rather than read as a default.
    private func count(_ name: String, in request: IncomingRequest, from minimum: Int) throws -> Int? {
        guard let text = request.query[name] else { return nil }
        guard let value = Int(text), value >= minimum else {
            throw AdminFailure(
                Message(
                    error: "invalid_parameter",
                    message: "'\(name)' is a whole number from \(minimum) to \(Int.max), not '\(text)'.", field: name))
        }
        return value
    }

    /// Decodes an admin body. Positions are reported only for what the caller sent; a patched
    /// document was re-serialized here, so only the field is meaningful.
    private func decode<T: Decodable>(_ type: T.Type, from body: Data, name: String, located: Bool = true) throws -> T {
        do {
            return try LocatedJSONDecoder().decode(type, from: body, file: name)
        } catch {
            let field = error.field.isEmpty ? nil : error.field
            let text = field.map { "field '\($0)': \(error.message)" } ?? error.message
            throw AdminFailure(
                Message(
                    error: "invalid_body", message: located ? error.description : "\(name): \(text)", field: field,
                    line: located ? error.location.line : nil, column: located ? error.location.column : nil))
        }
    }

    private func patchDashboard(_ request: IncomingRequest) throws -> MockResponse {
        let patch = try patchObject(request)
        let current = try JSONSerialization.jsonObject(with: Reply.encoder.encode(backend.dashboard))
        let merged = JSONMergePatch.apply(patch, to: current)
        let data = try JSONSerialization.data(withJSONObject: merged, options: [.sortedKeys])
        let dashboard = try decode(Dashboard.self, from: data, name: "<patched config>", located: false)
        backend.replaceDashboard(dashboard)
        return Reply.json(dashboard)
    }

    /// Merge-patches one element of `requestors` or `mvpds`, found by id.
    private func patchEntity(_ request: IncomingRequest, list: String, id: String) throws -> MockResponse {
        let patch = try patchObject(request)
        guard
            var document = try JSONSerialization.jsonObject(with: Reply.encoder.encode(backend.dashboard))
                as? [String: Any],
            var items = document[list] as? [[String: Any]],
            let position = items.firstIndex(where: { $0["id"] as? String == id })
        else {
            return Reply.json(
                Message(error: "not_found", message: "No \(list.dropLast()) with id '\(id)'."), status: 404)
        }
        items[position] = JSONMergePatch.apply(patch, to: items[position]) as? [String: Any] ?? items[position]
        document[list] = items
        let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        let dashboard = try decode(
            Dashboard.self, from: data, name: "<patched \(list.dropLast()) \(id)>", located: false)
        backend.replaceDashboard(dashboard)
        return Reply.json(dashboard)
    }

    private func patchObject(_ request: IncomingRequest) throws -> Any {
        do {
            _ = try JSONNode.parse(Array(request.body), file: "<request body>")
        } catch {
            throw AdminFailure(
                Message(
                    error: "invalid_body", message: error.description, line: error.location.line,
                    column: error.location.column))
        }
        guard let patch = try? JSONSerialization.jsonObject(with: request.body), patch is [String: Any] else {
            throw AdminFailure(Message(error: "invalid_body", message: "A merge patch must be a JSON object."))
        }
        return patch
    }

    private struct ExpireRequest: Codable {
        var mvpd: String?
        var deviceId: String?
    }

    private func profileFilter(_ request: IncomingRequest) throws -> @Sendable (ProfileKey) -> Bool {
        let filter =
            request.body.isEmpty
            ? ExpireRequest(mvpd: request.query["mvpd"], deviceId: request.query["deviceId"])
            : try decode(ExpireRequest.self, from: request.body, name: "<request body>")
        return { key in
            (filter.mvpd == nil || key.mvpd == filter.mvpd)
                && (filter.deviceId == nil || key.deviceId == filter.deviceId)
        }
    }

    private func expireProfiles(_ request: IncomingRequest) throws -> MockResponse {
        let filter = try profileFilter(request)
        let count = backend.store.expireProfiles(nowMilliseconds: backend.nowMilliseconds) { key, _ in filter(key) }
        return Reply.json(["expired": count])
    }

    /// One advance moves the clock at most ten years, and the clock never passes the year 9999:
    /// every expiry in milliseconds since 1970 then fits its integer.
    static let longestAdvanceSeconds: Double = 315_360_000
    static let latestTime = Date(timeIntervalSince1970: 253_402_300_799)

    private struct AdvanceRequest: Codable {
        let seconds: Double
    }

    private func advanceClock(_ request: IncomingRequest) throws -> MockResponse {
        let body = try decode(AdvanceRequest.self, from: request.body, name: "<request body>")
        guard (0...Self.longestAdvanceSeconds).contains(body.seconds) else {
            return Reply.json(
                Message(
                    error: "invalid_body",
                    message: "seconds must be between 0 and \(Int(Self.longestAdvanceSeconds)) (ten years).",
                    field: "seconds"),
                status: 400)
        }
        let target = backend.clock.now().addingTimeInterval(body.seconds)
        guard target <= Self.latestTime else {
            return Reply.json(
                Message(
                    error: "invalid_body", message: "The clock cannot pass 9999-12-31T23:59:59Z.", field: "seconds"),
                status: 400)
        }
        backend.clock.skip(to: target)
        return Reply.json(["time": backend.nowMilliseconds])
    }
}

typealias HTTPRequestMethod = HTTPRequest.Method

/// An admin request that is wrong in a way the caller can fix.
struct AdminFailure: StyledFailure {
    let message: AdminRoutes.Message

    init(_ message: AdminRoutes.Message) {
        self.message = message
    }

    var statusCode: Int { 400 }

    var ownStyle: ErrorStyle { .enhanced }

    func reply(in style: ErrorStyle, trace: String) -> MockResponse? {
        if case .v1 = style { return nil }
        return Reply.json(message, status: statusCode)
    }
}

/// The admin API's `Authorization: Bearer <token>`. The scheme is case-insensitive (RFC 9110
/// §11.1); the token is compared whole.
enum AdminToken {
    static func matches(_ authorization: String?, _ token: String) -> Bool {
        guard let authorization else { return false }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        return parts.count == 2 && parts[0].lowercased() == "bearer" && parts[1] == token
    }
}
