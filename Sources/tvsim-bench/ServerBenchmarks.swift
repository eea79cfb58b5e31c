import Foundation
import PassAPI
import PassClient
import Subprocess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The mock back end as `tvsim serve` runs it, in its own process, loaded over loopback, beside
/// the framework's floor: bare Hummingbird answering the same bytes to the same requests.
struct ServerBenchmarks {
    let executable: String
    /// `tvsim-bench` itself, which serves the floor (`floor-server`).
    let benchExecutable: String

    /// `GET /configuration`, `GET /profiles/code/{code}` and `POST /sessions`, each for
    /// `duration` over `connections` keep-alive connections on tvsim and as long on the floor,
    /// in alternating rounds; the CPU per request of each and their ratio, measured in one run.
    /// The load comes from wrk where it is installed, else from the benchmark's own generator.
    func throughput(duration: Duration, connections: Int) async throws -> [BenchmarkRow] {
        let server = try await ServeProcess.start(executable: executable)
        defer { server.stop() }
        let caller = try await BenchmarkCaller.prepare(server)
        let code = try await caller.client.createSession(mvpd: nil, domainName: nil, redirectUrl: nil).code ?? "UNKNOWN"
        // A session is created for a device never seen before each time, as on a launch of a
        // new device.
        let routes: [(name: String, request: LoadRequest)] = [
            ("GET /configuration", caller.load("GET", "/api/v2/\(caller.requestor)/configuration")),
            ("GET /profiles/code/{code}", caller.load("GET", "/api/v2/\(caller.requestor)/profiles/code/\(code)")),
            (
                "POST /sessions",
                caller.load(
                    "POST", "/api/v2/\(caller.requestor)/sessions", body: "domainName=orbit.tvsim.example",
                    freshDevice: true)
            ),
        ]
        let floor = try await FloorProcess.start(
            benchExecutable: benchExecutable,
            answers: try routes.map { route in
                (
                    route.request.method, route.request.path,
                    try OneRequest.body(of: route.request.bytes(round: -1, sequence: 0), port: server.port)
                )
            })
        defer { floor.stop() }
        // The generator on the first core, each server on the second.
        let separated =
            CPUAffinity.pin(0, to: 0) && CPUAffinity.pin(server.pid, to: 1) && CPUAffinity.pin(floor.pid, to: 1)
        defer { CPUAffinity.release() }
        let generator = LoadSource(wrk: WrkGenerator.find(), connections: connections)
        let placement =
            (separated ? "generator and server on separate cores" : "generator and server share the cores")
            + ", load from \(generator.name)"
        var rows: [BenchmarkRow] = []
        for (index, route) in routes.enumerated() {
            let comparison = try Self.compare(
                own: server, floor: floor, duration: duration, generator: generator, request: route.request)
            rows += Self.rows(route.name, comparison.own, connections: connections, generator: generator.name)
            rows += comparison.rows(route.name, placement: placement)
            // The configuration beside nginx too, in the same state of the server (before the
            // session route fills its store).
            if index == 0 {
                rows += try Self.besideNginx(
                    route, server: server, duration: duration, generator: generator, placement: placement)
            }
        }
        return rows
    }

    /// The configuration, the same bytes every time, served by nginx as a static file beside
    /// tvsim, in alternating rounds as with the floor: tvsim's CPU per request within twice
    /// nginx's. No rows where nginx is not installed.
    static func besideNginx(
        _ route: (name: String, request: LoadRequest), server: ServeProcess, duration: Duration, generator: LoadSource,
        placement: String
    ) throws -> [BenchmarkRow] {
        let answer = try OneRequest.body(of: route.request.bytes(round: -1, sequence: 0), port: server.port)
        guard let nginx = try NginxPeer.start(path: route.request.path, body: answer, contentType: "application/json")
        else { return [] }
        defer { nginx.stop() }
        _ = CPUAffinity.pin(nginx.pid, to: 1)
        let comparison = try compare(
            own: server, floor: nginx, duration: duration, generator: generator, request: route.request)
        return comparison.rows(route.name, placement: placement, peer: .nginx)
    }

    /// The same load on tvsim and on the floor, in alternating rounds (floor, tvsim, floor, …)
    /// so that a change in the machine's speed during the run touches both alike.
    static func compare(
        own server: ServeProcess, floor: some LoadedProcess, duration: Duration, generator: LoadSource,
        request: LoadRequest
    ) throws -> FloorComparison {
        var comparison = FloorComparison()
        let round = duration / FloorComparison.rounds
        for index in 0..<FloorComparison.rounds {
            let bare = try measure(floor.pid, port: floor.port) {
                try generator.run(port: floor.port, duration: round, request: request, round: 2 * index)
            }
            let own = try measure(server.pid, port: server.port) {
                try generator.run(port: server.port, duration: round, request: request, round: 2 * index + 1)
            }
            comparison.add(own: own, floor: bare)
        }
        return comparison
    }

