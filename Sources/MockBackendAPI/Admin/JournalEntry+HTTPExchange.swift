import PassAPI

extension HTTPExchange {
    /// A journal entry as a client's exchange: what the inspector's Detail shows and a HAR
    /// holds. `origin` (`http://127.0.0.1:8080`) makes the journal's path a whole URL, as HAR
    /// readers expect.
    public init(journal entry: JournalEntry, origin: String = "") {
        self.init(
            id: entry.id, label: entry.operation ?? "", method: entry.method, url: origin + entry.uri,
            requestHeaders: entry.requestHeaders.sorted { $0.key < $1.key }.map {
                Header(name: $0.key, value: $0.value)
            },
            requestBody: entry.requestBody, status: entry.status == 0 ? nil : entry.status,
            responseHeaders: entry.responseHeaders.sorted { $0.key < $1.key }.map {
                Header(name: $0.key, value: $0.value)
            }, responseBody: entry.responseBody, startedAt: entry.time,
            durationMilliseconds: entry.durationMilliseconds, failure: entry.status == 0 ? "no answer" : nil)
        client = entry.client
    }
}
