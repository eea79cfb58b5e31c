import PassAPI
import VSASimulator

/// The advanced status codes an app sees (the SDK's `status:` callback), used as one vocabulary
/// in every integration: in REST modes they mark the point where the app takes the same decision.
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
    public var origin: Origin

    /// A code; its meaning is in the string catalogs, under `status.<id>`.
    public init(id: String, level: Level, origin: Origin = .sdk) {
        self.id = id
        self.level = level
        self.origin = origin
    }

    public var description: String { id }

    /// The same code, raised at a REST or custom app's equivalent decision point.
    public var atAppDecision: StatusCode {
        var copy = self
        copy.origin = .appDecision
        return copy
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
        let code = failure.enhancedCode
        let unknownRequestor =
            code.flatMap(ErrorCode.init(rawValue:)) == .invalidParameterServiceProvider
            || code.flatMap(V1ErrorCode.init(rawValue:)) == .invalidRequestor
        return unknownRequestor ? .invalidRequestor : .serverError(failure.httpStatus ?? 500)
    }
}
