import HTTPTypes
import Hummingbird
import PassAPI

/// Gives each request the trace id its errors carry and answers it in `Adobe-Request-Id`, as Adobe does
/// (and names the fault that shaped an answer in `X-Tvsim-Fault`).
struct RequestIdMiddleware: RouterMiddleware {
    let backend: MockBackend

    func handle(
        _ request: Request, context: MockRequestContext, next: (Request, MockRequestContext) async throws -> Response
    ) async throws -> Response {
        context.notes.trace = backend.newIdentifier()
        var response = try await next(request, context)
        let name = HTTPField.Name.requestId
        response.headers.removeAll { $0.name == name }
        response.headers.append(HTTPField(name: name, value: context.notes.trace))
        // A fault's answer says so, for whoever reads it (the terminal UI's timeline marks it).
        if let fault = context.notes.fault {
            response.headers.append(HTTPField(name: .fault, value: fault.description))
        }
        return response
    }
}
