import PassAPI

/// The calls an audit recognises: the calls of `Endpoint.all` that a cookbook names, with the
/// step each is in, per integration. Matched by method and path, never by host, so HARs against
/// Adobe's hosts and against tvsim read alike.
public struct OperationTable: Sendable, Equatable {
    public typealias Entry = Endpoint

    public let entries: [Endpoint]

    public init(entries: [Endpoint] = Endpoint.all.filter { !$0.steps.isEmpty }) {
        self.entries = entries
    }

    /// The entry for a request, or nil for a call the cookbooks do not name (a web page, the
    /// partner framework's own traffic). Where two match, the one with more literal segments.
    public func entry(method: String, path: some StringProtocol) -> Endpoint? {
        var found: Endpoint?
        let (method, segments) = (method.uppercased(), path.split(separator: "/"))
        for entry in entries where entry.matches(uppercasedMethod: method, segments: segments) {
            if found.map({ entry.literalSegments > $0.literalSegments }) ?? true { found = entry }
        }
        return found
    }
}
