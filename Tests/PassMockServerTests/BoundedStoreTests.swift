import Simulation
import Testing

@testable import PassMockServer

/// The stores' cap: expired entries go first, then the oldest, down to 90% of the capacity.
@Suite struct BoundedStoreTests {
    @Test func selectionFindsTheKthSmallestLikeSorting() {
        var random = SeededGenerator(seed: 9)
        for count in [1, 2, 3, 10, 101, 1_000] {
            let values = (0..<count).map { _ in Int.random(in: 0..<(count * 2), using: &random) }
            for k in Set([0, count / 2, count - 1]) {
                var scratch = values
                #expect(BoundedStore<Int, Int>.select(k, in: &scratch) { $0 } == values.sorted()[k], "\(count), \(k)")
            }
        }
    }

    @Test func aFullStoreDropsTheOldestDownToNinetyPercent() {
        var store = BoundedStore<String, Int>(capacity: 10)
        for index in 1...11 { store.insert(index, for: "k\(index)") { _ in false } }
        #expect(store.count == 9)
        #expect((1...11).map { store["k\($0)"] } == [nil, nil] + (3...11).map { $0 })
    }

    @Test func expiredEntriesGoBeforeOlderLiveOnes() {
        var store = BoundedStore<String, Int>(capacity: 10)
        for index in 1...10 { store.insert(index, for: "k\(index)") { _ in false } }
        // Over capacity: the even values count as expired, so the oldest live ones stay.
        store.insert(11, for: "k11") { $0.isMultiple(of: 2) }
        #expect(store.count == 6)
        #expect((1...11).map { store["k\($0)"] } == (1...11).map { $0.isMultiple(of: 2) ? nil : $0 })
    }

    @Test func anUpdateKeepsTheEntrysAgeAndAReplacementRenewsIt() {
        var store = BoundedStore<String, Int>(capacity: 3)
        for index in 1...3 { store.insert(index, for: "k\(index)") { _ in false } }
        store.update("k1") { $0 = 100 }
        store.insert(20, for: "k2") { _ in false }
        store.insert(4, for: "k4") { _ in false }
        #expect(store["k1"] == nil)
        #expect(store["k2"] == 20)
        #expect(store["k4"] == 4)
    }

    @Test func aCopyKeepsItsOwnValues() {
        var store = BoundedStore<String, Int>(capacity: 3)
        store.insert(1, for: "k") { _ in false }
        let copy = store
        store.update("k") { $0 = 2 }
        #expect(copy["k"] == 1)
        #expect(store["k"] == 2)
    }
}
