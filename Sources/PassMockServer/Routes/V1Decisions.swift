import Foundation
import MockBackendAPI
import PassAPI

/// Authorization, its token, the short media token and preauthorization. Decisions follow the
/// same rules as REST API V2 (`DecisionJudge`), for the MVPD of the device's token.
extension V1Routes {
    /// `GET /api/v1/authorize`: decides one resource and keeps the authorization.
    func authorize(_ call: V1Request) throws -> MockResponse {
        let (caller, deviceId) = try call.device()
        let resource = try resourceParameter(call)
        let (key, _) = try token(caller.clientId, deviceId, caller.requestor.id, status: 403)
        let mvpd = try call.mvpd(key.mvpd, for: caller.requestor)
        let decision = judge(caller.requestor, mvpd, key, .authorize).decide(resource)
        guard decision.authorized else {
            throw denial(decision.error, message: "User not authorized")
        }
        let now = backend.nowMilliseconds
        let lifetime = Int64(mvpd.authorizationLifetimeSeconds ?? backend.settings.authorizationLifetimeSeconds)
        let stored = StoredAuthorization(
            mvpd: mvpd.id, resource: resource, notAfter: decision.notAfter ?? now + lifetime * 1000)
        backend.store.insertAuthorization(
            stored, for: authorizationKey(key, resource), nowMilliseconds: now)
        return authorizationReply(call, stored, requestor: caller.requestor.id)
    }

    /// `GET /api/v1/tokens/authz`: the kept authorization (412 no token, 404 none, 410 expired).
    func authorizationToken(_ call: V1Request) throws -> MockResponse {
        let (caller, deviceId) = try call.device()
        let resource = try resourceParameter(call)
        let (key, _) = try token(caller.clientId, deviceId, caller.requestor.id, status: 412)
        let stored = try authorization(key, resource, missingStatus: 404, expiredStatus: 410)
        return authorizationReply(call, stored, requestor: caller.requestor.id)
    }

    /// `GET /api/v1/tokens/media` (= `/api/v1/mediatoken`): a short media token for a resource
    /// with a valid authorization, else 403.
    func mediaToken(_ call: V1Request) throws -> MockResponse {
        let (caller, deviceId) = try call.device()
        let resource = try resourceParameter(call)
        let (key, profile) = try token(caller.clientId, deviceId, caller.requestor.id, status: 403)
        let stored = try authorization(key, resource, missingStatus: 403, expiredStatus: 403)
        let now = backend.nowMilliseconds
        let notAfter = now + Int64(backend.settings.mediaTokenLifetimeSeconds) * 1000
        let serialized = MediaTokenDocument(
            resource: ResourceReference.checked(resource).id, requestor: caller.requestor.id, mvpd: stored.mvpd,
            issuedAt: now,
            notAfter: notAfter, userID: profile.userID, nonce: backend.newIdentifier()
        ).serialized(with: backend.signer)
        return call.reply(
            V1MediaToken(
                resource: resource, requestor: caller.requestor.id, expires: String(notAfter),
                serializedToken: serialized, userId: profile.userID, mvpdId: stored.mvpd),
            root: "play")
    }

    /// `GET /api/v1/preauthorize`: one answer per resource of a comma-separated list.
    func preauthorize(_ call: V1Request) throws -> MockResponse {
        let (caller, deviceId) = try call.device()
        return try preauthorized(call, caller: caller, clientId: caller.clientId, deviceId: deviceId)
    }

    /// `GET /api/v1/preauthorize/{code}`: the same for the device that asked for the code.
    func preauthorizeForCode(_ call: V1Request) throws -> MockResponse {
        let caller = try call.caller()
        let session = try call.registrationCode(call.parameters["code"], requestor: caller.requestor.id)
        return try preauthorized(call, caller: caller, clientId: session.clientId, deviceId: session.deviceId)
    }

