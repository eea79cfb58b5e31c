import PassAPI
import VSASimulator

/// A call to Adobe Pass the runtime performs with `PassClient`.
public enum APICall: Sendable, Equatable {
    case register
    case token
    /// A REST API V2 call: each is made by its constructor in PassAPI (`.v2(.configuration)`).
    case v2(V2Call)
    /// A REST API V1 call, made by its constructor in PassAPI (`.v1(.checkAuthentication)`); the
    /// client fills in the requestor and the device.
    case v1(V1Call)
    /// A call to a programmer's own identity provider, made by its constructor in PassAPI
    /// (`.customIdP(.info(provider:))`): single sign-on, and the app's own sign-in.
    case customIdP(CustomIdentityProviderCall)
    /// The app's Media Token Verifier (seed 001, F.3): is this token good for this resource?
    case verifyMediaToken(serializedToken: String, resource: String)
}

/// What came back from an `APICall`.
public enum APIResult: Sendable, Equatable {
    case registered
    /// An access token, valid until `expiresAt` (epoch milliseconds).
    case tokenIssued(expiresAt: Int64)
    case configuration(ConfigurationResponse)
    case session(SessionResponse)
    case profiles(ProfilesResponse)
    case decisions(DecisionsResponse)
    case logout(LogoutResponse)
    case v1AuthenticationChecked(Bool)
    case v1AuthenticationToken(V1TokenLookup)
    case v1ProfileRequest(String)
    /// `204 No Content`: the exchange created an authentication token.
    case v1TokenExchanged
    case v1RegistrationCode(V1RegistrationCode)
    case v1Preauthorized(V1PreauthorizeResponse)
    case v1Authorized(V1Authorization)
    case v1MediaToken(V1MediaToken)
    case v1UserMetadata(V1UserMetadata)
    case v1LoggedOut
    case mediaTokenVerified(MediaTokenVerification)
    case identityProviderInfo(IdentityProviderInfo)
    case customTokens(CustomIdentityTokens)
    /// The codes a TV shows, with when they arrived (epoch milliseconds) to date their expiry.
    case customDeviceCode(CustomDeviceAuthorization, receivedAt: Int64)
    /// Nobody has signed in with the device code yet; `slowDown`: the app polled too fast.
    case customDevicePending(slowDown: Bool)
    /// The device code's time is up: only a new code can continue.
    case customDeviceCodeExpired
    case failed(PassErrorSummary)
}

/// A failure of an API call, reduced to what flows branch on.
public struct PassErrorSummary: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case enhanced(EnhancedCode, action: ErrorAction)
        /// A plain REST API V1 error (no enhanced code).
        case plain
        case registration(DCRErrorCode)
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

    public var enhancedCode: EnhancedCode? {
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
    public var status: CodeScreenStatus

    public init(
        code: String, activationPath: String, notAfter: Int64, mvpd: String?, polls: Int = 0,
        status: CodeScreenStatus = .waiting
    ) {
        self.code = code
        self.activationPath = activationPath
        self.notAfter = notAfter
        self.mvpd = mvpd
        self.polls = polls
        self.status = status
    }

    /// The screen for the code of a REST API V2 authentication session, activated at the
    /// service's `/activate`.
    init(_ code: String, of session: SessionResponse, mvpd: String) {
        self.init(
            code: code, activationPath: Endpoint.activationPage.path, notAfter: Int64(session.notAfter ?? "") ?? 0,
            mvpd: mvpd)
    }
}

/// What a code screen says under its code; the terminal UI words it from the catalogs
/// (`codeScreen.status.<case>`).
public enum CodeScreenStatus: String, Sendable, CaseIterable {
    /// Nobody has signed in with the code yet.
    case waiting
    /// The code's time is up: polling stopped; a new code is offered.
    case expired
    /// The service stopped answering the polls: a new code is offered.
    case serviceNotAnswering

    /// The catalog key of its words.
    public var key: String { "codeScreen.status.\(rawValue)" }

    /// Polling has stopped: only a new code goes on.
    public var stopped: Bool { self != .waiting }
}

public struct Notice: Sendable, Equatable {
    /// What a notice says: words from the string catalogs, or words written in place (tests),
    /// shown as written in every language.
    public enum Content: Sendable, Equatable {
        /// The catalog keys `<key>.title` and `<key>.message` with their values; `keyedValues` are
        /// themselves catalog keys (a Settings path), worded with the notice.
        case catalog(key: String, values: [String: String], keyedValues: [String: String])
        case written(title: String, message: String)
    }

    public let content: Content

    public init(title: String, message: String) {
        content = .written(title: title, message: message)
    }

    /// A notice from the string catalogs.
    public init(key: String, values: [String: String], keyedValues: [String: String] = [:]) {
        content = .catalog(key: key, values: values, keyedValues: keyedValues)
    }
}

/// Something worth a line in the timeline that only the flow knows.
public enum FlowNote: Sendable, Equatable {
    /// The cookbook step now running.
    case step(CookbookStep)
    /// An advanced status code, with why it was raised here or what follows, and who raised it:
    /// the SDK, or a REST or custom app at the point where the SDK would have.
    case status(StatusCode, details: Remark?, origin: StatusCode.Origin = .sdk)
    /// An SDK callback to the app.
    case callback(SDKCallback)
    /// A decision of the app worth explaining.
    case note(Remark)
    /// A play allowed or refused by the app itself, with no service to ask (a custom identity
    /// provider's entitlements). Scenario results count it with the service's decisions.
    case decision(resource: String, authorized: Bool, code: String?)
    /// A call into the AccessEnabler SDK: by the app, or by the SDK itself (`silently`).
    case sdkCall(SDKCall, silently: Bool)
}

/// A named timer of the flow.
public enum TimerID: String, Sendable, Equatable, Hashable {
    case poll
    case retryAfterThrottle
    /// A V1 registration code's lifetime: the app stops polling when it runs out.
    case codeExpiry
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
