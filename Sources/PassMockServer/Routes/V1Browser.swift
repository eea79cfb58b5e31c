import Foundation
import MockBackendAPI
import PassAPI

/// The two V1 calls a browser or web view opens: `authenticate` (into the MVPD login chain V2
/// uses) and `logout` (through the MVPD's web logout). No access token; errors are HTML pages.
extension V1Routes {
    /// `GET /api/v1/authenticate?requestor_id&mso_id&reg_code&domain_name&redirect_url…`
    func authenticateInBrowser(_ request: IncomingRequest) throws -> MockResponse {
        let query = request.query
        guard let requestor = query["requestor_id"] ?? query["requestor"], let rawCode = query["reg_code"],
            let mvpdId = query["mso_id"], !requestor.isEmpty, !rawCode.isEmpty, !mvpdId.isEmpty
        else {
            throw PageFailure(
                status: 400, title: "Sign-in cannot start",
                message: "The request needs requestor_id, reg_code and mso_id.")
        }
        let web = WebAuthenticationRoutes(backend: backend)
        let session = try web.liveSession(code: rawCode, serviceProvider: requestor)
        let mvpd = try web.integratedMvpd(mvpdId, serviceProvider: requestor)
        let redirect = try RedirectPolicy.pageRedirect(
            query["redirect_url"], for: backend.index.requestorsById[requestor], title: "Sign-in cannot start")
        let target = redirect ?? "\(backend.baseURL)/activate/\(session.code)/done"
        if mvpd.isTempPass || mvpd.degradation == .authNAll {
            // Adobe issues these tokens itself: no MVPD login.
            let key = ProfileKey(
                clientId: session.clientId, deviceId: session.deviceId, serviceProvider: requestor, mvpd: mvpd.id)
            backend.ensureSyntheticProfile(mvpd.isTempPass ? .temporary : .degraded, mvpd: mvpd, key: key)
            _ = backend.store.updateSession(code: session.code) { $0.completedProfile = key }
            return Reply.redirect(to: target)
        }
        let domain =
            query["domain_name"].flatMap { $0.isEmpty ? nil : $0 }
            ?? backend.index.requestorsById[requestor]?.domains.first ?? "tvsim.example"
        _ = backend.store.updateSession(code: session.code) { session in
            session.parameters[.mvpd] = mvpd.id
            session.parameters[.domainName] = domain
            session.parameters[.redirectUrl] = target
        }
        return try web.start(serviceProvider: requestor, code: session.code)
    }

    /// `GET /api/v1/logout?requestor_id&redirect_url` (and optionally `deviceId`): forgets the
    /// device's tokens and authorizations for the requestor, then signs out at the MVPD when it
    /// has a web logout, ending at `redirect_url`.
    func logoutInBrowser(_ request: IncomingRequest) throws -> MockResponse {
        let query = request.query
        guard
            let requestor = (query["requestor_id"] ?? query["requestor"]).flatMap({ backend.index.requestorsById[$0] })
        else {
            throw PageFailure(
                status: 400, title: "Sign-out cannot start", message: "The request needs a known requestor_id.")
        }
        let redirect = try RedirectPolicy.pageRedirect(
            query["redirect_url"], for: requestor, title: "Sign-out cannot start")
        let deviceId = query["deviceId"].flatMap { $0.isEmpty ? nil : $0 } ?? newestSignedInDevice(of: requestor.id)
        let removed = deviceId.map { forgetTokens(deviceId: $0, requestor: requestor.id) } ?? []
        if let deviceId, let mvpd = webLogoutMvpd(after: removed) {
            return Reply.redirect(
                to: WebAuthenticationRoutes.logoutURL(
                    mvpd: mvpd, requestor: requestor, deviceId: deviceId, redirect: redirect))
        }
        if let redirect { return Reply.redirect(to: redirect) }
        let name = removed.first.flatMap { backend.index.mvpdsById[$0.key.mvpd]?.displayName } ?? "your TV provider"
        return Reply.html(Pages.loggedOut(providerName: name, returnURL: nil))
    }

    /// Adobe knows the browser's device from its own cookie; the mock's web views carry no
    /// cookies, so without `deviceId` it takes the device of the requestor's newest valid token.
    private func newestSignedInDevice(of requestor: String) -> String? {
        let now = backend.nowMilliseconds
        return backend.store.allProfiles()
            .filter { $0.key.serviceProvider == requestor && !$0.value.isExpired(atMilliseconds: now) }
            .max { $0.value.profile.notBefore < $1.value.profile.notBefore }?.key.deviceId
    }

    /// The MVPD whose web session the logout also ends: that of the newest valid regular token
    /// removed, when the MVPD supports logout.
    private func webLogoutMvpd(after removed: [(key: ProfileKey, value: StoredProfile)]) -> MvpdSettings? {
        let now = backend.nowMilliseconds
        let signedIn = removed.filter { !$0.value.isExpired(atMilliseconds: now) && $0.value.profile.type == .regular }
        guard let newest = signedIn.max(by: { $0.value.profile.notBefore < $1.value.profile.notBefore }),
            let mvpd = backend.index.mvpdsById[newest.key.mvpd], mvpd.logoutSupported
        else { return nil }
        return mvpd
    }
}
