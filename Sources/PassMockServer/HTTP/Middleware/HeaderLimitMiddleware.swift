import Hummingbird
import PassAPI

/// Refuses a header longer than the configured limit with a 431, before any work is done for it.
struct HeaderLimitMiddleware {
    let backend: MockBackend

    func check(_ request: Request) throws {
        let limit = backend.settings.limits.maxHeaderBytes
        for field in request.headers where field.value.utf8.count > limit {
            throw EnhancedFailure(
                .requestTooLarge, "The \(field.name.canonicalName) header is longer than \(limit) bytes.", status: 431)
        }
    }
}
