import Foundation
import MockBackendAPI
import PassAPI
import Synchronization

/// All mutable state of the mock back end: authentication sessions and profiles. Bounded; every
/// access goes through one lock so concurrent handlers see a consistent world.
final class ServerStore: Sendable {
    private struct State {
        var sessions: BoundedStore<String, AuthenticationSession>
        var profiles: BoundedStore<ProfileKey, StoredProfile>
        var spent = SpentValues()
        var refreshChains = RefreshChains()
        /// REST API V1 authorizations, bounded like the profiles.
        var authorizations: BoundedStore<V1AuthorizationKey, StoredAuthorization>
    }

    private let state: Mutex<State>

    init(limits: ServerSettings.Limits) {
        state = Mutex(
            State(
                sessions: BoundedStore(capacity: limits.maxSessions),
                profiles: BoundedStore(capacity: limits.maxProfiles),
                authorizations: BoundedStore(capacity: limits.maxProfiles)))
    }

    /// Marks a one-time identifier of `owner` as used until `validUntil`, after which it could
    /// not be accepted anyway. `capacity` is the current bound of the store.
    func spendOnce(_ id: String, owner: String, validUntil: Int64, nowMilliseconds: Int64, capacity: Int)
        -> SpentValues.Outcome
    {
        state.withLock {
            $0.spent.spend(id, owner: owner, validUntil: validUntil, now: nowMilliseconds, capacity: capacity)
        }
    }

    // MARK: Refresh tokens

    func startRefreshChain(_ id: String, client: String, expiresAt: Int64, nowMilliseconds: Int64, capacity: Int) {
        state.withLock {
            $0.refreshChains.start(id, client: client, expiresAt: expiresAt, now: nowMilliseconds, capacity: capacity)
        }
    }

    func advanceRefreshChain(
        _ id: String, client: String, from generation: Int, expiresAt: Int64, nowMilliseconds: Int64
    ) -> Int? {
        state.withLock {
            $0.refreshChains.advance(id, client: client, from: generation, expiresAt: expiresAt, now: nowMilliseconds)
        }
    }

    // MARK: Sessions

    func insertSession(_ session: AuthenticationSession, now: Date) {
        state.withLock { $0.sessions.insert(session, for: session.code) { $0.isExpired(at: now) } }
    }

    func session(code: String) -> AuthenticationSession? {
        state.withLock { $0.sessions[code] }
    }

    func updateSession(code: String, _ body: @Sendable (inout AuthenticationSession) -> Void) -> AuthenticationSession?
    {
        state.withLock { state in
            state.sessions.update(code, body)
            return state.sessions[code]
        }
    }

    func removeSession(code: String) {
        state.withLock { _ = $0.sessions.remove(code) }
    }

    func allSessions() -> [AuthenticationSession] {
        state.withLock { Array($0.sessions.values) }
    }

    /// Makes every live code expire at `now` (admin "expire codes"); they stay listed as expired.
    func expireSessions(now: Date) -> Int {
        state.withLock { state in
            let live = state.sessions.keyValues.filter { !$0.value.isExpired(at: now) }.map(\.key)
            for code in live { state.sessions.update(code) { $0.notAfter = now } }
            return live.count
        }
    }

    // MARK: Profiles

    func insertProfile(_ profile: StoredProfile, for key: ProfileKey, nowMilliseconds: Int64) {
        state.withLock { $0.profiles.insert(profile, for: key) { $0.isExpired(atMilliseconds: nowMilliseconds) } }
    }

    func profile(_ key: ProfileKey) -> StoredProfile? {
        state.withLock { $0.profiles[key] }
    }

    /// Profiles of one client on one device for one requestor, expired ones included.
    func profiles(clientId: String, deviceId: String, serviceProvider: String) -> [(ProfileKey, StoredProfile)] {
        state.withLock { state in
            state.profiles.keyValues.filter {
                $0.key.clientId == clientId && $0.key.deviceId == deviceId && $0.key.serviceProvider == serviceProvider
            }
        }
    }

    @discardableResult
    func removeProfile(_ key: ProfileKey) -> StoredProfile? {
        state.withLock { $0.profiles.remove(key) }
    }

    func allProfiles() -> [(key: ProfileKey, value: StoredProfile)] {
        state.withLock { $0.profiles.keyValues }
    }

    /// Moves the end of matching profiles to `nowMilliseconds` (admin "expire now").
    func expireProfiles(nowMilliseconds: Int64, matching predicate: @Sendable (ProfileKey, StoredProfile) -> Bool)
        -> Int
    {
        state.withLock { state in
            var count = 0
            for (key, stored) in state.profiles.keyValues where predicate(key, stored) {
                state.profiles.update(key) { $0.profile.notAfter = min($0.profile.notAfter, nowMilliseconds) }
                count += 1
            }
            return count
        }
    }

    /// Removes the matching profiles and returns them.
    func takeProfiles(matching predicate: @Sendable (ProfileKey) -> Bool) -> [(key: ProfileKey, value: StoredProfile)] {
        state.withLock { state in
            let taken = state.profiles.keyValues.filter { predicate($0.key) }
            for (key, _) in taken { state.profiles.remove(key) }
            return taken
        }
    }

    func removeProfiles(matching predicate: @Sendable (ProfileKey, StoredProfile) -> Bool) -> Int {
        state.withLock { state in
            let before = state.profiles.count
            state.profiles.removeAll(where: predicate)
            return before - state.profiles.count
        }
    }

    // MARK: REST API V1 authorizations

    func insertAuthorization(_ authorization: StoredAuthorization, for key: V1AuthorizationKey, nowMilliseconds: Int64)
    {
        state.withLock {
            $0.authorizations.insert(authorization, for: key) { $0.isExpired(atMilliseconds: nowMilliseconds) }
        }
    }

    func authorization(_ key: V1AuthorizationKey) -> StoredAuthorization? {
        state.withLock { $0.authorizations[key] }
    }

    @discardableResult
    func removeAuthorizations(matching predicate: @Sendable (V1AuthorizationKey) -> Bool) -> Int {
        state.withLock { state in
            let before = state.authorizations.count
            state.authorizations.removeAll { key, _ in predicate(key) }
            return before - state.authorizations.count
        }
    }

    /// Forgets sessions, profiles, authorizations and refresh tokens. Spent values that are still
    /// valid stay spent: forgetting them would let a reset reopen a replay.
    func reset(nowMilliseconds: Int64) {
        state.withLock { state in
            state.sessions.removeAll()
            state.profiles.removeAll()
            state.spent.removeExpired(now: nowMilliseconds)
            state.refreshChains.removeAll()
            state.authorizations.removeAll()
        }
    }

    var counts: (sessions: Int, profiles: Int) {
        state.withLock { ($0.sessions.count, $0.profiles.count) }
    }
}
