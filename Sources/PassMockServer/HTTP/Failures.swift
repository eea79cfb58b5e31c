import PassAPI

/// Thrown by handlers to answer with an enhanced error (JSON, top level).
struct EnhancedFailure: Error {
    let code: ErrorCode
    var details: String?
    /// Overrides the catalogued status (e.g. 431 for oversized headers).
    var status: Int?
    var headers: [String: String] = [:]

    init(_ code: ErrorCode, _ details: String? = nil, status: Int? = nil, headers: [String: String] = [:]) {
        self.code = code
        self.details = details
        self.status = status
        self.headers = headers
    }
}

/// Thrown by the DCR handlers: `400 {"error": code}`.
struct OAuthFailure: Error {
    let code: DCRErrorCode
    let description: String
    var status: Int = 400
}

/// Thrown by browser-facing handlers: an HTML error page.
struct PageFailure: Error {
    let status: Int
    let title: String
    let message: String
}

/// Thrown by the identity-provider endpoints the simulated device calls.
struct IdentityProviderFailure: Error {
    let status: Int
    let error: String
    let message: String
}
