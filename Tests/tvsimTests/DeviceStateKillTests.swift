import Foundation
import Simulation
import Testing

/// The device-state file is replaced by a rename, so a `tvsim` killed at any moment leaves the
/// old state or the new one, never a torn file.
@Suite struct DeviceStateKillTests {
    /// The seed of the kill times; `TVSIM_TEST_SEED` replays a failure, which names its seed.
    static let seed = ProcessInfo.processInfo.environment["TVSIM_TEST_SEED"].flatMap(UInt64.init) ?? 20_261_125

    @Test func aKilledWriterLeavesTheOldOrTheNewStateNeverATornOne() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tvsim-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("device.json").path
        let first = TVSimBinary.Running(["device", "reset", "--platform", "ios", "--device-state", file])
        #expect(await first.waitForExit() == 0)
        // How long a write takes from process start, so that the kills land before, during and
        // after it.
        let started = Date()
        let timed = TVSimBinary.Running(["device", "reset", "--platform", "tvos", "--device-state", file])
        #expect(await timed.waitForExit() == 0)
        // Capped, so that a loaded machine does not stretch the test to minutes.
        let lifetime = min(Date().timeIntervalSince(started), 2.5)
        var random = SeededGenerator(seed: Self.seed)
        print("DeviceStateKillTests: kill times drawn with TVSIM_TEST_SEED=\(Self.seed)")
        var seen: Set<String> = []
        for round in 0..<20 {
            let platform = round.isMultiple(of: 2) ? "ios" : "tvos"
            let writer = TVSimBinary.Running(["device", "reset", "--platform", platform, "--device-state", file])
            try await Task.sleep(for: .seconds(Double.random(in: 0...(lifetime * 1.2), using: &random)))
            await writer.signal(SIGKILL)
            _ = await writer.waitForExit()
            let data = try #require(
                FileManager.default.contents(atPath: file), "round \(round), seed \(Self.seed): the file is gone")
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            let system = object?["system"] as? [String: Any]
            let stored = try #require(
                system?["platform"] as? String, "round \(round), seed \(Self.seed): torn file \(data.count) bytes")
            seen.insert(stored)
        }
        #expect(seen.isSubset(of: ["ios", "tvos"]))
        let show = TVSimBinary.Running(["device", "show", "--device-state", file])
        #expect(await show.waitForExit() == 0)
    }
}
