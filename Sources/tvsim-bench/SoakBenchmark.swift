import Foundation
import PassAPI
import PassClient

/// A long run of devices polling their registration codes against `tvsim serve`, as TVs showing a
/// code do: every answer must be a 200 and the server's memory must stay flat. (New codes, which
/// do grow the stores up to their caps, are the memory benchmark's part.)
struct SoakBenchmark {
    let executable: String

    func run(minutes: Int, clients: Int, progress: @Sendable (String) -> Void) async throws -> [BenchmarkRow] {
        let server = try await ServeProcess.start(executable: executable)
        defer { server.stop() }
        let caller = try await BenchmarkCaller.prepare(server)
        var codes: [String] = []
        for _ in 0..<clients {
            codes.append(try await caller.client.createSession(mvpd: nil, domainName: nil, redirectUrl: nil).code ?? "")
        }
        let generator = LoadGenerator(port: server.port, connections: clients)
        let slice = Duration.seconds(30)
        var samples: [Int] = []
        var requests = 0
        var failures = 0
        var statuses: [Int: Int] = [:]
        let deadline = ContinuousClock.now + .seconds(minutes * 60)
        while ContinuousClock.now < deadline {
            let result = try generator.run(duration: min(slice, deadline - .now)) { client, _ in
                caller.request("GET", "/api/v2/\(caller.requestor)/profiles/code/\(codes[client])")
            }
            requests += result.requests
            failures += result.broken + result.statuses.filter { $0.key != 200 }.values.reduce(0, +)
            statuses.merge(result.statuses, uniquingKeysWith: +)
            samples.append(ProcessMemory.residentBytes(of: server.pid) ?? 0)
            progress(
                "soak: \(requests) requests, \(failures) failures, \(Self.megabytes(samples.last ?? 0)) MB resident")
        }
        return Self.rows(
            requests: requests, failures: failures, statuses: statuses, samples: samples, minutes: minutes,
            clients: clients)
    }

    static func rows(requests: Int, failures: Int, statuses: [Int: Int], samples: [Int], minutes: Int, clients: Int)
        -> [BenchmarkRow]
    {
        // The first slice fills the stores and the allocator's pools; flat means flat after it.
        let settled = samples.dropFirst()
        let growth = (settled.max() ?? 0) - (settled.min() ?? 0)
        return [
            BenchmarkRow(
                .soak, "requests answered", Double(requests), "",
                detail: "\(clients) clients, each polling its own code without pause, for \(minutes) min"),
            BenchmarkRow(
                .soak, "errors (not 200, or a broken connection)", Double(failures), "", target: .under(1),
                detail: statuses.sorted { $0.key < $1.key }.map { "\($0.value)×\($0.key)" }.joined(separator: " ")),
            BenchmarkRow(
                .soak, "resident size spread after the first 30 s", Double(growth) / 1_048_576, "MB",
                target: .under(4),
                detail:
                    "from \(megabytes(settled.min() ?? 0)) to \(megabytes(settled.max() ?? 0)) MB over \(settled.count) samples"
            ),
        ]
    }

    static func megabytes(_ bytes: Int) -> String { BenchmarkRow.format(Double(bytes) / 1_048_576) }
}
