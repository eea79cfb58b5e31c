import Conformance
import Foundation
import MockBackendAPI

extension MockBackend {
    /// The cookbook audit of every client in the journal (`GET /__tvsim/audit`): the journal's
    /// exchanges, secrets already hidden, through the same rules as `tvsim audit`. Once the
    /// journal has dropped its oldest entries, the order rules are left out (`complete` false);
    /// a reset or a cleared journal starts a complete history again.
    public func audit() -> (clients: [ClientAudit], complete: Bool) {
        let entries = journalEntries()
        // Asked after the read: an entry dropped in between makes the answer cautious, not wrong.
        let complete = journal.holdsEverySinceCleared
        return (Audit.run(entries, historyComplete: complete), complete)
    }
}
