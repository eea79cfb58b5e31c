import Foundation
import Synchronization
import VSASimulator

/// Where the simulated device is kept.
public protocol DeviceStore: Sendable {
    func load() -> SimulatedDevice
    func save(_ device: SimulatedDevice) throws
    /// Problems met while loading (a corrupt file kept aside), for the user to read.
    var warnings: [String] { get }
}

/// A device that lives only as long as the run (scenarios, tests).
public final class MemoryDeviceStore: DeviceStore {
    private let device: Mutex<SimulatedDevice>

    public init(_ device: SimulatedDevice) {
        self.device = Mutex(device)
    }

    public func load() -> SimulatedDevice { device.withLock { $0 } }
    public func save(_ device: SimulatedDevice) { self.device.withLock { $0 = device } }
    public var warnings: [String] { [] }
}

/// A device persisted as JSON, written atomically (a temporary file renamed over the old one),
/// so a crash leaves either the old or the new state, never half of one. A corrupt file is
/// reported, moved aside, and replaced by a fresh device.
public final class FileDeviceStore: DeviceStore {
    public let path: String
    private let fresh: @Sendable () -> SimulatedDevice
    private let problems = Mutex<[String]>([])

    public init(path: String, fresh: @escaping @Sendable () -> SimulatedDevice) {
        self.path = path
        self.fresh = fresh
    }

    /// `$XDG_CONFIG_HOME/tvsim/device-<platform>.json`, else `~/.config/tvsim/device-<platform>.json`.
    public static func defaultPath(
        platform: DevicePlatform, environment: [String: String] = ProcessInfo.processInfo.environment
    )
        -> String
    {
        let base =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        return "\(base)/tvsim/device-\(platform.rawValue).json"
    }

    public var warnings: [String] { problems.withLock { $0 } }

    public func load() -> SimulatedDevice {
        removeStaleTemporaries()
        guard let data = FileManager.default.contents(atPath: path) else { return fresh() }
        do {
            let device = try JSONDecoder().decode(SimulatedDevice.self, from: data)
            guard device.system.formatVersion == DeviceState.formatVersion else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: [], debugDescription: "format version \(device.system.formatVersion)"))
            }
            return device
        } catch {
            let aside = "\(path).corrupt-\(Int(Date().timeIntervalSince1970))"
            let kept = (try? FileManager.default.moveItem(atPath: path, toPath: aside)) != nil
            let fate = kept ? "it was moved to \(aside)" : "it could not be moved aside and will be overwritten"
            let reason = Self.describe(error)
            problems.withLock {
                $0.append(
                    "The device state in \(path) could not be read (\(reason)); \(fate), and a fresh device was created."
                )
            }
            return fresh()
        }
    }

    public func save(_ device: SimulatedDevice) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(device)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).tmp")
        try Self.writePrivately(data, to: temporary.path)
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(
                .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot replace \(path): \(reason)"])
        }
    }

    /// Writes `data` to a new file only its owner can read (it holds client credentials), and
    /// flushes it to the disk before it is renamed into place, so that a crash right after the
    /// rename cannot leave an empty file behind.
    static func writePrivately(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create \(path)") }
        defer { close(descriptor) }
        // An existing file keeps its mode through O_TRUNC: make it private too.
        _ = fchmod(descriptor, 0o600)
        var written = 0
        try data.withUnsafeBytes { bytes in
            while written < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw failure("cannot write \(path)")
                }
                written += count
            }
        }
        guard fsync(descriptor) == 0 else { throw failure("cannot flush \(path)") }
    }

    private static func failure(_ what: String) -> CocoaError {
        CocoaError(
            .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(what): \(String(cString: strerror(errno)))"])
    }

    /// Temporary files of writers that were killed before their rename (`.<name>.<pid>.tmp` whose
    /// process is gone) are removed; a live writer's file is left alone.
    private func removeStaleTemporaries() {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let prefix = ".\(url.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let pid = pid_t(name.dropFirst(prefix.count).dropLast(4)) ?? 0
            let alive = pid > 0 && pid != getpid() && (kill(pid, 0) == 0 || errno == EPERM)
            if !alive { try? FileManager.default.removeItem(atPath: "\(directory)/\(name)") }
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context):
            "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        case DecodingError.dataCorrupted(let context): context.debugDescription
        default: "not valid JSON"
        }
    }
}
