import Foundation
import HTTPTypes
import MockBackendAPI
import PassAPI
import Synchronization

/// A ring buffer of the most recent requests. Exchanges are kept as they came, and secrets are
/// redacted when an entry is read: redacting means parsing and re-encoding bodies, which would
/// otherwise cost every request, read or not, inside the journal's lock.
final class Journal: Sendable {
    /// An exchange as it came, before redaction.
    struct Exchange: Sendable {
        var time: Int64
        var method: String
        var uri: String
        var operation: String?
        /// nil when a fault dropped the connection.
        var status: Int?
        var durationMilliseconds: Double
        /// Kept in one buffer each (`KeptFields`); named and redacted when read.
        private var keptRequestHeaders: KeptFields
        var requestBody: Body
        private var keptResponseHeaders: KeptFields
        var responseBody: Body
        var fault: String?

        init(
            time: Int64, method: String, uri: String, operation: String?, status: Int?, durationMilliseconds: Double,
            requestHeaders: HTTPFields, requestBody: Body, responseHeaders: HTTPFields, responseBody: Body,
            fault: String?
        ) {
            (self.time, self.method, self.uri, self.operation) = (time, method, uri, operation)
            (self.status, self.durationMilliseconds, self.fault) = (status, durationMilliseconds, fault)
            keptRequestHeaders = KeptFields(requestHeaders)
            keptResponseHeaders = KeptFields(responseHeaders)
            (self.requestBody, self.responseBody) = (requestBody, responseBody)
        }

        var requestHeaders: HTTPFields {
            get { keptRequestHeaders.fields }
            set { keptRequestHeaders = KeptFields(newValue) }
        }

        var responseHeaders: HTTPFields {
            get { keptResponseHeaders.fields }
            set { keptResponseHeaders = KeptFields(newValue) }
        }
    }

    /// A body kept whole (up to `keptLimit` bytes) so that it can be redacted when read.
    struct Body: Sendable {
        let data: Data
        let contentType: String?
        let size: Int

        init(_ data: Data, contentType: String?) {
            size = data.count
            self.data = data.count <= Journal.keptLimit ? data : Data()
            self.contentType = contentType
        }
    }

    /// One kept exchange. A reference, so that the ring moves a pointer under its lock rather
    /// than an exchange's dozen fields.
    private final class Kept: Sendable {
        let id: Int
        let exchange: Exchange

        init(id: Int, exchange: Exchange) {
            self.id = id
            self.exchange = exchange
        }
    }

    /// A ring: `exchanges` fills up to the capacity, then `oldest` walks around it.
    private struct State {
        var exchanges: [Kept] = []
        var oldest = 0
        var nextId = 1
        /// An entry was dropped to make room since the journal was last cleared: the kept ones
        /// may miss a client's first calls.
        var dropped = false

        /// Oldest first.
        var inOrder: [Kept] {
            Array(exchanges[oldest...] + exchanges[..<oldest])
        }
    }

    private let state = Mutex(State())
    private let capacity: Int
    /// Bodies are cut to this many bytes in the journal.
    static let bodyLimit = 16_384
    /// Larger bodies are not kept at all: a clipped document could not be redacted reliably.
    static let keptLimit = 131_072

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Keeps `exchange` and returns its id.
    func record(_ exchange: Exchange) -> Int {
        // The oldest exchange comes out of the lock and is freed after it, not while every
        // request waits.
        let (id, _) = state.withLock { state -> (Int, Kept?) in
            let kept = Kept(id: state.nextId, exchange: exchange)
            state.nextId += 1
            guard state.exchanges.count >= capacity else {
                state.exchanges.append(kept)
                return (kept.id, nil)
            }
            let dropped = state.exchanges[state.oldest]
            state.exchanges[state.oldest] = kept
            state.oldest = (state.oldest + 1) % capacity
            state.dropped = true
            return (kept.id, dropped)
        }
        return id
    }

    /// Without `after`, the newest `limit` entries; with it, the oldest `limit` entries after
    /// that id, so a tool paging with the last id it saw never misses one.
    /// `clientOf` names the registered client of an access token (nil for one not issued here).
    func entries(after id: Int = 0, limit: Int = .max, clientOf: (String) -> String? = { _ in nil }) -> [HTTPExchange] {
        let kept = state.withLock { state in
            let newer = state.inOrder.filter { $0.id > id }
            return Array(id == 0 ? newer.suffix(limit) : newer.prefix(limit))
        }
        return kept.map { Self.entry(id: $0.id, $0.exchange, client: Self.bearerToken($0.exchange).flatMap(clientOf)) }
    }

    /// The kept exchanges as they came, secrets and all, oldest first: what tests compare the
    /// redacted views with.
    func exchangesAsReceived() -> [Exchange] {
        state.withLock { $0.inOrder.map(\.exchange) }
    }

    func clear() {
        state.withLock { state in
            state.exchanges.removeAll()
            state.oldest = 0
            state.dropped = false
        }
    }

    /// True while the journal holds every exchange since it was started or last cleared (a
    /// reset clears it), so that a history read from it begins at its clients' first calls.
    var holdsEverySinceCleared: Bool {
        state.withLock { !$0.dropped }
    }

    /// The access token of `Authorization: Bearer …`, if the request carried one.
    static func bearerToken(_ exchange: Exchange) -> String? {
        guard let header = exchange.requestHeaders[.authorization], let space = header.firstIndex(of: " "),
            header[..<space].lowercased() == "bearer"
        else { return nil }
        return String(header[header.index(after: space)...])
    }

    /// The exchange as the journal shows it: secrets redacted, bodies clipped. A fault that
    /// dropped the connection leaves it without a status.
    static func entry(id: Int, _ exchange: Exchange, client: String? = nil) -> HTTPExchange {
        HTTPExchange(
            id: id, operation: exchange.operation, method: exchange.method, url: Redaction.url(exchange.uri),
            requestHeaders: redacted(exchange.requestHeaders), requestBody: text(exchange.requestBody),
            status: exchange.status, responseHeaders: redacted(exchange.responseHeaders),
            responseBody: text(exchange.responseBody), startedAt: exchange.time,
            durationMilliseconds: exchange.durationMilliseconds, fault: exchange.fault, client: client)
    }

    static func redacted(_ fields: HTTPFields) -> HTTPFields {
        HTTPFields(
            fields.map { HTTPField(name: $0.name, value: Redaction.header(name: $0.name.rawName, value: $0.value)) })
    }

    static func text(_ body: Body) -> String? {
        guard body.size > 0 else { return nil }
        guard !body.data.isEmpty else { return "(\(body.size) bytes, not kept)" }
        let redacted = Redaction.body(body.data, contentType: body.contentType)
        let clipped = redacted.prefix(bodyLimit)
        var text = String(decoding: clipped, as: UTF8.self)
        if redacted.count > bodyLimit { text += "… (\(redacted.count) bytes)" }
        return text
    }
}