    /// A load (`load`) on `port` and the CPU the process `pid` spent per answered request.
    static func measure(
        _ pid: pid_t, port: UInt16, load: () throws -> LoadGenerator.Result
    ) throws -> (result: LoadGenerator.Result, microseconds: Double?) {
        let before = ProcessCPU.seconds(of: pid)
        let result = try load()
        let after = ProcessCPU.seconds(of: pid)
        guard let before, let after, result.requests > 0 else { return (result, nil) }
        return (result, (after - before) / Double(result.requests) * 1_000_000)
    }

    /// `tvsim serve` under `ulimit -n 256` flooded with 600 connections: while it waits at its
    /// limit it must not spin on `accept`. Its CPU over two seconds there, as a share of one core.
    func atTheFileLimit() async throws -> [BenchmarkRow] {
        try FileLimit.raise(to: 2048)
        let server = try await ServeProcess.start(executable: executable, fileLimit: 256)
        defer { server.stop() }
        let flood = (0..<600).compactMap { _ in try? Loopback.connection(to: server.port, waiting: false) }
        defer { for descriptor in flood { close(descriptor) } }
        // Time for the server to accept up to its limit and stop.
        try await Task.sleep(for: .seconds(1))
        let window = 2.0
        let before = ProcessCPU.seconds(of: server.pid)
        try await Task.sleep(for: .seconds(window))
        guard let before, let after = ProcessCPU.seconds(of: server.pid) else { return [] }
        return [
            BenchmarkRow(
                .limits, "server CPU at the file-descriptor limit", (after - before) / window * 100, "% of a core",
                target: .under(10),
                detail: "ulimit -n 256, \(flood.count) connections open or waiting, \(BenchmarkRow.format(window)) s")
        ]
    }

    static func rows(_ name: String, _ result: LoadGenerator.Result, connections: Int, generator: String)
        -> [BenchmarkRow]
    {
        let statuses = result.statuses.sorted { $0.key < $1.key }.map { "\($0.value)×\($0.key)" }.joined(separator: " ")
        let errors =
            result.serverErrors + result.broken > 0
            ? "\(result.serverErrors) 5xx, \(result.broken) broken connections" : "no 5xx, no broken connections"
        return [
            BenchmarkRow(
                .server, "\(name): throughput", result.requestsPerSecond, "req/s",
                detail: "\(connections) connections, \(BenchmarkRow.format(result.elapsed.seconds)) s, \(statuses)"),
            BenchmarkRow(.server, "\(name): p50 latency", result.latency(percentile: 50).milliseconds, "ms"),
            BenchmarkRow(
                .server, "\(name): p99 latency", result.latency(percentile: 99).milliseconds, "ms", target: .under(5),
                detail: "\(errors); measured by \(generator)"),
        ]
    }

    /// Resident size of the server after `requests` requests that each open a session with a new
    /// code for a device never seen before, measured halfway and at the end: bounded stores show
    /// as a flat line.
    func memory(requests: Int, connections: Int) async throws -> [BenchmarkRow] {
        let server = try await ServeProcess.start(executable: executable)
        defer { server.stop() }
        let caller = try await BenchmarkCaller.prepare(server)
        let generator = LoadGenerator(port: server.port, connections: connections)
        let before = ProcessMemory.residentBytes(of: server.pid) ?? 0
        var marks: [(Int, Int)] = []
        var errors = 0
        for half in 0..<2 {
            let offset = half * requests / 2
            let result = try generator.run(duration: .seconds(3600), total: requests / 2) { _, index in
                caller.sessionRequest(device: "bench-device-\(offset + index)")
            }
            errors += result.serverErrors + result.broken + result.statuses.filter { $0.key != 200 }.values.reduce(0, +)
            marks.append((offset + result.requests, ProcessMemory.residentBytes(of: server.pid) ?? 0))
        }
        let megabytes = { (bytes: Int) in Double(bytes) / 1_048_576 }
        let (halfway, end) = (marks[0], marks[1])
        let dumps = try Self.stateDumps(server)
        return [
            BenchmarkRow(
                .memory, "server resident size after \(end.0) requests", megabytes(end.1), "MB",
                target: .under(80),
                detail:
                    "\(BenchmarkRow.format(megabytes(before))) MB at start, \(BenchmarkRow.format(megabytes(halfway.1))) MB after \(halfway.0); fresh codes and devices, \(errors) non-200"
            ),
            BenchmarkRow(
                .memory, "server growth over the second half", megabytes(max(0, end.1 - halfway.1)), "MB",
                target: .under(16), detail: "bounded stores evict by TTL and capacity"),
            BenchmarkRow(
                .memory, "server growth after 3 state dumps", megabytes(max(0, dumps.after - dumps.before)), "MB",
                target: .under(2),
                detail:
                    "GET /__tvsim/state on the full store, \(BenchmarkRow.format(megabytes(dumps.size))) MB each; \(BenchmarkRow.format(megabytes(dumps.before))) MB before"
            ),
        ]
    }

