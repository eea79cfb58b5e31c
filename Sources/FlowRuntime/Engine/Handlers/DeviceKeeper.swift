import Foundation
import Synchronization
import VSASimulator

/// The simulated device the handlers share: the framework writes its permission and sign-in,
/// registration writes the app's client credentials, Settings changes either. Every change is
/// saved at once, as a real device keeps its state across launches.
final class DeviceKeeper: Sendable {
    private let device: Mutex<SimulatedDevice>
    private let store: any DeviceStore
    private let timeline: Timeline

    init(store: any DeviceStore, timeline: Timeline) {
        self.store = store
        self.timeline = timeline
        device = Mutex(store.load())
    }

    var current: SimulatedDevice { device.withLock { $0 } }

    /// Changes the device and saves it; a failed save is told on the timeline, not thrown, since
    /// the run goes on with the device in memory.
    func update(_ change: (inout SimulatedDevice) -> Void) {
        let changed = device.withLock { device in
            change(&device)
            return device
        }
        do {
            try store.save(changed)
        } catch {
            timeline.append(.note, "The device state could not be saved: \(error.localizedDescription)")
        }
    }
}
