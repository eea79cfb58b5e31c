import PassAPI
import VSASimulator

/// A call to Adobe Pass the runtime performs with `PassClient`.
public enum APICall: Sendable, Equatable {
    case register
    case token
    case configuration
    case createSession(mvpd: String?, domainName: String?, redirectUrl: String?)
    case profiles(PartnerFrameworkStatus?)
    case profileForMvpd(String, PartnerFrameworkStatus?)
    case profileForCode(String)
    case preauthorize(mvpd: String, resources: [String], PartnerFrameworkStatus?)
    case authorize(mvpd: String, resources: [String], PartnerFrameworkStatus?)
    case logout(mvpd: String, redirectUrl: String?)
    case partnerSession(PartnerFrameworkStatus?, domainName: String, redirectUrl: String)
    case partnerProfile(samlResponse: String, PartnerFrameworkStatus?)
}

/// What came back from an `APICall`.
public enum APIResult: Sendable, Equatable {
    case registered
    case tokenIssued
    case configuration(ConfigurationResponse)
    case session(SessionResponse)
    case profiles(ProfilesResponse)
    case decisions(DecisionsResponse)
    case logout(LogoutResponse)
    case failed(PassErrorSummary)
}

/// A failure of an API call, reduced to what flows branch on.
public struct PassErrorSummary: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case enhanced(code: String, action: ErrorAction)
        case registration(String)
        case throttled(retryAfter: Int)
        case unexpectedStatus
        case malformed
        case transport
    }

    public let kind: Kind
    public let httpStatus: Int?
    public let message: String

    public init(kind: Kind, httpStatus: Int?, message: String) {
        self.kind = kind
        self.httpStatus = httpStatus
        self.message = message
    }

    public var enhancedCode: String? {
        if case .enhanced(let code, _) = kind { return code }
        return nil
    }

    public var description: String { message }
}

/// A call to the device's TV-provider framework.
public enum VSACall: Sendable, Equatable {
    case checkAccessStatus(prompt: Bool)
    case metadata(MetadataRequest)
}

/// What the app shows. System UI (permission, picker, provider sign-in) is driven by the
/// framework; these are the app's own screens.
public enum AppScreen: Sendable, Equatable {
    /// The app's own MVPD picker (regular flow).
    case mvpdPicker([MvpdConfiguration], preselected: String?)
    /// A web view on the MVPD login (primary-screen authentication).
    case webLogin(url: String, stopAt: String)
    /// The registration code for a second screen (tvOS, or iOS when chosen).
    case registrationCode(RegistrationCode)
    /// A message to the user (e.g. "sign out in Settings").
    case notice(Notice)
}

public struct RegistrationCode: Sendable, Equatable {
    public let code: String
    public let activationPath: String
    /// Epoch milliseconds.
    public let notAfter: Int64
    public let mvpd: String?
    public var polls: Int
    public var status: String

    public init(code: String, activationPath: String, notAfter: Int64, mvpd: String?, polls: Int = 0, status: String) {
        self.code = code
        self.activationPath = activationPath
        self.notAfter = notAfter
        self.mvpd = mvpd
        self.polls = polls
        self.status = status
    }
}

public struct Notice: Sendable, Equatable {
    public let title: String
    public let message: String

    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }
}

/// Something worth a line in the timeline that only the flow knows.
public enum FlowNote: Sendable, Equatable {
    /// The cookbook step now running.
    case step(CookbookStep)
    /// An advanced status code, with what follows.
    case status(StatusCode, details: String?)
    /// An SDK callback to the app, with its arguments.
    case callback(name: String, arguments: String)
    /// A decision of the app worth explaining.
    case note(String)
}

/// A named timer of the flow.
public enum TimerID: String, Sendable, Equatable, Hashable {
    case poll
    case retryAfterThrottle
}

public enum Effect: Sendable, Equatable {
    case call(APICall)
    case vsa(VSACall)
    case show(AppScreen)
    /// Back to the home screen (closes the app's own screens).
    case showHome
    case startTimer(TimerID, seconds: Double)
    case cancelTimer(TimerID)
    case record(FlowNote)
}
