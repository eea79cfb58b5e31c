import Simulation
import Testing

@testable import PassMockServer

/// The stores' cap: each insertion drops a few expired entries from the oldest end, then the
/// oldest entry while the store is over capacity.
@Suite struct BoundedStoreTests {
    private static func neverExpired(_: Int) -> Bool { false }

    private func filled(capacity: Int, with values: ClosedRange<Int>) -> BoundedStore<String, Int> {
        var store = BoundedStore<String, Int>(capacity: capacity)
        for value in values { store.insert(value, for: "k\(value)", isExpired: Self.neverExpired) }
        return store
    }

    @Test func aFullStoreDropsTheOldestOnePerInsertion() {
        let store = filled(capacity: 10, with: 1...12)
        #expect(store.count == 10)
        #expect((1...12).map { store["k\($0)"] } == [nil, nil] + (3...12).map { $0 })
    }

    @Test func expiredEntriesAtTheOldestEndGoBeforeALiveOne() {
        var store = filled(capacity: 10, with: 1...10)
        store.insert(11, for: "k11") { $0 <= 2 }
        #expect(store.count == 9)
        #expect((1...11).map { store["k\($0)"] } == [nil, nil] + (3...11).map { $0 })
    }

    @Test func anInsertionDropsAtMostTwoExpiredEntries() {
        var store = filled(capacity: 10, with: 1...5)
        store.insert(6, for: "k6") { $0 <= 5 }
        #expect((1...6).map { store["k\($0)"] } == [nil, nil, 3, 4, 5, 6])
    }

    @Test func anExpiredEntryWaitsBehindALiveOneUntilThatOneGoes() {
        var store = filled(capacity: 10, with: 1...10)
        store.insert(11, for: "k11") { $0 == 3 }
        // k1 is live and oldest: it makes room, and the expired k3 behind the live k2 stays.
        #expect((1...11).map { store["k\($0)"] } == [nil] + (2...11).map { $0 })
        store.insert(12, for: "k12") { $0.isMultiple(of: 2) || $0 == 3 }
        // Now k2 and k3 are expired at the front: they go, two per insertion, and k4 waits.
        #expect((1...12).map { store["k\($0)"] } == [nil, nil, nil] + (4...12).map { $0 })
    }

    @Test func anUpdateKeepsTheEntrysAgeAndAReplacementRenewsIt() {
        var store = filled(capacity: 3, with: 1...3)
        store.update("k1") { $0 = 100 }
        store.insert(20, for: "k2", isExpired: Self.neverExpired)
        store.insert(4, for: "k4", isExpired: Self.neverExpired)
        #expect(store["k1"] == nil)
        #expect(store["k2"] == 20)
        #expect(store["k3"] == 3)
        #expect(store["k4"] == 4)
    }

    @Test func aCopyKeepsItsOwnValues() {
        var store = BoundedStore<String, Int>(capacity: 3)
        store.insert(1, for: "k", isExpired: Self.neverExpired)
        let copy = store
        store.update("k") { $0 = 2 }
        #expect(copy["k"] == 1)
        #expect(store["k"] == 2)
    }

    /// Replacing and removing keys leaves stale insertions in the queue; they are swept, so a
    /// client re-creating the same key forever does not grow the store's memory.
    @Test func replacingOneKeyForeverKeepsTheQueueSmall() {
        var store = BoundedStore<String, Int>(capacity: 1_000)
        for value in 1...100_000 { store.insert(value, for: "same", isExpired: Self.neverExpired) }
        #expect(store.count == 1)
        #expect(store.queuedInsertions <= 2 * store.count + 65)
        for value in 1...10_000 { store.insert(value, for: "k\(value)", isExpired: Self.neverExpired) }
        store.removeAll { key, _ in key != "same" }
        #expect(store.queuedInsertions <= 2 * store.count + 65)
    }

    /// The store against a model that keeps its keys in age order, over a seeded random mix of
    /// insertions, replacements, updates and removals.
    @Test func behavesLikeAnAgeOrderedModel() {
        let seed: UInt64 = 20_261_125
        var random = SeededGenerator(seed: seed)
        let capacity = 50
        var store = BoundedStore<Int, Int>(capacity: capacity)
        var model: [(key: Int, value: Int)] = []
        for step in 0..<20_000 {
            let key = Int.random(in: 0..<120, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                store.insert(step, for: key, isExpired: Self.neverExpired)
                model.removeAll { $0.key == key }
                model.append((key, step))
                if model.count > capacity { model.removeFirst() }
            case 6..<8:
                store.update(key) { $0 = -step }
                if let index = model.firstIndex(where: { $0.key == key }) { model[index].value = -step }
            default:
                store.remove(key)
                model.removeAll { $0.key == key }
            }
            if step.isMultiple(of: 250) || step == 19_999 {
                let stored = Dictionary(uniqueKeysWithValues: store.keyValues.map { ($0.key, $0.value) })
                let expected = Dictionary(uniqueKeysWithValues: model.map { ($0.key, $0.value) })
                #expect(stored == expected, "seed \(seed), step \(step)")
            }
        }
    }
}
