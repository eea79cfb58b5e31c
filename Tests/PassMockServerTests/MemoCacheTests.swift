import Testing

@testable import PassMockServer

/// The dashboard index's caches: a value per key, made once, whichever key was asked last.
@Suite struct MemoCacheTests {
    @Test func eachKeyGetsItsOwnValueMadeOnceWhateverWasAskedBefore() {
        let cache = MemoCache<String>()
        var made: [String] = []
        func ask(_ key: String) -> String? {
            cache.value(key) {
                made.append(key)
                return key == "unmakeable" ? nil : "value of \(key)"
            }
        }
        let asked = ["a", "a", "b", "a", "b", "b", "unmakeable", "a", "unmakeable"]
        #expect(asked.map(ask) == asked.map { $0 == "unmakeable" ? nil : "value of \($0)" })
        // A value that could not be made is not kept: it is tried again.
        #expect(made == ["a", "b", "unmakeable", "unmakeable"])
    }

    @Test func pastItsCapacityTheCacheStartsOverAndStillAnswersRight() {
        let cache = MemoCache<Int>()
        var makes = 0
        let count = MemoCache<Int>.capacity + 10
        for index in 0..<count {
            #expect(
                cache.value("key \(index)") {
                    makes += 1; return index
                } == index)
        }
        // The last key is still known; the first was dropped when the cache started over.
        #expect(
            cache.value("key \(count - 1)") {
                makes += 1; return -1
            } == count - 1)
        #expect(
            cache.value("key 0") {
                makes += 1; return 0
            } == 0)
        #expect(makes == count + 1)
    }
}
