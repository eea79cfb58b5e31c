import PassAPI
import VSASimulator

/// Phase D (REST) and `checkPreauthorizedResources` / `getAuthorization` (SDK).
extension FlowReducer {
    mutating func play(_ resource: String) -> [Effect] {
        // Choosing a title stops the one playing, whether or not the new one is allowed.
        state.app.lastDenial = nil
        state.app.playing = nil
        if setup.item(resource)?.free == true {
            state.app.playing = AppModel.Playback(resource: resource, tokenNotAfter: 0)
            return [.record(.note("\(resource) is free: it plays without authorization."))]
        }
        guard case .authenticated(let mvpd, let type, _) = state.app.authentication else {
            state.pendingPlay = resource
            return userAction(.signIn)
        }
        if isCustom { return customPlay(resource) }
        if type == .appleSSO, !isV1, !isCustom {
            // D.1: refresh the partner status before a decision with an Apple SSO profile.
            state.phase = .refreshingPartnerStatus(resource)
            return tell(.refreshingPartnerStatus) + [.vsa(.metadata(silentRequest()))]
        }
        return authorize(resource, mvpd: mvpd)
    }

    mutating func partnerStatusRefreshed(_ result: Result<AccountMetadata, VSError>, then resource: String) -> [Effect]
    {
        switch result {
        case .success(let metadata):
            state.systemProvider = metadata.accountProviderIdentifier
            state.systemExpiry = metadata.authenticationExpirationDate
        case .failure(let error):
            state.systemProvider = error.unsupportedProviderIdentifier
        }
        guard case .authenticated(let mvpd, _, _) = state.app.authentication else { return finishIdle([]) }
        return authorize(resource, mvpd: mvpd)
    }

    var decisionPartnerStatus: PartnerFrameworkStatus? {
        if case .authenticated(_, .appleSSO, _) = state.app.authentication { return state.partnerStatus }
        return nil
    }

    mutating func authorize(_ resource: String, mvpd: String) -> [Effect] {
        state.phase = .authorizing(resource)
        state.app.activity = "Authorizing"
        if isV1 { return tell(.authorizing) + [.call(.v1Authorize(resource: resource))] }
        return tell(.authorizing) + [.call(.authorize(mvpd: mvpd, resources: [resource], decisionPartnerStatus))]
    }

    mutating func preauthorize() -> [Effect] {
        guard case .authenticated(let mvpd, _, _) = state.app.authentication else { return finishIdle([]) }
        let resources = setup.catalog.filter { !$0.free }.map(\.id)
        guard !resources.isEmpty else { return finishIdle([]) }
        state.phase = .preauthorizing
        if isV1 { return tell(.preauthorizing) + [.call(.v1Preauthorize(resources: Array(resources.prefix(5))))] }
        // Five titles per call is the documented default limit.
        return tell(.preauthorizing) + [
            .call(.preauthorize(mvpd: mvpd, resources: Array(resources.prefix(5)), decisionPartnerStatus))
        ]
    }

    mutating func preauthorized(_ response: DecisionsResponse) -> [Effect] {
        for decision in response.decisions { state.app.unlocked[decision.resource] = decision.authorized }
        let effects = tell(.preauthorized(response.decisions.filter(\.authorized).map(\.resource)))
        if let resource = state.pendingPlay, case .authenticated(let mvpd, _, _) = state.app.authentication {
            state.pendingPlay = nil
            return effects + authorize(resource, mvpd: mvpd)
        }
        return finishIdle(effects)
    }

    mutating func authorized(_ response: DecisionsResponse, resource: String) -> [Effect] {
        guard let decision = response.decisions.first(where: { $0.resource == resource }) ?? response.decisions.first
        else {
            return finishIdle([])
        }
        state.app.unlocked[resource] = decision.authorized
        if decision.authorized, let token = decision.token {
            state.app.playing = AppModel.Playback(resource: resource, tokenNotAfter: token.notAfter)
            return finishIdle(tell(.permitted(resource: resource, token: token.serializedToken)))
        }
        let error = decision.error
        let message = error?.details ?? error?.message ?? "Not authorized."
        state.app.lastDenial = AppModel.Denial(resource: resource, code: error?.code ?? "denied", message: message)
        var effects = [status(.authorizationDenied, error.map(\.description))]
        effects += tell(.denied(resource: resource, code: "USER_NOT_AUTHORIZED_ERROR", description: message))
        if error?.action == .authentication {
            // The profile is missing or expired: the user must sign in again.
            state.app.authentication = .notAuthenticated
            state.app.unlocked = [:]
            effects.append(status(.notAuthenticated, "Sign in again to play."))
        }
        return finishIdle(effects)
    }
}
