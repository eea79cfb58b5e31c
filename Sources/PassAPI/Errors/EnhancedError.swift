/// The enhanced error body Adobe Pass returns at top level (whole response) or item level
/// (inside a decision): `{action, status, code, message, details?, helpUrl, trace}`.
public struct EnhancedError: Codable, Sendable, Equatable, Error, CustomStringConvertible {
    public var action: ErrorAction
    public var status: Int
    public var code: String
    public var message: String
    public var details: String?
    public var helpUrl: String
    public var trace: String

    public init(
        action: ErrorAction, status: Int, code: String, message: String, details: String? = nil,
        helpUrl: String, trace: String
    ) {
        self.action = action
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.helpUrl = helpUrl
        self.trace = trace
    }

    /// Builds the error for a catalogued code.
    public init(_ code: ErrorCode, details: String? = nil, trace: String) {
        self.init(
            action: code.action, status: code.status, code: code.rawValue, message: code.message,
            details: details, helpUrl: code.helpUrl, trace: trace)
    }

    public var description: String {
        "\(code) (\(status), action \(action.rawValue)): \(message)" + (details.map { " — \($0)" } ?? "")
    }
}

/// The remediation an enhanced error recommends.
public enum ErrorAction: String, Codable, Sendable, CaseIterable {
    case none
    case configuration
    case applicationRegistration = "application-registration"
    case authentication
    case authorization
    case retry
    /// Historic actions still seen in older clients and the SDK preauthorize model.
    case degradation
    case retryAfter = "retry-after"
}
