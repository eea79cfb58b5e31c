import Foundation
import MockBackendAPI
import PassAPI

extension V2Routes {
    func registerDecisions(into registry: inout RouteRegistry) {
        registry.add(.preauthorize) { try self.decisions($0, $1, kind: .preauthorize) }
        registry.add(.authorize) { try self.decisions($0, $1, kind: .authorize) }
    }

    enum DecisionKind {
        case preauthorize
        case authorize
    }

    func decisions(_ request: IncomingRequest, _ parameters: RouteParameters, kind: DecisionKind) throws -> MockResponse
    {
        let gate = self.gate
        let caller = try gate.caller(request, serviceProvider: parameters["serviceProvider"])
        let mvpd = try gate.mvpd(parameters["mvpd"], for: caller.requestor)
        let device = try gate.deviceIdentifier(request)
        _ = try gate.deviceInfo(request)
        let partnerStatus = try gate.partnerFrameworkStatus(request)
        let resources = try request.json(DecisionsRequest.self, invalid: .invalidParameterResources).resources
        let limit =
            kind == .authorize ? caller.requestor.maxAuthorizeResources : caller.requestor.maxPreauthorizeResources
        guard !resources.isEmpty, resources.allSatisfy({ !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw EnhancedFailure(.invalidParameterResources, "The resources list is empty or has an empty entry.")
        }
        guard resources.count <= limit else {
            throw EnhancedFailure(.tooManyResources, "\(resources.count) resources; this integration allows \(limit).")
        }
        for (index, resource) in resources.enumerated() {
            do {
                _ = try ResourceReference(resource)
            } catch {
                throw EnhancedFailure(.invalidParameterResources, "resources[\(index)]: \(error.reason)")
            }
        }
        let key = ProfileKey(
            clientId: caller.clientId, deviceId: device.identifier, serviceProvider: caller.requestor.id, mvpd: mvpd.id)
        let judge = DecisionJudge(
            backend: backend, requestor: caller.requestor, mvpd: mvpd, key: key, kind: kind,
            partnerStatus: partnerStatus)
        return Reply.json(DecisionsResponse(decisions: resources.map(judge.decide)))
    }
}

/// Decides one resource: degradation rules first, then the profile, then the persona's package
/// and parental controls.
struct DecisionJudge {
    let backend: MockBackend
    let requestor: RequestorSettings
    let mvpd: MvpdSettings
    let key: ProfileKey
    let kind: V2Routes.DecisionKind
    let partnerStatus: PartnerFrameworkStatus?
    /// REST API V2 hides Apple SSO profiles unless `AP-Partner-Framework-Status` vouches for
    /// them; REST API V1 has no such header and trusts the token it issued.
    var requiresPartnerStatus = true

    func decide(_ resource: String) -> Decision {
        let reference = ResourceReference.checked(resource)
        var decision = Decision(
            resource: resource, serviceProvider: requestor.id, mvpd: mvpd.id, source: .mvpd, authorized: false)
        switch mvpd.degradation {
        case .authZAll:
            decision.source = .degradation
            decision.authorized = true
            return withToken(decision, resource: reference)
        case .authZNone:
            decision.source = .degradation
            return denied(decision, .authorizationDeniedByDegradationRule)
        case .authNAll, nil:
            break
        }
        guard let stored = backend.store.profile(key) else {
            return denied(decision, .authenticatedProfileMissing)
        }
        if stored.isExpired(atMilliseconds: backend.nowMilliseconds) {
            if stored.profile.type == .temporary {
                decision.source = .temppass
                return denied(decision, .temporaryAccessDurationLimitExceeded)
            }
            return denied(decision, .authenticatedProfileExpired)
        }
        if stored.profile.type == .appleSSO, requiresPartnerStatus, !partnerStatusVouches() {
            return denied(
                decision, .authenticatedProfileMissing,
                details: "Apple SSO profiles need a valid AP-Partner-Framework-Status.")
        }
        switch stored.profile.type {
        case .temporary: decision.source = .temppass
        case .degraded: decision.source = .degradation
        default: decision.source = .mvpd
        }
        if let failure = personaRefusal(stored, reference) { return failure(decision) }
        decision.authorized = true
        return withToken(decision, resource: reference)
    }

    private func partnerStatusVouches() -> Bool {
        guard let status = partnerStatus else { return false }
        let index = backend.index
        return status.validationFailure(
            nowMilliseconds: backend.nowMilliseconds, knownProviderIds: index.knownPlatformIds,
            mvpdPlatformMappingId: mvpd.platformMappingId) == nil
    }

    /// The MVPD's answer for the persona behind the profile: package, then parental controls.
    private func personaRefusal(_ stored: StoredProfile, _ resource: ResourceReference) -> ((Decision) -> Decision)? {
        guard let username = stored.personaUsername, let persona = backend.index.persona(username, at: mvpd) else {
            return nil
        }
        let catalogued = backend.index.resource(resource.id, of: requestor.id)
        let title = catalogued?.title ?? resource.id
        switch CatalogAccess.refusal(
            persona: persona, resourceId: resource.id, rating: resource.rating, catalogued: catalogued)
        {
        case .notInPackage:
            let code: ErrorCode = kind == .authorize ? .authorizationDeniedByMvpd : .preauthorizationDeniedByMvpd
            return { denied($0, code, details: "Your \(mvpd.displayName) package does not include \(title).") }
        case .rating(let rating, let limit):
            return {
                denied(
                    $0, .authorizationDeniedByParentalControls,
                    details: "\(title) is rated \(rating.label); parental controls allow up to \(limit.label).")
            }
        case nil:
            return nil
        }
    }

    private func denied(_ decision: Decision, _ code: ErrorCode, details: String? = nil) -> Decision {
        var decision = decision
        decision.authorized = false
        decision.error = EnhancedError(code, details: details, trace: backend.newIdentifier())
        return decision
    }

    /// Permits carry the decision's validity, and on authorize the media token.
    private func withToken(_ decision: Decision, resource: ResourceReference) -> Decision {
        var decision = decision
        let now = backend.nowMilliseconds
        if decision.source != .degradation {
            let lifetime = Int64(mvpd.authorizationLifetimeSeconds ?? backend.settings.authorizationLifetimeSeconds)
            decision.notBefore = now
            decision.notAfter = now + lifetime * 1000
        }
        if kind == .authorize {
            let notAfter = now + Int64(backend.settings.mediaTokenLifetimeSeconds) * 1000
            let serialized = MediaTokenDocument(
                resource: resource.id, requestor: requestor.id, mvpd: mvpd.id, issuedAt: now, notAfter: notAfter,
                userID: backend.store.profile(key)?.profile.attributes["userID"].flatMap { attribute in
                    if case .string(let value) = attribute.value { value } else { nil }
                } ?? "anonymous", nonce: backend.newIdentifier()
            ).serialized(with: backend.signer)
            decision.token = MediaToken(notBefore: now, notAfter: notAfter, serializedToken: serialized)
        }
        return decision
    }
}
