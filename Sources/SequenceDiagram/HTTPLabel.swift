import PassAPI

/// How a diagram names an HTTP call: its method and its path without the part every call of
/// its API shares (`/api/v2/{serviceProvider}`), which the lane it goes to already says.
enum HTTPLabel {
    /// From fullest to shortest: the short path, its last two segments, the call's operation
    /// name. An answer a fault rule shaped is marked `⚡`, as on the timeline.
    static func forms(of exchange: HTTPExchange) -> [String] {
        let mark = exchange.responseHeader(HeaderName.fault) != nil ? "⚡" : ""
        let endpoint = Endpoint.matching(method: exchange.method, path: exchange.path)
        let segments = shortSegments(exchange.path, endpoint: endpoint)
        let method = TerminalSafeText.make(exchange.method, keepingLines: false)
        var forms = ["\(method) /" + segments.joined(separator: "/")]
        if segments.count > 2 { forms.append("\(method) …/" + segments.suffix(2).joined(separator: "/")) }
        if let operation = exchange.operation ?? endpoint?.operation, !operation.isEmpty {
            forms.append(TerminalSafeText.make(operation, keepingLines: false))
        }
        return forms.map { mark + $0 }
    }

    /// The path's segments without its query, and without the API's shared prefix: through the
    /// requestor (or MVPD) when one of the first three segments names it, else `/api/v1`.
    static func shortSegments(_ path: String, endpoint: Endpoint?) -> [String] {
        let bare = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let segments = bare.split(separator: "/").map { TerminalSafeText.make(String($0), keepingLines: false) }
        guard let endpoint else { return segments }
        switch endpoint.api {
        case .restV2, .restV1, .mockProvider, .customIdP:
            let pattern = endpoint.path.split(separator: "/")
            let prefix =
                pattern.prefix(3).firstIndex { Endpoint.isParameter($0) }.map { $0 + 1 }
                ?? (endpoint.api == .restV1 ? 2 : 0)
            return segments.count > prefix ? Array(segments.dropFirst(prefix)) : segments
        case .dcr, .webAuthentication, .activation:
            return segments
        }
    }
}
