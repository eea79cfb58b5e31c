import Foundation
import HTTPTypes
import MockBackendAPI
import PassAPI

/// The thirteen REST API V2 operations.
struct V2Routes {
    let backend: MockBackend

    func register(into registry: inout RouteRegistry) {
        let sp = "/api/v2/{serviceProvider}"
        registry.add(.get, "\(sp)/configuration", .configuration, in: .restV2) { try self.configuration($0, $1) }
        registry.add(.post, "\(sp)/sessions", .createSession, in: .restV2) { try self.createSession($0, $1) }
        // The singular spelling appears in some of Adobe's pages and third-party fixtures.
        registry.add(.post, "\(sp)/session", .createSession, in: .restV2) { try self.createSession($0, $1) }
        registry.add(.post, "\(sp)/sessions/{code}", .resumeSession, in: .restV2) { try self.resumeSession($0, $1) }
        registry.add(.get, "\(sp)/sessions/{code}", .retrieveSession, in: .restV2) { try self.retrieveSession($0, $1) }
        registry.add(.get, "/api/v2/authenticate/{serviceProvider}/{code}", .authenticate, in: .browserPages) {
            request, parameters, context in
            try self.authenticate(request, parameters, trace: context.notes.trace)
        }
        registry.add(.get, "\(sp)/profiles", .profiles, in: .restV2) { try self.profiles($0, $1) }
        registry.add(.get, "\(sp)/profiles/{mvpd}", .profileForMvpd, in: .restV2) { try self.profileForMvpd($0, $1) }
        registry.add(.get, "\(sp)/profiles/code/{code}", .profileForCode, in: .restV2) {
            try self.profileForCode($0, $1)
        }
        registry.add(.post, "\(sp)/decisions/preauthorize/{mvpd}", .preauthorize, in: .restV2) {
            try self.decisions($0, $1, kind: .preauthorize)
        }
        registry.add(.post, "\(sp)/decisions/authorize/{mvpd}", .authorize, in: .restV2) {
            try self.decisions($0, $1, kind: .authorize)
        }
        registry.add(.get, "\(sp)/logout/{mvpd}", .logout, in: .restV2) { try self.logout($0, $1) }
        registry.add(.post, "\(sp)/sessions/sso/{partner}", .partnerSession, in: .restV2) {
            try self.partnerSession($0, $1)
        }
        registry.add(.post, "\(sp)/profiles/sso/{partner}", .partnerProfile, in: .restV2) {
            try self.partnerProfile($0, $1)
        }
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
        _ method: HTTPRequest.Method, _ path: String, _ operation: MockOperation, in group: EndpointGroup,
        _ handler: @escaping @Sendable (IncomingRequest, RouteParameters) async throws -> MockResponse
    ) {
        add(method, path, operation, in: group) { request, parameters, _ in try await handler(request, parameters) }
    }
}
