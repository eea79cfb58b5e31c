import Foundation
import HTTPTypes
import Hummingbird
import MockBackendAPI
import NIOCore
import PassAPI

/// Registers the mock's endpoints on a Hummingbird router, each in the `RouterGroup` of its
/// clients (`EndpointGroup`), whose middlewares (`MockPipeline`) read the body, apply limits,
/// throttle and faults, word failures in the group's style and journal the answer. Every
/// registered path answers 405 to the methods it does not support.
struct RouteRegistry {
    typealias Handler = @Sendable (IncomingRequest, RouteParameters, MockRequestContext) async throws -> MockResponse

    let router: Router<MockRequestContext>
    let backend: MockBackend
    private let operations = EndpointOperations()
    private var groups: [EndpointGroup: RouterGroup<MockRequestContext>] = [:]
    private var methodsByPath: [String: Set<HTTPRequest.Method>] = [:]
    private var pathOrder: [String] = []
    /// Every endpoint in registration order, for `MockServer.routes`.
    private(set) var endpoints: [MockRoute] = []

    init(router: Router<MockRequestContext>, backend: MockBackend) {
        self.router = router
        self.backend = backend
        let pipeline = MockPipeline(backend: backend, operations: operations)
        // Added before any route: router middlewares apply only to what is registered after them.
        router.add(middleware: UnknownPathMiddleware(pipeline: pipeline))
        for group in EndpointGroup.allCases {
            let routerGroup = router.group()
            routerGroup.add(middleware: pipeline.chain(for: group))
            groups[group] = routerGroup
        }
    }

    /// Serves `endpoint` at each of its paths, each with every one of `suffixes` (V1's `.json`
    /// and `.xml` spellings), in the group of the clients it serves.
    mutating func add(_ endpoint: Endpoint, suffixes: [String] = [""], _ handler: @escaping Handler) {
        let method = HTTPRequest.Method(endpoint.method)!
        for path in endpoint.paths {
            for suffix in suffixes {
                add(method, path + suffix, operation: endpoint, in: EndpointGroup(endpoint), handler)
            }
        }
    }

    /// Serves an admin API path: the tool's own calls, which no client definition describes.
    mutating func addAdmin(_ method: HTTPRequest.Method, _ path: String, _ handler: @escaping Handler) {
        add(method, path, operation: nil, in: .admin, handler)
    }

    /// Serves `path` in `group`, named `operation` (none for the admin API's).
    mutating func add(
        _ method: HTTPRequest.Method, _ path: String, operation: Endpoint?, in group: EndpointGroup,
        _ handler: @escaping Handler
    ) {
        if methodsByPath[path] == nil { pathOrder.append(path) }
        methodsByPath[path, default: []].insert(method)
        endpoints.append(
            MockRoute(method: method.rawValue, path: path, operation: operation?.operation ?? JournalMiddleware.admin))
        operations.register(operation, method: method, path: RouterPath(path))
        on(method, path, in: group, handler)
        if method == .get {
            // HEAD answers as GET does, headers and status, without the body.
            methodsByPath[path, default: []].insert(.head)
            operations.register(operation, method: .head, path: RouterPath(path))
            on(.head, path, in: group) { request, parameters, context in
                var response = try await handler(request, parameters, context)
                response.body = Data()
                return response
            }
        }
    }

    /// Adds the 405 answers. Call once, after every endpoint is registered.
    func finish() {
        let all: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .patch, .options]
        for path in pathOrder {
            let supported = methodsByPath[path] ?? []
            let allow = all.filter { supported.contains($0) }.map(\.rawValue).joined(separator: ", ")
            for method in all where !supported.contains(method) {
                on(method, path, in: .unclaimed(path: path)) { request, _, _ in
                    throw EnhancedFailure(
                        .invalidHttpMethod, "\(request.method) is not allowed here; use \(allow).",
                        headers: ["Allow": allow])
                }
            }
        }
    }

    private func on(_ method: HTTPRequest.Method, _ path: String, in group: EndpointGroup, _ handler: @escaping Handler)
    {
        groups[group]!.on(RouterPath(path), method: method) { _, context in
            guard let incoming = context.notes.incoming else { throw BodyNotRead() }
            let answer = try await handler(incoming, RouteParameters(context.parameters), context)
            context.notes.answerBody = answer.body
            return answer.hummingbird
        }
    }
}

/// The body middleware did not run before a handler: a mistake in the pipeline's order.
private struct BodyNotRead: Error {}

/// One endpoint of the mock: `GET /api/v2/{serviceProvider}/configuration`.
public struct MockRoute: Sendable, Equatable, Codable {
    public let method: String
    /// The path pattern, with `{name}` for parameters.
    public let path: String
    public let operation: String
}

/// Path parameters, percent-decoded.
struct RouteParameters: Sendable {
    private let parameters: Parameters

    init(_ parameters: Parameters) {
        self.parameters = parameters
    }

    subscript(_ name: String) -> String {
        let raw = parameters.get(name) ?? ""
        // Most parameters have nothing to decode; Foundation's decoder costs even then.
        guard raw.utf8.contains(UInt8(ascii: "%")) else { return raw }
        return raw.removingPercentEncoding ?? raw
    }
}
