import Foundation
import PassAPI
import Synchronization

/// One request as the mock saw it, secrets redacted.
public struct JournalEntry: Codable, Sendable, Equatable {
    public let id: Int
    /// Simulated time, epoch milliseconds.
    public let time: Int64
    public let method: String
    public let uri: String
    public let operation: String?
    public let status: Int
    public let durationMilliseconds: Double
    public let requestHeaders: [String: String]
    public let requestBody: String?
    public let responseHeaders: [String: String]
    public let responseBody: String?
    /// Name of the fault that shaped the response, if any.
    public let fault: String?
}

/// A ring buffer of the most recent requests.
final class Journal: Sendable {
    private struct State {
        var entries: [JournalEntry] = []
        var nextId = 1
    }

    private let state = Mutex(State())
    private let capacity: Int
    /// Bodies are cut to this many bytes in the journal.
    static let bodyLimit = 16_384

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    func record(_ make: (Int) -> JournalEntry) -> JournalEntry {
        state.withLock { state in
            let entry = make(state.nextId)
            state.nextId += 1
            state.entries.append(entry)
            if state.entries.count > capacity { state.entries.removeFirst(state.entries.count - capacity) }
            return entry
        }
    }

    /// Without `after`, the newest `limit` entries; with it, the oldest `limit` entries after
    /// that id, so a tool paging with the last id it saw never misses one.
    func entries(after id: Int = 0, limit: Int = .max) -> [JournalEntry] {
        state.withLock { state in
            let newer = state.entries.filter { $0.id > id }
            return Array(id == 0 ? newer.suffix(limit) : newer.prefix(limit))
        }
    }

    func clear() {
        state.withLock { $0.entries.removeAll() }
    }

    static func text(_ data: Data, contentType: String?) -> String? {
        guard !data.isEmpty else { return nil }
        let redacted = Redaction.body(data, contentType: contentType)
        let clipped = redacted.prefix(bodyLimit)
        var text = String(decoding: clipped, as: UTF8.self)
        if redacted.count > bodyLimit { text += "… (\(redacted.count) bytes)" }
        return text
    }
}
