import PassAPI

/// What the app's home screen shows: who is signed in, which titles are unlocked, what plays.
public struct AppModel: Sendable, Equatable {
    public enum Authentication: Sendable, Equatable {
        /// Not checked yet (before launch).
        case unknown
        case notAuthenticated
        case authenticated(mvpd: String, type: ProfileType, notAfter: Int64)

        public var isAuthenticated: Bool {
            if case .authenticated = self { return true }
            return false
        }
    }

    public struct Playback: Sendable, Equatable {
        public let resource: String
        /// The media token's `notAfter`, epoch milliseconds.
        public let tokenNotAfter: Int64

        public init(resource: String, tokenNotAfter: Int64) {
            self.resource = resource
            self.tokenNotAfter = tokenNotAfter
        }
    }

    public struct Denial: Sendable, Equatable {
        public let resource: String
        /// The service's error code; empty where the app speaks in its own words.
        public let code: String
        /// The service's words, or why the app itself refused.
        public let message: Remark
    }

    /// Protected playback stops once the user is no longer authenticated; free titles (no
    /// media token) play on. The preauthorization marks were the signed-in user's: they go too.
    public var authentication: Authentication = .unknown {
        didSet {
            guard !authentication.isAuthenticated else { return }
            if let playing, playing.tokenNotAfter > 0 { self.playing = nil }
            unlocked = [:]
        }
    }
    /// Preauthorization per title: true = unlocked, false = locked; absent = not checked.
    public var unlocked: [String: Bool] = [:]
    public var playing: Playback?
    public var lastDenial: Denial?
    /// What the app is busy with, for a spinner ("Signing in…").
    public var activity: Activity?

    public init() {}
}

/// What the app is busy with, for its spinner; the terminal UI words it from the catalogs
/// (`activity.<case>`).
public enum Activity: String, Sendable, CaseIterable {
    case starting, checking, signingIn, authorizing, signingOut

    /// The catalog key of its words.
    public var key: String { "activity.\(rawValue)" }
}
