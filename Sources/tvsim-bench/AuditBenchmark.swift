import Conformance
import FlowRuntime
import Foundation
import PassAPI
import PassMockServer

#if canImport(Glibc)
    import Glibc
#endif

/// `tvsim audit` on a large HAR: the catalog's REST API V2 and V1 runs, each written as many
/// pages (one client each), read from HAR text and audited; wall time of each half.
enum AuditBenchmark {
    /// How many times each run is repeated in the HAR, each copy a page (a client) of its own.
    static let copies = 20

    static func run(executable: String) async throws -> [BenchmarkRow] {
        let catalog = try ScenarioCatalog.all().filter { $0.integration == .restV2 || $0.integration == .restV1 }
        var runs: [HARDocument.Run] = []
        for scenario in catalog {
            let result = await ScenarioRunner(launcher: WorldLauncher(host: EmbeddedBackendHost())).run(scenario)
            for copy in 1...copies {
                runs.append(
                    HARDocument.Run(id: "\(scenario.name)-\(copy)", title: scenario.name, entries: result.timeline))
            }
        }
        let har = try HARDocument.data(runs)
        let clock = ContinuousClock()
        var exchanges: [HTTPExchange] = []
        let reading = try clock.measure { exchanges = try HARDocument.read(har, file: "benchmark.har") }
        var audits: [ClientAudit] = []
        let auditing = clock.measure { audits = Audit.run(exchanges) }
        let megabytes = Double(har.count) / 1_000_000
        let detail = "\(exchanges.count) exchanges, \(audits.count) clients, \(BenchmarkRow.format(megabytes)) MB"

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tvsim-bench-\(UUID().uuidString).har")
        try har.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // The same file read by the JSON readers people know, each as a process of its own.
        let python = try ChildRun.measure(
            "python3", ["-c", "import json, sys; json.load(open(sys.argv[1], 'rb'))", file.path])
        let jq = try ChildRun.measure("jq", ["empty", file.path])
        let endToEnd = try ChildRun.measure(executable, ["audit", file.path, "--json"])
        var rows = [
            BenchmarkRow(
                .audit, "read a HAR", reading.milliseconds, "ms", target: python.map { .under($0.seconds * 1000) },
                detail: "\(detail); in process" + (python == nil ? "" : ", target: Python's json.load")),
            BenchmarkRow(.audit, "audit its clients", auditing.milliseconds, "ms", detail: detail),
            BenchmarkRow(
                .audit, "audit throughput", Double(exchanges.count) / max(auditing.seconds, 1e-9), "exchanges/s"),
        ]
        for (name, peer) in [("Python json.load", python), ("jq empty", jq)] {
            guard let peer else { continue }
            rows.append(
                BenchmarkRow(
                    .audit, "\(name) on it", peer.seconds * 1000, "ms",
                    detail:
                        "a process of its own, start included; \(BenchmarkRow.format(megabytes / peer.seconds)) MB/s"))
        }
        if let endToEnd {
            let context = "tvsim audit FILE --json, start to exit (exit status \(endToEnd.status))"
            rows += [
                BenchmarkRow(
                    .audit, "tvsim audit, end to end", endToEnd.seconds * 1000, "ms", target: .under(3000),
                    detail: context),
                BenchmarkRow(
                    .audit, "tvsim audit, peak resident size", Double(endToEnd.peakBytes) / 1_000_000, "MB",
                    target: .under(2 * megabytes),
                    detail: "at most twice the file's \(BenchmarkRow.format(megabytes)) MB"),
            ]
        }
        return rows
    }
}

/// A program run to its end with its output thrown away: its wall time and peak resident
/// size (`VmHWM`, the kernel's high-water mark for the process).
enum ChildRun {
    struct Measured {
        let seconds: Double
        let peakBytes: Int
        let status: Int32
    }

    /// Nil when `program` is not found (a bare name is looked up on `PATH`).
    static func measure(_ program: String, _ arguments: [String]) throws -> Measured? {
        guard let path = program.contains("/") ? program : lookUp(program) else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let started = ContinuousClock.now
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchmarkError("cannot start \(path): \(String(cString: strerror(spawned)))") }
        // The kernel's own high-water mark of the child's memory, read while it runs: `wait4`'s
        // `ru_maxrss` would count this process's memory too, which a spawned child shares until
        // its exec.
        var status: Int32 = 0
        var peak = 0
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid || (waited < 0 && errno != EINTR) { break }
            peak = max(peak, ProcessMemory.peakResidentBytes(of: pid) ?? 0)
            usleep(2_000)
        }
        let elapsed = ContinuousClock.now - started
        return Measured(seconds: elapsed.seconds, peakBytes: peak, status: (status >> 8) & 0xFF)
    }

    /// The program `name` on `PATH`, if there is one.
    static func lookUp(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