    private func preauthorized(_ call: V1Request, caller: Caller, clientId: String, deviceId: String) throws
        -> MockResponse
    {
        let resources = try resourceList(call, limit: caller.requestor.maxPreauthorizeResources)
        let (key, _) = try token(clientId, deviceId, caller.requestor.id, status: 412, preauthorization: true)
        let decider = judge(caller.requestor, try call.mvpd(key.mvpd, for: caller.requestor), key, .preauthorize)
        let items = resources.map { resource -> V1PreauthorizeResponse.Resource in
            let decision = decider.decide(resource)
            guard !decision.authorized, call.style.enhancedErrors, let error = decision.error else {
                return .init(id: resource, authorized: decision.authorized)
            }
            return .init(
                id: resource, authorized: false, error: denial(error, message: nil).enhanced(trace: error.trace))
        }
        // XML lists the items directly under <resources>.
        if call.style.format == .xml { return call.reply(items, root: "resources") }
        return call.reply(V1PreauthorizeResponse(resources: items), root: "resources")
    }

    // MARK: Shared checks

    private func authorizationReply(_ call: V1Request, _ stored: StoredAuthorization, requestor: String) -> MockResponse
    {
        call.reply(
            V1Authorization(
                mvpd: stored.mvpd, resource: stored.resource, requestor: requestor, expires: String(stored.notAfter)),
            root: "authorization")
    }

    /// The device's valid token; no token (or only an expired one) answers `status`.
    private func token(
        _ clientId: String, _ deviceId: String, _ requestor: String, status: Int, preauthorization: Bool = false
    ) throws -> (ProfileKey, StoredProfile) {
        switch backend.v1Token(clientId: clientId, deviceId: deviceId, requestor: requestor) {
        case .valid(let key, let stored):
            return (key, stored)
        case .expired:
            throw V1Failure(
                preauthorization ? .preauthorizationAuthenticationSessionExpired : .authenticationSessionExpired,
                status: status, message: "User not authenticated", details: "The authentication token has expired.")
        case .missing:
            throw V1Failure(
                preauthorization ? .preauthorizationAuthenticationSessionMissing : .authenticationSessionMissing,
                status: status, message: "User not authenticated")
        }
    }

    /// The kept authorization for `resource`, from the MVPD of the current token.
    private func authorization(_ key: ProfileKey, _ resource: String, missingStatus: Int, expiredStatus: Int) throws
        -> StoredAuthorization
    {
        guard let stored = backend.store.authorization(authorizationKey(key, resource)), stored.mvpd == key.mvpd else {
            throw V1Failure(
                .authorizationNotFound, status: missingStatus,
                details:
                    "There is no authorization for \(ResourceReference.checked(resource).id); call authorize first.")
        }
        guard !stored.isExpired(atMilliseconds: backend.nowMilliseconds) else {
            throw V1Failure(.authorizationExpired, status: expiredStatus, details: "Call authorize again.")
        }
        return stored
    }

    private func authorizationKey(_ key: ProfileKey, _ resource: String) -> V1AuthorizationKey {
        V1AuthorizationKey(
            clientId: key.clientId, deviceId: key.deviceId, requestor: key.serviceProvider,
            resource: ResourceReference.checked(resource).id)
    }

    private func resourceList(_ call: V1Request, limit: Int) throws -> [String] {
        let resources = try call.required("resource", .missingResource).split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for resource in resources { try checkResource(resource) }
        guard !resources.isEmpty else { throw V1Failure.missing("resource", .missingResource) }
        guard resources.count <= limit else {
            throw V1Failure(
                V1ErrorCode.tooManyResources, details: "\(resources.count) resources; this integration allows \(limit)."
            )
        }
        return resources
    }

    /// The `resource` parameter, an id or a well-formed MRSS document.
    private func resourceParameter(_ call: V1Request) throws -> String {
        let resource = try call.required("resource", .missingResource)
        try checkResource(resource)
        return resource
    }

    private func checkResource(_ resource: String) throws {
        do {
            _ = try ResourceReference(resource)
        } catch {
            throw V1Failure(.malformedAuthzRequest, details: error.reason)
        }
    }

    private func judge(
        _ requestor: RequestorSettings, _ mvpd: MvpdSettings, _ key: ProfileKey, _ kind: V2Routes.DecisionKind
    ) -> DecisionJudge {
        DecisionJudge(
            backend: backend, requestor: requestor, mvpd: mvpd, key: key, kind: kind, partnerStatus: nil,
            requiresPartnerStatus: false)
    }

    /// A V2 decision's item-level error in V1 terms.
    private func denial(_ error: EnhancedError?, message: String?) -> V1Failure {
        let code = error.flatMap { ErrorCode(rawValue: $0.code) } ?? .authorizationDeniedByMvpd
        return V1Failure(code, status: 403, message: message, details: error?.details)
    }
}
