import Hummingbird

/// Reads the body once within its size limit (413 beyond) and leaves it in the notes for handler and journal.
struct RequestBodyMiddleware {
    let backend: MockBackend

    func read(_ request: Request, context: MockRequestContext) async throws {
        context.notes.incoming = try await IncomingRequest.read(request, limit: backend.settings.limits.maxBodyBytes)
    }
}
