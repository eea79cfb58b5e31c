import Foundation
import PassAPI

/// One route's load as data, so that the benchmark's own generator and wrk send the same
/// requests: the method, the path, the headers and the body, and whether each request comes
/// from a device never seen before (its `AP-Device-Identifier` made from the request's number).
struct LoadRequest: Sendable {
    let method: String
    let path: String
    let headers: [(name: String, value: String)]
    let body: String?
    /// The header that names a fresh device on each request, when the load wants one.
    let freshDeviceHeader: String?

    /// The device the `sequence`-th request of round `round` comes from.
    static func device(round: Int, sequence: Int) -> String { "bench-device-\(round)-\(sequence)" }

    /// The bytes of the `sequence`-th request of round `round`, as the own generator sends them.
    func bytes(round: Int, sequence: Int) -> [UInt8] {
        var lines = ["\(method) \(path) HTTP/1.1"] + headers.map { "\($0.name): \($0.value)" }
        if let freshDeviceHeader {
            let device = Data(Self.device(round: round, sequence: sequence).utf8).base64EncodedString()
            lines.append("\(freshDeviceHeader): fingerprint \(device)")
        }
        if let body { lines += ["Content-Length: \(body.utf8.count)"] }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")).utf8)
    }
}

/// wrk (https://github.com/wg/wrk), when it is installed, as the server benchmark's load
/// generator: the figures are then those an outside tool measures, with its own event loop
/// and its own clock. One thread, so that it stays on the core the benchmark gives it.
struct WrkGenerator {
    let executable: String

    /// wrk on `PATH`, if there is one.
    static func find() -> WrkGenerator? { ChildRun.lookUp("wrk").map(WrkGenerator.init) }

    /// `request` sent over `connections` keep-alive connections for `duration`; the result as
    /// the own generator gives it, with wrk's thousand quantiles in place of every latency.
    func run(
        port: UInt16, connections: Int, duration: Duration, request: LoadRequest, round: Int
    ) throws -> LoadGenerator.Result {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("tvsim-wrk-\(UUID().uuidString).lua")
        try Data(Self.script(for: request, round: round).utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        let seconds = max(1, Int(duration.seconds.rounded()))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "-t1", "-c\(connections)", "-d\(seconds)s", "--timeout", "10s", "-s", script.path,
            "http://127.0.0.1:\(port)",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let line = Self.summaryLine(printed) else {
            // wrk's own words, made safe for the terminal the table goes to.
            let said = TerminalSafeText.make(String(decoding: printed.suffix(2_000), as: UTF8.self))
            throw BenchmarkError("wrk failed: \(said)")
        }
        return try Self.result(line)
    }

    /// The line `done` prints, in JSON.
    private static func summaryLine(_ printed: Data) -> Data? {
        String(decoding: printed, as: UTF8.self).split(separator: "\n").last { $0.hasPrefix("{\"tvsim\"") }
            .map { Data($0.utf8) }
    }

    private struct Summary: Decodable {
        let requests: Int
        let microseconds: Int
        let broken: Int
        /// The latency, in µs, at each thousandth of the requests.
        let quantiles: [Int]
        let statuses: [String: Int]
    }

    static func result(_ line: Data) throws -> LoadGenerator.Result {
        let summary = try JSONDecoder().decode(Summary.self, from: line)
        var result = LoadGenerator.Result()
        result.requests = summary.requests
        result.broken = summary.broken
        result.elapsed = .microseconds(summary.microseconds)
        result.statuses = Dictionary(
            summary.statuses.compactMap { code, count in Int(code).map { ($0, count) } }, uniquingKeysWith: +)
        // wrk keeps its latencies to itself: its quantiles stand for them, so that rounds pool
        // (they run equally long) and percentiles are read as from the own generator's samples.
        result.microseconds = summary.quantiles.map { UInt32(clamping: $0) }
        return result
    }

    /// The Lua script that makes wrk send `request` and print its summary as one JSON line.
    static func script(for request: LoadRequest, round: Int) -> String {
        let headers = request.headers.map { "[\(lua($0.name))] = \(lua($0.value))" }.joined(separator: ", ")
        let device = request.freshDeviceHeader.map { lua($0) } ?? "nil"
        return """
            local method, path, body = \(lua(request.method)), \(lua(request.path)), \(request.body.map(lua) ?? "nil")
            local headers = { \(headers) }
            local deviceHeader, prefix = \(device), \(lua("bench-device-\(round)-"))
            local alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
            local function base64(text)
              local out = {}
              for i = 1, #text, 3 do
                local a, b, c = text:byte(i, i + 2)
                local n = a * 65536 + (b or 0) * 256 + (c or 0)
                local chars = {}
                for k = 3, 0, -1 do
                  local index = math.floor(n / 64 ^ k) % 64
                  chars[#chars + 1] = alphabet:sub(index + 1, index + 1)
                end
                if not b then chars[3], chars[4] = "=", "=" elseif not c then chars[4] = "=" end
                out[#out + 1] = table.concat(chars)
              end
              return table.concat(out)
            end
            local threads = {}
            function setup(thread) table.insert(threads, thread) end
            function init(args) sequence = 0; statuses = {} end
            function request()
              if deviceHeader then
                headers[deviceHeader] = "fingerprint " .. base64(prefix .. sequence)
                sequence = sequence + 1
              end
              return wrk.format(method, path, headers, body)
            end
            function response(status, headers, body) statuses[status] = (statuses[status] or 0) + 1 end
            function done(summary, latency, requests)
              local counts = {}
              for _, thread in ipairs(threads) do
                for status, count in pairs(thread:get("statuses")) do
                  counts[#counts + 1] = string.format('"%d":%d', status, count)
                end
              end
              local quantiles = {}
              for i = 1, 1000 do quantiles[i] = string.format("%d", latency:percentile(i / 10)) end
              local errors = summary.errors
              io.write(string.format(
                '{"tvsim":1,"requests":%d,"microseconds":%d,"broken":%d,"quantiles":[%s],"statuses":{%s}}\\n',
                summary.requests, summary.duration, errors.connect + errors.read + errors.write + errors.timeout,
                table.concat(quantiles, ","), table.concat(counts, ",")))
            end
            """
    }

    /// `text` as a Lua string literal.
    private static func lua(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
