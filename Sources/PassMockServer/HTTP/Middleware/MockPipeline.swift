import Hummingbird

/// The middlewares every endpoint of a group runs inside, outermost first:
///
/// 1. operation: names the endpoint, for fault rules and the journal;
/// 2. journal: records every answer, refusals included;
/// 3. request id: the trace id errors carry, answered in `Adobe-Request-Id`;
/// 4. malformed body: cuts the answer, error answers included, when that fault fired;
/// 5. error style: thrown failures become the group's answer;
/// 6. header limits (431); 7. throttle (429); 8. body, read within its limit (413);
/// 9. faults (not in the admin group); then the handler.
struct MockPipeline: Sendable {
    typealias Middleware = any MiddlewareProtocol<Request, Response, MockRequestContext>

    let backend: MockBackend
    let operations: EndpointOperations

    func middlewares(for group: EndpointGroup) -> [Middleware] {
        var chain: [Middleware] = [
            OperationMiddleware(operations: operations), JournalMiddleware(backend: backend),
            RequestIdMiddleware(backend: backend), MalformedBodyMiddleware(),
            ErrorStyleMiddleware(group: group, backend: backend), HeaderLimitMiddleware(backend: backend),
            ThrottleMiddleware(backend: backend), RequestBodyMiddleware(backend: backend),
        ]
        if group.injectsFaults { chain.append(FaultMiddleware(group: group, backend: backend)) }
        return chain
    }

    /// Runs a group's middlewares around `endpoint` as its `RouterGroup` would, for answers given
    /// outside any route (unknown paths).
    func respond(
        to request: Request, context: MockRequestContext, in group: EndpointGroup,
        endpoint: @escaping @Sendable (Request, MockRequestContext) async throws -> Response
    ) async throws -> Response {
        try await Self.run(middlewares(for: group)[...], request, context, endpoint)
    }

    private static func run(
        _ middlewares: ArraySlice<Middleware>, _ request: Request, _ context: MockRequestContext,
        _ endpoint: @escaping @Sendable (Request, MockRequestContext) async throws -> Response
    ) async throws -> Response {
        guard let first = middlewares.first else { return try await endpoint(request, context) }
        return try await first.handle(request, context: context) { request, context in
            try await run(middlewares.dropFirst(), request, context, endpoint)
        }
    }
}
