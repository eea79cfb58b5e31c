import Conformance
import Foundation
import MockBackendAPI

extension MockBackend {
    /// The cookbook audit of every client in the journal (`GET /__tvsim/audit`): the journal's
    /// exchanges, secrets already hidden, through the same rules as `tvsim audit`. Once the
    /// journal has dropped its oldest entries, the order rules are left out (`complete` false).
    public func audit() -> (clients: [ClientAudit], complete: Bool) {
        let entries = journalEntries()
        let complete = (entries.first?.id ?? 1) == 1
        return (Audit.run(entries.map(Exchange.init(journal:)), historyComplete: complete), complete)
    }
}
