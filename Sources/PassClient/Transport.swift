import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import PassAPI
import Simulation
import Synchronization

/// A raw HTTP request as the client builds it.
public struct WireRequest: Sendable {
    public var method: String
    public var url: String
    public var headers: [(name: String, value: String)]
    public var body: Data?
    public var label: String

    public init(
        method: String, url: String, headers: [(name: String, value: String)] = [], body: Data? = nil, label: String
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.label = label
    }

    /// A request for one of the defined calls: its method, and its name as the label.
    public init(_ endpoint: Endpoint, url: String, headers: [(name: String, value: String)] = [], body: Data? = nil) {
        self.init(method: endpoint.method, url: url, headers: headers, body: body, label: endpoint.operation)
    }
}

public struct WireResponse: Sendable {
    public let status: Int
    public let headers: [(name: String, value: String)]
    public let body: Data

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// How long a throttled answer asks to wait: its `Retry-After` in seconds, 1 when it gives
    /// none or a date, and at most a day, since a back end tvsim is pointed at may send any
    /// number there and a wait is scheduled from it.
    public var retryAfterSeconds: Int {
        let text = header("Retry-After")?.trimmingCharacters(in: .whitespaces) ?? ""
        // Digits too many for an integer still ask for a long wait.
        let tooLong = !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
        let seconds = Int(text) ?? (tooLong ? Self.longestRetryAfter : 1)
        return min(max(1, seconds), Self.longestRetryAfter)
    }

    public static let longestRetryAfter = 86_400
}

/// Sends requests with AsyncHTTPClient, never following redirects (a 302 is part of the story
/// the timeline tells), and reports each exchange to the observer.
public final class Transport: Sendable {
    /// One client for the whole process; redirects off, bounded timeouts.
    static let sharedClient: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(2), read: .seconds(30)))
        configuration.decompression = .disabled
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// Largest response body read; anything bigger is a malformed answer.
    static let maxBodyBytes = 4 * 1024 * 1024

    private let clock: any SimulationClock
    private let observer: ExchangeObserver?
    private let counter = Atomic<Int>(0)
    private let timeout: TimeAmount

    public init(clock: any SimulationClock, observer: ExchangeObserver?, timeout: Duration = .seconds(30)) {
        self.clock = clock
        self.observer = observer
        self.timeout = .nanoseconds(Int64(timeout.timeInterval * 1e9))
    }

    public func send(_ request: WireRequest) async throws(PassError) -> WireResponse {
        let startedAt = clock.nowMilliseconds()
        let started = ContinuousClock.now
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        do {
            let response = try await Self.sharedClient.execute(outgoing, timeout: timeout)
            let body = try await response.body.collect(upTo: Self.maxBodyBytes)
            let answer = WireResponse(
                status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
                body: Data(body.readableBytesView))
            report(request, answer, failure: nil, startedAt: startedAt, started: started)
            return answer
        } catch {
            let reason = Self.describe(error)
            report(request, nil, failure: reason, startedAt: startedAt, started: started)
            throw .transport(reason)
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .remoteConnectionClosed: return "the server closed the connection"
            case .readTimeout, .deadlineExceeded: return "the request timed out"
            case .connectTimeout: return "the connection timed out"
            default: return "\(error)"
            }
        }
        if let error = error as? HTTPParserError { return "the answer is not HTTP (\(error))" }
        if error is NIOTooManyBytesError { return "the response is larger than \(maxBodyBytes) bytes" }
        let text = "\(error)"
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        if text.contains("reset") { return "the connection was reset" }
        return text
    }

    private func report(
        _ request: WireRequest, _ response: WireResponse?, failure: String?, startedAt: Int64,
        started: ContinuousClock.Instant
    ) {
        guard let observer else { return }
        let id = counter.wrappingAdd(1, ordering: .relaxed).newValue
        let requestType = request.headers.first { $0.name.lowercased() == "content-type" }?.value
        let requestBody = request.body.map { Redaction.body($0, contentType: requestType) }
        let responseBody = response.map { Redaction.body($0.body, contentType: $0.header("Content-Type")) }
        let exchange = HTTPExchange(
            id: id, operation: request.label, method: request.method, url: Redaction.url(request.url),
            requestHeaders: Self.redacted(request.headers, body: requestBody),
            requestBody: requestBody.flatMap(Self.text),
            status: response?.status,
            responseHeaders: Self.redacted(response?.headers ?? [], body: responseBody),
            responseBody: responseBody.flatMap(Self.text),
            startedAt: startedAt, durationMilliseconds: (ContinuousClock.now - started).timeInterval * 1000,
            failure: failure)
        observer(exchange)
    }

    /// Headers with their secrets hidden; `Content-Length` says the length of the body as
    /// recorded (redacted), so that a HAR's `bodySize` and its header agree.
    private static func redacted(_ headers: [(name: String, value: String)], body: Data?) -> HTTPFields {
        HTTPFields(
            pairs: headers.map { header in
                if let body, header.name.lowercased() == "content-length" {
                    return (header.name, String(body.count))
                }
                return (header.name, Redaction.header(name: header.name, value: header.value))
            })
    }

    private static func text(_ data: Data) -> String? {
        data.isEmpty ? nil : String(decoding: data.prefix(65_536), as: UTF8.self)
    }
}
