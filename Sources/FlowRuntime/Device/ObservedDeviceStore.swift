import Synchronization

/// Wraps a store and keeps the last device in memory, so a UI can show it at any time without
/// reading files or waiting on the engine.
public final class ObservedDeviceStore: DeviceStore {
    private let inner: any DeviceStore
    private let latest: Mutex<SimulatedDevice>

    public init(_ inner: any DeviceStore) {
        self.inner = inner
        latest = Mutex(inner.load())
    }

    public var current: SimulatedDevice { latest.withLock { $0 } }

    public func load() -> SimulatedDevice { latest.withLock { $0 } }

    public func save(_ device: SimulatedDevice) throws {
        latest.withLock { $0 = device }
        try inner.save(device)
    }

    public var warnings: [String] { inner.warnings }
}
