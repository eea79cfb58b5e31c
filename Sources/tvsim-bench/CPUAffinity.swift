import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the load generator and the server it measures on different cores, where the machine
/// has two or more: sharing one, each would take the other's time and both figures would move
/// with the scheduler.
enum CPUAffinity {
    /// Whether the machine has a core for each side.
    static var separable: Bool { ProcessInfo.processInfo.activeProcessorCount >= 2 }

    /// Pins every thread of process `pid` (0: this process) to `core`. Linux only; elsewhere,
    /// and on a single core, it does nothing and says so.
    @discardableResult
    static func pin(_ pid: pid_t, to core: Int) -> Bool {
        #if os(Linux)
            guard separable, core < 64 else { return false }
            let process = pid == 0 ? getpid() : pid
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")) ?? []
            guard let setAffinity = schedSetAffinity else { return false }
            var mask = [UInt64](repeating: 0, count: 16)
            mask[0] = UInt64(1) << UInt64(core)
            var pinned = !tasks.isEmpty
            for task in tasks.compactMap({ pid_t($0) }) {
                pinned = setAffinity(task, mask.count * 8, &mask) == 0 && pinned
            }
            return pinned
        #else
            return false
        #endif
    }

    #if os(Linux)
        /// glibc's `sched_setaffinity`, which its Swift module leaves out (it is a GNU
        /// extension), looked up at run time.
        private static let schedSetAffinity: (@convention(c) (pid_t, Int, UnsafeMutablePointer<UInt64>) -> Int32)? = {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "sched_setaffinity") else { return nil }
            return unsafeBitCast(
                symbol, to: (@convention(c) (pid_t, Int, UnsafeMutablePointer<UInt64>) -> Int32).self)
        }()
    #endif

    /// Every core again, for this process, once the measurement is over.
    static func release() {
        #if os(Linux)
            guard let setAffinity = schedSetAffinity else { return }
            var mask = [UInt64](repeating: UInt64.max, count: 16)
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            for task in tasks.compactMap({ pid_t($0) }) {
                _ = setAffinity(task, mask.count * 8, &mask)
            }
        #endif
    }
}
