import Foundation
import HTTPTypes
import MockBackendAPI
import PassAPI

/// The REST API V2 operations. Each family's file serves its calls and registers them.
struct V2Routes {
    let backend: MockBackend

    func register(into registry: inout RouteRegistry) {
        registerConfiguration(into: &registry)
        registerSessions(into: &registry)
        registry.add(.authenticate) { request, parameters, context in
            try self.authenticate(request, parameters, trace: context.notes.trace)
        }
        registerProfiles(into: &registry)
        registerDecisions(into: &registry)
        registerLogout(into: &registry)
        registerPartnerSSO(into: &registry)
    }

    var gate: Gatekeeper { Gatekeeper(backend) }

    /// `GET /authenticate/{sp}/{code}`. A browser (it asks for HTML) reads a refusal as a page; any
    /// other client gets the JSON enhanced error that Adobe's document gives this endpoint's 400.
    func authenticate(_ request: IncomingRequest, _ parameters: RouteParameters, trace: String) throws
        -> MockResponse
    {
        do {
            return try WebAuthenticationRoutes(backend: backend).start(
                serviceProvider: parameters["serviceProvider"], code: parameters["code"])
        } catch let failure as PageFailure {
            guard let code = failure.code, !request.acceptsHTML else { throw failure }
            return Reply.enhancedError(EnhancedFailure(code, failure.message, status: failure.statusCode), trace: trace)
        }
    }
}

/// Trailing closure adapters: handlers above take (request, parameters); the context is unused.
extension RouteRegistry {
    mutating func add(
        _ endpoint: Endpoint,
        _ handler: @escaping @Sendable (IncomingRequest, RouteParameters) throws -> MockResponse
    ) {
        add(endpoint) { request, parameters, _ in try handler(request, parameters) }
    }
}
