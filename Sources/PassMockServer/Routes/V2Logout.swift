import Foundation
import MockBackendAPI
import PassAPI

extension V2Routes {
    func registerLogout(into registry: inout RouteRegistry) {
        registry.add(.logout) { try self.logout($0, $1) }
    }

    /// Deletes the profile and says what else the app must do: open the MVPD logout page, tell the
    /// user to sign out in Settings (Apple SSO), or nothing.
    func logout(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let gate = self.gate
        let caller = try gate.caller(request, serviceProvider: parameters["serviceProvider"])
        let mvpd = try gate.mvpd(parameters["mvpd"], for: caller.requestor)
        let device = try gate.deviceIdentifier(request)
        _ = try gate.deviceInfo(request)
        let redirectUrl = try gate.redirectUrl(request.query["redirectUrl"], for: caller.requestor)
        let key = ProfileKey(
            clientId: caller.clientId, deviceId: device.identifier, serviceProvider: caller.requestor.id, mvpd: mvpd.id)
        let removed = backend.store.removeProfile(key)
        let action = logoutAction(
            removed: removed, mvpd: mvpd, requestor: caller.requestor, redirectUrl: redirectUrl,
            deviceId: device.identifier)
        return Reply.json(LogoutResponse(logouts: [mvpd.id: action]))
    }

    private func logoutAction(
        removed: StoredProfile?, mvpd: MvpdSettings, requestor: RequestorSettings, redirectUrl: String?,
        deviceId: String
    ) -> MvpdLogout {
        guard let removed, !removed.isExpired(atMilliseconds: backend.nowMilliseconds) else {
            return MvpdLogout(actionName: .invalid, actionType: .none, mvpd: mvpd.id)
        }
        switch removed.profile.type {
        case .appleSSO:
            return MvpdLogout(actionName: .partnerLogout, actionType: .partnerInteractive, mvpd: mvpd.id)
        case .regular where mvpd.logoutSupported:
            let url = WebAuthenticationRoutes.logoutURL(
                mvpd: mvpd, requestor: requestor, deviceId: deviceId, redirect: redirectUrl)
            return MvpdLogout(actionName: .logout, actionType: .interactive, mvpd: mvpd.id, url: url)
        default:
            return MvpdLogout(actionName: .complete, actionType: .none, mvpd: mvpd.id)
        }
    }
}
