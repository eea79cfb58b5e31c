import HTTPTypes
import Hummingbird
import MockBackendAPI
import NIOCore
import PassAPI

/// Registers the mock's endpoints on a Hummingbird router. Every handler runs inside the same
/// pipeline: header limits, throttle, body read, fault injection, error mapping, journal. Every
/// registered path answers 405 to the methods it does not support.
struct RouteRegistry {
    typealias Handler = @Sendable (IncomingRequest, RouteParameters, MockRequestContext) async throws -> MockResponse

    let router: Router<MockRequestContext>
    let backend: MockBackend
    private var methodsByPath: [String: Set<HTTPRequest.Method>] = [:]
    private var pathOrder: [String] = []
    /// Every endpoint in registration order, for `MockServer.routes`.
    private(set) var endpoints: [MockRoute] = []

    init(router: Router<MockRequestContext>, backend: MockBackend) {
        self.router = router
        self.backend = backend
    }

    mutating func add(
        _ method: HTTPRequest.Method, _ path: String, _ operation: MockOperation, _ handler: @escaping Handler
    ) {
        if methodsByPath[path] == nil { pathOrder.append(path) }
        methodsByPath[path, default: []].insert(method)
        endpoints.append(MockRoute(method: method.rawValue, path: path, operation: operation.rawValue))
        let backend = self.backend
        router.on(RouterPath(path), method: method) { request, context in
            try await backend.respond(to: request, operation: operation, context: context) { incoming in
                try await handler(incoming, RouteParameters(context.parameters), context)
            }
        }
    }

    /// Adds the 405 answers. Call once, after every endpoint is registered.
    func finish() {
        let all: [HTTPRequest.Method] = [.get, .post, .put, .delete, .patch, .options]
        let backend = self.backend
        for path in pathOrder {
            let supported = methodsByPath[path] ?? []
            let allow = all.filter { supported.contains($0) }.map(\.rawValue).joined(separator: ", ")
            for method in all where !supported.contains(method) {
                router.on(RouterPath(path), method: method) { request, context in
                    try await backend.respond(to: request, operation: nil, context: context) { incoming in
                        throw EnhancedFailure(
                            .invalidHttpMethod, "\(incoming.method) is not allowed here; use \(allow).",
                            headers: ["Allow": allow])
                    }
                }
            }
        }
    }
}

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
        return raw.removingPercentEncoding ?? raw
    }
}
