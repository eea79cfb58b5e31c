import Foundation
import MockBackendAPI
import PassAPI

extension MockBackend {
    public func stateSnapshot() -> StateSnapshot {
        let now = self.now
        let nowMs = nowMilliseconds
        let sessions = store.allSessions().sorted { $0.notBefore < $1.notBefore }.map { session in
            StateSnapshot.Session(
                code: session.code, serviceProvider: session.serviceProvider, deviceId: session.deviceId,
                parameters: Dictionary(uniqueKeysWithValues: session.parameters.map { ($0.key.rawValue, $0.value) }),
                notAfter: session.notAfter.milliseconds, expired: session.isExpired(at: now),
                completedForMvpd: session.completedProfile?.mvpd)
        }
        let profiles = store.allProfiles().sorted { ($0.key.deviceId, $0.key.mvpd) < ($1.key.deviceId, $1.key.mvpd) }
            .map { key, stored in
                StateSnapshot.StoredProfileView(
                    serviceProvider: key.serviceProvider, deviceId: key.deviceId, mvpd: key.mvpd,
                    persona: stored.personaUsername, profile: stored.profile,
                    expired: stored.isExpired(atMilliseconds: nowMs))
            }
        return StateSnapshot(time: nowMs, sessions: sessions, profiles: profiles, faults: faults.rules)
    }
}

extension MockBackend {
    /// Makes every stored profile expire now (the admin API's "expire" without a filter).
    @discardableResult
    public func expireAllProfiles() -> Int {
        store.expireProfiles(nowMilliseconds: nowMilliseconds) { _, _ in true }
    }
}
