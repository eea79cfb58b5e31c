/// `GET /logout/{mvpd}`: what the app must do per MVPD after the profile was deleted.
public struct LogoutResponse: Codable, Sendable, Equatable {
    public var logouts: [String: MvpdLogout]

    public init(logouts: [String: MvpdLogout]) {
        self.logouts = logouts
    }
}

public enum LogoutActionName: String, Codable, Sendable, CaseIterable {
    /// Open `url` in a user agent to log out at the MVPD.
    case logout
    /// Tell the user to sign out in Settings → TV Provider (Apple SSO profile).
    case partnerLogout = "partner_logout"
    /// Nothing else to do.
    case complete
    /// There was no valid profile.
    case invalid
}

public enum LogoutActionType: String, Codable, Sendable, CaseIterable {
    case interactive
    case partnerInteractive = "partner_interactive"
    case none
}

public struct MvpdLogout: Codable, Sendable, Equatable {
    public var actionName: LogoutActionName
    public var actionType: LogoutActionType
    public var mvpd: String
    public var url: String?

    public init(actionName: LogoutActionName, actionType: LogoutActionType, mvpd: String, url: String? = nil) {
        self.actionName = actionName
        self.actionType = actionType
        self.mvpd = mvpd
        self.url = url
    }
}

extension V2Call {
    /// `GET /logout/{mvpd}`, back to `redirectUrl` after an MVPD logout page.
    public static func logout(mvpd: String, redirectUrl: String?) -> V2Call {
        V2Call(.logout, mvpd, query: fields([("redirectUrl", redirectUrl)]), answer: .logout)
    }
}
