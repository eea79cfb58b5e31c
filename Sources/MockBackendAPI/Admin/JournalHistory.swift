/// What `GET /__tvsim/journal` says beside its exchanges (`[HTTPExchange]`, secrets redacted).
public enum JournalHistory {
    /// The header that says, `true` or `false`, whether the journal holds every exchange since
    /// the server started or was reset: once it has dropped its oldest, a history read from it
    /// may miss a client's first calls.
    public static let completeHeader = "Tvsim-Journal-Complete"
}
