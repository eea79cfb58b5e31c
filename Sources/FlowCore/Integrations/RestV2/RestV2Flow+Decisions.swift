import PassAPI
import VSASimulator

extension RestV2Flow.Reducer {
    // MARK: - D. Decisions

    var selectedAppleProfile: Bool {
        if case .authenticated(_, .appleSSO, _) = state.basics.app.authentication { return true }
        return false
    }

    /// The partner status a decision carries: only with an Apple SSO profile.
    var decisionPartnerStatus: PartnerFrameworkStatus? {
        selectedAppleProfile ? sentStatus : nil
    }

    // MARK: - The app's validation of the framework's answers (B.2, C.4, D.2, D.6)

    /// Whether the framework's provider may be used: valid, or (for an app that skips the
    /// validation) merely present.
    var usableProvider: Bool {
        setup.validatesPartnerStatus
            ? state.framework.validation(now: context.now) == .valid : state.framework.providerId != nil
    }

    /// The `AP-Partner-Framework-Status` the app sends: a validating app never sends a provider
    /// whose sign-in has expired.
    var sentStatus: PartnerFrameworkStatus {
        guard setup.validatesPartnerStatus, case .expired = state.framework.validation(now: context.now) else {
            return state.framework.partnerStatus
        }
        var usable = state.framework
        usable.providerId = nil
        usable.expiry = nil
        return usable.partnerStatus
    }

    /// The validation step, with why the status cannot be used when the device is signed in
    /// at system level but its answer fails (a missing permission has its own code).
    func validate(_ step: CookbookStep) -> [Effect] {
        guard setup.validatesPartnerStatus else { return [] }
        guard case .expired = state.framework.validation(now: context.now) else { return [.record(.step(step))] }
        return [.record(.step(step)), .record(.note(.partnerStatusUnused(step: step.id, .expired)))]
    }

    /// D.1 → D.3, or D.3 alone when the profile is not an Apple SSO one.
    mutating func preauthorize() -> [Effect] {
        guard state.basics.app.authentication.isAuthenticated, !state.basics.protectedTitles.isEmpty else {
            return afterPreauthorization()
        }
        return refreshThen(.preauthorize, step: Steps.decisionPartnerStatus)
    }

    /// D.5 → D.7, or D.7 alone.
    mutating func authorize(_ resource: String) -> [Effect] {
        state.basics.app.activity = .authorizing
        return refreshThen(.authorize(resource), step: Steps.authorizationPartnerStatus)
    }

    /// D.1 / D.5: the permission first, and the provider only if the user still allows it
    /// (seed 002: "only if the user allows").
    mutating func refreshThen(_ decision: Decision, step: CookbookStep) -> [Effect] {
        guard selectedAppleProfile else { return decide(decision) }
        let (child, effects) = RestV2Flow.framework(setup, accessStep: step).checkAccess(
            state.framework, askProvider: true)
        state.phase = .refreshingStatus(decision, child)
        return effects
    }

    /// D.2 / D.6: an Apple SSO profile is used only with a valid status; otherwise the user
    /// signs in again.
    mutating func statusRefreshed(_ known: FrameworkStatus, then decision: Decision) -> [Effect] {
        state.framework = known
        guard state.basics.app.authentication.isAuthenticated else { return finishIdle([]) }
        guard setup.validatesPartnerStatus else { return decide(decision) }
        let step: CookbookStep =
            decision == .preauthorize ? Steps.validateDecisionStatus : Steps.validateAuthorizationStatus
        if let problem = known.validation(now: context.now).problem {
            state.basics.app.authentication = .notAuthenticated
            state.basics.app.unlocked = [:]
            state.basics.pendingPlay = nil
            return finishIdle([
                .record(.step(step)),
                .record(.note(.appleProfileUnusable(step: step.id, problem))),
                status(.notAuthenticated, .signInAgain),
            ])
        }
        return [.record(.step(step))] + decide(decision)
    }

    mutating func decide(_ decision: Decision) -> [Effect] {
        guard case .authenticated(let mvpd, _, _) = state.basics.app.authentication else { return finishIdle([]) }
        switch decision {
        case .preauthorize:
            state.phase = .preauthorizing
            return RestV2Flow.decisions.preauthorize(
                mvpd: mvpd, resources: state.basics.protectedTitles, decisionPartnerStatus)
        case .authorize(let resource):
            state.phase = .authorizing(resource)
            return RestV2Flow.decisions.authorize(resource, mvpd: mvpd, decisionPartnerStatus)
        }
    }

    /// A title chosen before sign-in plays now.
    mutating func afterPreauthorization() -> [Effect] {
        guard let resource = state.basics.pendingPlay, state.basics.app.authentication.isAuthenticated else {
            return finishIdle([])
        }
        state.basics.pendingPlay = nil
        return authorize(resource)
    }
}
