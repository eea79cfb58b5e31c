import Conformance
import Foundation
import MockBackendAPI

extension MockBackend {
    /// The cookbook audit of every client in the journal (`GET /__tvsim/audit`): the journal's
    /// exchanges, secrets already hidden, through the same rules as `tvsim audit`.
    public func audit() -> [ClientAudit] {
        Audit.run(journalEntries().map(Exchange.init(journal:)))
    }
}
