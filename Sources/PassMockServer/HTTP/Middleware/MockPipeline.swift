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

    /// The chain as one value of a fixed type, so that each request calls the middlewares
    /// directly rather than through one existential per layer.
    @MiddlewareFixedTypeBuilder<Request, Response, MockRequestContext>
    func middlewares(for group: EndpointGroup) -> some MiddlewareProtocol<Request, Response, MockRequestContext> {
        OperationMiddleware(operations: operations)
        DribbleMiddleware(backend: backend)
        JournalMiddleware(backend: backend, group: group)
        RequestIdMiddleware(backend: backend)
        MalformedBodyMiddleware()
        ErrorStyleMiddleware(group: group, backend: backend)
        HostCheckMiddleware(backend: backend)
        HeaderLimitMiddleware(backend: backend)
        ThrottleMiddleware(backend: backend)
        RequestBodyMiddleware(backend: backend)
        if group.injectsFaults { FaultMiddleware(group: group, backend: backend) }
    }

    /// Runs a group's middlewares around `endpoint` as its `RouterGroup` would, for answers given
    /// outside any route (unknown paths).
    func respond(
        to request: Request, context: MockRequestContext, in group: EndpointGroup,
        endpoint: @escaping @Sendable (Request, MockRequestContext) async throws -> Response
    ) async throws -> Response {
        try await middlewares(for: group).handle(request, context: context, next: endpoint)
    }
}
