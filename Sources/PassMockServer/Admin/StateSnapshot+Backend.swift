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
    /// `GET /__tvsim/state`'s body: the snapshot as `Reply.encoder` spells it, sessions written
    /// straight into one buffer. A full store holds tens of thousands of sessions; the encoder
    /// built a tree of objects for each, several times the answer's size, which the allocator
    /// kept once freed (a dump took a server from 62 to 116 MB for good).
    func stateJSON() -> Data {
        let now = self.now
        let nowMs = nowMilliseconds
        let sessions = store.allSessions().sorted { $0.notBefore < $1.notBefore }
        let profiles = store.allProfiles().sorted { ($0.key.deviceId, $0.key.mvpd) < ($1.key.deviceId, $1.key.mvpd) }
        var object = DirectJSONObject(capacity: 4096 + 256 * sessions.count)
        object.add("faults", encoded: Reply.encode(faults.rules))
        object.add("profiles", objects: profiles) { object, profile in
            // Few, and each of many parts: the encoder spells them, one at a time.
            let view = StateSnapshot.StoredProfileView(
                serviceProvider: profile.key.serviceProvider, deviceId: profile.key.deviceId, mvpd: profile.key.mvpd,
                persona: profile.value.personaUsername, profile: profile.value.profile,
                expired: profile.value.isExpired(atMilliseconds: nowMs))
            object.add(members: Reply.encode(view))
        }
        object.add("sessions", objects: sessions) { object, session in
            object.add("code", session.code)
            object.add("completedForMvpd", session.completedProfile?.mvpd)
            object.add("deviceId", session.deviceId)
            object.add("expired", session.isExpired(at: now))
            object.add("notAfter", session.notAfter.milliseconds)
            object.add("parameters", sortedStrings: session.parameters.map { (key: $0.key.rawValue, value: $0.value) })
            object.add("serviceProvider", session.serviceProvider)
        }
        object.add("time", nowMs)
        return object.data
    }
}

extension MockBackend {
    /// Makes every stored profile expire now (the admin API's "expire" without a filter).
    @discardableResult
    public func expireAllProfiles() -> Int {
        store.expireProfiles(nowMilliseconds: nowMilliseconds) { _, _ in true }
    }
}