    /// The server's resident size before three state dumps and the most it kept once each was
    /// answered: a dump's memory goes back to the system.
    static func stateDumps(_ server: ServeProcess) throws -> (before: Int, after: Int, size: Int) {
        let before = ProcessMemory.residentBytes(of: server.pid) ?? 0
        var after = 0
        var size = 0
        for _ in 0..<3 {
            let request = Array("GET /__tvsim/state HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8)
            size = try OneRequest.body(of: request, port: server.port).count
            // The answer is written before its buffers are freed.
            usleep(100_000)
            after = max(after, ProcessMemory.residentBytes(of: server.pid) ?? 0)
        }
        return (before, after, size)
    }
}

/// tvsim's and the floor's CPU per request, round by round, and what the table says of them.
struct FloorComparison {
    static let rounds = 6

    /// tvsim's load results over all rounds together.
    private(set) var own = LoadGenerator.Result()
    private var ownCosts: [Double] = []
    private var floorCosts: [Double] = []
    private var ratios: [Double] = []
    private var floorRate: [Double] = []

    mutating func add(
        own round: (result: LoadGenerator.Result, microseconds: Double?),
        floor: (result: LoadGenerator.Result, microseconds: Double?)
    ) {
        own.requests += round.result.requests
        own.broken += round.result.broken
        own.elapsed += round.result.elapsed
        own.microseconds += round.result.microseconds
        own.statuses.merge(round.result.statuses, uniquingKeysWith: +)
        floorRate.append(floor.result.requestsPerSecond)
        guard let mine = round.microseconds, let bare = floor.microseconds, bare > 0 else { return }
        ownCosts.append(mine)
        floorCosts.append(bare)
        ratios.append(mine / bare)
    }

    /// What tvsim is compared with, and how close it must come.
    enum Peer {
        /// Bare Hummingbird answering the same bytes: within 1.5 times.
        case floor
        /// nginx serving the same bytes as a static file: within twice.
        case nginx
    }

    func rows(_ name: String, placement: String, peer: Peer = .floor) -> [BenchmarkRow] {
        guard let ratio = Statistics.median(ratios), let mine = Statistics.median(ownCosts),
            let bare = Statistics.median(floorCosts)
        else { return [] }
        let range = "\(BenchmarkRow.format(ratios.min() ?? 0))–\(BenchmarkRow.format(ratios.max() ?? 0))"
        let rate = BenchmarkRow.format(Statistics.median(floorRate) ?? 0)
        switch peer {
        case .floor:
            return [
                BenchmarkRow(
                    .server, "\(name): server CPU per request", mine, "µs",
                    detail: "user + system time of tvsim serve per answered request, median of \(ratios.count) rounds"),
                BenchmarkRow(
                    .server, "\(name): floor CPU per request", bare, "µs",
                    detail: "bare Hummingbird answering the same bytes, \(rate) req/s"),
                BenchmarkRow(
                    .server, "\(name): CPU ÷ floor", ratio, "×", target: .under(1.5),
                    detail: "median of \(ratios.count) alternating rounds (\(range)), \(placement)"),
            ]
        case .nginx:
            return [
                BenchmarkRow(
                    .server, "\(name): nginx CPU per request", bare, "µs",
                    detail: "nginx serving the same bytes as a static file, one process, \(rate) req/s"),
                BenchmarkRow(
                    .server, "\(name): CPU ÷ nginx", ratio, "×", target: .under(2),
                    detail:
                        "median of \(ratios.count) alternating rounds (\(range)), tvsim \(BenchmarkRow.format(mine)) µs; \(placement)"
                ),
            ]
        }
    }
}

/// A registered client of the benchmarked server, and the raw requests it sends.
struct BenchmarkCaller: Sendable {
    let client: PassClient
    let requestor: String
    let host: String
    let token: String
    let deviceInfo: String

