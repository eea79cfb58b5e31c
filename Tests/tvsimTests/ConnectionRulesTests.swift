import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// HTTP/1 connection rules and shutdown, over real sockets against `tvsim serve`.
@Suite(.serialized) struct ConnectionRulesTests {
    /// What came back on a connection, and whether the server closed it before `seconds` passed.
    struct Answer {
        let text: String
        let closed: Bool
        let elapsed: Duration

        var status: Int { Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0 }
    }

    /// Sends `raw` and reads until the server closes or `seconds` pass, on a thread of its own:
    /// a blocking read on one of the few threads of Swift's cooperative pool would starve the
    /// other tests' tasks for as long as it waits.
    static func send(_ raw: String, port: Int, seconds: Int) async throws -> Answer {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try sendBlocking(raw, port: port, seconds: seconds) })
            }
        }
    }

    private static func sendBlocking(_ raw: String, port: Int, seconds: Int) throws -> Answer {
        let descriptor = try AdminHardeningTests.openConnection(port: port)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let started = ContinuousClock.now
        let bytes = Array(raw.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var closed = false
        while ContinuousClock.now - started < .seconds(seconds) {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { closed = true }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return Answer(
            text: String(decoding: answer, as: UTF8.self), closed: closed, elapsed: ContinuousClock.now - started)
    }

    @Test func http10AndExpectContinueAreAnsweredAsTheRFCsSay() async throws {
        let (server, port) = try await TVSimBinary.serve()
        let host = "Host: 127.0.0.1:\(port)"
        let old = try await Self.send(
            "GET /api/v2/ORBIT/configuration HTTP/1.0\r\n\(host)\r\n\r\n", port: port, seconds: 5)
        #expect(old.status == 401 && old.closed, "HTTP/1.0 without keep-alive: \(old.text.prefix(200))")
        #expect(old.text.lowercased().contains("connection: close"))
        let kept = try await Self.send(
            "GET /api/v2/ORBIT/configuration HTTP/1.0\r\n\(host)\r\nConnection: keep-alive\r\n\r\n", port: port,
            seconds: 1)
        #expect(kept.status == 401 && !kept.closed, "HTTP/1.0 with keep-alive: \(kept.text.prefix(200))")
        #expect(kept.text.lowercased().contains("connection: keep-alive"))

        let big = try await Self.send(
            "POST /o/client/register HTTP/1.1\r\n\(host)\r\nContent-Type: application/json\r\n"
                + "Content-Length: 10000000\r\nExpect: 100-continue\r\n\r\n", port: port, seconds: 5)
        // Closed within the read's 5 s: the server did not wait for a body it had refused.
        #expect(big.status == 413 && big.closed, "\(big.text.prefix(200))")
        #expect(!big.text.contains("100 Continue"))

        let body = #"{"software_statement":"x"}"#
        let small = try await Self.send(
            "POST /o/client/register HTTP/1.1\r\n\(host)\r\nContent-Type: application/json\r\nConnection: close\r\n"
                + "Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n", port: port, seconds: 1)
        #expect(small.text == "HTTP/1.1 100 Continue\r\n\r\n", "\(small.text.prefix(200))")
        await server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 20) == 0)
        #expect(!server.text.contains("http.unreadable"), "\(server.text.suffix(600))")
    }

    /// Pipelined requests are answered in their order, whether the event loop answers them or
    /// the server's task does: one that waits for nothing is not answered before a request
    /// passed on ahead of it (an unknown path is). Nothing is answered after a request that
    /// said close, and a chunked body is gathered before its answer.
    @Test func pipelinedRequestsAreAnsweredInTheirOrderWhoeverAnswersThem() async throws {
        let (server, port) = try await TVSimBinary.serve(["--quiet"])
        let host = "Host: 127.0.0.1:\(port)"
        let unknown = "GET /no/such/path HTTP/1.1\r\n\(host)\r\n\r\n"
        let clock = "GET /__tvsim/clock HTTP/1.1\r\n\(host)\r\n\r\n"
        let closing = "GET /__tvsim/clock HTTP/1.1\r\n\(host)\r\nConnection: close\r\n\r\n"
        let register =
            "POST /o/client/register HTTP/1.1\r\n\(host)\r\nContent-Type: application/json\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n5\r\n{\"a\":\r\n2\r\n1}\r\n0\r\n\r\n"
        func statuses(_ answer: Answer) -> [Int] {
            answer.text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { Int($0.prefix(3)) ?? 0 }
        }
        let mixed = try await Self.send(
            unknown + clock + unknown + register + clock + closing + clock, port: port, seconds: 5)
        #expect(statuses(mixed) == [404, 200, 404, 400, 200, 200] && mixed.closed, "\(mixed.text)")
        let alone = try await Self.send(register + closing + register, port: port, seconds: 5)
        #expect(statuses(alone) == [400, 200] && alone.closed, "\(alone.text)")
        #expect(alone.text.contains("software_statement"), "\(alone.text)")
        // The request after the close was neither answered nor journaled.
        let journal = try await Self.send(
            "GET /__tvsim/journal HTTP/1.1\r\n\(host)\r\nConnection: close\r\n\r\n", port: port, seconds: 5)
        #expect(journal.text.components(separatedBy: "\"/o/client/register\"").count - 1 == 2, "\(journal.text)")
        await server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 20) == 0)
    }

    /// A client that sends requests and reads none of the answers is answered only as far as the
    /// connection holds: the server stops reading it, and answers the rest once it reads. Answered
    /// as fast as they came, its answers would pile up in the server's memory.
    @Test func aClientThatReadsNoAnswerIsNotReadUntilItDoes() async throws {
        let (server, port) = try await TVSimBinary.serve(["--quiet"])
        // 20 MB of answers (the activation page's), twice what the kernel's buffers of a
        // loopback connection hold at most (`tcp_wmem` and `tcp_rmem`).
        let count = 10_000
        let request = "GET /activate HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        let descriptor = try AdminHardeningTests.openConnection(port: port)
        defer { close(descriptor) }
        let requests = String(repeating: request + "\r\n", count: count) + request + "Connection: close\r\n\r\n"
        // Sent from a thread of its own: the send waits once the server stops reading.
        Thread.detachNewThread {
            let bytes = Array(requests.utf8)
            var sent = 0
            while sent < bytes.count {
                let result = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
                guard result > 0 else { return }
                sent += result
            }
        }
        let answeredUnread = await Self.journalSettles(port: port)
        #expect(answeredUnread > 0 && answeredUnread < count / 2, "\(answeredUnread) of \(count) answered")
        let answers = String(decoding: AdminHardeningTests.readToEnd(descriptor), as: UTF8.self)
        #expect(answers.components(separatedBy: "HTTP/1.1 200 ").count - 1 == count + 1)
        await server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 20) == 0)
    }

    /// The journal's count of exchanges once it stopped growing for half a second.
    static func journalSettles(port: Int) async -> Int {
        var last = -1
        while true {
            try? await Task.sleep(for: .milliseconds(500))
            let journal = try? AdminHardeningTests.exchange(
                port: port, ["GET /__tvsim/journal?limit=1 HTTP/1.1", "Host: 127.0.0.1:\(port)"])
            let body = journal?.text.components(separatedBy: "\r\n\r\n").last ?? ""
            let entries = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: Any]]
            let id = entries?.first?["id"] as? Int ?? 0
            if id == last { return id }
            last = id
        }
    }

    /// A declared body over the limit gets its 413 before any of it is read, without `Expect`
    /// too; a client that sends it anyway still reads the whole answer (the close lingers).
    @Test func aDeclaredBodyOverTheLimitIsRefusedBeforeItIsRead() async throws {
        let (server, port) = try await TVSimBinary.serve()
        let head =
            "POST /o/client/register HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
            + "Content-Length: 100000000\r\n\r\n"
        let waiting = try await Self.send(head, port: port, seconds: 10)
        #expect(waiting.status == 413 && waiting.closed, "\(waiting.text.prefix(200))")
        #expect(waiting.text.contains("the limit is 65536"))
        // Closed for writing with the answer: the client did not have to send or wait.
        #expect(waiting.elapsed < .seconds(1), "\(waiting.elapsed)")
        let sending = try await Self.send(head + String(repeating: "x", count: 4 << 20), port: port, seconds: 10)
        #expect(sending.status == 413 && sending.closed, "\(sending.text.prefix(200))")
        #expect(sending.text.hasSuffix("}"), "the whole answer: \(sending.text.suffix(200))")
        await server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 20) == 0)
        #expect(!server.text.contains("http.unreadable"), "\(server.text.suffix(600))")
    }

    @Test func aHeadThatDoesNotArriveInTenSecondsGets408AndTheConnectionCloses() async throws {
        let (server, port) = try await TVSimBinary.serve()
        async let trickled = Self.send(
            "GET /api/v2/ORBIT/configuration HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Slow: a", port: port, seconds: 20)
        // A client that connects and says nothing holds a connection as surely.
        async let silent = Self.send("", port: port, seconds: 20)
        let (slow, mute) = try await (trickled, silent)
        for answer in [slow, mute] {
            #expect(answer.status == 408 && answer.closed, "\(answer.text.prefix(200))")
            // Not before the deadline; after it, within the read's 20 s.
            #expect(answer.elapsed >= .seconds(9) && answer.elapsed < .seconds(15), "\(answer.elapsed)")
        }
        #expect(await server.waitFor("408"))
        await server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 20) == 0)
    }

    @Test func sighupStopsGracefullyAndARequestCutByTheGraceIsLoggedAsSuch() async throws {
        let (server, port) = try await TVSimBinary.serve(["--shutdown-grace", "1"])
        let host = "Host: 127.0.0.1:\(port)"
        let fault = try AdminHardeningTests.exchange(
            port: port, ["POST /__tvsim/faults HTTP/1.1", host, "Content-Type: application/json"],
            body: #"{"route":"configuration","kind":"latency","latencyMilliseconds":60000,"times":1}"#)
        #expect(fault.status == 201, "\(fault.text)")
        let slow = Task {
            try await Self.send("GET /api/v2/ORBIT/configuration HTTP/1.1\r\n\(host)\r\n\r\n", port: port, seconds: 30)
        }
        // The fault holds the request until the shutdown cuts it. A rule for one request is gone
        // once it fired: then the request is waiting in it.
        #expect(await Self.faultFired(port: port))
        await server.signal(SIGHUP)
        let answer = try await slow.value
        #expect(answer.closed && answer.status == 0, "\(answer.text.prefix(200))")
        #expect(await server.waitForExit(seconds: 20) == 0, "\(server.text.suffix(600))")
        #expect(server.text.contains("tvsim serve: stopped"))
        #expect(server.text.contains("cut: the server stopped before it answered"), "\(server.text.suffix(600))")
        #expect(!server.text.contains("CancellationError") && !server.text.contains("  500  "), "\(server.text)")
    }

    /// Whether the fault list is empty again within 10 seconds.
    static func faultFired(port: Int) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if let faults = try? AdminHardeningTests.exchange(
                port: port, ["GET /__tvsim/faults HTTP/1.1", "Host: 127.0.0.1:\(port)"]),
                faults.status == 200, faults.text.hasSuffix("[]")
            {
                return true
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}
