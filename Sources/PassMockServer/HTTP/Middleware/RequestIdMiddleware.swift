import HTTPTypes
import Hummingbird
import PassAPI

/// Gives each request the trace id its errors carry and answers it in `Adobe-Request-Id`, as Adobe does
/// (and names the fault that shaped an answer in `X-Tvsim-Fault`).
struct RequestIdMiddleware {
    let backend: MockBackend

    func begin(_ context: MockRequestContext) {
        context.notes.trace = backend.newIdentifier()
    }

    /// Adds the request's id to the answer, and the fault that shaped it if one did. In place:
    /// the answer's fields, held once, are changed without a copy.
    func finish(_ response: inout Response, context: MockRequestContext) {
        let name = HTTPField.Name.requestId
        response.headers.removeAll { $0.name == name }
        response.headers.append(HTTPField(name: name, value: context.notes.trace))
        // A fault's answer says so, for whoever reads it (the terminal UI's timeline marks it).
        if let fault = context.notes.fault {
            response.headers.append(HTTPField(name: .fault, value: fault.description))
        }
    }
}
