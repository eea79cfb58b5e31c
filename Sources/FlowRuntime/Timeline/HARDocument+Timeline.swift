import PassAPI

extension HARDocument.Run {
    /// A run's page from its timeline: the exchanges it recorded, from its first event on.
    public init(id: String, title: String, entries: [TimelineEntry]) {
        self.init(id: id, title: title, startedAt: entries.first?.time ?? 0, exchanges: entries.compactMap(\.exchange))
    }
}
