import Hummingbird
import PassAPI

/// Turns the router's bare 404 for unknown paths into an enhanced (or, under V1's paths, a V1)
/// error that goes through the same middlewares, journal included, as every other answer.
struct UnknownPathMiddleware: RouterMiddleware {
    let pipeline: MockPipeline

    func handle(
        _ request: Request, context: MockRequestContext, next: (Request, MockRequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let group = EndpointGroup.unclaimed(path: request.uri.path)
            // A path that exists, asked with a method no route takes (TRACE, PROPFIND…): 405.
            let allowed = pipeline.operations.allowedMethods(forPath: request.uri.path)
            return try await pipeline.respond(to: request, context: context, in: group) { request, _ in
                if let allowed {
                    let allow = allowed.joined(separator: ", ")
                    throw EnhancedFailure(
                        .invalidHttpMethod, "\(request.method) is not allowed here; use \(allow).",
                        headers: ["Allow": allow])
                }
                throw EnhancedFailure(.unknownResource, "There is no endpoint at \(request.uri.path).")
            }
        }
    }
}
