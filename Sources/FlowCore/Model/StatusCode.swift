/// The advanced status codes an app sees (the SDK's `status:` callback), used as one vocabulary
/// in every integration: in REST modes they mark the point where the app takes the same decision.
public struct StatusCode: Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    public enum Level: String, Codable, Sendable {
        case info, warning, error
    }

    public let id: String
    public let level: Level
    public let meaning: String

    public init(id: String, level: Level, meaning: String) {
        self.id = id
        self.level = level
        self.meaning = meaning
    }

    public var description: String { id }

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
        id: "N005", level: .info, meaning: "The user cancelled Apple's picker or the app's picker.")
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
