import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program running in a pseudo-terminal of a given size, driven like a person at a terminal
/// would: bytes in, screen bytes out, with the time each byte arrived.
final class PseudoTerminal {
    let pid: pid_t
    let spawnedAt: ContinuousClock.Instant
    private let master: Int32
    private let slavePath: String
    private(set) var transcript: [UInt8] = []
    private var reaped = false
    /// When the most recent output arrived.
    private(set) var lastOutputAt: ContinuousClock.Instant?

    /// Starts `executable` as a session leader whose controlling terminal is a new pseudo-terminal
    /// of `width`×`height`, with `environment` added to this process's.
    init(executable: String, arguments: [String], width: Int, height: Int, environment: [String: String]) throws {
        (master, slavePath) = try Self.openPair()
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid, without O_NOCTTY: the pseudo-terminal becomes the controlling one,
        // so the program gets SIGWINCH and job-control signals like in a real terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(Self.spawnNewSession))

        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        spawnedAt = .now
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(master)
            throw BenchmarkError("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
    }

    deinit {
        // Once reaped, the pid may belong to another process.
        if !reaped { _ = stop(with: SIGKILL) }
        close(master)
    }

    /// A new pseudo-terminal: its controlling side and the path of the program's side.
    static func openPair() throws -> (Int32, String) {
        #if os(Linux)
            // posix_openpt and friends are hidden from Swift by the C headers' feature macros;
            // these are the ioctls they are made of.
            let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
            var unlock: Int32 = 0
            var number: UInt32 = 0
            let setLock: UInt = 0x4004_5431  // TIOCSPTLCK
            let getNumber: UInt = 0x8004_5430  // TIOCGPTN
            guard master >= 0, ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
                throw BenchmarkError("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
            }
            return (master, "/dev/pts/\(number)")
        #else
            let master = posix_openpt(O_RDWR | O_NOCTTY)
            guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
                throw BenchmarkError("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
            }
            return (master, String(cString: name))
        #endif
    }

    /// `POSIX_SPAWN_SETSID`, which the C headers only show to GNU or Darwin sources.
    static var spawnNewSession: Int32 {
        #if os(Linux)
            0x80
        #else
            0x400
        #endif
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in _ = write(master, buffer.baseAddress, buffer.count) }
    }

    /// Reads whatever arrives within `timeout`, returning the bytes and when the last one came.
    @discardableResult
    func read(waiting timeout: Duration) -> (count: Int, last: ContinuousClock.Instant?) {
        var pollDescriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(
            timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&pollDescriptor, 1, milliseconds) > 0 else { return (0, nil) }
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(master, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            transcript.append(contentsOf: buffer[0..<count])
            total += count
        }
        guard total > 0 else { return (0, nil) }
        lastOutputAt = .now
        return (total, lastOutputAt)
    }

    /// Reads until nothing has arrived for `quiet`: one frame's worth of output. Returns its size
    /// and when its last byte arrived.
    /// With `waitForStart` false, output must already be flowing: a quiet terminal gives 0.
    @discardableResult
    func readBurst(quiet: Duration = .milliseconds(25), limit: Duration = .seconds(5), waitForStart: Bool = true)
        -> (count: Int, last: ContinuousClock.Instant?)
    {
        let deadline = ContinuousClock.now + limit
        var total = 0
        var last: ContinuousClock.Instant?
        while ContinuousClock.now < deadline {
            let chunk = read(waiting: total == 0 && waitForStart ? limit : quiet)
            guard chunk.count > 0 else { break }
            total += chunk.count
            last = chunk.last
        }
        return (total, last)
    }

    /// Reads until the output so far contains `text`; false after `limit`.
    func waitFor(_ text: String, limit: Duration = .seconds(10)) -> Bool {
        let needle = Array(text.utf8)
        let deadline = ContinuousClock.now + limit
        var searchedUpTo = 0
        while ContinuousClock.now < deadline {
            if transcript.count >= needle.count,
                Self.contains(transcript, needle, from: max(0, searchedUpTo - needle.count))
            {
                return true
            }
            searchedUpTo = transcript.count
            read(waiting: .milliseconds(50))
        }
        return false
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8], from start: Int) -> Bool {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return false }
        for index in start...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// Peak resident set size of the program so far, in bytes (Linux only).
    var peakResidentBytes: Int? { ProcessMemory.peakResidentBytes(of: pid) }

    /// Ends the program with `signal` and waits for it; returns its exit status.
    @discardableResult
    func stop(with signal: Int32 = SIGTERM) -> Int32 {
        kill(pid, signal)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        reaped = true
        return status
    }
}

/// `read(2)`, which the method of the same name hides inside `PseudoTerminal`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// What `/proc` says about a process's memory.
enum ProcessMemory {
    static func peakResidentBytes(of pid: pid_t) -> Int? { statusField("VmHWM", of: pid) }
    static func residentBytes(of pid: pid_t) -> Int? { statusField("VmRSS", of: pid) }

    /// A `kB` line of `/proc/PID/status`, in bytes.
    static func statusField(_ field: String, of pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("\(field):") {
            let number = line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces)
                .replacingOccurrences(of: " kB", with: "")
            return Int(number).map { $0 * 1024 }
        }
        return nil
    }
}

/// CPU time a process has used, from `/proc/PID/stat`. On a shared host the throughput of a
/// run moves with the neighbours; the CPU the server spends per request does not.
enum ProcessCPU {
    static func seconds(of pid: pid_t) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = text.lastIndex(of: ")")
        else { return nil }
        // Fields after the command name, which may hold spaces: state is field 3, utime 14, stime 15.
        let fields = text[text.index(after: afterName)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
