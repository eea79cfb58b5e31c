import Foundation
import Localization
import PassAPI

/// The second-screen activation site: enter the code from the TV, choose the provider if the TV
/// did not, sign in, done. It drives the same session the TV polls.
struct ActivationRoutes {
    let backend: MockBackend

    /// The way on from an error page of the activation site.
    static let enterACode = PageLink(href: Endpoint.activationPage.path, text: "Enter a code")

    func register(into registry: inout RouteRegistry) {
        registry.add(.activationPage) { request, _ in
            Reply.html(Pages.activationStart(error: nil, code: request.query["code"] ?? "", strings: request.strings))
        }
        registry.add(.activationSubmit) { request, _ in
            try self.submitCode(request)
        }
        registry.add(.activationProvider) {
            request, parameters in
            try self.providerPage(code: parameters["code"], strings: request.strings)
        }
        registry.add(.activationProviderSubmit) {
            request, parameters in
            try self.chooseProvider(request, code: parameters["code"])
        }
        registry.add(.activationDone) { request, parameters in
            let code = parameters["code"].uppercased()
            guard let session = self.backend.store.session(code: code), let key = session.completedProfile else {
                throw PageFailure(
                    status: 404, title: "Not signed in", message: "No sign-in has completed for the code \(code).",
                    next: Self.enterACode)
            }
            let name = self.backend.index.mvpdsById[key.mvpd]?.displayName
            return Reply.html(Pages.activationDone(code: code, providerName: name, strings: request.strings))
        }
    }

    private func submitCode(_ request: IncomingRequest) throws -> MockResponse {
        let strings = request.strings
        let typed = (try request.form()["code"] ?? "").filter { !$0.isWhitespace && $0 != "-" }.uppercased()
        guard let session = backend.store.session(code: typed) else {
            return Reply.html(
                Pages.activationStart(error: strings("page.codeNotValid"), code: typed, strings: strings),
                status: 400)
        }
        guard !session.isExpired(at: backend.now) else {
            return Reply.html(
                Pages.activationStart(error: strings("page.codeExpired"), code: typed, strings: strings),
                status: 400)
        }
        if let mvpd = session.parameters[.mvpd] { return try resume(session, mvpd: mvpd) }
        return Reply.redirect(to: Endpoint.activationProvider.path(session.code))
    }

    private func providerPage(code: String, strings: Strings) throws -> MockResponse {
        let session = try liveSession(code)
        let requestorName = backend.index.requestorsById[session.serviceProvider]?.name ?? session.serviceProvider
        let mvpds = backend.index.integratedMvpds(for: session.serviceProvider).filter { !$0.isTempPass }
            .sorted { $0.displayName.localizedCaseInsensitiveCompare($1.displayName) == .orderedAscending }
        return Reply.html(
            Pages.activationProviders(code: session.code, requestorName: requestorName, mvpds: mvpds, strings: strings))
    }

    private func chooseProvider(_ request: IncomingRequest, code: String) throws -> MockResponse {
        let session = try liveSession(code)
        guard let mvpd = try request.form()["mvpd"],
            backend.index.integratedMvpd(mvpd, for: session.serviceProvider) != nil
        else {
            throw PageFailure(
                status: 400, title: "Choose a provider", message: "Choose a TV provider from the list.",
                next: PageLink(href: Endpoint.activationProvider.path(session.code), text: "Back to the list"))
        }
        return try resume(session, mvpd: mvpd)
    }

    /// Completes the session's parameters as a second-screen app would, then starts the login: a
    /// V1 registration code through `GET /api/v1/authenticate` with it (seed 000, step 10), which
    /// ends at this site's done page; any other code through REST API V2's `authenticate`.
    private func resume(_ session: AuthenticationSession, mvpd: String) throws -> MockResponse {
        let domain = backend.index.requestorsById[session.serviceProvider]?.domains.first ?? "tvsim.example"
        if session.isV1RegistrationCode {
            let query = [
                ("requestor_id", session.serviceProvider), ("reg_code", session.code), ("mso_id", mvpd),
                ("domain_name", session.parameters[.domainName] ?? domain),
            ].map { "\($0.0)=\($0.1.queryEncoded)" }.joined(separator: "&")
            return Reply.redirect(to: "\(Endpoint.v1Authenticate.path)?\(query)")
        }
        _ = backend.store.updateSession(code: session.code) { session in
            session.parameters[.mvpd] = mvpd
            session.parameters[.domainName] = session.parameters[.domainName] ?? domain
            session.parameters[.redirectUrl] = backend.baseURL + Endpoint.activationDone.path(session.code)
        }
        return Reply.redirect(to: Endpoint.authenticate.path(session.serviceProvider, session.code))
    }

    private func liveSession(_ rawCode: String) throws -> AuthenticationSession {
        let code = rawCode.uppercased()
        guard let session = backend.store.session(code: code), !session.isExpired(at: backend.now) else {
            throw PageFailure(
                status: 400, title: "Code not valid", message: "The code \(code) is not valid or has expired.",
                next: Self.enterACode)
        }
        return session
    }
}
