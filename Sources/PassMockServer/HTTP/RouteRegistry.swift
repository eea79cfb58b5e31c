import Foundation
import HTTPTypes
@_spi(Internal) import Hummingbird
import MockBackendAPI
import NIOCore
import PassAPI

/// Registers the mock's endpoints on a Hummingbird router, each in the `RouterGroup` of its
/// clients (`EndpointGroup`), whose middlewares (`MockPipeline`) read the body, apply limits,
/// throttle and faults, word failures in the group's style and journal the answer. Every
/// registered path answers 405 to the methods it does not support.
struct RouteRegistry {
    /// Synchronous: answering on the event loop calls it where nothing may wait.
    typealias Handler = @Sendable (IncomingRequest, RouteParameters, MockRequestContext) throws -> MockResponse

    let router: Router<MockRequestContext>
    let backend: MockBackend
    private let operations = EndpointOperations()
    private var groups: [EndpointGroup: RouterGroup<MockRequestContext>] = [:]
    private var chains: [EndpointGroup: MockPipeline.Chain] = [:]
    /// Each path's routes by method, for `synchronousRoutes`.
    private var routesByPath: [String: [HTTPRequest.Method: SynchronousRoutes.Route]] = [:]
    /// The same endpoints for answering on the event loop; built by `finish()`.
    private(set) var synchronousRoutes = SynchronousRoutes(builder: .init())
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
            let chain = pipeline.chain(for: group)
            routerGroup.add(middleware: chain)
            groups[group] = routerGroup
            chains[group] = chain
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
        on(method, path, in: group, operation: operation, handler)
        if method == .get {
            // HEAD answers as GET does, headers and status, without the body.
            methodsByPath[path, default: []].insert(.head)
            operations.register(operation, method: .head, path: RouterPath(path))
            on(.head, path, in: group, operation: operation) { request, parameters, context in
                var response = try handler(request, parameters, context)
                response.body = Data()
                return response
            }
        }
    }

    /// Adds the 405 answers and builds `synchronousRoutes`. Call once, after every endpoint is
    /// registered.
    mutating func finish() {
        let all: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .patch, .options]
        for path in pathOrder {
            let supported = methodsByPath[path] ?? []
            let allow = all.filter { supported.contains($0) }.map(\.rawValue).joined(separator: ", ")
            for method in all where !supported.contains(method) {
                on(method, path, in: .unclaimed(path: path), operation: nil) { request, _, _ in
                    throw EnhancedFailure(
                        .invalidHttpMethod, "\(request.method) is not allowed here; use \(allow).",
                        headers: ["Allow": allow])
                }
            }
        }
        let builder = RouterPathTrieBuilder<SynchronousRoutes.Methods>()
        for path in pathOrder {
            builder.addEntry(RouterPath(path), value: SynchronousRoutes.Methods(byMethod: routesByPath[path] ?? [:]))
        }
        synchronousRoutes = SynchronousRoutes(builder: builder)
    }

    private mutating func on(
        _ method: HTTPRequest.Method, _ path: String, in group: EndpointGroup, operation: Endpoint?,
        _ handler: @escaping Handler
    ) {
        let respond: @Sendable (Request, MockRequestContext) throws -> Response = { _, context in
            guard let incoming = context.notes.incoming else { throw BodyNotRead() }
            return context.answer(try handler(incoming, RouteParameters(context.parameters), context))
        }
        groups[group]!.on(RouterPath(path), method: method) { request, context in try respond(request, context) }
        routesByPath[path, default: [:]][method] = SynchronousRoutes.Route(
            chain: chains[group]!, pattern: RouterPath(path).description, operation: operation, respond: respond)
    }
}

/// The mock's endpoints for answering on the event loop (`EventLoopResponder`), found in a trie of
/// the router's own kind, so that a path resolves to the endpoint, and with the parameters, that
/// Hummingbird's router would give it.
final class SynchronousRoutes: Sendable {
    struct Route: Sendable {
        /// The middlewares of the endpoint's group.
        let chain: MockPipeline.Chain
        /// The path pattern, as the router reports the matched endpoint (`context.endpointPath`).
        let pattern: String
        /// The operation `OperationMiddleware` names for it, found once.
        let operation: Endpoint?
        let respond: @Sendable (Request, MockRequestContext) throws -> Response
    }

    struct Methods: Sendable {
        let byMethod: [HTTPRequest.Method: Route]
    }

    private let trie: RouterTrie<Methods>

    init(builder: RouterPathTrieBuilder<Methods>) {
        trie = builder.build()
    }

    /// The route of `method` at `path`, with the path's parameters; nil where the router would
    /// answer 404 or 405 itself.
    func route(_ method: HTTPRequest.Method, path: String) -> (route: Route, parameters: Parameters)? {
        guard let (methods, parameters) = trie.resolve(path), let route = methods.byMethod[method] else {
            return nil
        }
        return (route, parameters)
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
