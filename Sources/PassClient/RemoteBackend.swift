import Foundation
import MockBackendAPI
import PassAPI
import Simulation

/// A running `tvsim serve` controlled through its admin API (`/__tvsim/…`), for worlds that use
/// `--server`: what the embedded back end lets a run change directly, done over HTTP.
public struct RemoteBackend: BackendControl {
    public let baseURL: String
    let token: String?
    let transport: Transport

    public init(baseURL: String, token: String?, clock: any SimulationClock) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.token = token
        transport = Transport(clock: clock, observer: nil, timeout: .seconds(10))
    }

    public func info() async throws(AdminError) -> ServerInfo {
        try decode(ServerInfo.self, from: try await send("GET", "/__tvsim/info"))
    }

    public func reset() async throws(AdminError) {
        _ = try await send("POST", "/__tvsim/reset")
    }

    public func state() async throws(AdminError) -> StateSnapshot {
        try decode(StateSnapshot.self, from: try await send("GET", "/__tvsim/state"))
    }

    public func expireProfiles() async throws(AdminError) {
        _ = try await send("POST", "/__tvsim/state/profiles/expire")
    }

    public func addFault(_ rule: FaultRule) async throws(AdminError) {
        _ = try await send("POST", "/__tvsim/faults", body: try encode(rule))
    }

    public func faults() async throws(AdminError) -> [FaultRule] {
        try decode([FaultRule].self, from: try await send("GET", "/__tvsim/faults"))
    }

    public func removeFault(id: Int) async throws(AdminError) {
        _ = try await send("DELETE", "/__tvsim/faults/\(id)")
    }

    public func configuration() async throws(AdminError) -> Dashboard {
        try decode(Dashboard.self, from: try await send("GET", "/__tvsim/config"))
    }

    public func replaceConfiguration(_ dashboard: Dashboard) async throws(AdminError) {
        _ = try await send("PUT", "/__tvsim/config", body: try encode(dashboard))
    }

    public func advanceClock(bySeconds seconds: Double) async throws(AdminError) {
        _ = try await send("POST", "/__tvsim/clock/advance", body: try encode(["seconds": seconds]))
    }

    public func journal(after id: Int, limit: Int) async throws(AdminError) -> [HTTPExchange] {
        try await journalHistory(after: id, limit: limit).entries
    }

    /// The journal's entries, and whether they begin at the start of the history (since the
    /// server started or was reset) rather than where the journal dropped its oldest.
    public func journalHistory(after id: Int, limit: Int) async throws(AdminError)
        -> (entries: [HTTPExchange], complete: Bool)
    {
        let response = try await exchange("GET", "/__tvsim/journal?after=\(id)&limit=\(limit)")
        let entries = try decode([HTTPExchange].self, from: response.body)
        // A server that does not say: complete when the first entry it ever kept is there.
        let complete = response.header(JournalHistory.completeHeader).map { $0 == "true" }
        return (entries, complete ?? ((entries.first?.id ?? 1) == 1))
    }

    public func verifyMediaToken(_ serializedToken: String, resource: String) async throws(AdminError)
        -> MediaTokenVerification
    {
        let body = try encode(["serializedToken": serializedToken, "resource": resource])
        return try decode(
            MediaTokenVerification.self, from: try await send("POST", "/__tvsim/media-tokens/verify", body: body))
    }

    /// The server belongs to whoever started it: a run leaves it running.
    public func stop() async {}

    // MARK: - Wire

    private func send(_ method: String, _ path: String, body: Data? = nil) async throws(AdminError) -> Data {
        try await exchange(method, path, body: body).body
    }

    private func exchange(_ method: String, _ path: String, body: Data? = nil) async throws(AdminError)
        -> WireResponse
    {
        var headers: [(name: String, value: String)] = [("Accept", "application/json")]
        // Every admin write says JSON, with a body or without: the server refuses writes that do not.
        if body != nil || ["POST", "PUT", "PATCH"].contains(method) {
            headers.append(("Content-Type", "application/json"))
        }
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        let response: WireResponse
        do {
            response = try await transport.send(
                WireRequest(method: method, url: baseURL + path, headers: headers, body: body, label: "admin"))
        } catch {
            throw .unreachable(baseURL, "\(error)")
        }
        guard (200..<300).contains(response.status) else {
            let message = (try? JSONDecoder().decode(AdminErrorBody.self, from: response.body))?.message
            throw .refused(
                status: response.status, message: message ?? String(decoding: response.body.prefix(200), as: UTF8.self))
        }
        return response
    }

    private func encode(_ value: some Encodable) throws(AdminError) -> Data {
        do { return try JSONEncoder().encode(value) } catch { throw .malformed("cannot encode: \(error)") }
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(AdminError) -> Value {
        do { return try JSONDecoder().decode(type, from: data) } catch {
            throw .malformed("unexpected answer from the admin API: \(error)")
        }
    }

    private struct AdminErrorBody: Decodable {
        let message: String?
    }
}

public enum AdminError: Error, Sendable, CustomStringConvertible {
    case unreachable(String, String)
    case refused(status: Int, message: String)
    case malformed(String)

    public var description: String {
        switch self {
        case .unreachable(let url, let reason): "the admin API at \(url) did not answer (\(reason))"
        case .refused(401, _): "the back end's admin API needs a token: pass --admin-token"
        case .refused(403, _): "the back end's admin API answers only loopback clients"
        case .refused(let status, let message): "the admin API refused (HTTP \(status)): \(message)"
        case .malformed(let reason): reason
        }
    }
}
