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
        var requestHeaders: HTTPFields
        var requestBody: Body
        var responseHeaders: HTTPFields
        var responseBody: Body
        var fault: String?
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

        init(kept data: Data, contentType: String?, size: Int) {
            (self.data, self.contentType, self.size) = (data, contentType, size)
        }
    }

    /// A ring of slots: `slots` fills up to the capacity, then `oldest` walks around it.
    private struct State {
        var slots: [JournalSlot] = []
        var oldest = 0
        var count = 0
        var nextId = 1
        /// An entry was dropped to make room since the journal was last cleared: the kept ones
        /// may miss a client's first calls.
        var dropped = false

        /// The kept ones, oldest first.
        var inOrder: [JournalSlot] {
            (0..<count).map { slots[(oldest + $0) % slots.count] }
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

    /// Keeps `exchange` and returns its id. Its parts are copied into the bytes of the slot it
    /// takes, which that slot keeps from one exchange to the next: a busy server records each
    /// request without allocating, and drops the oldest without freeing what had long left the
    /// processor's caches (that freeing cost about 3 µs a request).
    func record(_ exchange: Exchange) -> Int {
        state.withLock { state in
            let id = state.nextId
            state.nextId += 1
            let slot: JournalSlot
            if state.count == capacity {
                slot = state.slots[state.oldest]
                state.oldest = (state.oldest + 1) % capacity
                state.dropped = true
            } else {
                // Until the ring first fills, `oldest` is 0: the next place is the next slot made.
                let place = (state.oldest + state.count) % capacity
                if place == state.slots.count { state.slots.append(JournalSlot()) }
                slot = state.slots[place]
                state.count += 1
            }
            slot.keep(exchange, id: id)
            return id
        }
    }

    /// Without `after`, the newest `limit` entries; with it, the oldest `limit` entries after
    /// that id, so a tool paging with the last id it saw never misses one.
    /// `clientOf` names the registered client of an access token (nil for one not issued here).
    func entries(after id: Int = 0, limit: Int = .max, clientOf: (String) -> String? = { _ in nil }) -> [HTTPExchange] {
        // Slots are reused: their exchanges are read out under the lock.
        let kept = state.withLock { state in
            let newer = state.inOrder.filter { $0.id > id }
            return Array(id == 0 ? newer.suffix(limit) : newer.prefix(limit)).map { ($0.id, $0.exchange) }
        }
        return kept.map { Self.entry(id: $0.0, $0.1, client: Self.bearerToken($0.1).flatMap(clientOf)) }
    }

    /// The kept exchanges as they came, secrets and all, oldest first: what tests compare the
    /// redacted views with.
    func exchangesAsReceived() -> [Exchange] {
        state.withLock { $0.inOrder.map(\.exchange) }
    }

    /// Forgets every kept exchange; the slots stay, for the next ones.
    func clear() {
        state.withLock { state in
            state.oldest = 0
            state.count = 0
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
