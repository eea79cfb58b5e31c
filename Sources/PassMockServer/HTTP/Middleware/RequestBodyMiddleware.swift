import Hummingbird

/// Reads the body once within its size limit (413 beyond) and leaves it in the notes for handler and journal.
struct RequestBodyMiddleware: RouterMiddleware {
    let backend: MockBackend

    func handle(
        _ request: Request, context: MockRequestContext, next: (Request, MockRequestContext) async throws -> Response
    ) async throws -> Response {
        context.notes.incoming = try await IncomingRequest.read(request, limit: backend.settings.limits.maxBodyBytes)
        return try await next(request, context)
    }
}
