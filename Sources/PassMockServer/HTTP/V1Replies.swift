import Foundation
import LocatedJSON
import PassAPI

/// How a REST API V1 call wants its answers: JSON or XML, and plain or enhanced errors (a
/// per-requestor dashboard switch).
struct V1Style: Sendable, Equatable {
    enum Format: Sendable, Equatable {
        case json
        case xml
    }

    var format: Format
    var enhancedErrors: Bool

    /// The format from, in order: a `.xml`/`.json` suffix on the path, the `format` parameter,
    /// then the first of JSON or XML named in `Accept`. JSON when nothing says otherwise.
    static func format(path: String, inputs: [String: String], accept: String?) -> Format {
        if path.hasSuffix(".xml") { return .xml }
        if path.hasSuffix(".json") { return .json }
        switch inputs["format"]?.lowercased() {
        case "xml": return .xml
        case "json": return .json
        default: break
        }
        for item in (accept ?? "").lowercased().split(separator: ",") {
            let type = item.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? ""
            if type == "application/json" || type == "text/json" { return .json }
            if type == "application/xml" || type == "text/xml" { return .xml }
        }
        return .json
    }

    /// The requestor a V1 request names: a parameter (`requestor`, `requestor_id`) or the path
    /// segment of `/reggie/v1/{requestor}/…`, `/api/v1/config/{requestor}` and
    /// `/api/v1/{requestor}/profile-requests/…`.
    static func requestorId(path: String, inputs: [String: String]) -> String? {
        if let named = inputs["requestor"] ?? inputs["requestor_id"], !named.isEmpty { return named }
        let segments = path.split(separator: "/").map(String.init)
        if segments.count >= 3, segments[0] == "reggie", segments[1] == "v1" { return segments[2] }
        if segments.count >= 4, segments[0] == "api", segments[1] == "v1" {
            if segments[2] == "config" { return Self.withoutSuffix(segments[3]) }
            if segments.count >= 5, segments[3] == "profile-requests" { return segments[2] }
        }
        return nil
    }

    private static func withoutSuffix(_ segment: String) -> String {
        for suffix in [".xml", ".json"] where segment.hasSuffix(suffix) {
            return String(segment.dropLast(suffix.count))
        }
        return segment
    }

    /// Whether a path belongs to REST API V1, whose failures answer V1 errors.
    static func isV1Path(_ path: String) -> Bool {
        path.hasPrefix("/api/v1/") || path == "/api/v1" || path.hasPrefix("/reggie/v1/")
    }

    init(format: Format, enhancedErrors: Bool) {
        self.format = format
        self.enhancedErrors = enhancedErrors
    }

    init(path: String, inputs: [String: String], accept: String?, index: DashboardIndex) {
        format = Self.format(path: path, inputs: inputs, accept: accept)
        let requestor = Self.requestorId(path: path, inputs: inputs).flatMap { index.requestorsById[$0] }
        enhancedErrors = requestor?.v1EnhancedErrors ?? true
    }
}

/// A REST API V1 failure. It renders as the enhanced body (`code`, `action`, `message` of the
/// code) or as the plain body (`status`, `message`, `details`), in JSON or XML.
struct V1Failure: StyledFailure {
    let code: String
    let action: ErrorAction
    let codeMessage: String
    let helpUrl: String
    var statusCode: Int
    /// The plain body's message ("Forbidden", "User not authorized", "Required 'x' is not present").
    var message: String
    var details: String?
    var headers: [String: String] = [:]

    init(_ code: V1ErrorCode, status: Int? = nil, message: String? = nil, details: String? = nil) {
        self.init(
            code: code.rawValue, action: code.action, codeMessage: code.message, status: status ?? code.status,
            message: message, details: details)
    }

    /// A failure named by the generic catalogue: its V1 equivalent when there is one, else the
    /// code itself (tokens, sizes, methods and SAML checks have no V1 code of their own).
    init(_ code: ErrorCode, status: Int? = nil, message: String? = nil, details: String? = nil) {
        if let equivalent = code.v1Equivalent {
            self.init(equivalent, status: status ?? code.status, message: message, details: details)
        } else {
            self.init(
                code: code.rawValue, action: code.action, codeMessage: code.message, status: status ?? code.status,
                message: message, details: details)
        }
    }

    init(_ failure: EnhancedFailure) {
        self.init(failure.code, status: failure.statusOverride, details: failure.details)
        headers = failure.headers
    }

    /// `400 Required '<name>' is not present`, as the service words a missing parameter.
    static func missing(_ name: String, _ code: V1ErrorCode) -> V1Failure {
        V1Failure(code, status: 400, message: "Required '\(name)' is not present")
    }

    /// An unknown or expired registration code (a code from the historic catalogue).
    static func unknownRegistrationCode(_ code: String) -> V1Failure {
        V1Failure(
            code: "invalid_registration_code", action: .none,
            codeMessage: "The registration code is unknown or has expired.", status: 404, message: nil,
            details: "No registration code '\(code)' is waiting for this requestor.")
    }

    /// Every V1 code shares the catalogue's help page; the plain message defaults to the status's reason.
    private init(
        code: String, action: ErrorAction, codeMessage: String, status: Int, message: String?, details: String?
    ) {
        self.code = code
        self.action = action
        self.codeMessage = codeMessage
        helpUrl = ErrorCode.badRequest.helpUrl
        statusCode = status
        self.message = message ?? Self.reason(status)
        self.details = details
    }

