import FlowRuntime
import Foundation
import MockBackendAPI
import PassAPI
import Simulation
import Synchronization
import Testing

@testable import PassMockServer

/// Every scenario of the catalog (REST API V2, V1, the SDK and the custom identity provider, on
/// iPhone and Apple TV) runs against back ends this test keeps. Every secret a back end saw or
/// issued, read back from its own record of the exchanges as they came, is then searched for in
/// what tvsim shows and writes: the journal, the serve log, the timeline text and the `--json`
/// report. None may be found.
@Suite struct NoSecretsTests {
    @Test func noFlowWritesASecretDown() async throws {
        var found: [SecretHarvest.Kind: Int] = [:]
        var leaks: [String] = []
        for scenario in try ScenarioCatalog.all() {
            let host = KeepingHost()
            let result = await ScenarioRunner(launcher: WorldLauncher(host: host)).run(scenario)
            let written =
                try [
                    ("the --json report", ScenarioResult.jsonReport([result])),
                    (
                        "the timeline",
                        TimelineText.lines(result.timeline, start: result.startTime).joined(separator: "\n")
                    ),
                ] + host.kept.flatMap { kept in try Self.written(by: kept) }
            for kept in host.kept {
                let harvest = SecretHarvest(kept.backend.journal.exchangesAsReceived())
                for (kind, secrets) in harvest.secrets {
                    found[kind, default: 0] += secrets.count
                    for secret in secrets {
                        for (place, text) in written where text.contains(secret) {
                            leaks.append("\(scenario.name): a \(kind) (\(secret.prefix(12))…) is in \(place)")
                        }
                    }
                }
            }
        }
        #expect(leaks.isEmpty, "\(leaks.count) secrets written down:\n\(leaks.prefix(40).joined(separator: "\n"))")
        // The search found something to look for: each kind of secret the flows produce.
        for kind in SecretHarvest.Kind.allCases {
            #expect(found[kind, default: 0] > 0, "no \(kind) was produced by any flow: \(found)")
        }
    }

    /// The journal as the admin API serves it, and the serve log, of one back end.
    static func written(by kept: KeepingHost.Kept) throws -> [(String, String)] {
        let journal = try JSONEncoder().encode(kept.backend.journalEntries())
        return [
            ("the journal", String(decoding: journal, as: UTF8.self)),
            ("the serve log", kept.log.withLock { $0.joined(separator: "\n") }),
        ]
    }
}

/// Starts back ends like the headless runner does, and keeps each one (with the log
/// `tvsim serve` would print for it) for reading once the run is over.
final class KeepingHost: BackendHost {
    final class Kept: Sendable {
        let backend: MockBackend
        let log = Mutex<[String]>([])

        init(backend: MockBackend) {
            self.backend = backend
        }
    }

    private let started = Mutex<[Kept]>([])

    var kept: [Kept] { started.withLock { $0 } }

    func start(dashboard: Dashboard, clock: any SimulationClock, seed: UInt64) async throws -> any BackendControl {
        let kept = Kept(backend: MockBackend(dashboard: dashboard, clock: clock, seed: seed))
        kept.backend.onRequest { entry in kept.log.withLock { $0.append(RequestLogLine(entry: entry).text) } }
        started.withLock { $0.append(kept) }
        return EmbeddedBackend(server: try await MockServer.start(backend: kept.backend))
    }
}

/// The secrets in exchanges as the server received and sent them, found by what carries them
/// (a header, a form field, a JSON member, a link, a hidden form input, a SAML signature),
/// written from the list of what must never be written down rather than from the redaction
/// code, so that a field the redaction forgets is still found here.
struct SecretHarvest {
    enum Kind: String, CaseIterable, CustomStringConvertible {
        case credentials = "Authorization credential"
        case clientSecret = "client secret"
        case accessToken = "access token"
        case authorizationCode = "authorization code"
        case samlArtifact = "SAML artifact"
        case relayState = "relay state"
        case mediaToken = "media token"
        case signature = "SAML signature"

        var description: String { rawValue }
    }

