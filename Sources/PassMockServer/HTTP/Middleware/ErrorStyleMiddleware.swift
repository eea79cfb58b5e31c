import Hummingbird
import PassAPI

/// Answers what is thrown inside it in the words of the group's clients, each failure wording itself.
struct ErrorStyleMiddleware {
    let group: EndpointGroup
    let backend: MockBackend

    /// The answer to `error`, thrown on the way to the handler or by it. A dropped connection
    /// and the end of a shutdown's grace are thrown on: nobody is there to read an answer.
    func answer(_ error: any Error, to request: Request, context: MockRequestContext) throws -> Response {
        // The connection is gone, or the server is stopping and this is no failure of the request's.
        if error is ConnectionResetFault || Task.isCancelled { throw error }
        return styled(error, to: request, context: context)
    }

    /// The answer to `error` in the group's style.
    func styled(_ error: any Error, to request: Request, context: MockRequestContext) -> Response {
        let style = group.errorStyle(for: request, context: context, backend: backend)
        let trace = context.notes.trace
        if let failure = error as? any StyledFailure, let reply = failure.reply(in: style, trace: trace) {
            return context.answer(reply)
        }
        context.logger.error("unexpected error in \(context.notes.operation?.operation ?? "request"): \(error)")
        return context.answer(style.unexpectedFailure(trace: trace))
    }
}
