/// What the Media Token Verifier library answers for a short media token and the resource it
/// should be for (Adobe's `ITokenVerifier.isValid(resourceId)` statuses). An app verifies every
/// token before it plays (seed 001, F.3).
public struct MediaTokenVerification: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable, CaseIterable {
        case validToken = "VALID_TOKEN"
        case invalidTokenFormat = "INVALID_TOKEN_FORMAT"
        case invalidSignature = "INVALID_SIGNATURE"
        case tokenExpired = "TOKEN_EXPIRED"
        case invalidResourceId = "INVALID_RESOURCE_ID"
        case errorUnknown = "ERROR_UNKNOWN"
    }

    public let status: Status
    /// Why, in a sentence.
    public let message: String

    public init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }

    public var isValid: Bool { status == .validToken }
}
