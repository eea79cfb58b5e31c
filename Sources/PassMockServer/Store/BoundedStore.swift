/// A dictionary with a hard capacity. When full it first drops expired entries, then the oldest
/// ones, down to 90% of capacity so the sweep cost is spread over many inserts. This is what keeps
/// the mock's memory flat after a day of devices polling fresh codes.
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

    private var entries: [Key: Entry] = [:]
    private var nextSequence = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { entries.count }

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

    /// Inserts or replaces `value`, evicting if the store is over capacity.
    mutating func insert(_ value: Value, for key: Key, isExpired: (Value) -> Bool) {
        nextSequence += 1
        entries[key] = Entry(sequence: nextSequence, value: value)
        if entries.count > capacity { evict(isExpired: isExpired) }
    }

    /// Inserts `value` only if there is room once the expired entries are gone; never evicts a
    /// live one. For records that must not be forgotten early, such as spent one-time values.
    mutating func insertUnlessFull(_ value: Value, for key: Key, isExpired: (Value) -> Bool) -> Bool {
        if entries[key] == nil, entries.count >= capacity {
            removeAll { _, value in isExpired(value) }
            if entries.count >= capacity { return false }
        }
        nextSequence += 1
        entries[key] = Entry(sequence: nextSequence, value: value)
        return true
    }

    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        entries.removeValue(forKey: key)?.value
    }

    mutating func removeAll(where shouldRemove: (Key, Value) -> Bool) {
        // The keys first, then the removals: removing while iterating the table would copy it.
        let doomed = entries.compactMap { shouldRemove($0.key, $0.value.value) ? $0.key : nil }
        for key in doomed { entries.removeValue(forKey: key) }
    }

    mutating func removeAll() {
        entries.removeAll()
    }

    /// Drops the expired entries, then the oldest, down to 90% of capacity, once per tenth of the
    /// capacity inserted. The oldest are those ranked at or below the excess-th smallest rank,
    /// found by selection rather than by sorting every rank: cheaper in memory than keeping the
    /// insertion order beside the table.
    private mutating func evict(isExpired: (Value) -> Bool) {
        let target = capacity * 9 / 10
        // One pass over the table (each entry a pointer to follow) finds the expired entries
        // and the rank of each live one; the oldest are then found in that list alone.
        var expired: [Key] = []
        var live: [(rank: Int, key: Key)] = []
        live.reserveCapacity(entries.count)
        for (key, entry) in entries {
            if isExpired(entry.value) { expired.append(key) } else { live.append((entry.sequence, key)) }
        }
        for key in expired { entries.removeValue(forKey: key) }
        let excess = entries.count - target
        guard excess > 0 else { return }
        let newestDropped = Self.select(excess - 1, in: &live) { $0.rank }
        for (rank, key) in live where rank <= newestDropped { entries.removeValue(forKey: key) }
    }

    /// The `k`-th smallest (from 0) of the ranks of `values`, which it reorders (Hoare's
    /// selection: linear on average).
    static func select<Item>(_ k: Int, in values: inout [Item], rank: (Item) -> Int) -> Int {
        var low = 0
        var high = values.count - 1
        while low < high {
            let pivot = rank(values[(low + high) / 2])
            var left = low
            var right = high
            while left <= right {
                while rank(values[left]) < pivot { left += 1 }
                while rank(values[right]) > pivot { right -= 1 }
                if left <= right {
                    values.swapAt(left, right)
                    left += 1
                    right -= 1
                }
            }
            if k <= right {
                high = right
            } else if k >= left {
                low = left
            } else {
                return rank(values[k])
            }
        }
        return rank(values[k])
    }
}