    static func prepare(_ server: ServeProcess) async throws -> BenchmarkCaller {
        let device = DeviceInfo.appleTV(applicationId: "tv.orbit.bench")
        let client = PassClient(
            configuration: .init(
                baseURL: server.baseURL, serviceProvider: server.requestor, softwareStatement: server.softwareStatement,
                deviceIdentifier: DeviceIdentifier(identifier: "bench-device"), deviceInfo: device))
        let token = try await client.requestAccessToken().accessToken
        return BenchmarkCaller(
            client: client, requestor: server.requestor, host: "127.0.0.1:\(server.port)", token: token,
            deviceInfo: device.headerValue)
    }

    func request(_ method: String, _ path: String, device: String = "bench-device", body: String? = nil) -> [UInt8] {
        var lines = [
            "\(method) \(path) HTTP/1.1", "Host: \(host)", "Accept: application/json", "Authorization: Bearer \(token)",
            "\(HeaderName.deviceIdentifier): \(DeviceIdentifier(identifier: device).headerValue)",
            "\(HeaderName.deviceInfo): \(deviceInfo)",
        ]
        if let body {
            lines += ["Content-Type: application/x-www-form-urlencoded", "Content-Length: \(body.utf8.count)"]
        }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")).utf8)
    }

    /// A route's load: its request with this caller's token and device headers (a fresh
    /// device on each request when `freshDevice`).
    func load(_ method: String, _ path: String, body: String? = nil, freshDevice: Bool = false) -> LoadRequest {
        var headers = [
            (name: "Host", value: host), ("Accept", "application/json"), ("Authorization", "Bearer \(token)"),
            (HeaderName.deviceInfo, deviceInfo),
        ]
        if !freshDevice {
            headers.append((HeaderName.deviceIdentifier, DeviceIdentifier(identifier: "bench-device").headerValue))
        }
        if body != nil { headers.append(("Content-Type", "application/x-www-form-urlencoded")) }
        return LoadRequest(
            method: method, path: path, headers: headers, body: body,
            freshDeviceHeader: freshDevice ? HeaderName.deviceIdentifier : nil)
    }

    func sessionRequest(device: String) -> [UInt8] {
        request("POST", "/api/v2/\(requestor)/sessions", device: device, body: "domainName=orbit.tvsim.example")
    }
}

/// `tvsim serve --quiet --port 0` as a child process, with what its banner says.
final class ServeProcess: Sendable {
    let pid: pid_t
    let baseURL: String
    let port: UInt16
    let requestor: String
    let softwareStatement: String

    private init(pid: pid_t, banner: [String: String]) throws {
        guard let url = banner["listening on"], let port = URL(string: url)?.port,
            let requestor = banner["requestor"]?.split(separator: " ").first,
            let statement = banner["software statement"]
        else {
            kill(pid, SIGTERM)
            throw BenchmarkError("tvsim serve printed no usable banner")
        }
        self.pid = pid
        (baseURL, self.port, self.requestor, softwareStatement) = (url, UInt16(port), String(requestor), statement)
    }

    /// Starts `tvsim serve` (under `ulimit -n fileLimit` if given: the shell execs it, so the
    /// pid stays) and returns once its banner says it listens.
    static func start(executable: String, fileLimit: Int? = nil) async throws -> ServeProcess {
        let serve = ["serve", "--quiet", "--port", "0"]
        let started =
            if let fileLimit {
                try await ChildProcess.launch(
                    "/bin/sh", ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", executable] + serve,
                    readyWhen: "Press Ctrl-C")
            } else {
                try await ChildProcess.launch(executable, serve, readyWhen: "Press Ctrl-C")
            }
        return try ServeProcess(pid: started.pid, banner: parse(started.text))
    }

    /// Asks the server to stop; the background reader sees it exit.
    func stop() {
        kill(pid, SIGTERM)
    }

    /// The banner's lines as label → value.
    static func parse(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let range = trimmed.range(of: "listening on ") {
                fields["listening on"] = String(trimmed[range.upperBound...])
            }
            for label in ["requestor", "software statement"] where trimmed.hasPrefix(label + " ") {
                fields[label] = trimmed.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
            }
        }
        return fields
    }
}

