import Foundation
import HTTPTypes
import MockBackendAPI
import PassAPI

/// The thirteen REST API V2 operations.
struct V2Routes {
    let backend: MockBackend

    func register(into registry: inout RouteRegistry) {
        let sp = "/api/v2/{serviceProvider}"
        registry.add(.get, "\(sp)/configuration", .configuration) { try self.configuration($0, $1) }
        registry.add(.post, "\(sp)/sessions", .createSession) { try self.createSession($0, $1) }
        // The singular spelling appears in some of Adobe's pages and third-party fixtures.
        registry.add(.post, "\(sp)/session", .createSession) { try self.createSession($0, $1) }
        registry.add(.post, "\(sp)/sessions/{code}", .resumeSession) { try self.resumeSession($0, $1) }
        registry.add(.get, "\(sp)/sessions/{code}", .retrieveSession) { try self.retrieveSession($0, $1) }
        registry.add(.get, "/api/v2/authenticate/{serviceProvider}/{code}", .authenticate) { _, parameters in
            try WebAuthenticationRoutes(backend: self.backend).start(
                serviceProvider: parameters["serviceProvider"], code: parameters["code"])
        }
        registry.add(.get, "\(sp)/profiles", .profiles) { try self.profiles($0, $1) }
        registry.add(.get, "\(sp)/profiles/{mvpd}", .profileForMvpd) { try self.profileForMvpd($0, $1) }
        registry.add(.get, "\(sp)/profiles/code/{code}", .profileForCode) { try self.profileForCode($0, $1) }
        registry.add(.post, "\(sp)/decisions/preauthorize/{mvpd}", .preauthorize) {
            try self.decisions($0, $1, kind: .preauthorize)
        }
        registry.add(.post, "\(sp)/decisions/authorize/{mvpd}", .authorize) {
            try self.decisions($0, $1, kind: .authorize)
        }
        registry.add(.get, "\(sp)/logout/{mvpd}", .logout) { try self.logout($0, $1) }
        registry.add(.post, "\(sp)/sessions/sso/{partner}", .partnerSession) { try self.partnerSession($0, $1) }
        registry.add(.post, "\(sp)/profiles/sso/{partner}", .partnerProfile) { try self.partnerProfile($0, $1) }
    }

    var gate: Gatekeeper { Gatekeeper(backend) }
}

/// Trailing closure adapters: handlers above take (request, parameters); the context is unused.
extension RouteRegistry {
    mutating func add(
        _ method: HTTPRequest.Method, _ path: String, _ operation: MockOperation,
        _ handler: @escaping @Sendable (IncomingRequest, RouteParameters) async throws -> MockResponse
    ) {
        add(method, path, operation) { request, parameters, _ in try await handler(request, parameters) }
    }
}
