import Foundation
import Testing

@testable import Simulation

@Suite struct VirtualClockTests {
    @Test func sleepersWakeInDeadlineOrderWhenTimeAdvances() async throws {
        let clock = VirtualClock()
        let start = clock.now()
        let woken = WakeLog()
        let late = Task {
            try await clock.sleep(for: .seconds(10)); await woken.add("late")
        }
        let early = Task {
            try await clock.sleep(for: .seconds(3)); await woken.add("early")
        }
        while clock.pendingSleepers < 2 { await Task.yield() }
        clock.advance(by: 5)
        try await early.value
        #expect(await woken.names == ["early"])
        #expect(clock.pendingSleepers == 1)
        clock.advance(by: 5)
        try await late.value
        #expect(await woken.names == ["early", "late"])
        #expect(clock.now().timeIntervalSince(start) == 10)
    }

    @Test func autoAdvanceJumpsToTheDeadline() async throws {
        let clock = VirtualClock(autoAdvance: true)
        let start = clock.now()
        try await clock.sleep(for: .seconds(1800))
        #expect(clock.now().timeIntervalSince(start) == 1800)
    }

    @Test func cancellingASleeperRemovesIt() async {
        let clock = VirtualClock()
        let task = Task { try await clock.sleep(for: .seconds(60)) }
        while clock.pendingSleepers < 1 { await Task.yield() }
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.pendingSleepers == 0)
    }

    /// A deadline derived from an absurd number a back end sent waits as long as a sleep can.
    @Test func systemClockWaitsUntilAnyDateWithoutOverflowing() async throws {
        let clock = SystemClock()
        for seconds in [9.2e18, 1e300, Double.greatestFiniteMagnitude] {
            let task = Task { try await clock.wait(until: Date(timeIntervalSince1970: seconds)) }
            task.cancel()
            let result = await task.result
            #expect(throws: CancellationError.self) { try result.get() }
        }
        try await clock.wait(until: .distantPast)
    }

    @Test func systemClockAdvanceMovesNowForward() {
        let clock = SystemClock()
        let before = clock.now()
        clock.advance(by: 3600)
        #expect(clock.now().timeIntervalSince(before) >= 3600)
    }
}

actor WakeLog {
    var names: [String] = []
    func add(_ name: String) { names.append(name) }
}

@Suite struct SeededRandomTests {
    @Test func sameSeedSameSequence() {
        let a = SharedRandom(seed: 42)
        let b = SharedRandom(seed: 42)
        #expect(a.uuid() == b.uuid())
        #expect(a.string(length: 7, alphabet: "ABC") == b.string(length: 7, alphabet: "ABC"))
    }

    /// Codes are one uniform draw per letter, the draws `randomElement` makes: a seed keeps
    /// the registration codes its recorded timelines show.
    @Test func codesAreTheDrawsOfRandomElement() {
        let alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
        var reference = SeededGenerator(seed: 7)
        let shared = SharedRandom(seed: 7)
        for _ in 0..<50 {
            let expected = String((0..<7).map { _ in Array(alphabet).randomElement(using: &reference)! })
            #expect(shared.string(length: 7, alphabet: "ABCDEFGHJKLMNPQRSTUVWXYZ23456789") == expected)
        }
    }

    @Test func differentSeedsDiffer() {
        #expect(SharedRandom(seed: 1).uuid() != SharedRandom(seed: 2).uuid())
    }

    /// A seed spells the same trace ids from version to version, so journals replay.
    @Test func aSeedsUUIDsKeepTheirSpelling() {
        let random = SharedRandom(seed: 7)
        #expect(random.uuid() == "d71c02cb-da11-46fe-a169-eb2c4e30e6f8")
        #expect(random.uuid() == "afc735f8-2fcd-4dff-b0e9-ba5f471d78ac")
    }

    @Test func uuidsAreVersionFour() {
        let uuid = SharedRandom(seed: 7).uuid()
        #expect(UUID(uuidString: uuid) != nil)
        #expect(Array(uuid)[14] == "4")
    }
}

/// What the runtime and the mock ask of any clock, without knowing which one it has.
@Suite struct ClockProtocolTests {
    @Test func aVirtualClockReachesADeadlineAtOnceAndWakesTheSleepersOnTheWay() async throws {
        let clock: any SimulationClock = VirtualClock()
        let start = clock.now()
        let sleeper = Task { try await clock.sleep(for: .seconds(30)) }
        while (clock as? VirtualClock)?.pendingSleepers != 1 { await Task.yield() }
        try await clock.wait(until: start.addingTimeInterval(60))
        try await sleeper.value
        #expect(clock.now() == start.addingTimeInterval(60))
        clock.skip(to: start)
        #expect(clock.now() == start.addingTimeInterval(60), "time never goes back")
        #expect(!clock.passesByItself)
    }

    @Test func theWallClockWaitsForADeadlineAndSkipsByAnOffset() async throws {
        let clock: any SimulationClock = SystemClock()
        let started = ContinuousClock.now
        try await clock.wait(until: clock.now().addingTimeInterval(0.05))
        #expect(ContinuousClock.now - started >= .milliseconds(50))
        let before = clock.now()
        clock.skip(to: before.addingTimeInterval(3_600))
        #expect(clock.now().timeIntervalSince(before) >= 3_600)
        #expect(clock.passesByItself)
    }
}

/// UUID text is spelled on bytes, as Foundation spells it (in lower case).
@Suite struct SessionIdTextTests {
    @Test func lowerCaseUUIDTextIsFoundationsTextInLowerCase() {
        let random = SharedRandom(seed: 11)
        for _ in 0..<500 {
            let uuid = random.uuidValue()
            #expect(uuid.lowercaseText == uuid.uuidString.lowercased())
            #expect(UUID(uuidString: uuid.lowercaseText) == uuid)
        }
    }
}
