import Hummingbird

/// Reads the body once, within the size limit (413 beyond it), and leaves it in the notes for the
/// handler and the journal.
struct RequestBodyMiddleware: RouterMiddleware {
    let backend: MockBackend

    func handle(
        _ request: Request, context: MockRequestContext, next: (Request, MockRequestContext) async throws -> Response
    ) async throws -> Response {
        context.notes.incoming = try await IncomingRequest.read(request, limit: backend.settings.limits.maxBodyBytes)
        return try await next(request, context)
    }
}
