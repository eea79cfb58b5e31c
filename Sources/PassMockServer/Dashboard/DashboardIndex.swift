import Foundation
import MockBackendAPI
import PassAPI
import Synchronization

/// Fast lookups over one dashboard version. Rebuilt whenever the dashboard changes, so request
/// handlers never scan lists. A class: every request takes the current index, and one
/// reference costs less to hand out than a copy of a dozen.
final class DashboardIndex: Sendable {
    let dashboard: Dashboard
    /// The dashboard's settings, held apart: middlewares read the limits on every request, and
    /// reaching them through the dashboard copied the whole dashboard value each time.
    let settings: ServerSettings
    let requestorsById: [String: RequestorSettings]
    let mvpdsById: [String: MvpdSettings]
    let mvpdsByPlatformId: [String: MvpdSettings]
    /// Ids of MVPDs integrated (configured and enabled) per requestor.
    private let integratedIds: [String: Set<String>]
    /// Every platform mapping id known to the service (for the partner framework checks).
    let knownPlatformIds: Set<String>
    let signer: Signer
    let encodedAnswers = MemoCache<EncodedBody>()
    /// Every request presents its access token; verifying the signature once is enough.
    let verifiedAccessTokens = MemoCache<AccessTokenClaims>()
    let parsedDeviceInfo = MemoCache<Shared<DeviceInfo>>()
    let parsedDeviceIdentifiers = MemoCache<DeviceIdentifier>()
    let clientIdentities = MemoCache<ClientIdentity>()

    init(_ dashboard: Dashboard) {
        self.dashboard = dashboard
        settings = dashboard.settings
        signer = Signer(secret: dashboard.settings.signingSecret)
        requestorsById = Dictionary(dashboard.requestors.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        mvpdsById = Dictionary(dashboard.mvpds.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        mvpdsByPlatformId = Dictionary(
            dashboard.mvpds.compactMap { mvpd in mvpd.platformMappingId.map { ($0, mvpd) } },
            uniquingKeysWith: { first, _ in first })
        knownPlatformIds = Set(mvpdsByPlatformId.keys)
        var integrated: [String: Set<String>] = [:]
        for requestor in dashboard.requestors {
            let listed = requestor.mvpds.map(Set.init) ?? Set(dashboard.mvpds.map(\.id))
            integrated[requestor.id] = Set(
                dashboard.mvpds.filter { listed.contains($0.id) && $0.integrationEnabled }.map(\.id))
        }
        integratedIds = integrated
    }

    /// The MVPD, if it exists and has an active integration with `requestor`.
    func integratedMvpd(_ id: String, for requestor: String) -> MvpdSettings? {
        guard integratedIds[requestor]?.contains(id) == true else { return nil }
        return mvpdsById[id]
    }

    func integratedMvpds(for requestor: String) -> [MvpdSettings] {
        let ids = integratedIds[requestor] ?? []
        return dashboard.mvpds.filter { ids.contains($0.id) }
    }

    func persona(_ username: String, at mvpd: MvpdSettings) -> Persona? {
        dashboard.personas(of: mvpd).first { $0.username.lowercased() == username.lowercased() }
    }

    func persona(userID: String, at mvpd: MvpdSettings) -> Persona? {
        dashboard.personas(of: mvpd).first { $0.userID == userID }
    }

    func resource(_ id: String, of requestor: String) -> ResourceSettings? {
        requestorsById[requestor]?.resources.first { $0.id == id }
    }
}

/// Values that depend only on the dashboard version and a small key (an encoded answer, the
/// claims of a verified token), computed once. A new dashboard builds a new index, and with it
/// empty caches.
final class MemoCache<Value: Sendable>: Sendable {
    private struct Entries {
        var byKey: [String: Value] = [:]
        /// The entry asked for last. A device asks with the same token and headers call after
        /// call: comparing with the last key costs less than hashing a 400-byte token again.
        var last: (key: String, value: Value)?
    }

    private let entries = Mutex(Entries())
    /// Keys come partly from requests; past this many the cache starts over.
    static var capacity: Int { 1_024 }

    /// The value for `key`, made by `make` the first time. Nothing is kept when `make` fails.
    func value(_ key: String, make: () -> Value?) -> Value? {
        let cached = entries.withLock { entries -> Value? in
            if let last = entries.last, last.key == key { return last.value }
            guard let value = entries.byKey[key] else { return nil }
            entries.last = (key, value)
            return value
        }
        if let cached { return cached }
        guard let value = make() else { return nil }
        entries.withLock { entries in
            if entries.byKey.count >= Self.capacity { entries.byKey.removeAll(keepingCapacity: true) }
            entries.byKey[key] = value
            entries.last = (key, value)
        }
        return value
    }
}
