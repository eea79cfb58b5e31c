import Foundation
import PassAPI

/// What `GET /__tvsim/info` tells tools: where things are and what to sign in with.
public struct ServerInfo: Codable, Sendable {
    public struct Requestor: Codable, Sendable {
        public let id: String
        public let name: String
        public let softwareStatement: String
        public let domains: [String]
        public let appleSSO: Bool
        public let resources: [ResourceSettings]
        /// How the SDK signs an Apple TV in after Apple's picker.
        public let sdkTVAppleSSO: SDKTVAppleSSO
        /// Path of the programmer's own identity provider (`/custom-idp/{id}`).
        public let customIdentityProvider: String?
    }

    public struct Mvpd: Codable, Sendable {
        public let id: String
        public let displayName: String
        public let platformMappingId: String?
        public let boardingStatus: BoardingStatus?
        public let enablePlatformServices: Bool
        public let displayInPlatformPicker: Bool
        public let integrationEnabled: Bool
        public let ssoEnabled: Bool
        public let degradation: DegradationRule?
        public let logoutSupported: Bool
        public let identityProviderAvailable: Bool
        public let isTempPass: Bool
        /// Usernames that can sign in here.
        public let personas: [String]
    }

    public struct PersonaHint: Codable, Sendable {
        /// `default` for the personas every MVPD without its own list shares, else the MVPD id.
        public let scope: String
        public let username: String
        public let password: String
        public let displayName: String
        public let note: String?
        public let expired: Bool
        public let maxRating: String?
        public let entitlements: [String]
    }

    public let baseURL: String
    public let time: Int64
    public let requestors: [Requestor]
    public let mvpds: [Mvpd]
    public let personas: [PersonaHint]
    /// Paths of the mock identity provider endpoints, with `{mvpd}` to fill in.
    public let identityProvider: [String: String]
    public let activationURL: String
    /// Paths of a programmer's own identity provider, with `{requestor}` to fill in.
    public let customIdentityProvider: [String: String]?
}

extension MockBackend {
    public func info() -> ServerInfo {
        let dashboard = self.dashboard
        let requestors = dashboard.requestors.map { requestor in
            ServerInfo.Requestor(
                id: requestor.id, name: requestor.name,
                softwareStatement: credentials.softwareStatement(for: requestor),
                domains: requestor.domains, appleSSO: requestor.appleSSO, resources: requestor.resources,
                sdkTVAppleSSO: requestor.sdkTVAppleSSO,
                customIdentityProvider: CustomIdentityProviderRoutes.basePath(for: requestor.id))
        }
        let mvpds = dashboard.mvpds.map { mvpd in
            ServerInfo.Mvpd(
                id: mvpd.id, displayName: mvpd.displayName, platformMappingId: mvpd.platformMappingId,
                boardingStatus: mvpd.boardingStatus, enablePlatformServices: mvpd.enablePlatformServices,
                displayInPlatformPicker: mvpd.displayInPlatformPicker, integrationEnabled: mvpd.integrationEnabled,
                ssoEnabled: mvpd.ssoEnabled, degradation: mvpd.degradation, logoutSupported: mvpd.logoutSupported,
                identityProviderAvailable: mvpd.identityProviderAvailable, isTempPass: mvpd.isTempPass,
                personas: dashboard.personas(of: mvpd).map(\.username))
        }
        let hint = { (scope: String, persona: Persona) in
            ServerInfo.PersonaHint(
                scope: scope, username: persona.username, password: persona.password, displayName: persona.displayName,
                note: persona.note, expired: persona.expired, maxRating: persona.maxRating,
                entitlements: persona.entitlements)
        }
        let personas =
            dashboard.defaultPersonas.map { hint("default", $0) }
            + dashboard.mvpds.flatMap { mvpd in (mvpd.personas ?? []).map { hint(mvpd.id, $0) } }
        return ServerInfo(
            baseURL: baseURL, time: nowMilliseconds, requestors: requestors, mvpds: mvpds, personas: personas,
            identityProvider: [
                "loginPage": "/idp/{mvpd}/login", "context": "/idp/{mvpd}/vsa/context",
                "signIn": "/idp/{mvpd}/vsa/sign-in", "attributeQuery": "/idp/{mvpd}/vsa/attribute-query",
            ], activationURL: "\(baseURL)/activate", customIdentityProvider: CustomIdentityProviderRoutes.paths)
    }
}
