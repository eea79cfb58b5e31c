import Conformance
import Foundation

extension MockBackend {
    /// The cookbook audit of every client in the journal (`GET /__tvsim/audit`): the journal's
    /// exchanges, secrets already hidden, through the same rules as `tvsim audit`.
    public func audit() -> [ClientAudit] {
        Audit.run(journalEntries().map(Exchange.init(journal:)))
    }
}

extension Exchange {
    init(journal entry: JournalEntry) {
        self.init(
            number: entry.id, startedAt: entry.time, method: entry.method, url: entry.uri,
            requestHeaders: entry.requestHeaders.sorted { $0.key < $1.key }.map { Header($0.key, $0.value) },
            requestBody: entry.requestBody, status: entry.status == 0 ? nil : entry.status,
            responseHeaders: entry.responseHeaders.sorted { $0.key < $1.key }.map { Header($0.key, $0.value) },
            responseBody: entry.responseBody)
    }
}
