import Foundation
import Localization
import MockBackendAPI
import PassAPI

/// The browser side of basic authentication: the user-agent entry point, the hop through the
/// service's SAML endpoint, the MVPD login, the artifact return and the MVPD logout. Every step
/// is a plain redirect or form, so it works in a browser without JavaScript and with curl.
struct WebAuthenticationRoutes {
    let backend: MockBackend

    /// The MVPD logout page a sign-out sends the browser to, back to `redirect` afterwards.
    static func logoutURL(mvpd: MvpdSettings, requestor: RequestorSettings, deviceId: String, redirect: String?)
        -> String
    {
        var url =
            "\(Endpoint.webLogout.path)?noflash=true&mso_id=\(mvpd.id.queryEncoded)"
            + "&requestor_id=\(requestor.id.queryEncoded)&pt_device_id=\(deviceId.queryEncoded)"
        if let redirect { url += "&redirect_url=\(redirect.queryEncoded)" }
        return url
    }

    struct WebState: Codable {
        let code: String
        let serviceProvider: String
        let mvpd: String
        let exp: Int64
    }

    struct Artifact: Codable {
        let code: String
        let serviceProvider: String
        let mvpd: String
        let username: String
        let exp: Int64
        /// Makes each artifact unique so it can be spent once.
        let nonce: String
    }

    func register(into registry: inout RouteRegistry) {
        registry.add(.webAuthenticate) { request, _ in
            try self.samlEntry(request)
        }
        registry.add(.webArtifact) { request, _ in
            try self.artifact(request)
        }
        registry.add(.webLogout) { request, _ in
            try self.logout(request)
        }
        registry.add(.identityProviderLoginPage) { request, parameters in
            try self.loginPage(request, mvpdId: parameters["mvpd"])
        }
        registry.add(.identityProviderLogin) { request, parameters in
            try self.login(request, mvpdId: parameters["mvpd"])
        }
    }

    /// `GET /api/v2/authenticate/{sp}/{code}`, registered with the V2 routes.
    func start(serviceProvider: String, code rawCode: String) throws -> MockResponse {
        let session = try liveSession(code: rawCode, serviceProvider: serviceProvider)
        let missing = session.missingParameters.filter { $0 != .domainName }
        guard missing.isEmpty else {
            throw PageFailure(
                status: 400, title: "Sign-in cannot start",
                message: "The session is missing \(missing.map(\.rawValue).joined(separator: ", ")).",
                code: .invalidAuthenticationSession)
        }
        let mvpd = try integratedMvpd(session.parameters[.mvpd]!, serviceProvider: serviceProvider)
        let query = [
            ("noflash", "true"), ("mso_id", mvpd.id), ("requestor_id", serviceProvider), ("no_iframe", "false"),
            ("domain_name", session.parameters[.domainName] ?? ""), ("redirect_url", session.parameters[.redirectUrl]!),
            ("reg_code", session.code),
        ].map { "\($0.0)=\($0.1.queryEncoded)" }.joined(separator: "&")
        return Reply.redirect(to: "\(Endpoint.webAuthenticate.path)?\(query)")
    }

    private func samlEntry(_ request: IncomingRequest) throws -> MockResponse {
        guard let code = request.query["reg_code"], let requestor = request.query["requestor_id"],
            let mvpdId = request.query["mso_id"]
        else {
            throw PageFailure(status: 400, title: "Sign-in cannot start", message: "The request is missing parameters.")
        }
        let session = try liveSession(code: code, serviceProvider: requestor)
        guard session.parameters[.mvpd] == mvpdId else {
            throw PageFailure(
                status: 400, title: "Sign-in cannot start", message: "The provider does not match the session.")
        }
        let mvpd = try integratedMvpd(mvpdId, serviceProvider: requestor)
        let state = WebState(
            code: session.code, serviceProvider: requestor, mvpd: mvpd.id, exp: session.notAfter.milliseconds)
        let token = backend.signer.token(state, for: .webState)
        return Reply.redirect(
            to: "\(Endpoint.identityProviderLoginPage.path(mvpd.id))?RelayState=\(token.queryEncoded)")
    }

    private func loginPage(_ request: IncomingRequest, mvpdId: String) throws -> MockResponse {
        let (_, mvpd) = try verifiedState(request.query["RelayState"], mvpdId: mvpdId)
        let personas = backend.dashboard.personas(of: mvpd)
        return Reply.html(
            Pages.login(
                mvpd: mvpd, personas: personas, relayState: request.query["RelayState"]!, error: nil, username: "",
                strings: request.strings))
    }

    private func login(_ request: IncomingRequest, mvpdId: String) throws -> MockResponse {
        let form = try request.form()
        let (state, mvpd) = try verifiedState(form["RelayState"], mvpdId: mvpdId)
        let username = form["username"] ?? ""
        let personas = backend.dashboard.personas(of: mvpd)
        let rejection = { (message: String) -> MockResponse in
            Reply.html(
                Pages.login(
                    mvpd: mvpd, personas: personas, relayState: form["RelayState"]!, error: message, username: username,
                    strings: request.strings),
                status: 401)
        }
        guard let persona = backend.index.persona(username, at: mvpd), persona.password == form["password"] else {
            return rejection(request.strings("page.wrongPassword"))
        }
        guard !persona.expired else {
            return rejection(request.strings("page.subscriptionEnded", ["provider": mvpd.displayName]))
        }
        // The sign-in link signs in once; a wrong password may be tried again on it.
        let relay = "relay:\(state.serviceProvider):\(state.code):\(state.mvpd)"
        guard try backend.spendOnce(relay, owner: owner(ofCode: state.code), validUntil: state.exp) else {
            throw PageFailure(
                status: 400, title: "Sign-in failed",
                message: "This sign-in link was already used. Start again from the app.")
        }
        let artifact = Artifact(
            code: state.code, serviceProvider: state.serviceProvider, mvpd: mvpd.id, username: persona.username,
            exp: backend.nowMilliseconds + 60_000, nonce: backend.newIdentifier())
        let token = backend.signer.token(artifact, for: .artifact)
        return Reply.redirect(to: "\(Endpoint.webArtifact.path)?SAMLart=\(token.queryEncoded)")
    }

