/// A call the AccessEnabler SDK makes into the app (seed 001, the SDK's reference), with what it
/// passes. The reducers state these as facts; `name` and `arguments` spell them as the SDK's
/// documentation does, for the timeline.
public enum SDKCallback: Sendable, Equatable {
    /// The error strings `setAuthenticationStatus` passes with a 0 (empty with a 1).
    public enum AuthenticationError: String, Sendable {
        case none = ""
        case userNotAuthenticated = "User Not Authenticated Error"
        /// After a sign-in that ended without a profile (the SDK's own spelling).
        case notAuthenticatedAfterSignIn = "User not Authenticated Error"
        case providerNotSelected = "Provider not Selected Error"
        case generic = "Generic Authentication Error"
        case logout = "Logout"
    }

    public enum RequestorStatus: String, Sendable {
        case success = "ACCESS_ENABLER_STATUS_SUCCESS"
        case error = "ACCESS_ENABLER_STATUS_ERROR"
    }

    case setRequestorComplete(RequestorStatus)
    case setAuthenticationStatus(authenticated: Bool, AuthenticationError)
    /// The `status:` callback of an advanced status code (a registration code passes the code).
    case status(StatusCode, registrationCode: String?)
    case presentTvProviderDialog
    case dismissTvProviderDialog
    case displayProviderDialog(mvpdCount: Int)
    case selectedProvider(String)
    case setMetadataStatus(tokenSource: String)
    /// `navigateToUrl`, or `navigateToUrl:useSVC` for an SFSafariViewController.
    case navigateToUrl(String, useSVC: Bool)
    case preauthorizedResources([String])
    case setToken(token: String, resource: String)
    case tokenRequestFailed(resource: String, description: String)
    /// `sendTrackingData`: the event and its data, the device's fields last.
    case sendTrackingData(event: String, data: [String])

    /// The view controller the SDK presents Apple's picker in.
    static let dialogController = "VSViewServiceHostViewController"

    public var name: String {
        switch self {
        case .setRequestorComplete: "setRequestorComplete"
        case .setAuthenticationStatus: "setAuthenticationStatus"
        case .status: "status"
        case .presentTvProviderDialog: "presentTvProviderDialog"
        case .dismissTvProviderDialog: "dismissTvProviderDialog"
        case .displayProviderDialog: "displayProviderDialog"
        case .selectedProvider: "selectedProvider"
        case .setMetadataStatus: "setMetadataStatus"
        case .navigateToUrl(_, let useSVC): useSVC ? "navigateToUrl:useSVC" : "navigateToUrl"
        case .preauthorizedResources: "preauthorizedResources"
        case .setToken: "setToken"
        case .tokenRequestFailed: "tokenRequestFailed"
        case .sendTrackingData: "sendTrackingData"
        }
    }

    public var arguments: String {
        switch self {
        case .setRequestorComplete(let status): status.rawValue
        case .setAuthenticationStatus(let authenticated, let error): "\(authenticated ? 1 : 0), \"\(error.rawValue)\""
        case .status(let code, let registrationCode):
            "errorId=\(code.id), level=\(code.level.rawValue)" + (registrationCode.map { ", code=\($0)" } ?? "")
        case .presentTvProviderDialog, .dismissTvProviderDialog: Self.dialogController
        case .displayProviderDialog(let count): "[\(count) MVPD objects]"
        case .selectedProvider(let mvpd): mvpd
        case .setMetadataStatus(let source): "tokenSource=\(source)"
        case .navigateToUrl(let url, let useSVC): useSVC ? "\(url), true" : url
        case .preauthorizedResources(let resources): "[\(resources.joined(separator: ", "))]"
        case .setToken(let token, let resource): "\(token.prefix(16))…, \(resource)"
        case .tokenRequestFailed(let resource, let description):
            "\(resource), USER_NOT_AUTHORIZED_ERROR, \"\(description)\""
        case .sendTrackingData(let event, let data):
            "\(event), [\(data.map { $0 == "true" || $0 == "false" ? $0 : "\"\($0)\"" }.joined(separator: ", "))]"
        }
    }
}

/// A call into the AccessEnabler SDK, by the app or by the SDK itself.
public enum SDKCall: Sendable, Equatable {
    /// The app creates its one AccessEnabler instance with its software statement (seed 004,
    /// step 1; seed 001, B.2.a).
    case initialise
    case checkAuthentication
    /// The provider the user chose; nil when the app's picker was left (`setSelectedProvider(nil)`).
    case setSelectedProvider(String?)
    case getSelectedProvider
    case handleExternalURL(String)

    public var name: String {
        switch self {
        case .initialise: "init"
        case .checkAuthentication: "checkAuthentication"
        case .setSelectedProvider: "setSelectedProvider"
        case .getSelectedProvider: "getSelectedProvider"
        case .handleExternalURL: "handleExternalURL"
        }
    }

    public var arguments: String {
        switch self {
        case .initialise: "softwareStatement"
        case .checkAuthentication, .getSelectedProvider: ""
        case .setSelectedProvider(let mvpd): mvpd ?? "nil"
        case .handleExternalURL(let url): url
        }
    }
}
