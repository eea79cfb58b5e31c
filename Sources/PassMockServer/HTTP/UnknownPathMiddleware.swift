import Hummingbird
import PassAPI

/// Turns the router's bare 404 for unknown paths into an enhanced error that is journaled like
/// every other answer.
struct UnknownPathMiddleware: RouterMiddleware {
    let backend: MockBackend

    func handle(
        _ request: Request, context: MockRequestContext, next: (Request, MockRequestContext) async throws -> Response
    )
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return try await backend.respond(to: request, operation: nil, context: context) { incoming in
                throw EnhancedFailure(.unknownResource, "There is no endpoint at \(incoming.path).")
            }
        }
    }
}