/// A child process started with swift-subprocess and read to its end in the background, so that
/// it never blocks on a full pipe.
enum ChildProcess {
    /// Starts `executable arguments` and returns its pid and what it printed once that contains
    /// `marker`.
    static func launch(_ executable: String, _ arguments: [String], readyWhen marker: String) async throws -> (
        pid: pid_t, text: String
    ) {
        let (banners, sink) = AsyncStream<(pid: pid_t, text: String)?>.makeStream()
        Task.detached {
            _ = try? await Subprocess.run(
                .path(.init(executable)), arguments: Arguments(arguments), input: .none, output: .sequence,
                error: .discarded
            ) { execution in
                var text = ""
                var told = false
                for try await chunk in execution.standardOutput where !told {
                    text += chunk.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
                    if text.contains(marker) {
                        sink.yield((execution.processIdentifier.value, text))
                        told = true
                    }
                }
            }
            sink.yield(nil)
            sink.finish()
        }
        var iterator = banners.makeAsyncIterator()
        guard let started = await iterator.next(), let started else {
            throw BenchmarkError(
                "\(URL(fileURLWithPath: executable).lastPathComponent) \(arguments.first ?? "") exited before it was ready"
            )
        }
        return started
    }
}

/// A server process under load: its CPU time is read from its pid.
protocol LoadedProcess: Sendable {
    var pid: pid_t { get }
    var port: UInt16 { get }
}

extension NginxPeer: LoadedProcess {}

/// `tvsim-bench floor-server` as a child process: the same answers as tvsim, from bare
/// Hummingbird.
final class FloorProcess: LoadedProcess {
    let pid: pid_t
    let port: UInt16
    private let folder: URL

    private init(pid: pid_t, port: UInt16, folder: URL) {
        (self.pid, self.port, self.folder) = (pid, port, folder)
    }

    /// Starts the floor with one route per answer: `path` answered with `body`.
    static func start(benchExecutable: String, answers: [(method: String, path: String, body: [UInt8])]) async throws
        -> FloorProcess
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvsim-floor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var arguments = ["floor-server"]
        for (index, answer) in answers.enumerated() {
            let file = folder.appendingPathComponent("\(index).body")
            try Data(answer.body).write(to: file)
            arguments += ["--route", "\(answer.method) \(answer.path)=\(file.path)"]
        }
        let started = try await ChildProcess.launch(benchExecutable, arguments, readyWhen: "\n")
        guard let url = started.text.firstMatch(of: /listening on (\S+)/)?.1, let port = URL(string: String(url))?.port
        else {
            kill(started.pid, SIGTERM)
            throw BenchmarkError("the floor server printed no address: \(started.text)")
        }
        return FloorProcess(pid: started.pid, port: UInt16(port), folder: folder)
    }

    func stop() {
        kill(pid, SIGTERM)
        try? FileManager.default.removeItem(at: folder)
    }
}

/// One request on a connection of its own, for the bytes of its answer.
enum OneRequest {
    /// The body of the answer to `request` (sent with `Connection: close`), which must be a 2xx.
    static func body(of request: [UInt8], port: UInt16) throws -> [UInt8] {
        var bytes = request
        let end = Array("\r\n\r\n".utf8)
        guard let headEnd = HTTPResponseFrame.find(end, in: bytes, from: 0) else {
            throw BenchmarkError("not an HTTP request")
        }
        bytes.insert(contentsOf: Array("\r\nConnection: close".utf8), at: headEnd)
        let descriptor = try Loopback.connection(to: port)
        defer { close(descriptor) }
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        guard let frame = HTTPResponseFrame(answer), (200..<300).contains(frame.status),
            let bodyStart = HTTPResponseFrame.find(end, in: answer, from: 0).map({ $0 + 4 })
        else {
            throw BenchmarkError("the answer to \(String(decoding: request.prefix(40), as: UTF8.self)) is not a 2xx")
        }
        return Array(answer[bodyStart..<frame.length])
    }
}

/// The file-descriptor limit of this process.
enum FileLimit {
    /// Raises this process's soft limit to `wanted` (within its hard limit).
    static func raise(to wanted: Int) throws {
        var limit = rlimit()
        #if canImport(Glibc)
            let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { throw BenchmarkError("getrlimit failed") }
        guard limit.rlim_cur < rlim_t(wanted) else { return }
        limit.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
        guard setrlimit(resource, &limit) == 0 else { throw BenchmarkError("cannot raise the file limit") }
    }
}

/// Where a server benchmark's load comes from: wrk when it is installed, else the benchmark's
/// own generator. Both send the same requests (`LoadRequest`).
struct LoadSource {
    let wrk: WrkGenerator?
    let connections: Int

    var name: String { wrk == nil ? "tvsim-bench's generator" : "wrk" }

    func run(port: UInt16, duration: Duration, request: LoadRequest, round: Int) throws -> LoadGenerator.Result {
        if let wrk {
            return try wrk.run(port: port, connections: connections, duration: duration, request: request, round: round)
        }
        return try LoadGenerator(port: port, connections: connections).run(duration: duration) { _, sequence in
            request.bytes(round: round, sequence: sequence)
        }
    }
}
