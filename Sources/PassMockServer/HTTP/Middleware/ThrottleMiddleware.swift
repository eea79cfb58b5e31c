import Foundation
import HTTPTypes
import Hummingbird
import PassAPI

/// Answers 429 with `Retry-After` over the documented request rate, as Adobe's edge does, before the body is read.
struct ThrottleMiddleware {
    let backend: MockBackend

    /// The 429 for a client over the rate; nil when the request goes on.
    func refusal(_ request: Request, context: MockRequestContext) -> Response? {
        let settings = backend.settings
        guard settings.throttling.enabled, Self.isThrottled(path: request.uri.path) else { return nil }
        let admitted = backend.throttle.admit(
            client: Self.client(of: request, context: context), now: backend.now, settings: settings.throttling,
            maxClients: settings.limits.maxThrottledClients)
        return admitted ? nil : context.answer(Reply.throttled(retryAfter: 1))
    }

    /// Paths covered by the documented throttle.
    static func isThrottled(path: String) -> Bool {
        path.hasPrefix("/o/client/") || path.hasPrefix("/api/v2/") || path.hasPrefix("/api/v1/")
            || path.hasPrefix("/reggie/v1/") || path.hasPrefix("/adobe-services/config/")
    }

    /// The first `X-Forwarded-For` address (a proxy's client), else the peer.
    private static func client(of request: Request, context: MockRequestContext) -> String {
        let forwarded = request.headers.value(of: .forwardedFor)?.split(separator: ",").first
        return forwarded.map { $0.trimmingCharacters(in: .whitespaces) } ?? context.remoteAddress?.ipAddress ?? "local"
    }
}
