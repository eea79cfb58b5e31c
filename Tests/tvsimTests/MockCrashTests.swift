import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Requests that used to stop `tvsim serve`, sent to the binary the tests built (a debug build,
/// assertions on, as `swift run tvsim` gives): each gets its 4xx and the server keeps answering.
@Suite(.serialized) struct MockCrashTests {
    static func startServer() async throws -> (server: TVSimBinary.Running, port: Int) {
        try await TVSimBinary.serve(["--quiet"])
    }

    /// `body` in chunks of 4 KiB, as a client streaming an upload sends it.
    static func chunked(_ body: String) -> String {
        let bytes = Array(body.utf8)
        var text = ""
        for start in stride(from: 0, to: bytes.count, by: 4096) {
            let piece = bytes[start..<min(start + 4096, bytes.count)]
            text += String(piece.count, radix: 16) + "\r\n" + String(decoding: piece, as: UTF8.self) + "\r\n"
        }
        return text + "0\r\n\r\n"
    }

    /// The server still answers a plain request.
    static func expectAlive(port: Int) throws {
        let info = try AdminHardeningTests.exchange(
            port: port, ["GET /__tvsim/clock HTTP/1.1", "Host: 127.0.0.1:\(port)"])
        #expect(info.status == 200, "the server stopped answering: \(info.text.prefix(200))")
    }

    @Test func aChunkedBodyOverTheLimitGetsItsFourOneThreeOnEveryKindOfRoute() async throws {
        let (server, port) = try await Self.startServer()
        let big = String(repeating: "x", count: 100 << 10)
        for (path, type) in [
            ("/o/client/register", "application/json"), ("/__tvsim/faults", "application/json"),
            ("/api/v2/ORBIT/sessions", "application/x-www-form-urlencoded"), ("/no/such/path", "text/plain"),
        ] {
            let reply = try AdminHardeningTests.exchange(
                port: port,
                raw: "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: \(type)\r\n"
                    + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + Self.chunked(big))
            #expect([413, 404].contains(reply.status), "\(path): \(reply.text.prefix(300))")
            try Self.expectAlive(port: port)
        }
        await server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 20) == 0, "\(server.text.suffix(800))")
    }

    @Test func numbersOutOfRangeAreRefusedNamingTheField() async throws {
        let (server, port) = try await Self.startServer()
        let host = "Host: 127.0.0.1:\(port)"
        let json = "Content-Type: application/json"
        let cases: [(path: String, body: String, field: String)] = [
            ("/__tvsim/clock/advance", #"{"seconds": 1e300}"#, "seconds"),
            ("/__tvsim/clock/advance", #"{"seconds": -1}"#, "seconds"),
            (
                "/__tvsim/faults",
                #"{"route":"configuration","kind":"latency","latencyMilliseconds":9223372036854775807}"#,
                "latencyMilliseconds"
            ),
            (
                "/__tvsim/faults",
                #"{"route":"configuration","kind":"latency","latencyMilliseconds":1,"latencyDistribution":"uniform","latencyMaxMilliseconds":99999999999}"#,
                "latencyMaxMilliseconds"
            ),
            (
                "/__tvsim/faults", #"{"route":"configuration","kind":"throttle","retryAfterSeconds":1e12}"#,
                "retryAfterSeconds"
            ),
        ]
        for item in cases {
            let reply = try AdminHardeningTests.exchange(
                port: port, ["POST \(item.path) HTTP/1.1", host, json], body: item.body)
            #expect(reply.status == 400, "\(item.body): \(reply.text.suffix(300))")
            #expect(reply.text.contains(#""field":"\#(item.field)""#), "\(item.body): \(reply.text.suffix(300))")
        }
        let patch = try AdminHardeningTests.exchange(
            port: port, ["PATCH /__tvsim/config HTTP/1.1", host, json],
            body: #"{"settings": {"accessTokenLifetimeSeconds": 9223372036854775807}}"#)
        #expect(patch.status == 400 && patch.text.contains("accessTokenLifetimeSeconds"), "\(patch.text.suffix(300))")
        // Nothing was added, and the next configuration request is answered at once.
        let faults = try AdminHardeningTests.exchange(port: port, ["GET /__tvsim/faults HTTP/1.1", host])
        #expect(faults.text.hasSuffix("[]"), "\(faults.text.suffix(300))")
        let configuration = try AdminHardeningTests.exchange(
            port: port, ["GET /api/v2/ORBIT/configuration HTTP/1.1", host])
        #expect(configuration.status == 401, "\(configuration.text.prefix(300))")
        await server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 20) == 0, "\(server.text.suffix(800))")
    }
}
