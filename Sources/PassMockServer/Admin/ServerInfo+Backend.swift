import Foundation
import MockBackendAPI
import PassAPI

extension MockBackend {
    public func info() -> ServerInfo {
        let dashboard = self.dashboard
        let requestors = dashboard.requestors.map { requestor in
            ServerInfo.Requestor(
                id: requestor.id, name: requestor.name,
                softwareStatement: credentials.softwareStatement(for: requestor),
                domains: requestor.domains, appleSSO: requestor.appleSSO, resources: requestor.resources,
                sdkTVAppleSSO: requestor.sdkTVAppleSSO,
                customIdentityProvider: CustomIdentityProviderRoutes.basePath(for: requestor.id),
                signedRequests: acceptsSignedV1 ? credentials.signedRequestKeys(for: requestor) : nil)
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
                "loginPage": Endpoint.identityProviderLoginPage.path, "context": Endpoint.identityProviderContext.path,
                "signIn": Endpoint.identityProviderSignIn.path,
                "attributeQuery": Endpoint.identityProviderAttributes.path,
            ], activationURL: baseURL + Endpoint.activationPage.path,
            customIdentityProvider: CustomIdentityProviderRoutes.paths)
    }
}
