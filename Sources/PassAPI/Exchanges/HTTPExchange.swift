import Foundation

/// One request and its answer as the client saw them, secrets redacted. The timeline shows these.
public struct HTTPExchange: Sendable, Codable, Equatable {
    public struct Header: Sendable, Codable, Equatable {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public let id: Int
    /// What the call is for, e.g. `sessions.create`, `web.follow`.
    public let label: String
    public let method: String
    public let url: String
    public let requestHeaders: [Header]
    public let requestBody: String?
    public let status: Int?
    public let responseHeaders: [Header]
    public let responseBody: String?
    /// Simulated time when the request started, epoch milliseconds.
    public let startedAt: Int64
    /// Wall-clock time the exchange took, milliseconds.
    public let durationMilliseconds: Double
    /// Transport failure (connection refused, reset, timeout), if there was no answer.
    public let failure: String?
    /// The registered client whose access token the call carried, when the one who recorded it
    /// knows (the mock's journal does): with tokens redacted, what ties one app's calls together.
    public var client: String?

    public init(
        id: Int, label: String, method: String, url: String, requestHeaders: [Header], requestBody: String?,
        status: Int?, responseHeaders: [Header], responseBody: String?, startedAt: Int64,
        durationMilliseconds: Double, failure: String?
    ) {
        self.id = id
        self.label = label
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.startedAt = startedAt
        self.durationMilliseconds = durationMilliseconds
        self.failure = failure
    }

    public func requestHeader(_ name: String) -> String? {
        requestHeaders.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public func responseHeader(_ name: String) -> String? {
        responseHeaders.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// Receives every exchange as it completes.
public typealias ExchangeObserver = @Sendable (HTTPExchange) -> Void

extension HTTPExchange {
    /// The path of an absolute URL or of a bare request target, percent-encoding kept, without
    /// the query or fragment. A journal's target is a path whose query may hold a URL of its own
    /// (`?redirectUrl=https://…`): only a `://` before any `/`, `?` or `#` ends a scheme.
    public static func path(of url: String) -> Substring {
        let scheme = url.range(of: "://").flatMap { separator in
            url[..<separator.lowerBound].contains { "/?#".contains($0) } ? nil : separator
        }
        let afterScheme = scheme.map { url[$0.upperBound...] } ?? url[...]
        let fromPath =
            afterScheme.firstIndex(of: "/").map { afterScheme[$0...] } ?? afterScheme[afterScheme.endIndex...]
        return fromPath.prefix { $0 != "?" && $0 != "#" }
    }
}
