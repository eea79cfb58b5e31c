import Foundation
import PassAPI
import PassClient
import Subprocess

/// The mock back end as `tvsim serve` runs it, in its own process, loaded over loopback.
struct ServerBenchmarks {
    let executable: String

    /// `GET /configuration` and `GET /profiles/code/{code}`, each for `duration` over
    /// `connections` keep-alive connections.
    func throughput(duration: Duration, connections: Int) async throws -> [BenchmarkRow] {
        let server = try await ServeProcess.start(executable: executable)
        defer { server.stop() }
        let caller = try await BenchmarkCaller.prepare(server)
        let code = try await caller.client.createSession(mvpd: nil, domainName: nil, redirectUrl: nil).code ?? "UNKNOWN"
        let generator = LoadGenerator(port: server.port, connections: connections)
        var rows: [BenchmarkRow] = []
        for (name, path) in [
            ("GET /configuration", "/api/v2/\(caller.requestor)/configuration"),
            ("GET /profiles/code/{code}", "/api/v2/\(caller.requestor)/profiles/code/\(code)"),
        ] {
            let request = caller.request("GET", path)
            let cpuBefore = ProcessCPU.seconds(of: server.pid)
            let result = try generator.run(duration: duration) { _, _ in request }
            let cpuAfter = ProcessCPU.seconds(of: server.pid)
            rows += Self.rows(name, result, connections: connections)
            if let cpuBefore, let cpuAfter, result.requests > 0 {
                rows.append(
                    BenchmarkRow(
                        .server, "\(name): server CPU per request",
                        (cpuAfter - cpuBefore) / Double(result.requests) * 1_000_000, "µs",
                        detail: "user + system time of tvsim serve per answered request"))
            }
        }
        return rows
    }

    static func rows(_ name: String, _ result: LoadGenerator.Result, connections: Int) -> [BenchmarkRow] {
        let statuses = result.statuses.sorted { $0.key < $1.key }.map { "\($0.value)×\($0.key)" }.joined(separator: " ")
        return [
            BenchmarkRow(
                .server, "\(name): throughput", result.requestsPerSecond, "req/s", target: .atLeast(40_000),
                detail: "\(connections) connections, \(BenchmarkRow.format(result.elapsed.seconds)) s, \(statuses)"),
            BenchmarkRow(.server, "\(name): p50 latency", result.latency(percentile: 50).milliseconds, "ms"),
            BenchmarkRow(
                .server, "\(name): p99 latency", result.latency(percentile: 99).milliseconds, "ms", target: .under(5),
                detail: result.serverErrors + result.broken > 0
                    ? "\(result.serverErrors) 5xx, \(result.broken) broken connections"
                    : "no 5xx, no broken connections"
            ),
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
        ]
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

    /// Starts `tvsim serve` with swift-subprocess and returns once its banner says it listens.
    /// The process is read to its end in the background, so it never blocks on a full pipe.
    static func start(executable: String) async throws -> ServeProcess {
        let (banners, sink) = AsyncStream<(pid: pid_t, text: String)?>.makeStream()
        Task.detached {
            _ = try? await Subprocess.run(
                .path(.init(executable)), arguments: ["serve", "--quiet", "--port", "0"], input: .none,
                output: .sequence, error: .discarded
            ) { execution in
                var text = ""
                var told = false
                for try await chunk in execution.standardOutput where !told {
                    text += chunk.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
                    if text.contains("Press Ctrl-C") {
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
            throw BenchmarkError("tvsim serve exited before listening")
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
