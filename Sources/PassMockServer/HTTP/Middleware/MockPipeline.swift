import Hummingbird

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

    /// One group's chain, built once, as one concrete middleware. The router calls a group's
    /// middleware through an existential: a chain of generic layers would run unspecialized
    /// there, copying itself and looking up type metadata at every layer of every request, while
    /// these direct calls are compiled for the types they hold. A class, so that the closures
    /// between layers capture one reference rather than copy a dozen.
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

        func handle(
            _ request: Request, context: MockRequestContext,
            next: (Request, MockRequestContext) async throws -> Response
        ) async throws -> Response {
            try await operation.handle(request, context: context) { request, context in
                try await dribble.handle(request, context: context) { request, context in
                    try await journal.handle(request, context: context) { request, context in
                        try await requestId.handle(request, context: context) { request, context in
                            try await malformedBody.handle(request, context: context) { request, context in
                                try await errorStyle.handle(request, context: context) { request, context in
                                    try await checked(request, context: context, next: next)
                                }
                            }
                        }
                    }
                }
            }
        }

        /// Layers 7 to 11: what refuses a request before its handler runs.
        private func checked(
            _ request: Request, context: MockRequestContext,
            next: (Request, MockRequestContext) async throws -> Response
        ) async throws -> Response {
            try await hostCheck.handle(request, context: context) { request, context in
                try await headerLimit.handle(request, context: context) { request, context in
                    try await throttle.handle(request, context: context) { request, context in
                        try await body.handle(request, context: context) { request, context in
                            guard let faults else { return try await next(request, context) }
                            return try await faults.handle(request, context: context, next: next)
                        }
                    }
                }
            }
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
