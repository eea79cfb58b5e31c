import PassAPI

/// What every integration's state holds besides its phases: the app, its home-screen model and
/// the title the user asked to play before signing in.
struct AppBasics: Sendable, Equatable {
    let setup: AppSetup
    var app = AppModel()
    /// A title the user chose while signed out: it plays once sign-in succeeds.
    var pendingPlay: String?

    init(setup: AppSetup) {
        self.setup = setup
    }

    /// Back to the home screen with nothing in progress.
    mutating func settle() {
        app.activity = nil
        if app.authentication == .unknown { app.authentication = .notAuthenticated }
    }

    /// Gives up the title waiting for a sign-in (the sign-in did not happen).
    mutating func dropPendingPlay() {
        pendingPlay = nil
    }

    /// The protected titles, at most five (the documented default per decision call).
    var protectedTitles: [String] { Array(setup.catalog.filter { !$0.free }.map(\.id).prefix(5)) }

    /// The title Apple's picker may show in its header: the one waiting to play.
    var pendingTitle: String? { pendingPlay.flatMap { setup.item($0)?.title } }

    /// VSA203: the framework cannot sign the device out; the app says where the user does it.
    var signOutNotice: Notice {
        Notice(
            key: "notice.signOut", values: ["app": setup.identity.displayName],
            keyedValues: ["settings": "settings.title.\(setup.platform.rawValue)"])
    }
}

extension AppModel {
    /// Lock marks from a preauthorization.
    mutating func recordPreauthorization(_ decisions: [(resource: String, authorized: Bool)]) {
        for decision in decisions { unlocked[decision.resource] = decision.authorized }
    }

    mutating func startPlaying(_ resource: String, tokenNotAfter: Int64) {
        unlocked[resource] = true
        playing = Playback(resource: resource, tokenNotAfter: tokenNotAfter)
    }

    /// A refused play. `signedOut`: the refusal said the authentication is gone, so the user
    /// must sign in again. `lock`: the refusal is a decision about the title (not a failed call),
    /// so the title's lock mark shows it.
    mutating func deny(_ resource: String, code: String, message: Remark, signedOut: Bool, lock: Bool = true) {
        lastDenial = Denial(resource: resource, code: code, message: message)
        if lock { unlocked[resource] = false }
        if signedOut {
            authentication = .notAuthenticated
            unlocked = [:]
        }
    }

    /// Choosing a title stops the one playing, whether or not the new one is allowed.
    mutating func choose(_ resource: String, free: Bool) {
        lastDenial = nil
        playing = free ? Playback(resource: resource, tokenNotAfter: 0) : nil
    }
}

extension ProfilesResponse {
    /// The profile an app would pick: Apple SSO first when its provider matches, else the one
    /// that lasts longest.
    func preferred(partnerProviderMvpd: String?) -> (mvpd: String, profile: Profile)? {
        if let mvpd = partnerProviderMvpd, let profile = profiles[mvpd] { return (mvpd, profile) }
        return profiles.max { ($0.value.notAfter, $1.key) < ($1.value.notAfter, $0.key) }.map { ($0.key, $0.value) }
    }

    var appleSSOMvpd: String? { profiles.first { $0.value.type == .appleSSO }?.key }
}