    /// The service resolves the artifact, stores the profile and sends the browser home.
    private func artifact(_ request: IncomingRequest) throws -> MockResponse {
        guard let token = request.query["SAMLart"],
            let artifact = backend.signer.claims(Artifact.self, from: token, for: .artifact)
        else {
            throw PageFailure(status: 400, title: "Sign-in failed", message: "The sign-in answer is not valid.")
        }
        guard artifact.exp > backend.nowMilliseconds else {
            throw PageFailure(status: 400, title: "Sign-in failed", message: "The sign-in answer has expired.")
        }
        let spent = try backend.spendOnce(
            "artifact:\(artifact.nonce)", owner: owner(ofCode: artifact.code), validUntil: artifact.exp)
        guard spent else {
            throw PageFailure(status: 400, title: "Sign-in failed", message: "This sign-in answer was already used.")
        }
        let session = try liveSession(code: artifact.code, serviceProvider: artifact.serviceProvider)
        let mvpd = try integratedMvpd(artifact.mvpd, serviceProvider: artifact.serviceProvider)
        guard let persona = backend.index.persona(artifact.username, at: mvpd) else {
            throw PageFailure(status: 400, title: "Sign-in failed", message: "The account no longer exists.")
        }
        let key = ProfileKey(
            clientId: session.clientId, deviceId: session.deviceId, serviceProvider: session.serviceProvider,
            mvpd: mvpd.id)
        backend.storeRegularProfile(key: key, persona: persona, mvpd: mvpd)
        _ = backend.store.updateSession(code: session.code) { $0.completedProfile = key }
        return Reply.redirect(to: session.parameters[.redirectUrl] ?? Endpoint.activationDone.path(session.code))
    }

    private func logout(_ request: IncomingRequest) throws -> MockResponse {
        let mvpdId = request.query["mso_id"] ?? ""
        let name = backend.index.mvpdsById[mvpdId]?.displayName ?? "your TV provider"
        let requestor = backend.index.requestorsById[request.query["requestor_id"] ?? ""]
        if let target = try RedirectPolicy.pageRedirect(
            request.query["redirect_url"], for: requestor, title: "Sign-out cannot finish")
        {
            return Reply.redirect(to: target)
        }
        return Reply.html(Pages.loggedOut(providerName: name, returnURL: nil))
    }

    // MARK: Checks

    /// Who spends the one-time values of a sign-in: the client that asked for its code, so a
    /// client signing in without end uses its own quota and no one else's.
    private func owner(ofCode code: String) -> String {
        backend.store.session(code: code).map { "client:\($0.clientId)" } ?? "code:\(code)"
    }

    func liveSession(code rawCode: String, serviceProvider: String) throws -> AuthenticationSession {
        let code = rawCode.trimmingCharacters(in: .whitespaces).uppercased()
        guard let session = backend.store.session(code: code), session.serviceProvider == serviceProvider else {
            throw PageFailure(
                status: 400, title: "Unknown code", message: "No sign-in is waiting for the code \(rawCode).",
                code: .invalidParameterCode)
        }
        guard !session.isExpired(at: backend.now) else {
            throw PageFailure(
                status: 400, title: "Code expired",
                message: "The code \(code) has expired. Get a new one on your device.",
                code: .invalidAuthenticationSession)
        }
        // A code signs in once: a second sign-in with it would be someone else's.
        guard session.completedProfile == nil else {
            throw PageFailure(
                status: 400, title: "Code already used",
                message: "The code \(code) was already used to sign in. Get a new one on your device.",
                code: .invalidAuthenticationSession)
        }
        return session
    }

    func integratedMvpd(_ id: String, serviceProvider: String) throws -> MvpdSettings {
        guard let mvpd = backend.index.integratedMvpd(id, for: serviceProvider) else {
            throw PageFailure(
                status: 400, title: "Unknown TV provider", message: "\(id) is not available for this app.",
                code: .invalidIntegration)
        }
        return mvpd
    }

    /// The MVPD behind its own sign-in pages. Adobe's endpoints redirect to them whatever the
    /// MVPD's state; an MVPD that is down fails there, on its own pages, as a real one does.
    private func respondingMvpd(_ id: String, serviceProvider: String) throws -> MvpdSettings {
        let mvpd = try integratedMvpd(id, serviceProvider: serviceProvider)
        guard mvpd.identityProviderAvailable else {
            throw PageFailure(
                status: 503, title: "\(mvpd.displayName) is not responding",
                message: "The TV provider's sign-in service is unavailable. Try again later.")
        }
        return mvpd
    }

    private func verifiedState(_ token: String?, mvpdId: String) throws -> (WebState, MvpdSettings) {
        guard let token, let state = backend.signer.claims(WebState.self, from: token, for: .webState),
            state.mvpd == mvpdId
        else {
            throw PageFailure(
                status: 400, title: "Sign-in failed",
                message: "This sign-in link is not valid. Start again from the app.")
        }
        guard state.exp > backend.nowMilliseconds else {
            throw PageFailure(
                status: 400, title: "Sign-in expired",
                message: "This sign-in link has expired. Start again from the app.")
        }
        let mvpd = try respondingMvpd(state.mvpd, serviceProvider: state.serviceProvider)
        return (state, mvpd)
    }
}
