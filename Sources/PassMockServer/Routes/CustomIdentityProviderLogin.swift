import Foundation
import MockBackendAPI
import PassAPI

/// The app's own sign-in, for when Apple single sign-on is not possible: a web form for the iOS
/// web view (authorization code) and the token endpoint shared with the device-code grant.
extension CustomIdentityProviderRoutes {
    /// Why a sign-in form was refused; shown inline on the form again.
    struct SignInRefusal: Error {
        let status: Int
        let message: String
    }

    /// The TV providers a subscriber can sign in with on the app's own pages.
    func signInProviders(of requestor: RequestorSettings) -> [MvpdSettings] {
        backend.index.integratedMvpds(for: requestor.id).filter { !$0.isTempPass }
            .sorted { $0.displayName.localizedCaseInsensitiveCompare($1.displayName) == .orderedAscending }
    }

    /// A provider named by MVPD id or Apple catalog id, among the sign-in providers.
    func signInProvider(_ name: String?, of requestor: RequestorSettings) -> MvpdSettings? {
        guard let name, !name.isEmpty else { return nil }
        return signInProviders(of: requestor).first { $0.id == name || $0.platformMappingId == name }
    }

    /// Checks the provider, user ID and password of a submitted form.
    func authenticate(_ form: [String: String], requestor: RequestorSettings) throws(SignInRefusal)
        -> (MvpdSettings, Persona)
    {
        guard let mvpd = signInProvider(form["provider"], of: requestor) else {
            throw SignInRefusal(status: 400, message: "Choose your TV provider.")
        }
        guard mvpd.identityProviderAvailable else {
            throw SignInRefusal(status: 503, message: "\(mvpd.displayName) is not responding. Try again later.")
        }
        guard let persona = backend.index.persona(form["username"] ?? "", at: mvpd),
            persona.password == form["password"]
        else { throw SignInRefusal(status: 401, message: "The user ID or password is incorrect.") }
        guard !persona.expired else {
            throw SignInRefusal(status: 403, message: "This \(mvpd.displayName) subscription has ended.")
        }
        return (mvpd, persona)
    }

    /// The form, with `error` shown inline.
    func signInPage(
        requestor: RequestorSettings, action: String, hidden: [(String, String)], form: [String: String],
        error: SignInRefusal? = nil
    ) -> MockResponse {
        let providers = signInProviders(of: requestor)
        let selected = signInProvider(form["provider"], of: requestor)
        let personas = selected.map(backend.dashboard.personas(of:)) ?? backend.dashboard.defaultPersonas
        let page = Pages.customSignIn(
            requestor: requestor, action: action, hidden: hidden, providers: providers, selected: selected?.id,
            personas: personas, error: error?.message, username: form["username"] ?? "")
        return Reply.html(page, status: error?.status ?? 200)
    }

    // MARK: Web view (authorization code)

    /// `GET /custom-idp/{requestor}/login?redirect_uri=…&state=…[&provider=…]`.
    func loginPage(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let requestor = try pageRequestor(parameters["requestor"])
        let redirectURI = try acceptedRedirectURI(request.query["redirect_uri"], for: requestor)
        return signInPage(
            requestor: requestor, action: Endpoint.customLogin.path(requestor.id),
            hidden: [("redirect_uri", redirectURI), ("state", request.query["state"] ?? "")], form: request.query)
    }

    /// `POST /custom-idp/{requestor}/login`: on success back to the app with a one-time code.
    func login(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let requestor = try pageRequestor(parameters["requestor"])
        let form = try request.form()
        let redirectURI = try acceptedRedirectURI(form["redirect_uri"], for: requestor)
        let state = form["state"] ?? ""
        let (mvpd, persona): (MvpdSettings, Persona)
        do {
            (mvpd, persona) = try authenticate(form, requestor: requestor)
        } catch {
            return signInPage(
                requestor: requestor, action: Endpoint.customLogin.path(requestor.id),
                hidden: [("redirect_uri", redirectURI), ("state", state)], form: form, error: error)
        }
        let code = randomToken(length: 32)
        let now = backend.nowMilliseconds
        backend.customIdentity.insertCode(
            code,
            .init(
                requestor: requestor.id, subscriber: .init(mvpd: mvpd.id, username: persona.username),
                redirectURI: redirectURI, expiresAt: now + Self.authorizationCodeLifetimeMilliseconds), now: now)
        var query = "code=\(code.queryEncoded)"
        if !state.isEmpty { query += "&state=\(state.queryEncoded)" }
        return Reply.redirect(to: redirectURI + (redirectURI.contains("?") ? "&" : "?") + query)
    }

