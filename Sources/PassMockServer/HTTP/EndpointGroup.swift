import Hummingbird
import PassAPI

/// The mock's endpoints by the clients they serve. Each group is a Hummingbird `RouterGroup`
/// whose error-style middleware words failures the way those clients read them.
enum EndpointGroup: CaseIterable, Sendable {
    /// REST API V2 and everything else an app calls with JSON: enhanced error bodies.
    case restV2
    /// REST API V1: plain or enhanced errors, JSON or XML, as each call asks.
    case restV1
    /// Dynamic client registration: OAuth `{"error", "error_description"}` bodies.
    case registration
    /// The identity-provider endpoints the simulated device calls: `{"error", "message"}`.
    case identityProvider
    /// Pages a browser opens: failures are HTML pages.
    case browserPages
    /// The admin API: enhanced errors, and no injected faults, so that a fault never locks out
    /// the tool that would remove it.
    case admin

    /// The group of the clients that make this call.
    init(_ endpoint: Endpoint) {
        if endpoint.isPage {
            self = .browserPages
            return
        }
        switch endpoint.api {
        case .dcr: self = .registration
        case .restV2: self = .restV2
        case .restV1: self = .restV1
        case .mockProvider, .customIdP: self = .identityProvider
        case .webAuthentication, .activation: self = .browserPages
        }
    }

    /// Where a path that no endpoint claims belongs (its 404s and 405s answer in that style).
    static func unclaimed(path: String) -> EndpointGroup {
        V1Style.isV1Path(path) ? .restV1 : .restV2
    }

    var injectsFaults: Bool { self != .admin }

    /// The style of this request's failures. V1's depends on the call: the handler leaves the
    /// style it settled on (form parameters included); before that, the path and query decide.
    func errorStyle(for request: Request, context: MockRequestContext, backend: MockBackend) -> ErrorStyle {
        switch self {
        case .restV2, .admin: .enhanced
        case .registration: .oauth
        case .identityProvider: .identityProvider
        case .browserPages: .page
        case .restV1:
            .v1(
                context.notes.v1Style
                    ?? V1Style(
                        path: request.uri.path, inputs: IncomingRequest.parseQuery(request.uri.query),
                        accept: request.headers.value(of: .accept), index: backend.index))
        }
    }
}

/// How one request's failures are worded.
enum ErrorStyle: Sendable, Equatable {
    case enhanced
    case v1(V1Style)
    case oauth
    case identityProvider
    case page

    /// The answer to an error nobody planned for. V1 clients get V1's `internal_error`; the
    /// others the enhanced 500, the one answer every client of the mock can parse.
    func unexpectedFailure(trace: String) -> MockResponse {
        switch self {
        case .v1(let style): V1Reply.failure(V1Failure(.internalError, status: 500), style: style, trace: trace)
        default: Reply.enhancedError(EnhancedFailure(.internalServerError), trace: trace)
        }
    }
}
