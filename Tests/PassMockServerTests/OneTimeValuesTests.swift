import Testing

@testable import PassMockServer

/// The stores of one-time values under one owner's flood: the flooder is bounded, the others
/// never notice, and nothing valid is forgotten on their account.
struct OneTimeValuesTests {
    // MARK: Spent values

    @Test func aReplayIsRefusedUntilTheValueExpires() {
        var spent = SpentValues()
        #expect(spent.spend("a", owner: "x", validUntil: 1_000, now: 0, capacity: 100) == .spent)
        #expect(spent.spend("a", owner: "x", validUntil: 1_000, now: 500, capacity: 100) == .replay)
        // Another owner cannot spend it either: a value is spent once, whoever holds it.
        #expect(spent.spend("a", owner: "y", validUntil: 1_000, now: 500, capacity: 100) == .replay)
        spent.removeExpired(now: 1_000)
        #expect(spent.count == 0)
    }

    @Test func anOwnerOverItsQuotaWaitsForItsEarliestValueAndNoOneElseDoes() {
        var spent = SpentValues()
        let quota = SpentValues.ownerQuota(capacity: 1_000)
        #expect(quota == 50)
        for index in 0..<quota {
            let outcome = spent.spend(
                "x\(index)", owner: "x", validUntil: 60_000 + Int64(index), now: 0, capacity: 1_000)
            #expect(outcome == .spent)
        }
        #expect(
            spent.spend("x-over", owner: "x", validUntil: 90_000, now: 1_500, capacity: 1_000)
                == .overQuota(retryAfterSeconds: 59))
        #expect(spent.spend("y0", owner: "y", validUntil: 60_000, now: 1_500, capacity: 1_000) == .spent)
        // Once its earliest value expires, the owner spends again; the ones still valid stay spent.
        #expect(spent.spend("x-over", owner: "x", validUntil: 90_000, now: 60_000, capacity: 1_000) == .spent)
        #expect(spent.spend("x1", owner: "x", validUntil: 90_000, now: 60_000, capacity: 1_000) == .replay)
    }

    @Test func aFullStoreMakesRoomForAnOwnerWithinItsShareFromTheHeaviest() {
        var spent = SpentValues()
        // Twenty places, a quota of sixteen: two flooders fill the store between them.
        for index in 0..<16 { _ = spent.spend("x\(index)", owner: "x", validUntil: 10_000, now: 0, capacity: 20) }
        for index in 0..<4 { _ = spent.spend("z\(index)", owner: "z", validUntil: 10_000, now: 0, capacity: 20) }
        #expect(spent.count == 20)
        // A newcomer is within its share: the heaviest owner's oldest value makes room for it.
        #expect(spent.spend("y0", owner: "y", validUntil: 10_000, now: 1, capacity: 20) == .spent)
        #expect(spent.count == 20)
        #expect(spent.spend("z0", owner: "z", validUntil: 10_000, now: 1, capacity: 20) == .replay)
        // The heaviest itself, past its share of a full store, waits.
        #expect(
            spent.spend("x-new", owner: "x", validUntil: 10_000, now: 1, capacity: 20)
                == .overQuota(retryAfterSeconds: 10))
    }

    @Test func retryAfterIsAtLeastASecondAndAtMostADay() {
        var spent = SpentValues()
        for index in 0..<16 { _ = spent.spend("x\(index)", owner: "x", validUntil: .max, now: 0, capacity: 20) }
        #expect(
            spent.spend("x-over", owner: "x", validUntil: 5, now: 0, capacity: 20)
                == .overQuota(retryAfterSeconds: 86_400))
        var soon = SpentValues()
        for index in 0..<16 { _ = soon.spend("x\(index)", owner: "x", validUntil: 10, now: 0, capacity: 20) }
        #expect(
            soon.spend("x-over", owner: "x", validUntil: 5, now: 9, capacity: 20) == .overQuota(retryAfterSeconds: 1))
    }

    // MARK: Refresh chains

    @Test func onlyTheNewestTokenOfAChainMovesItOn() {
        var chains = RefreshChains()
        chains.start("c", client: "x", expiresAt: 10_000, now: 0, capacity: 10)
        #expect(chains.advance("c", client: "x", from: 0, expiresAt: 20_000, now: 1) == 1)
        #expect(chains.advance("c", client: "x", from: 0, expiresAt: 20_000, now: 2) == nil)
        #expect(chains.advance("c", client: "y", from: 1, expiresAt: 20_000, now: 2) == nil)
        #expect(chains.advance("c", client: "x", from: 1, expiresAt: 30_000, now: 2) == 2)
        #expect(chains.advance("c", client: "x", from: 2, expiresAt: 40_000, now: 30_000) == nil, "expired")
        #expect(chains.count == 1)
    }

    @Test func aClientOverItsQuotaLosesItsOwnOldestChain() {
        var chains = RefreshChains()
        chains.start("honest", client: "y", expiresAt: 10_000, now: 0, capacity: 1_000)
        for index in 0...RefreshChains.clientQuota {
            chains.start("x\(index)", client: "x", expiresAt: 10_000, now: 0, capacity: 1_000)
        }
        #expect(chains.count == RefreshChains.clientQuota + 1)
        #expect(chains.advance("x0", client: "x", from: 0, expiresAt: 10_000, now: 1) == nil)
        #expect(chains.advance("x1", client: "x", from: 0, expiresAt: 10_000, now: 1) == 1)
        #expect(chains.advance("honest", client: "y", from: 0, expiresAt: 10_000, now: 1) == 1)
    }

    @Test func aFullStoreDropsTheHeaviestClientsOldestChain() {
        var chains = RefreshChains()
        chains.start("honest", client: "y", expiresAt: 10_000, now: 0, capacity: 8)
        for index in 0..<20 { chains.start("x\(index)", client: "x", expiresAt: 10_000, now: 0, capacity: 8) }
        #expect(chains.count == 8)
        #expect(chains.advance("honest", client: "y", from: 0, expiresAt: 10_000, now: 1) == 1)
        #expect(chains.advance("x19", client: "x", from: 0, expiresAt: 10_000, now: 1) == 1)
        #expect(chains.advance("x0", client: "x", from: 0, expiresAt: 10_000, now: 1) == nil)
    }
}
