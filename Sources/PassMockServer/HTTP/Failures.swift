import PassAPI

/// Thrown by handlers to answer with an enhanced error (JSON, top level), or its equivalent in
/// the style of the endpoint's group.
struct EnhancedFailure: StyledFailure {
    let code: ErrorCode
    var details: String?
    /// Overrides the catalogued status (e.g. 431 for oversized headers).
    var statusOverride: Int?
    var headers: [String: String] = [:]

    init(_ code: ErrorCode, _ details: String? = nil, status: Int? = nil, headers: [String: String] = [:]) {
        self.code = code
        self.details = details
        self.statusOverride = status
        self.headers = headers
    }

    var statusCode: Int { statusOverride ?? code.status }

    var message: String { details ?? code.message }

    var ownStyle: ErrorStyle { .enhanced }

    func reply(in style: ErrorStyle, trace: String) -> MockResponse? {
        switch style {
        case .enhanced: Reply.enhancedError(self, trace: trace)
        case .v1(let v1): V1Reply.failure(V1Failure(self), style: v1, trace: trace)
        case .oauth: Reply.json(["error": code.rawValue, "error_description": message], status: statusCode)
        case .identityProvider: Reply.json(["error": code.rawValue, "message": message], status: statusCode)
        case .page: Pages.error(status: statusCode, title: "Request failed", message: message, code: code.rawValue)
        }
    }
}

/// A client over its quota of one-time values: the edge's 429 with `Retry-After`, the answer
/// Adobe documents for a client that asks too much and that every client already handles.
struct QuotaExceeded: StyledFailure {
    let retryAfterSeconds: Int

    var statusCode: Int { 429 }

    var ownStyle: ErrorStyle { .enhanced }

    func reply(in style: ErrorStyle, trace: String) -> MockResponse? {
        Reply.throttled(retryAfter: retryAfterSeconds)
    }
}

/// Thrown by the DCR handlers: `400 {"error": code}`.
struct OAuthFailure: StyledFailure {
    let code: DCRErrorCode
    let description: String
    var statusCode: Int = 400
    /// `WWW-Authenticate` of a 401 to a client that sent HTTP Basic credentials.
    var challenge: String?

    var ownStyle: ErrorStyle { .oauth }

    /// V1 clients never call DCR's handlers; anywhere else the OAuth body is the answer.
    func reply(in style: ErrorStyle, trace: String) -> MockResponse? {
        if case .v1 = style { return nil }
        return Reply.oauthError(self)
    }
}

/// Thrown by browser-facing handlers: an HTML error page, whatever the group.
struct PageFailure: StyledFailure {
    let statusCode: Int
    let title: String
    let message: String
    /// The enhanced error code this failure stands for, shown under the message, where the
    /// endpoint has one.
    let code: ErrorCode?
    /// Where the page offers to go on from here.
    let next: PageLink?

    init(status: Int, title: String, message: String, code: ErrorCode? = nil, next: PageLink? = nil) {
        statusCode = status
        self.title = title
        self.message = message
        self.code = code
        self.next = next
    }

    var ownStyle: ErrorStyle { .page }

    func reply(in style: ErrorStyle, trace: String) -> MockResponse? {
        Pages.error(status: statusCode, title: title, message: message, code: code?.rawValue, next: next)
    }
}

/// Thrown by the identity-provider endpoints the simulated device calls.
struct IdentityProviderFailure: StyledFailure {
    let statusCode: Int
    let error: String
    let message: String

    init(status: Int, error: String, message: String) {
        statusCode = status
        self.error = error
        self.message = message
    }

    var ownStyle: ErrorStyle { .identityProvider }

    func reply(in style: ErrorStyle, trace: String) -> MockResponse? {
        if case .v1 = style { return nil }
        return Reply.json(["error": error, "message": message], status: statusCode)
    }
}

/// Thrown after the connection was reset, closed or spoiled on purpose; nothing must be
/// written afterwards.
struct ConnectionResetFault: Error {}
