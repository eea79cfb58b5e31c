import Foundation
import HTTPTypes
import MockBackendAPI
import PassAPI

/// The thirteen REST API V2 operations.
struct V2Routes {
    let backend: MockBackend

    func register(into registry: inout RouteRegistry) {
        registry.add(.configuration) { try self.configuration($0, $1) }
        registry.add(.createSession) { try self.createSession($0, $1) }
        registry.add(.resumeSession) { try self.resumeSession($0, $1) }
        registry.add(.retrieveSession) { try self.retrieveSession($0, $1) }
        registry.add(.authenticate) { request, parameters, context in
            try self.authenticate(request, parameters, trace: context.notes.trace)
        }
        registry.add(.profiles) { try self.profiles($0, $1) }
        registry.add(.profileForMvpd) { try self.profileForMvpd($0, $1) }
        registry.add(.profileForCode) { try self.profileForCode($0, $1) }
        registry.add(.preauthorize) { try self.decisions($0, $1, kind: .preauthorize) }
        registry.add(.authorize) { try self.decisions($0, $1, kind: .authorize) }
        registry.add(.logout) { try self.logout($0, $1) }
        registry.add(.partnerSession) { try self.partnerSession($0, $1) }
        registry.add(.partnerProfile) { try self.partnerProfile($0, $1) }
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
        _ handler: @escaping @Sendable (IncomingRequest, RouteParameters) async throws -> MockResponse
    ) {
        add(endpoint) { request, parameters, _ in try await handler(request, parameters) }
    }
}
