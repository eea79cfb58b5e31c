/// One-time values already used (SAML response ids, sign-in links, login artifacts, signed
/// request nonces), each kept until the time after which it could not be accepted anyway.
///
/// A spent value must not be forgotten while it is still valid, or it could be used again. So
/// each owner (the client or requestor that spends it) has a quota: past it, that owner is told
/// to wait until its oldest value expires, and the others do not notice. When the store as a
/// whole is full, an owner within its even share still spends; room is made at the expense of
/// the owner holding the most, whose oldest values are the only ones that may be forgotten.
struct SpentValues {
    enum Outcome: Equatable {
        /// Used now, for the first time.
        case spent
        /// Used before: a replay.
        case replay
        /// The owner holds its quota of values, all still valid; it may spend again after
        /// this many seconds, when its earliest one expires.
        case overQuota(retryAfterSeconds: Int)
    }

    /// Each record is the time, in milliseconds, until which its value stays valid.
    private var records = OwnedRecords<Int64>()

    var count: Int { records.count }

    /// How many values one owner may hold at once: far above what an honest client spends in a
    /// value's lifetime (a sign-in, a refresh, a signed request a second), far below the store.
    static func ownerQuota(capacity: Int) -> Int { max(16, capacity / 20) }

    mutating func spend(_ id: String, owner: String, validUntil: Int64, now: Int64, capacity: Int) -> Outcome {
        let isExpired = { (until: Int64) in until <= now }
        records.dropExpiredOldest(limit: 2, isExpired: isExpired)
        if records[id] != nil { return .replay }
        let quota = Self.ownerQuota(capacity: capacity)
        if records.count(of: owner) >= quota {
            records.removeExpired(of: owner, isExpired: isExpired)
            if records.count(of: owner) >= quota { return .overQuota(retryAfterSeconds: retryAfter(owner, now: now)) }
        }
        if records.count >= capacity, !makeRoom(for: owner, capacity: capacity, isExpired: isExpired) {
            return .overQuota(retryAfterSeconds: retryAfter(owner, now: now))
        }
        records.insert(validUntil, for: id, owner: owner)
        return .spent
    }

    /// Frees one place for `owner` in a full store: the expired values first, then the oldest
    /// value of the owner holding the most, if `owner` is within its even share and is not it.
    private mutating func makeRoom(for owner: String, capacity: Int, isExpired: (Int64) -> Bool) -> Bool {
        records.removeExpired(isExpired: isExpired)
        guard records.count >= capacity else { return true }
        let evenShare = capacity / max(1, records.ownerCount)
        guard records.count(of: owner) < evenShare, let heaviest = records.heaviestOwner, heaviest != owner else {
            return false
        }
        records.removeOldest(of: heaviest)
        return true
    }

    /// Seconds until the owner's earliest value expires, at least one.
    private func retryAfter(_ owner: String, now: Int64) -> Int {
        guard let earliest = records.values(of: owner).min() else { return 1 }
        let (milliseconds, overflowed) = earliest.subtractingReportingOverflow(now)
        guard !overflowed else { return Self.longestRetryAfter }
        let seconds = milliseconds / 1000 + (milliseconds % 1000 > 0 ? 1 : 0)
        return Int(min(max(1, seconds), Int64(Self.longestRetryAfter)))
    }

    /// A day: a value that lives longer is still worth asking about again the next day.
    static let longestRetryAfter = 86_400

    /// Forgets the values that expired; the valid ones stay spent whatever else is reset.
    mutating func removeExpired(now: Int64) {
        records.removeExpired { $0 <= now }
    }
}

/// The live refresh tokens, one record per chain: a client's token grant starts a chain, and
/// each exchange replaces the chain's token by the next. A token is accepted only while it is
/// the newest of its chain, so a used one is refused without a record per use, and a chain
/// exchanged a million times costs what one costs.
///
/// Forgetting a chain only refuses its token (the client asks for a new one with its
/// credentials, as Adobe documents), so the bounds drop records instead of refusing: a client
/// over its quota loses its own oldest chain, and a full store the oldest chain of the client
/// holding the most.
struct RefreshChains {
    struct Chain: Equatable {
        /// The rank of the chain's newest token: 0 for the one the grant issued.
        var generation: Int
        /// When the newest token expires, in milliseconds.
        var expiresAt: Int64
    }

    private var records = OwnedRecords<Chain>()

    var count: Int { records.count }

    /// How many chains one client keeps: an app asks for a token with its credentials once an
    /// access token expires, and may never use the refresh token it got with it.
    static let clientQuota = 64

    mutating func start(_ id: String, client: String, expiresAt: Int64, now: Int64, capacity: Int) {
        let isExpired = { (chain: Chain) in chain.expiresAt <= now }
        records.dropExpiredOldest(limit: 2, isExpired: isExpired)
        if records.count(of: client) >= Self.clientQuota {
            records.removeExpired(of: client, isExpired: isExpired)
            if records.count(of: client) >= Self.clientQuota { records.removeOldest(of: client) }
        }
        if records.count >= capacity {
            records.removeExpired(isExpired: isExpired)
            if records.count >= capacity, let heaviest = records.heaviestOwner { records.removeOldest(of: heaviest) }
        }
        records.insert(Chain(generation: 0, expiresAt: expiresAt), for: id, owner: client)
    }

    /// Moves the chain on past the token of rank `generation`, which must be its newest, and
    /// returns the rank of the token to issue; nil when that token is spent, revoked or forgotten.
    mutating func advance(_ id: String, client: String, from generation: Int, expiresAt: Int64, now: Int64) -> Int? {
        guard records.owner(of: id) == client, let chain = records[id], chain.generation == generation,
            chain.expiresAt > now, generation < Int.max
        else { return nil }
        records.update(id) { $0 = Chain(generation: generation + 1, expiresAt: expiresAt) }
        return generation + 1
    }

    mutating func removeAll() { records.removeAll() }
}
