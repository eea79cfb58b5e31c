import PassAPI
import VSASimulator

/// The advanced status codes an app sees (the SDK's `status:` callback), used as one vocabulary
/// in every integration: in REST modes they mark the point where the app takes the same decision.
/// A closed set: the constants below and `serverError(_:)` are the only codes, and one read from
/// JSON must be one of them. Two codes are equal when they are the same code; who raised one is
/// said where it is raised (`FlowNote.status`).
public struct StatusCode: Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    public enum Level: String, Codable, Sendable {
        case info, warning, error
    }

    /// Who raises the code. The codes are the AccessEnabler SDK's vocabulary: the SDK sends them
    /// to the app's `status:` callback. The REST and custom integrations have no such callback;
    /// there a code marks the point where the app takes the decision the SDK would have reported.
    public enum Origin: String, Codable, Sendable {
        case sdk
        case appDecision = "app-decision"
    }

    public let id: String
    public let level: Level

    /// A code; its meaning is in the string catalogs, under `status.<id>`.
    private init(id: String, level: Level) {
        self.id = id
        self.level = level
    }

    public var description: String { id }

    /// The code named `id`: one of `all`, or `CFG` and the status a configuration failed with.
    public init?(id: String) {
        if let known = Self.all.first(where: { $0.id == id }) {
            self = known
        } else if id.hasPrefix("CFG"), id.count == 6, let status = Int(id.dropFirst(3)), (100...599).contains(status) {
            self = .serverError(status)
        } else {
            return nil
        }
    }

    private enum CodingKeys: String, CodingKey { case id, level }

    /// Only a code of the set reads; its level is the set's, whatever the file says.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(String.self, forKey: .id)
        guard let code = StatusCode(id: id) else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "no status code \(id)")
        }
        self = code
    }

    public static let notAuthenticated = StatusCode(id: "N000", level: .info)
    public static let otherProvider = StatusCode(id: "N003", level: .info)
    public static let unsupportedProvider = StatusCode(id: "N004", level: .info)
    public static let degraded = StatusCode(id: "N010", level: .warning)
    public static let cancelled = StatusCode(id: "N005", level: .info)
    public static let signOutInSettings = StatusCode(id: "VSA203", level: .info)
    public static let permissionDenied = StatusCode(id: "VSA403", level: .info)
    public static let permissionUndetermined = StatusCode(id: "VSA404", level: .info)
    public static let metadataUnavailable = StatusCode(id: "VSA503", level: .info)
    public static let appleError = StatusCode(id: "APPL_ERROR", level: .error)
    /// `setRequestor`'s spelling (seed 004, step 2): the SDK's communication with the framework failed.
    public static let appleShortError = StatusCode(id: "APPL", level: .error)
    public static let registrationCode = StatusCode(id: "REGCODE", level: .info)
    public static let authorizationDenied = StatusCode(id: "Z100", level: .error)
    /// The authorization call failed on the service's side (a 5xx, or no answer to read).
    public static let authorizationInternalError = StatusCode(id: "Z500", level: .error)
    public static let invalidRequestor = StatusCode(id: "CFG400", level: .error)

    /// Every code an app can see, but the `CFG5xx` family (`serverError`), in the order of the
    /// documentation's table: the catalogs word each, the scenario catalog's test and the codes
    /// menu list them from here. A new code goes last, so that the menu's keys for the others stay.
    public static let all: [StatusCode] = [
        notAuthenticated, otherProvider, unsupportedProvider, cancelled, degraded, signOutInSettings,
        permissionDenied, permissionUndetermined, metadataUnavailable, appleShortError, appleError, registrationCode,
        authorizationDenied, authorizationInternalError, invalidRequestor,
    ]

    /// The codes of the single sign-on journey itself: every integration must be shown to raise
    /// each on both platforms (`tvsim scenarios matrix`).
    public static let singleSignOnJourney: [StatusCode] = [
        otherProvider, unsupportedProvider, cancelled, signOutInSettings, permissionDenied, permissionUndetermined,
        metadataUnavailable, appleError,
    ]

    /// `CFG…`: the app could not read its configuration.
    public var isConfigurationFailure: Bool { id.hasPrefix("CFG") }

    /// `CFG5xx`: the configuration failed with a server error.
    public static func serverError(_ status: Int) -> StatusCode {
        StatusCode(id: "CFG\(status)", level: .error)
    }

    /// What a failed configuration request means for the app: a requestor the service does not
    /// know (REST API V2's `invalid_parameter_service_provider`, V1's `invalid_requestor`), else a
    /// server error.
    static func forConfigurationFailure(_ failure: PassErrorSummary) -> StatusCode {
        let unknownRequestor: Bool =
            switch failure.enhancedCode {
            case .v2(.invalidParameterServiceProvider), .v1(.invalidRequestor): true
            default: false
            }
        return unknownRequestor ? .invalidRequestor : .serverError(failure.httpStatus ?? 500)
    }
}
