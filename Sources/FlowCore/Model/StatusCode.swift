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
    public var label: String {
        switch origin {
        case .sdk: id
        case .appDecision: "\(id) (the SDK's code for this decision)"
        }
    }

    /// The same code, raised at a REST or custom app's equivalent decision point.
    public var atAppDecision: StatusCode {
        var copy = self
        copy.origin = .appDecision
        return copy
    }

    public static let notAuthenticated = StatusCode(id: "N000", level: .info, meaning: "The user is not authenticated.")
    public static let otherProvider = StatusCode(
        id: "N003", level: .info,
        meaning: "The user chose “Other TV Provider” in Apple's picker: the app shows its own picker.")
    public static let unsupportedProvider = StatusCode(
        id: "N004", level: .info,
        meaning:
            "The provider chosen in Apple's picker is not supported by this requestor (integration or single sign-on disabled)."
    )
    public static let degraded = StatusCode(
        id: "N010", level: .warning, meaning: "Authenticated under an authentication degradation rule (AuthNAll).")
    public static let cancelled = StatusCode(
        id: "N005", level: .info, meaning: "The user cancelled the sign-in: a picker, the web login or the code screen.")
    public static let signOutInSettings = StatusCode(
        id: "VSA203", level: .info,
        meaning: "Logged out of the app while signed in through Apple SSO: the user must sign out in Settings.")
    public static let permissionDenied = StatusCode(
        id: "VSA403", level: .info, meaning: "The TV Provider permission is denied (or restricted) for the app.")
    public static let permissionUndetermined = StatusCode(
        id: "VSA404", level: .info, meaning: "The TV Provider permission is undetermined for the app.")
    public static let metadataUnavailable = StatusCode(
        id: "VSA503", level: .info, meaning: "The TV provider metadata request failed: the provider is not responding.")
    public static let appleError = StatusCode(
        id: "APPL_ERROR", level: .error,
        meaning: "The Video Subscriber Account framework reported an error (see details).")
    /// `setRequestor`'s spelling (seed 004, step 2): the SDK's communication with the framework failed.
    public static let appleShortError = StatusCode(
        id: "APPL", level: .error,
        meaning: "setRequestor: the communication with the Video Subscriber Account framework failed (see details).")
    public static let registrationCode = StatusCode(
        id: "REGCODE", level: .info, meaning: "A registration code is shown for sign-in on a second screen.")
    public static let authorizationDenied = StatusCode(
        id: "Z100", level: .error, meaning: "Authorization was denied (package, parental controls or MVPD reason).")
    public static let invalidRequestor = StatusCode(
        id: "CFG400", level: .error, meaning: "The requestor id is not valid.")

    /// `CFG5xx`: the configuration failed with a server error.
    public static func serverError(_ status: Int) -> StatusCode {
        StatusCode(id: "CFG\(status)", level: .error, meaning: "The configuration request failed with HTTP \(status).")
    }

    /// The code for a failed VSA metadata request, as the cookbooks map `VSErrorCode`s.
    public static func forMetadataError(_ code: Int) -> StatusCode {
        switch code {
        case 0: permissionDenied
        case 3: metadataUnavailable
        default: appleError
        }
    }
}