    /// Values shorter than this are not searched for: the demo personas' passwords are their
    /// user names, and a short value would be found in unrelated text.
    static let shortest = 8

    private(set) var secrets: [Kind: Set<String>] = [:]

    init(_ exchanges: [Journal.Exchange]) {
        for exchange in exchanges {
            harvestHeaders(exchange.requestHeaders.map { ($0.name.canonicalName, $0.value) })
            harvestHeaders(exchange.responseHeaders.map { ($0.name.canonicalName, $0.value) })
            harvestQuery(of: exchange.uri)
            harvestBody(exchange.requestBody.data)
            harvestBody(exchange.responseBody.data)
        }
    }

    /// Which kind a field of this name holds, in any letter case.
    static func kind(ofField name: String, oauth: Bool) -> Kind? {
        switch name.lowercased() {
        case "client_secret", "clientsecret": .clientSecret
        case "access_token", "accesstoken", "refresh_token", "refreshtoken", "device_code", "providersessiontoken":
            .accessToken
        case "samlart": .samlArtifact
        case "relaystate": .relayState
        case "serializedtoken", "token": .mediaToken
        case "code" where oauth: .authorizationCode
        default: nil
        }
    }

    private mutating func add(_ value: String, _ kind: Kind) {
        let value = value.removingPercentEncoding ?? value
        guard value.count >= Self.shortest else { return }
        secrets[kind, default: []].insert(value)
    }

    private mutating func harvestHeaders(_ headers: [(String, String)]) {
        for (name, value) in headers {
            switch name.lowercased() {
            case "authorization":
                let credential = value.split(separator: " ", maxSplits: 1).last.map(String.init) ?? value
                add(credential, .credentials)
            case "location":
                harvestQuery(of: value, oauth: true)
            default:
                continue
            }
        }
    }

    private mutating func harvestQuery(of url: String, oauth: Bool = false) {
        guard let question = url.firstIndex(of: "?") else { return }
        harvestForm(String(url[url.index(after: question)...]), oauth: oauth)
    }

    private mutating func harvestForm(_ text: String, oauth: Bool = false) {
        let oauth = oauth || text.contains("grant_type=")
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let kind = Self.kind(ofField: parts[0], oauth: oauth) else { continue }
            add(parts[1].replacingOccurrences(of: "+", with: " "), kind)
        }
    }

    private mutating func harvestBody(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        if let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
            harvestJSON(json)
        } else if text.contains("<") {
            harvestMarkup(text)
        } else if text.contains("=") {
            harvestForm(text)
        }
    }

    private mutating func harvestJSON(_ value: Any) {
        if let object = value as? [String: Any] {
            for (key, member) in object {
                if let kind = Self.kind(ofField: key, oauth: false), let text = member as? String {
                    add(text, kind)
                } else {
                    harvestJSON(member)
                }
            }
        } else if let array = value as? [Any] {
            for member in array { harvestJSON(member) }
        } else if let text = value as? String, text.hasPrefix("<") || text.count > 200 {
            // A SAML document in a JSON member, as XML or as Base64 of it.
            harvestMarkup(Base64.decode(text).map { String(decoding: $0, as: UTF8.self) } ?? text)
        }
    }

    /// Links and redirects, hidden form inputs, and SAML signatures (also inside a Base64
    /// `SAMLResponse` input).
    private mutating func harvestMarkup(_ text: String) {
        for match in text.matches(of: /href="([^"]*)"/) {
            harvestQuery(of: String(match.1).replacingOccurrences(of: "&amp;", with: "&"), oauth: true)
        }
        for match in text.matches(of: /<input[^>]*name="([^"]*)"[^>]*value="([^"]*)"/) {
            let (name, value) = (String(match.1), String(match.2))
            if let kind = Self.kind(ofField: name, oauth: true) {
                add(value, kind)
            } else if name == "SAMLResponse", let decoded = Base64.decode(value) {
                harvestMarkup(String(decoding: decoded, as: UTF8.self))
            }
        }
        for match in text.matches(of: /SignatureValue>([^<]+)</) {
            add(String(match.1), .signature)
        }
    }
}
