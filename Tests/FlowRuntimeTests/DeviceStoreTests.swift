import Foundation
import Testing
import VSASimulator

@testable import FlowRuntime

@Suite struct DeviceStoreTests {
    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tvsim-\(UUID().uuidString)/device.json").path
    }

    @Test func savesAndLoadsTheDevice() throws {
        let path = temporaryPath()
        let store = FileDeviceStore(path: path) { SimulatedDevice(platform: .ios, deviceIdentifier: "fresh") }
        var device = store.load()
        #expect(device.deviceIdentifier == "fresh")
        device.system.appAccess["app"] = .granted
        try store.save(device)
        #expect(
            FileDeviceStore(path: path) { SimulatedDevice(platform: .ios, deviceIdentifier: "other") }.load() == device)
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: (path as NSString).deletingLastPathComponent)
        #expect(leftovers == ["device.json"])
    }

    /// The guarantee behind "old or new, never torn": a save never writes into the file readers
    /// have open; it puts a new file in its place. A reader of the old file still sees all of it.
    @Test func aSaveReplacesTheFileInsteadOfWritingIntoIt() throws {
        let path = temporaryPath()
        let store = FileDeviceStore(path: path) { SimulatedDevice(platform: .ios, deviceIdentifier: "fresh") }
        var device = store.load()
        try store.save(device)
        let before = try #require(FileManager.default.contents(atPath: path))
        let reader = try #require(FileHandle(forReadingAtPath: path))
        defer { try? reader.close() }
        device.system.appAccess["app"] = .granted
        try store.save(device)
        #expect(try reader.readToEnd() == before)
        #expect(FileManager.default.contents(atPath: path) != before)
    }

    @Test func aCorruptFileIsKeptAsideAndReplaced() throws {
        let path = temporaryPath()
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path, contents: Data("{ not json".utf8))
        let store = FileDeviceStore(path: path) { SimulatedDevice(platform: .tvos, deviceIdentifier: "fresh") }
        #expect(store.load().deviceIdentifier == "fresh")
        #expect(store.warnings.count == 1)
        #expect(store.warnings.first?.contains("could not be read") == true)
        let files = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        #expect(files.contains { $0.hasPrefix("device.json.corrupt-") })
        #expect(!files.contains("device.json"))
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(
            FileDeviceStore.defaultPath(platform: .ios, environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])
                == "/x/tvsim/device-ios.json")
        #expect(
            FileDeviceStore.defaultPath(platform: .tvos, environment: ["HOME": "/h"])
                == "/h/.config/tvsim/device-tvos.json")
    }
}

@Suite struct TimelineTextTests {
    @Test func timesPastAnHourKeepMinutesUnderSixty() {
        let entry = TimelineEntry(id: 1, time: 3_614_000, kind: .note, title: "x")
        #expect(TimelineText.line(entry, start: 0).hasPrefix("1h00:14.000"))
        #expect(
            TimelineText.line(TimelineEntry(id: 2, time: 61_500, kind: .note, title: "y"), start: 0).hasPrefix(
                "01:01.500"))
    }

    @Test func numbersAreFormattedWithoutStringFormat() {
        #expect(TimelineText.padded(7, 3) == "007")
        #expect(TimelineText.padded(1234, 2) == "1234")
        #expect(TimelineText.oneDecimal(2.04) == "2.0")
        #expect(TimelineText.oneDecimal(13.46) == "13.5")
        #expect(TimelineText.oneDecimal(0) == "0.0")
        #expect(TimelineText.oneDecimal(-1.25) == "-1.3")
    }
}

/// The device file holds client credentials: private, flushed, and no leftovers from killed writers.
@Suite struct DeviceFileSafetyTests {
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("device-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theDeviceFileIsReadableByItsOwnerOnly() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("device-ios.json").path
        // Even a file that existed with a looser mode becomes private.
        FileManager.default.createFile(atPath: path, contents: Data("{}".utf8), attributes: [.posixPermissions: 0o644])
        let store = FileDeviceStore(path: path) { SimulatedDevice(platform: .ios, deviceIdentifier: "d") }
        try store.save(SimulatedDevice(platform: .ios, deviceIdentifier: "d"))
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600, "mode \(String(mode, radix: 8))")
    }

    @Test func aKilledWritersTemporaryFileIsRemovedOnTheNextStart() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("device-tvos.json").path
        let dead = folder.appendingPathComponent(".device-tvos.json.2147483000.tmp").path
        let live = folder.appendingPathComponent(".device-tvos.json.1.tmp").path
        for file in [dead, live] { FileManager.default.createFile(atPath: file, contents: Data("{".utf8)) }
        _ = FileDeviceStore(path: path) { SimulatedDevice(platform: .tvos, deviceIdentifier: "d") }.load()
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: live), "a running writer's file is left alone")
    }
}
