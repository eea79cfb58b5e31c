import HTTPTypes
import Hummingbird
import MockBackendAPI

/// Answers only requests whose `Host` names this server (421 otherwise), so that a page using DNS
/// rebinding cannot read it; inside the journal, so the refusal is recorded.
struct HostCheckMiddleware {
    let backend: MockBackend

    func check(_ request: Request) throws {
        // HTTP/1.0 clients and in-process tests may send no Host: nothing to check then.
        if let host = request.head.authority, !backend.hostCheck.allows(host: host) {
            throw MisdirectedRequest(host: host)
        }
    }
}

/// A request for a host this server does not answer to: 421, in JSON whatever the route.
struct MisdirectedRequest: StyledFailure {
    let host: String

    var statusCode: Int { 421 }
    var ownStyle: ErrorStyle { .enhanced }

    func reply(in style: ErrorStyle, trace: String) -> MockResponse? {
        Reply.json(
            [
                "error": "misdirected_request",
                "message":
                    "This server does not answer to '\(host)': it answers to localhost, the loopback addresses and the "
                    + "address it binds. Start tvsim serve with --allowed-host NAME to add a name.",
            ], status: 421)
    }
}
