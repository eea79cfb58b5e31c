import AsyncHTTPClient
import Foundation
import HTTPTypes
import MockBackendAPI
import NIOPosix
import PassAPI
import Simulation
import Synchronization
import Testing

@testable import PassMockServer

/// Requests that wait for nothing are answered on the connection's event loop
/// (`EventLoopResponder`), the others by the server's task. The two must not be told apart:
/// every call of tvsim's clients, made once each way against a fresh back end with the same
/// seed, gets the same answers on the wire and leaves the same journal.
@Suite struct EventLoopAnswerTests {
    struct Run {
        let sent: [HTTPExchange]
        let journal: [HTTPExchange]
        /// Journal entries recorded on an event loop's thread.
        let onEventLoop: Int
    }

    static func run(answersOnEventLoop: Bool) async throws -> Run {
        let clock = VirtualClock()
        let backend = EndpointAgreementTests.backend(clock)
        let onEventLoop = Mutex(0)
        backend.onRequest { _ in
            if MultiThreadedEventLoopGroup.currentEventLoop != nil { onEventLoop.withLock { $0 += 1 } }
        }
        let server = try await MockServer.start(backend: backend, answersOnEventLoop: answersOnEventLoop)
        let sent = Mutex<[HTTPExchange]>([])
        await EndpointAgreementTests.callEverything(
            baseURL: server.baseURL, backend: backend, clock: clock,
            observer: { exchange in sent.withLock { $0.append(exchange) } })
        await server.stop()
        let base = server.baseURL
        return Run(
            sent: sent.withLock { $0 }.map { comparable($0, base: base) },
            journal: backend.journalEntries().filter { $0.operation != "admin" }.map { comparable($0, base: base) },
            onEventLoop: onEventLoop.withLock { $0 })
    }

    /// `exchange` without what differs from one server to the next by nature: the port in its
    /// URLs and `Host`, the time it took, and the second its answer was dated.
    static func comparable(_ exchange: HTTPExchange, base: String) -> HTTPExchange {
        // JSON bodies may write the URL with its slashes escaped: the host and port alone.
        let authority = String(base.dropFirst("http://".count))
        var exchange = exchange
        exchange.url = exchange.url.replacingOccurrences(of: authority, with: "HOST")
        exchange.requestBody = exchange.requestBody?.replacingOccurrences(of: authority, with: "HOST")
        exchange.responseBody = exchange.responseBody?.replacingOccurrences(of: authority, with: "HOST")
        exchange.durationMilliseconds = 0
        exchange.requestHeaders[HTTPField.Name("Host")!] = nil
        exchange.responseHeaders[.date] = exchange.responseHeaders[.date] == nil ? nil : "DATE"
        exchange.responseHeaders = HTTPFields(
            exchange.responseHeaders.map { field in
                HTTPField(name: field.name, value: field.value.replacingOccurrences(of: authority, with: "HOST"))
            })
        return exchange
    }

    @Test func everyCallIsAnsweredOnTheEventLoopAsTheServersTaskAnswersIt() async throws {
        let loop = try await Self.run(answersOnEventLoop: true)
        let task = try await Self.run(answersOnEventLoop: false)
        #expect(task.onEventLoop == 0)
        // No fault is armed and no body is over the limit: every call is answered on the loop.
        #expect(loop.onEventLoop == loop.journal.count)
        #expect(loop.journal.count == task.journal.count)
        #expect(loop.sent.count == task.sent.count)
        for (byLoop, byTask) in zip(loop.journal, task.journal) {
            #expect(byLoop == byTask, "journal: \(byLoop.method) \(byLoop.url)")
        }
        for (byLoop, byTask) in zip(loop.sent, task.sent) {
            #expect(byLoop == byTask, "on the wire: \(byLoop.method) \(byLoop.url)")
            #expect(byLoop.responseHeaders[.date] != nil && byLoop.responseHeaders[.server] == "tvsim")
        }
    }

    /// The `Date` written on the event loop is RFC 9110's IMF-fixdate, as the server's task writes it.
    @Test func theDateOfAnAnswerIsAnIMFFixdate() {
        #expect(HTTPDate.spell(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.spell(951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT")
        #expect(HTTPDate.spell(1_795_935_210) == "Sun, 29 Nov 2026 06:53:30 GMT")
    }

    @Test func anArmedFaultSendsEveryRequestItMayTouchToTheServersTask() async throws {
        let backend = EndpointAgreementTests.backend()
        let onEventLoop = Mutex<[String]>([])
        backend.onRequest { entry in
            if MultiThreadedEventLoopGroup.currentEventLoop != nil { onEventLoop.withLock { $0.append(entry.url) } }
        }
        let server = try await MockServer.start(backend: backend)
        let configuration = HTTPClientRequest(url: "\(server.baseURL)/api/v2/ORBIT/configuration")
        // A rule for another path fires on nothing here, but it is armed: it could have.
        _ = backend.addFault(try FaultRule(route: "/nowhere", fault: .status(500, code: nil)))
        _ = try await HTTPClient.shared.execute(configuration, timeout: .seconds(10))
        backend.faults.removeAll()
        _ = try await HTTPClient.shared.execute(configuration, timeout: .seconds(10))
        await server.stop()
        #expect(onEventLoop.withLock { $0 } == ["/api/v2/ORBIT/configuration"])
    }
}
