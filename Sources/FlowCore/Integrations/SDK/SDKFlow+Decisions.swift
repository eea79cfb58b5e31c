import PassAPI
import VSASimulator

extension SDKFlow.Reducer {
    // MARK: - C.7 / F.1 Decisions

    mutating func preauthorize() -> [Effect] {
        guard case .authenticated(let mvpd, let type, _) = state.basics.app.authentication,
            !state.basics.protectedTitles.isEmpty
        else { return afterPreauthorization() }
        state.phase = .preauthorizing
        let appleSSO = type == .appleSSO || state.signedInByAppleSSOCode
        let step = Steps.checkPreauthorizedResources(appleSSO: appleSSO, on: setup.platform)
        return [.record(.step(step))]
            + SDKFlow.decisions.preauthorize(
                mvpd: mvpd, resources: state.basics.protectedTitles, decisionPartnerStatus)
    }

    mutating func afterPreauthorization() -> [Effect] {
        if let resource = state.basics.pendingPlay, state.basics.app.authentication.isAuthenticated {
            state.basics.pendingPlay = nil
            return getAuthorization(resource)
        }
        return finishIdle([]) + runQueued()
    }

    var decisionPartnerStatus: PartnerFrameworkStatus? {
        if case .authenticated(_, .appleSSO, _) = state.basics.app.authentication {
            return state.framework.partnerStatus
        }
        return nil
    }

    /// F.1: with an Apple SSO token, the SDK refreshes the partner status before it asks.
    mutating func getAuthorization(_ resource: String) -> [Effect] {
        state.basics.app.activity = .authorizing
        let step = Effect.record(.step(Steps.getAuthorization))
        guard decisionPartnerStatus != nil else { return [step] + authorize(resource) }
        let (child, effects) = SDKFlow.framework(setup).askProvider(state.framework)
        state.phase = .refreshingStatus(resource, child)
        return [step] + effects
    }

    /// Back in the foreground with a title playing: may it go on? Never starts authentication.
    mutating func checkAuthorization(_ resource: String) -> [Effect] {
        let step = Effect.record(.step(Steps.checkAuthorization))
        guard state.basics.app.authentication.isAuthenticated else {
            state.basics.app.playing = nil
            return finishIdle([
                step,
                SDKFlow.callback(
                    .tokenRequestFailed(resource: resource, description: "User Not Authenticated Error")),
            ])
        }
        state.basics.app.activity = .authorizing
        guard decisionPartnerStatus != nil else { return [step] + authorize(resource) }
        let (child, effects) = SDKFlow.framework(setup).askProvider(state.framework)
        state.phase = .refreshingStatus(resource, child)
        return [step] + effects
    }

    mutating func statusRefreshed(_ known: FrameworkStatus, then resource: String) -> [Effect] {
        state.framework = known
        return authorize(resource)
    }

    mutating func authorize(_ resource: String) -> [Effect] {
        guard case .authenticated(let mvpd, _, _) = state.basics.app.authentication else { return finishIdle([]) }
        state.phase = .authorizing(resource)
        return SDKFlow.decisions.authorize(resource, mvpd: mvpd, decisionPartnerStatus)
    }

    /// F.1's answer: `setToken` (then F.3) or `tokenRequestFailed`.
    mutating func authorized(_ response: DecisionsResponse, resource: String) -> [Effect] {
        let effects = SDKFlow.decisions.authorized(response, resource: resource, app: &state.basics.app)
        guard let token = response.decisions.first(where: { $0.resource == resource && $0.authorized })?.token else {
            return finishIdle(effects)
        }
        state.phase = .verifyingMediaToken(resource)
        return effects + [
            .record(.step(Steps.verifyMediaToken)),
            .call(
                .verifyMediaToken(
                    serializedToken: token.serializedToken, resource: setup.mediaTokenVerifierResource ?? resource)),
        ]
    }

    /// F.3: a token the verifier refuses is an invalid authorization: the title does not play.
    mutating func mediaTokenVerified(_ verification: MediaTokenVerification, resource: String) -> [Effect] {
        let answer = Effect.record(
            .note(.mediaTokenChecked(status: verification.status.rawValue, message: verification.message)))
        guard !verification.isValid else { return finishIdle([answer]) }
        mediaTokenRefused(resource, status: verification.status.rawValue)
        return finishIdle([answer])
    }

    mutating func mediaTokenRefused(_ resource: String, status: String) {
        state.basics.app.playing = nil
        state.basics.app.deny(
            resource, code: status, message: .mediaTokenRefused, signedOut: false, lock: false)
    }
}