    func enhanced(trace: String) -> EnhancedError {
        EnhancedError(
            action: action, status: statusCode, code: code, message: codeMessage, details: details, helpUrl: helpUrl,
            trace: trace)
    }

    var plain: V1PlainError { V1PlainError(status: statusCode, message: message, details: details) }

    var ownStyle: ErrorStyle { .v1(V1Style(format: .json, enhancedErrors: true)) }

    /// Only V1 clients know V1's codes; elsewhere a V1 failure is an unexpected error.
    func reply(in style: ErrorStyle, trace: String) -> MockResponse? {
        guard case .v1(let v1) = style else { return nil }
        return V1Reply.failure(self, style: v1, trace: trace)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 410: "Gone"
        case 412: "Precondition Failed"
        case 413: "Payload Too Large"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 503: "Service Unavailable"
        default: status >= 500 ? "Internal Server Error" : "Error"
        }
    }
}

extension ErrorCode {
    /// The V1 code for the same situation, where the V1 catalogue has one.
    var v1Equivalent: V1ErrorCode? {
        switch self {
        case .invalidParameterServiceProvider: .invalidRequestor
        case .invalidHeaderDeviceInfo: .invalidDeviceInfo
        case .invalidHeaderDeviceIdentifier: .invalidDeviceId
        case .invalidParameterResources: .missingResource
        case .invalidIntegration, .invalidParameterMvpd: .unknownIntegration
        case .preauthorizationDeniedByMvpd: .preauthorizationDeniedByMvpd
        case .authorizationDeniedByMvpd: .authorizationDeniedByMvpd
        case .authorizationDeniedByParentalControls: .authorizationDeniedByParentalControls
        case .internalServerError, .invalidHttpMethod: .internalError
        case .tooManyResources: .tooManyResources
        case .authenticatedProfileMissing: .authenticationSessionMissing
        case .authenticatedProfileExpired, .temporaryAccessDurationLimitExceeded: .authenticationSessionExpired
        case .authenticatedProfileInvalidated: .authenticationSessionInvalidated
        case .identityNotRecognizedByMvpd: .identityNotRecognizedByMvpd
        case .networkReceivedError: .networkReceivedError
        case .networkConnectionTimeout: .networkConnectionTimeout
        case .maximumExecutionTimeExceeded: .maximumExecutionTimeExceeded
        default: nil
        }
    }
}

/// Builders for V1 answers in the requested format.
enum V1Reply {
    static let xmlType = "application/xml;charset=utf-8"

    static func body<T: Encodable>(_ value: T, root: String, style: V1Style, status: Int = 200) -> MockResponse {
        switch style.format {
        case .json: Reply.json(value, status: status)
        case .xml:
            MockResponse(status: status, contentType: xmlType, body: Data(XMLBody.document(value, root: root).utf8))
        }
    }

    static func failure(_ failure: V1Failure, style: V1Style, trace: String) -> MockResponse {
        var reply =
            style.enhancedErrors
            ? body(failure.enhanced(trace: trace), root: "error", style: style, status: failure.statusCode)
            : body(failure.plain, root: "error", style: style, status: failure.statusCode)
        for (name, value) in failure.headers { reply.setHeader(name, value) }
        return reply
    }

}

/// Writes an `Encodable` value as the XML V1 clients read: one element per member (in name
/// order, as the JSON), array items as repeated elements named after their container
/// (`resources` → `resource`), `null` as an empty element.
enum XMLBody {
    static func document<T: Encodable>(_ value: T, root: String) -> String {
        let json = (try? Reply.encoder.encode(value)).flatMap { try? JSONDecoder().decode(JSONValue.self, from: $0) }
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
        write(json ?? .null, name: root, indent: "", into: &text)
        return text
    }

    private static func write(_ value: JSONValue, name rawName: String, indent: String, into text: inout String) {
        let name = elementName(rawName)
        switch value {
        case .null: text += "\(indent)<\(name)/>\n"
        case .bool(let flag): text += "\(indent)<\(name)>\(flag)</\(name)>\n"
        case .number(let number): text += "\(indent)<\(name)>\(format(number))</\(name)>\n"
        case .string(let string): text += "\(indent)<\(name)>\(Markup.escapeXML(string))</\(name)>\n"
        case .array(let items) where items.isEmpty:
            text += "\(indent)<\(name)/>\n"
        case .array(let items):
            text += "\(indent)<\(name)>\n"
            for item in items { write(item, name: singular(rawName), indent: indent + "  ", into: &text) }
            text += "\(indent)</\(name)>\n"
        case .object(let members) where members.isEmpty:
            text += "\(indent)<\(name)/>\n"
        case .object(let members):
            text += "\(indent)<\(name)>\n"
            for key in members.keys.sorted() { write(members[key]!, name: key, indent: indent + "  ", into: &text) }
            text += "\(indent)</\(name)>\n"
        }
    }

    static func format(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }

    /// The element name of one item of an array member.
    static func singular(_ name: String) -> String {
        if name.hasSuffix("ies") { return String(name.dropLast(3)) + "y" }
        if name.hasSuffix("s"), name.count > 1 { return String(name.dropLast()) }
        return "value"
    }

    /// Member names made into XML names: other characters become `_`, and a name must not
    /// start with a digit, `-` or `.`.
    static func elementName(_ name: String) -> String {
        var result = String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "_-.".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "_"
            })
        if result.isEmpty || result.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true {
            result = "_" + result
        }
        return result
    }
}
