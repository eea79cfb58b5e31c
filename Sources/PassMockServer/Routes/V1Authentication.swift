import Foundation
import LocatedJSON
import PassAPI

/// What a device has for a requestor: its newest valid authentication token (any MVPD), only
/// expired ones, or nothing.
enum V1TokenState {
    case valid(ProfileKey, StoredProfile)
    case expired
    case missing
}

extension MockBackend {
    /// REST API V1 sees every profile type, Apple SSO included (V1 has no partner framework
    /// header); the newest valid one stands for the device's authentication token.
    func v1Token(clientId: String, deviceId: String, requestor: String) -> V1TokenState {
        let all = store.profiles(clientId: clientId, deviceId: deviceId, serviceProvider: requestor)
        let now = nowMilliseconds
        let valid = all.filter { !$0.1.isExpired(atMilliseconds: now) }
        if let newest = valid.max(by: { $0.1.profile.notBefore < $1.1.profile.notBefore }) {
            return .valid(newest.0, newest.1)
        }
        return all.isEmpty ? .missing : .expired
    }
}

extension StoredProfile {
    /// The `userID` attribute, as V1 tokens report it.
    var userID: String {
        if case .string(let value)? = profile.attributes["userID"]?.value { return value }
        return "anonymous"
    }

    func v1Token(_ key: ProfileKey) -> V1AuthenticationToken {
        V1AuthenticationToken(
            requestor: key.serviceProvider, mvpd: key.mvpd, userId: userID, expires: String(profile.notAfter))
    }
}

extension V1Routes {
    // MARK: Checking the token

    /// `GET /api/v1/checkauthn`: 200 with the token, or 403.
    func checkAuthentication(_ call: V1Request) throws -> MockResponse {
        let (caller, deviceId) = try call.device()
        return try checked(call, clientId: caller.clientId, deviceId: deviceId, requestor: caller.requestor.id)
    }

    /// `GET /api/v1/checkauthn/{code}`: the same for the device that asked for the code.
    func checkAuthenticationForCode(_ call: V1Request) throws -> MockResponse {
        let caller = try call.caller()
        let session = try call.registrationCode(call.parameters["code"], requestor: caller.requestor.id)
        return try checked(call, clientId: session.clientId, deviceId: session.deviceId, requestor: caller.requestor.id)
    }

    private func checked(_ call: V1Request, clientId: String, deviceId: String, requestor: String) throws
        -> MockResponse
    {
        switch backend.v1Token(clientId: clientId, deviceId: deviceId, requestor: requestor) {
        case .valid(let key, let stored): return call.reply(stored.v1Token(key), root: "authentication")
        case .expired: throw V1Failure(.authenticationSessionExpired, message: "Authentication token expired")
        case .missing: throw V1Failure(.authenticationSessionMissing)
        }
    }

    /// `GET /api/v1/tokens/authn`: 200 with the token, 404 without one, 410 when it expired.
    func authenticationToken(_ call: V1Request) throws -> MockResponse {
        let (caller, deviceId) = try call.device()
        switch backend.v1Token(clientId: caller.clientId, deviceId: deviceId, requestor: caller.requestor.id) {
        case .valid(let key, let stored): return call.reply(stored.v1Token(key), root: "authentication")
        case .expired: throw V1Failure(.authenticationSessionExpired, status: 410)
        case .missing: throw V1Failure(.authenticationSessionMissing, status: 404)
        }
    }

    /// `GET /api/v1/authenticate/{code}` (older clients): the token once the login for the code
    /// completed, 404 while it is pending.
    func tokenForCode(_ call: V1Request) throws -> MockResponse {
        let caller = try call.caller()
        let session = try call.registrationCode(call.parameters["code"], requestor: caller.requestor.id)
        guard let key = session.completedProfile, let stored = backend.validProfile(key) else {
            throw V1Failure(
                .authenticationSessionMissing, status: 404,
                details: "No sign-in has completed for the code \(session.code) yet.")
        }
        return call.reply(stored.v1Token(key), root: "authentication")
    }

    // MARK: User metadata

    /// `GET /api/v1/tokens/usermetadata`: the token's metadata and where the token came from.
    func userMetadata(_ call: V1Request) throws -> MockResponse {
        let (caller, deviceId) = try call.device()
        switch backend.v1Token(clientId: caller.clientId, deviceId: deviceId, requestor: caller.requestor.id) {
        case .valid(let key, let stored): return call.reply(metadata(key, stored), root: "metadata")
        case .expired:
            throw V1Failure(
                .authenticationSessionExpired, status: 412, details: "The authentication token has expired.")
        case .missing: throw V1Failure(.authenticationSessionMissing, status: 404)
        }
    }

    private func metadata(_ key: ProfileKey, _ stored: StoredProfile) -> V1UserMetadata {
        var data = stored.profile.attributes.mapValues(\.value)
        data["tokenSource"] = .string(stored.profile.type == .appleSSO ? "Apple" : key.mvpd)
        let encrypted = stored.profile.attributes.filter { $0.value.state == .enc }.keys.sorted()
        return V1UserMetadata(updated: stored.profile.notBefore / 1000, encrypted: encrypted, data: data)
    }

    // MARK: TempPass

    /// `POST /api/v1/authenticate/freepreview`: a TempPass token for the device (204).
    func freePreview(_ call: V1Request) throws -> MockResponse {
        let caller = try call.caller("requestor_id", "requestor")
        let deviceId = try call.deviceId()
        _ = try call.deviceInfo()
        let mvpd = try call.mvpd(try call.required("mso_id", .unknownIntegration), for: caller.requestor)
        guard mvpd.isTempPass else {
            throw V1Failure(
                .unknownIntegration, details: "\(mvpd.id) is not a TempPass provider of \(caller.requestor.id).")
        }
        let key = ProfileKey(
            clientId: caller.clientId, deviceId: deviceId, serviceProvider: caller.requestor.id, mvpd: mvpd.id)
        backend.ensureSyntheticProfile(.temporary, mvpd: mvpd, key: key)
        return Reply.noContent()
    }

    // MARK: Logout

    /// `DELETE /api/v1/logout`: forgets the device's tokens and authorizations (204). The MVPD
    /// is not told.
    func logout(_ call: V1Request) throws -> MockResponse {
        let (caller, deviceId) = try call.device()
        forgetTokens(deviceId: deviceId, requestor: caller.requestor.id, clientId: caller.clientId)
        return Reply.noContent()
    }

    /// Forgets a device's tokens and authorizations for a requestor (only one client's, when
    /// `clientId` is given) and returns the tokens.
    @discardableResult
    func forgetTokens(deviceId: String, requestor: String, clientId: String? = nil)
        -> [(key: ProfileKey, value: StoredProfile)]
    {
        let ofClient = { @Sendable (id: String) in clientId == nil || id == clientId }
        backend.store.removeAuthorizations {
            ofClient($0.clientId) && $0.deviceId == deviceId && $0.requestor == requestor
        }
        return backend.store.takeProfiles {
            ofClient($0.clientId) && $0.deviceId == deviceId && $0.serviceProvider == requestor
        }
    }
}
