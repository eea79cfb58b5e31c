/// An enhanced error's `code`, read in the API of the call that answered it. REST API V2 and V1
/// keep separate lists that share several names (`too_many_resources`,
/// `authorization_denied_by_mvpd`, …), so the call, not the text, says which list a code is from.
public enum EnhancedCode: Sendable, Hashable, CustomStringConvertible {
    case v2(ErrorCode)
    case v1(V1ErrorCode)
    /// A code neither list has, as the service sent it: a real service may add codes.
    case unlisted(String)

    /// `code` as a call of `api` answered it: REST API V1's list for V1 calls, V2's for the rest.
    public init(_ code: String, answeredBy api: Endpoint.API) {
        if api == .restV1 {
            self = V1ErrorCode(rawValue: code).map(Self.v1) ?? .unlisted(code)
        } else {
            self = ErrorCode(rawValue: code).map(Self.v2) ?? .unlisted(code)
        }
    }

    /// The code as it travels.
    public var description: String {
        switch self {
        case .v2(let code): code.rawValue
        case .v1(let code): code.rawValue
        case .unlisted(let code): code
        }
    }
}
