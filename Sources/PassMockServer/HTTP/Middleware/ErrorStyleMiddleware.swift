import Hummingbird
import PassAPI

/// Answers what is thrown inside it in the words of the group's clients, each failure wording itself.
struct ErrorStyleMiddleware: RouterMiddleware {
    let group: EndpointGroup
    let backend: MockBackend

    func handle(
        _ request: Request, context: MockRequestContext, next: (Request, MockRequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let reset as ConnectionResetFault {
            // The connection is gone: there is nobody to answer.
            throw reset
        } catch  where Task.isCancelled {
            // The server is stopping and its grace is over: nobody will read an answer, and
            // this is no failure of the request's.
            throw error
        } catch {
            let style = group.errorStyle(for: request, context: context, backend: backend)
            let trace = context.notes.trace
            if let failure = error as? any StyledFailure, let reply = failure.reply(in: style, trace: trace) {
                return reply.hummingbird
            }
            context.logger.error("unexpected error in \(context.notes.operation?.operation ?? "request"): \(error)")
            return style.unexpectedFailure(trace: trace).hummingbird
        }
    }
}
