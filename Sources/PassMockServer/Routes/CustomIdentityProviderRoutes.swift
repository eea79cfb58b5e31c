import Foundation
import HTTPTypes
import MockBackendAPI
import PassAPI

/// A programmer's own identity provider (seed 003) under `/custom-idp/{requestor}`: the info
/// endpoint for the second VSA metadata request, the SAML translate endpoint, and the app's own
/// account sign-in used when single sign-on is not possible.
struct CustomIdentityProviderRoutes {
    let backend: MockBackend

    /// Where a requestor's identity provider lives.
    static func basePath(for requestor: String) -> String { "/custom-idp/\(requestor)" }

    /// The endpoints, with `{requestor}` to fill in (for `GET /__tvsim/info`).
    static let paths: [String: String] = [
        "info": Endpoint.customInfo.path, "translate": Endpoint.customTranslate.path,
        "login": Endpoint.customLogin.path,
        "token": Endpoint.customToken.path, "deviceCode": Endpoint.customDeviceCode.path,
        "device": Endpoint.customDevicePage.path,
    ]

    /// The programmer's SAML service provider: `https://<first domain>/saml/sp`. Apps pass it to
    /// the framework as `channelIdentifier`; it is the issuer of the `verificationToken`.
    static func entityID(of requestor: RequestorSettings) -> String {
        "https://\(requestor.domains.first ?? "\(requestor.id.lowercased()).tvsim.example")/saml/sp"
    }

    /// Seconds between two polls of the device-code grant.
    static let pollInterval = 5
    /// How long an authorization code of the web sign-in can be exchanged.
    static let authorizationCodeLifetimeMilliseconds: Int64 = 60_000

    func register(into registry: inout RouteRegistry) {
        registry.add(.customInfo) { try self.info($0, $1) }
        registry.add(.customTranslate) {
            try self.translate($0, $1)
        }
        registry.add(.customLoginPage) { try self.loginPage($0, $1) }
        registry.add(.customLogin) { try self.login($0, $1) }
        registry.add(.customToken) { try self.token($0, $1) }
        registry.add(.customDeviceCode) {
            try self.deviceCode($0, $1)
        }
        registry.add(.customDevicePage) { try self.devicePage($0, $1) }
        registry.add(.customDeviceSubmit) { try self.deviceSubmit($0, $1) }
    }

    // MARK: Lookups

    func failure(_ status: Int, _ error: String, _ message: String) -> IdentityProviderFailure {
        IdentityProviderFailure(status: status, error: error, message: message)
    }

    /// The requestor of a JSON endpoint.
    func requestor(_ id: String) throws -> RequestorSettings {
        guard let requestor = backend.index.requestorsById[id] else {
            throw failure(404, "unknown_requestor", "There is no requestor '\(id)'.")
        }
        return requestor
    }

    /// The requestor of a browser page.
    func pageRequestor(_ id: String) throws -> RequestorSettings {
        guard let requestor = backend.index.requestorsById[id] else {
            throw PageFailure(status: 404, title: "Unknown app", message: "There is no app '\(id)'.")
        }
        return requestor
    }

    /// The MVPD behind an Apple catalog provider id, when it can take part in single sign-on
    /// with this programmer: integrated, onboarded with Apple and SSO enabled.
    func singleSignOnProvider(_ provider: String, of requestor: RequestorSettings) throws -> MvpdSettings {
        let index = backend.index
        guard let mvpd = index.mvpdsByPlatformId[provider],
            index.integratedMvpd(mvpd.id, for: requestor.id) != nil
        else {
            throw failure(404, "unknown_provider", "No TV provider of \(requestor.name) has the id '\(provider)'.")
        }
        guard requestor.appleSSO else {
            throw failure(404, "unknown_provider", "\(requestor.name) has no single sign-on with any TV provider.")
        }
        guard mvpd.isAppleSSOCapable else {
            throw failure(404, "unknown_provider", "\(mvpd.displayName) has no single sign-on with \(requestor.name).")
        }
        return mvpd
    }

    /// The attributes the programmer asks the TV provider for.
    static func attributeNames(for mvpd: MvpdSettings) -> [String] {
        var seen = Set<String>()
        let names =
            mvpd.requiredMetadataFields.isEmpty ? ["userID", "householdID", "maxRating"] : mvpd.requiredMetadataFields
        return names.filter { seen.insert($0).inserted }
    }

    // MARK: Tokens

    /// The app's own session for a subscriber of `mvpd`.
    func tokens(
        for persona: Persona, mvpd: MvpdSettings, provider: String, requestor: RequestorSettings, userId: String
    ) -> CustomIdentityTokens {
        CustomIdentityTokens(
            accessToken: randomToken(), refreshToken: randomToken(),
            expiresIn: Int(backend.authenticationLifetime(of: mvpd) / 1000), userId: userId, provider: provider,
            entitlements: CatalogAccess.watchable(by: persona, in: requestor.resources))
    }

    /// Random-looking, but drawn from the back end's seeded generator.
    func randomToken(length: Int = 40) -> String {
        backend.random.string(
            length: length, alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    }
}
