/// A dictionary with a hard capacity. When full it first drops expired entries, then the oldest
/// ones, down to 90% of capacity so the sweep cost is spread over many inserts. This is what keeps
/// the mock's memory flat after a day of devices polling fresh codes.
struct BoundedStore<Key: Hashable, Value> {
    /// A value lives in its own allocation, so the hash table's buckets hold a pointer instead of
    /// the value: a table sized for 50 000 entries has about 131 000 buckets, and a session held
    /// inline would cost its full size in every one of them, used or not.
    private final class Box {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private struct Entry {
        let sequence: Int
        var box: Box
        var value: Value { box.value }
    }

    private var entries: [Key: Entry] = [:]
    private var insertionOrder: [(sequence: Int, key: Key)] = []
    private var orderHead = 0
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

    /// Replaces the value of an existing key in place, keeping its age.
    mutating func update(_ key: Key, _ body: (inout Value) -> Void) {
        guard var entry = entries[key] else { return }
        // A new box rather than a change in place: a copy of the store keeps its own values.
        var value = entry.value
        body(&value)
        entry.box = Box(value)
        entries[key] = entry
    }

    /// Inserts or replaces `value`, evicting if the store is over capacity.
    mutating func insert(_ value: Value, for key: Key, isExpired: (Value) -> Bool) {
        nextSequence += 1
        entries[key] = Entry(sequence: nextSequence, box: Box(value))
        insertionOrder.append((nextSequence, key))
        if entries.count > capacity { evict(isExpired: isExpired) }
        compactOrderIfNeeded()
    }

    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        entries.removeValue(forKey: key)?.value
    }

    mutating func removeAll(where shouldRemove: (Key, Value) -> Bool) {
        for (key, entry) in entries where shouldRemove(key, entry.value) {
            entries.removeValue(forKey: key)
        }
    }

    mutating func removeAll() {
        entries.removeAll()
        insertionOrder.removeAll()
        orderHead = 0
    }

    private mutating func evict(isExpired: (Value) -> Bool) {
        let target = capacity * 9 / 10
        removeAll { _, value in isExpired(value) }
        while entries.count > target, orderHead < insertionOrder.count {
            let (sequence, key) = insertionOrder[orderHead]
            orderHead += 1
            if entries[key]?.sequence == sequence { entries.removeValue(forKey: key) }
        }
    }

    /// Drops the consumed prefix and stale keys of the insertion order once it is mostly garbage.
    private mutating func compactOrderIfNeeded() {
        guard insertionOrder.count > 64, insertionOrder.count > entries.count * 2 else { return }
        insertionOrder = insertionOrder[orderHead...].filter { entries[$0.key]?.sequence == $0.sequence }
        orderHead = 0
    }
}
