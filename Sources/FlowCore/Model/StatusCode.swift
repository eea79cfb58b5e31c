import Localization
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
    public let meaning: String
    public var origin: Origin

    public init(id: String, level: Level, meaning: String, origin: Origin = .sdk) {
        self.id = id
        self.level = level
        self.meaning = meaning
        self.origin = origin
    }

    public var description: String { id }

    /// The code as the timeline titles it: a REST app's decision point says it is the SDK's code.
    public var label: String { label(in: .english) }

    /// The label in the language of `strings`.
    public func label(in strings: Strings) -> String {
        switch origin {
        case .sdk: id
        case .appDecision: strings("status.appDecision", ["code": id])
        }
    }

    /// The meaning in the language of `strings`. `CFG5xx` codes share one text, with the status.
    public func meaning(in strings: Strings) -> String {
        Self.meaning(of: id, in: strings)
    }

    /// The meaning of the code named `id`, in the language of `strings`.
    public static func meaning(of id: String, in strings: Strings) -> String {
        guard id.hasPrefix("CFG5"), let status = Int(id.dropFirst(3)) else { return strings("status.\(id)") }
        return strings("status.CFG5xx", ["status": String(status)])
    }

    /// The same code, raised at a REST or custom app's equivalent decision point.
    public var atAppDecision: StatusCode {
        var copy = self
        copy.origin = .appDecision
        return copy
    }

    public static let notAuthenticated = StatusCode(id: "N000", level: .info, meaning: Strings.english("status.N000"))
    public static let otherProvider = StatusCode(
        id: "N003", level: .info,
        meaning: Strings.english("status.N003"))
    public static let unsupportedProvider = StatusCode(
        id: "N004", level: .info,
        meaning: Strings.english("status.N004"))
    public static let degraded = StatusCode(
        id: "N010", level: .warning, meaning: Strings.english("status.N010"))
    public static let cancelled = StatusCode(
        id: "N005", level: .info, meaning: Strings.english("status.N005"))
    public static let signOutInSettings = StatusCode(
        id: "VSA203", level: .info,
        meaning: Strings.english("status.VSA203"))
    public static let permissionDenied = StatusCode(
        id: "VSA403", level: .info, meaning: Strings.english("status.VSA403"))
    public static let permissionUndetermined = StatusCode(
        id: "VSA404", level: .info, meaning: Strings.english("status.VSA404"))
    public static let metadataUnavailable = StatusCode(
        id: "VSA503", level: .info, meaning: Strings.english("status.VSA503"))
    public static let appleError = StatusCode(
        id: "APPL_ERROR", level: .error,
        meaning: Strings.english("status.APPL_ERROR"))
    /// `setRequestor`'s spelling (seed 004, step 2): the SDK's communication with the framework failed.
    public static let appleShortError = StatusCode(
        id: "APPL", level: .error,
        meaning: Strings.english("status.APPL"))
    public static let registrationCode = StatusCode(
        id: "REGCODE", level: .info, meaning: Strings.english("status.REGCODE"))
    public static let authorizationDenied = StatusCode(
        id: "Z100", level: .error, meaning: Strings.english("status.Z100"))
    public static let invalidRequestor = StatusCode(
        id: "CFG400", level: .error, meaning: Strings.english("status.CFG400"))

    /// `CFG…`: the app could not read its configuration.
    public var isConfigurationFailure: Bool { id.hasPrefix("CFG") }

    /// `CFG5xx`: the configuration failed with a server error.
    public static func serverError(_ status: Int) -> StatusCode {
        StatusCode(
            id: "CFG\(status)", level: .error, meaning: Strings.english("status.CFG5xx", ["status": String(status)]))
    }

    /// The code an app raises for a framework error: VSA503 when the provider did not respond
    /// (`serviceTemporarilyUnavailable`), APPL_ERROR for any other.
    static func forFrameworkError(_ error: VSError) -> StatusCode {
        error.code == .serviceTemporarilyUnavailable ? .metadataUnavailable : .appleError
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
