import DequeModule

/// A dictionary with a hard capacity. Each insertion first drops a few expired entries from the
/// oldest end, then, if the store is over capacity, the oldest entry: a constant amount of work per
/// request, so a full store never stalls the request that tips it over. This is what keeps the
/// mock's memory flat after a day of devices polling fresh codes.
struct BoundedStore<Key: Hashable, Value> {
    /// A value lives in its own allocation, so the hash table's buckets hold a pointer instead of
    /// the value: a table sized for 50 000 entries has about 131 000 buckets, and a session held
    /// inline would cost its full size in every one of them, used or not. Immutable, so a copy
    /// of the store keeps its own values.
    private final class Entry {
        /// The insertion's rank: the oldest entries have the lowest.
        let sequence: Int
        let value: Value

        init(sequence: Int, value: Value) {
            self.sequence = sequence
            self.value = value
        }
    }

    /// A key as it was inserted. When the key is removed or inserted again, its element here goes
    /// stale: its sequence no longer matches the table's entry.
    private struct Insertion {
        let sequence: Int
        let key: Key
    }

    private var entries: [Key: Entry] = [:]
    /// The insertions, oldest first. Stale ones are skipped when they reach the front, and swept
    /// when they outnumber the live ones so the queue stays within a small multiple of the table.
    private var order: Deque<Insertion> = []
    private var nextSequence = 0
    let capacity: Int

    /// How many expired entries an insertion drops from the oldest end at most: more than one, so
    /// the store sheds dead entries faster than it takes new ones and does not sit full of them.
    private static var expiredDropsPerInsertion: Int { 2 }

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { entries.count }

    /// The insertions queued, stale ones included: what the queue costs in memory.
    var queuedInsertions: Int { order.count }

    subscript(key: Key) -> Value? {
        entries[key]?.value
    }

    var values: some Collection<Value> { entries.values.lazy.map(\.value) }

    var keyValues: [(key: Key, value: Value)] { entries.map { ($0.key, $0.value.value) } }

    /// Replaces the value of an existing key, keeping its age.
    mutating func update(_ key: Key, _ body: (inout Value) -> Void) {
        guard let entry = entries[key] else { return }
        var value = entry.value
        body(&value)
        entries[key] = Entry(sequence: entry.sequence, value: value)
    }

    /// Inserts or replaces `value` as the newest entry, then drops expired entries from the
    /// oldest end and, over capacity, the oldest entry.
    mutating func insert(_ value: Value, for key: Key, isExpired: (Value) -> Bool) {
        append(value, for: key)
        var expiredDropped = 0
        while let oldest = oldestLive() {
            let dropsExpired = expiredDropped < Self.expiredDropsPerInsertion && isExpired(oldest.value)
            guard dropsExpired || entries.count > capacity else { break }
            order.removeFirst()
            entries.removeValue(forKey: oldest.key)
            if dropsExpired { expiredDropped += 1 }
        }
        sweepStaleInsertions()
    }

    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        defer { sweepStaleInsertions() }
        return entries.removeValue(forKey: key)?.value
    }

    mutating func removeAll(where shouldRemove: (Key, Value) -> Bool) {
        // The keys first, then the removals: removing while iterating the table would copy it.
        let doomed = entries.compactMap { shouldRemove($0.key, $0.value.value) ? $0.key : nil }
        for key in doomed { entries.removeValue(forKey: key) }
        sweepStaleInsertions()
    }

    mutating func removeAll() {
        entries.removeAll()
        order.removeAll()
    }

    private mutating func append(_ value: Value, for key: Key) {
        nextSequence += 1
        entries[key] = Entry(sequence: nextSequence, value: value)
        order.append(Insertion(sequence: nextSequence, key: key))
    }

    private func isLive(_ insertion: Insertion) -> Bool {
        entries[insertion.key]?.sequence == insertion.sequence
    }

    /// The oldest live entry, which is then at the front of the queue: the stale insertions in
    /// front of it are dropped on the way. One table lookup per insertion visited.
    private mutating func oldestLive() -> (key: Key, value: Value)? {
        while let first = order.first {
            if let entry = entries[first.key], entry.sequence == first.sequence { return (first.key, entry.value) }
            order.removeFirst()
        }
        return nil
    }

    /// Rebuilds the queue from its live insertions once the stale ones outnumber the live ones
    /// (plus a margin, so a small store does not sweep at every change): each sweep follows at
    /// least as many changes as it visits elements, so its cost per change stays constant.
    private mutating func sweepStaleInsertions() {
        guard order.count > 2 * entries.count + 64 else { return }
        order = Deque(order.lazy.filter(isLive))
    }
}
