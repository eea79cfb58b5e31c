import Foundation
import Hummingbird
import PassAPI

/// The middlewares every endpoint of a group runs inside, outermost first:
///
/// 1. operation: names the endpoint, for fault rules and the journal;
/// 2. dribble: sends the body in slow pieces when that fault fired, after the journal read it;
/// 3. journal: records every answer, refusals and dropped connections included (admin reads
///    excepted);
/// 4. request id: the trace id errors carry, answered in `Adobe-Request-Id`;
/// 5. malformed body: cuts the answer, error answers included, when that fault fired;
/// 6. error style: thrown failures become the group's answer;
/// 7. host check: only `Host` values that name this server (421);
/// 8. header limits (431); 9. throttle (429); 10. body, read within its limit (413);
/// 11. faults (not in the admin group); then the handler.
struct MockPipeline: Sendable {
    let backend: MockBackend
    let operations: EndpointOperations

    /// One group's chain, built once, as one concrete middleware. The layers are steps called
    /// in order from three async functions, not middlewares nested around `next`: each nested
    /// layer was an async call with its own frame and closure on every request, and most layers
    /// only look at the request or the answer without waiting for anything. Only reading the
    /// body, the handler and a fault that fired wait. A class, so that the router holds one
    /// reference.
    final class Chain: RouterMiddleware, Sendable {
        let operation: OperationMiddleware
        let dribble: DribbleMiddleware
        let journal: JournalMiddleware
        let requestId: RequestIdMiddleware
        let malformedBody = MalformedBodyMiddleware()
        let errorStyle: ErrorStyleMiddleware
        let hostCheck: HostCheckMiddleware
        let headerLimit: HeaderLimitMiddleware
        let throttle: ThrottleMiddleware
        let body: RequestBodyMiddleware
        let faults: FaultMiddleware?

        init(pipeline: MockPipeline, group: EndpointGroup) {
            let backend = pipeline.backend
            operation = OperationMiddleware(operations: pipeline.operations)
            dribble = DribbleMiddleware(backend: backend)
            journal = JournalMiddleware(backend: backend, group: group)
            requestId = RequestIdMiddleware(backend: backend)
            errorStyle = ErrorStyleMiddleware(group: group, backend: backend)
            hostCheck = HostCheckMiddleware(backend: backend)
            headerLimit = HeaderLimitMiddleware(backend: backend)
            throttle = ThrottleMiddleware(backend: backend)
            body = RequestBodyMiddleware(backend: backend)
            faults = group.injectsFaults ? FaultMiddleware(group: group, backend: backend) : nil
        }

        /// Layers 1 to 6, around what `checked` answers.
        func handle(
            _ request: Request, context: MockRequestContext,
            next: (Request, MockRequestContext) async throws -> Response
        ) async throws -> Response {
            operation.name(request, context: context)
            guard let started = journal.start(request) else {
                return try await dribble.send(
                    try await answered(request, context: context, next: next), context: context)
            }
            let response: Response
            do {
                response = try await journal.record(
                    try await answered(request, context: context, next: next), request: request, context: context,
                    started: started)
            } catch {
                journal.recordUnanswered(error, request: request, context: context, started: started)
                throw error
            }
            return try await dribble.send(response, context: context)
        }

        /// Layers 4 to 11: the answer, with its request id, cut when that fault fired, and what
        /// was thrown on the way answered in the group's style.
        private func answered(
            _ request: Request, context: MockRequestContext,
            next: (Request, MockRequestContext) async throws -> Response
        ) async throws -> Response {
            requestId.begin(context)
            var response: Response
            do {
                response = try await checked(request, context: context, next: next)
            } catch {
                response = try errorStyle.answer(error, to: request, context: context)
            }
            requestId.finish(&response, context: context)
            return try await malformedBody.cut(response, context: context)
        }

        /// Layers 7 to 11: what refuses a request before its handler runs, then the handler.
        private func checked(
            _ request: Request, context: MockRequestContext,
            next: (Request, MockRequestContext) async throws -> Response
        ) async throws -> Response {
            if let refusal = try admission(request, context: context) { return refusal }
            try await body.read(request, context: context)
            guard let faults, let fired = faults.fired(for: request, context: context) else {
                return try await next(request, context)
            }
            return try await faults.apply(fired, to: request, context: context, next: next)
        }

        /// Layers 7 to 9, which refuse a request before its body is read: the refusal, or nil.
        private func admission(_ request: Request, context: MockRequestContext) throws -> Response? {
            try hostCheck.check(request)
            try headerLimit.check(request)
            return throttle.refusal(request, context: context)
        }

        /// The answer to a request answered on the event loop (`EventLoopResponder`), with its
        /// body: the layers of `handle` in their order, for a request whose body was read within
        /// its limit already and that no fault rule can touch, none being armed. Dribble,
        /// malformed body and faults act only when a fault fired, and the body is given: what
        /// is left waits for nothing. The endpoint's `operation` was found with its route.
        func answerNow(
            _ request: Request, body: Data, operation: Endpoint?, context: MockRequestContext,
            handler: (Request, MockRequestContext) throws -> Response
        ) -> (response: Response, body: ByteBuffer) {
            context.notes.operation = operation
            let started = journal.start(request)
            requestId.begin(context)
            var response: Response
            do {
                if let refusal = try admission(request, context: context) {
                    response = refusal
                } else {
                    context.notes.incoming = IncomingRequest(request, body: body)
                    response = try handler(request, context)
                }
            } catch {
                // Neither a dropped connection nor a shutdown's cancellation reaches here: no
                // fault fires, and no task runs this.
                response = errorStyle.styled(error, to: request, context: context)
            }
            requestId.finish(&response, context: context)
            let answerBody = context.notes.answerBody ?? (Data(), ByteBuffer())
            if let started {
                journal.record(response, body: answerBody.data, request: request, context: context, started: started)
            }
            return (response, answerBody.buffer)
        }
    }

    func chain(for group: EndpointGroup) -> Chain { Chain(pipeline: self, group: group) }

    /// Runs a group's middlewares around `endpoint` as its `RouterGroup` would, for answers given
    /// outside any route (unknown paths).
    func respond(
        to request: Request, context: MockRequestContext, in group: EndpointGroup,
        endpoint: @escaping @Sendable (Request, MockRequestContext) async throws -> Response
    ) async throws -> Response {
        try await chain(for: group).handle(request, context: context, next: endpoint)
    }
}
