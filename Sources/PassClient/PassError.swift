import Foundation
import PassAPI

/// Everything a call to Adobe Pass can end in besides success, typed so that flows can branch on
/// the documented `action` of an enhanced error.
public enum PassError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An enhanced error body (`action`, `code`, …) with the HTTP status it came with.
    case enhanced(EnhancedError, httpStatus: Int)
    /// A plain REST API V1 error `{"status", "message", "details"}` (an integration without
    /// enhanced errors).
    case plain(V1PlainError, httpStatus: Int)
    /// A DCR `{"error": …}` answer.
    case registration(DCRErrorCode, description: String?, httpStatus: Int)
    /// HTTP 429 from the throttle; wait `retryAfter` seconds (at least one).
    case throttled(retryAfter: Int)
    /// A status the endpoint does not document, with the body's start.
    case unexpectedStatus(Int, body: String)
    /// A 2xx whose body is not the documented shape.
    case malformedBody(String)
    /// No answer: connection refused or reset, timeout.
    case transport(String)

    /// The remediation the service recommends, when it said one.
    public var action: ErrorAction? {
        switch self {
        case .enhanced(let error, _): error.action
        case .throttled: .retryAfter
        default: nil
        }
    }

    public var enhancedCode: String? {
        if case .enhanced(let error, _) = self { return error.code }
        return nil
    }

    public var description: String {
        switch self {
        case .enhanced(let error, let status): "HTTP \(status) \(error)"
        case .plain(let error, let status): "HTTP \(status) \(error)"
        case .registration(let code, let description, let status):
            "HTTP \(status) \(code.rawValue)" + (description.map { ": \($0)" } ?? "")
        case .throttled(let seconds): "HTTP 429 throttled; retry after \(seconds) s"
        case .unexpectedStatus(let status, let body): "HTTP \(status): \(body)"
        case .malformedBody(let reason): "malformed response: \(reason)"
        case .transport(let reason): "no response: \(reason)"
        }
    }
}
