import DequeModule

/// Records that each belong to one owner (a client, a requestor), bounded in total and per
/// owner, so one owner filling its share never takes room from the others. What happens at a
/// bound is the caller's choice: a record that only grants something (a live refresh token) may
/// be dropped, since forgetting it refuses; a record that refuses something (a spent one-time
/// value) must not be, since forgetting it would grant a replay.
struct OwnedRecords<Value> {
    private struct Record {
        let owner: String
        var value: Value
    }

    private var records: [String: Record] = [:]
    /// Each owner's keys, oldest first. A key removed stays here until it reaches the front or
    /// the owner's queue is swept; it is stale when the table no longer holds it for that owner.
    private var keysByOwner: [String: Deque<String>] = [:]
    private var liveCounts: [String: Int] = [:]
    /// Every key, oldest first, stale ones included: where expired records are found cheaply.
    private var order: Deque<String> = []

    var count: Int { records.count }

    /// How many owners hold records: what an even share of the capacity is computed from.
    var ownerCount: Int { liveCounts.count }

    subscript(key: String) -> Value? { records[key]?.value }

    func owner(of key: String) -> String? { records[key]?.owner }

    func count(of owner: String) -> Int { liveCounts[owner] ?? 0 }

    /// The owner holding the most records.
    var heaviestOwner: String? { liveCounts.max { $0.value < $1.value }?.key }

    /// The owner's values, oldest first.
    func values(of owner: String) -> [Value] {
        (keysByOwner[owner] ?? []).compactMap { key in records[key].flatMap { $0.owner == owner ? $0.value : nil } }
    }

    /// Adds a record for a key not held yet; a key already held is left as it is.
    mutating func insert(_ value: Value, for key: String, owner: String) {
        guard records[key] == nil else { return }
        records[key] = Record(owner: owner, value: value)
        keysByOwner[owner, default: []].append(key)
        liveCounts[owner, default: 0] += 1
        order.append(key)
    }

    /// Changes a record's value, keeping its owner and age.
    mutating func update(_ key: String, _ body: (inout Value) -> Void) {
        guard var record = records[key] else { return }
        body(&record.value)
        records[key] = record
    }

    @discardableResult
    mutating func remove(_ key: String) -> Value? {
        guard let record = records.removeValue(forKey: key) else { return nil }
        let remaining = count(of: record.owner) - 1
        if remaining == 0 {
            liveCounts[record.owner] = nil
            keysByOwner[record.owner] = nil
        } else {
            liveCounts[record.owner] = remaining
        }
        sweepIfStale()
        return record.value
    }

    /// Removes the owner's oldest record.
    mutating func removeOldest(of owner: String) {
        while let key = keysByOwner[owner]?.popFirst() {
            guard records[key]?.owner == owner else { continue }
            remove(key)
            return
        }
    }

    /// Drops expired records from the oldest end, at most `limit` of them; stops at the first
    /// live one, so the cost is bounded by what it removes.
    mutating func dropExpiredOldest(limit: Int = .max, isExpired: (Value) -> Bool) {
        var dropped = 0
        while dropped < limit, let key = order.first {
            guard let record = records[key] else {
                order.removeFirst()
                continue
            }
            guard isExpired(record.value) else { return }
            order.removeFirst()
            remove(key)
            dropped += 1
        }
    }

    /// Drops every expired record of one owner, wherever it is in the queue.
    mutating func removeExpired(of owner: String, isExpired: (Value) -> Bool) {
        for key in keysByOwner[owner] ?? [] where records[key].map({ $0.owner == owner && isExpired($0.value) }) == true
        {
            remove(key)
        }
    }

    /// Drops every expired record.
    mutating func removeExpired(isExpired: (Value) -> Bool) {
        let doomed = records.compactMap { isExpired($0.value.value) ? $0.key : nil }
        for key in doomed { remove(key) }
    }

    mutating func removeAll() {
        records.removeAll()
        keysByOwner.removeAll()
        liveCounts.removeAll()
        order.removeAll()
    }

    /// Rebuilds the queues once stale keys outnumber live ones (plus a margin), so each rebuild
    /// follows at least as many removals as it visits keys.
    private mutating func sweepIfStale() {
        guard order.count > 2 * records.count + 64 else { return }
        let records = self.records
        order = Deque(order.filter { records[$0] != nil })
        for (owner, keys) in keysByOwner where keys.count > 2 * count(of: owner) + 16 {
            keysByOwner[owner] = Deque(keys.filter { records[$0]?.owner == owner })
        }
    }
}