    /// A place the requestor's users may be sent (`RedirectPolicy`).
    private func acceptedRedirectURI(_ value: String?, for requestor: RequestorSettings) throws -> String {
        guard let value, !value.isEmpty else {
            throw PageFailure(status: 400, title: "Sign-in cannot start", message: "The redirect_uri is missing.")
        }
        if let problem = RedirectPolicy.problem(with: value, for: requestor) {
            throw PageFailure(
                status: 400, title: "Sign-in cannot start", message: "The redirect_uri '\(value)' \(problem).")
        }
        return value
    }

    // MARK: Token endpoint

    static let deviceCodeGrant = CustomIdentityProviderCall.deviceCodeGrant

    /// `POST /custom-idp/{requestor}/token`: `authorization_code` or the device-code grant.
    func token(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let requestor = try requestor(parameters["requestor"])
        let form: [String: String]
        do { form = try request.form() } catch {
            throw failure(400, "invalid_request", "The body must be an application/x-www-form-urlencoded form.")
        }
        func required(_ name: String) throws -> String {
            guard let value = form[name], !value.isEmpty else {
                throw failure(400, "invalid_request", "The \(name) parameter is missing.")
            }
            return value
        }
        switch try required("grant_type") {
        case "authorization_code": return try exchange(code: try required("code"), form: form, requestor: requestor)
        case Self.deviceCodeGrant: return try poll(deviceCode: try required("device_code"), requestor: requestor)
        case let other:
            throw failure(
                400, "unsupported_grant_type",
                "'\(other)' is not supported; use authorization_code or \(Self.deviceCodeGrant).")
        }
    }

    private func exchange(code: String, form: [String: String], requestor: RequestorSettings) throws -> MockResponse {
        guard let grant = backend.customIdentity.takeCode(code), grant.requestor == requestor.id,
            grant.expiresAt > backend.nowMilliseconds
        else { throw failure(400, "invalid_grant", "The code is not valid, has expired or was already used.") }
        if let redirectURI = form["redirect_uri"], redirectURI != grant.redirectURI {
            throw failure(400, "invalid_grant", "The redirect_uri is not the one the code was issued for.")
        }
        return try tokens(for: grant.subscriber, requestor: requestor)
    }

    private func poll(deviceCode: String, requestor: RequestorSettings) throws -> MockResponse {
        switch backend.customIdentity.poll(
            deviceCode: deviceCode, requestor: requestor.id, now: backend.nowMilliseconds)
        {
        case .unknown: throw failure(400, "invalid_grant", "The device_code is not valid or was already used.")
        case .expired: throw failure(400, "expired_token", "The device_code has expired; ask for a new one.")
        case .slowDown:
            throw failure(
                400, "slow_down", "Polled too fast; wait at least \(Self.pollInterval) seconds between polls.")
        case .pending: throw failure(400, "authorization_pending", "The user has not signed in yet.")
        case .approved(let subscriber): return try tokens(for: subscriber, requestor: requestor)
        }
    }

    /// Tokens for a subscriber who signed in on the app's own pages.
    private func tokens(for subscriber: CustomIdentityStore.Subscriber, requestor: RequestorSettings) throws
        -> MockResponse
    {
        guard let mvpd = backend.index.mvpdsById[subscriber.mvpd],
            let persona = backend.index.persona(subscriber.username, at: mvpd)
        else { throw failure(400, "invalid_grant", "The account that signed in no longer exists.") }
        guard !persona.expired else {
            throw failure(403, "not_entitled", "This \(mvpd.displayName) subscription has ended.")
        }
        return Reply.json(
            tokens(
                for: persona, mvpd: mvpd, provider: mvpd.platformMappingId ?? mvpd.id, requestor: requestor,
                userId: persona.userID))
    }
}
