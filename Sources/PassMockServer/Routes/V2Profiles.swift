import Foundation
import MockBackendAPI
import PassAPI

extension V2Routes {
    func registerProfiles(into registry: inout RouteRegistry) {
        registry.add(.profiles) { try self.profiles($0, $1) }
        registry.add(.profileForMvpd) { try self.profileForMvpd($0, $1) }
        registry.add(.profileForCode) { try self.profileForCode($0, $1) }
    }

    func profiles(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let gate = self.gate
        let caller = try gate.caller(request, serviceProvider: parameters["serviceProvider"])
        let device = try gate.deviceIdentifier(request)
        _ = try gate.deviceInfo(request)
        let status = try gate.partnerFrameworkStatus(request)
        let profiles = backend.visibleProfiles(
            clientId: caller.clientId, deviceId: device.identifier, serviceProvider: caller.requestor.id,
            partnerStatus: status)
        return Reply.json(ProfilesResponse(profiles: profiles))
    }

    func profileForMvpd(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let gate = self.gate
        let caller = try gate.caller(request, serviceProvider: parameters["serviceProvider"])
        let mvpd = try gate.mvpd(parameters["mvpd"], for: caller.requestor)
        let device = try gate.deviceIdentifier(request)
        _ = try gate.deviceInfo(request)
        let status = try gate.partnerFrameworkStatus(request)
        let key = ProfileKey(
            clientId: caller.clientId, deviceId: device.identifier, serviceProvider: caller.requestor.id, mvpd: mvpd.id)
        try rejectSpentTempPass(key: key, mvpd: mvpd)
        let profiles = backend.visibleProfiles(
            clientId: caller.clientId, deviceId: device.identifier, serviceProvider: caller.requestor.id,
            partnerStatus: status, mvpd: mvpd.id)
        return Reply.json(ProfilesResponse(profiles: profiles))
    }

    /// Polled by the streaming device while the user signs in elsewhere: empty until the login
    /// for this code completes.
    func profileForCode(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let gate = self.gate
        let caller = try gate.caller(request, serviceProvider: parameters["serviceProvider"])
        let code = try gate.code(parameters["code"])
        let session = try gate.session(code, serviceProvider: caller.requestor.id)
        guard let key = session.completedProfile, let stored = backend.validProfile(key) else {
            return Reply.json(ProfilesResponse(profiles: [:]))
        }
        return Reply.json(ProfilesResponse(profiles: [key.mvpd: stored.profile]))
    }

    /// A TempPass that ran out answers 403, as documented for the profile endpoints.
    private func rejectSpentTempPass(key: ProfileKey, mvpd: MvpdSettings) throws {
        guard mvpd.isTempPass, let stored = backend.store.profile(key),
            stored.isExpired(atMilliseconds: backend.nowMilliseconds)
        else { return }
        throw EnhancedFailure(.temporaryAccessDurationLimitExceeded, "The temporary pass for this device has ended.")
    }
}
