import PassAPI
import VSASimulator

extension RestV1Flow.Reducer {
    // MARK: - 0. Registration

    mutating func register(_ goal: Goal) -> [Effect] {
        state.phase = .registering(goal)
        let step = RestV1Flow.registration.start(&state.registration)
        guard let outcome = step.outcome else { return step.effects }
        return step.effects + registered(outcome, goal: goal)
    }

    mutating func registered(_ outcome: ClientRegistration.Outcome, goal: Goal) -> [Effect] {
        if case .failed(let failure) = outcome { return apiFailed(failure) }
        switch goal {
        case .launch:
            // Step 1 on every launch: Adobe first, the framework only without a token.
            state.phase = .checkingAdobeToken
            return [.record(.step(Steps.checkAdobeToken)), .call(.v1(.checkAuthentication))]
        case .signIn:
            if state.framework.isGranted { return retrieveConfiguration(.signIn) }
            return checkFramework(.signIn)
        case .foreground:
            return checkFramework(.foreground)
        }
    }

    // MARK: - 1. The Adobe token

    mutating func adobeTokenChecked(_ valid: Bool) -> [Effect] {
        guard valid else {
            state.basics.app.authentication = .notAuthenticated
            return checkFramework(.launch)
        }
        state.phase = .readingToken(.regular, announce: false)
        return [.record(.step(Steps.readAdobeToken)), .call(.v1(.authenticationToken))]
    }

    mutating func tokenRead(_ lookup: V1TokenLookup, type: ProfileType, announce: Bool) -> [Effect] {
        guard case .found(let token) = lookup else {
            let note = Effect.record(.note(.noAuthenticationToken(expired: lookup == .expired)))
            return finishIdle([note, status(.notAuthenticated)])
        }
        return authenticated(token, type: type)
    }

    mutating func authenticated(_ token: V1AuthenticationToken, type: ProfileType) -> [Effect] {
        state.basics.app.authentication = .authenticated(
            mvpd: token.mvpd, type: type, notAfter: token.expiresMilliseconds)
        return [.showHome] + preauthorize()
    }

    // MARK: - 2. The framework, silently

    mutating func checkFramework(_ goal: Goal) -> [Effect] {
        let (child, effects) = RestV1Flow.framework(setup).checkAccess(state.framework, askProvider: true)
        state.phase = .checkingFramework(goal, child)
        return effects
    }

    mutating func frameworkChecked(_ known: FrameworkStatus, goal: Goal) -> [Effect] {
        state.framework = known
        let instead: Remark = goal == .signIn ? .regularWorkflowNext : .continuesWithoutSingleSignOn
        var effects = frameworkAnswerStatus(known, instead: instead)
        switch goal {
        case .signIn: return effects + retrieveConfiguration(.signIn)
        case .foreground where state.basics.app.authentication.isAuthenticated:
            return finishIdle(effects)
        case .launch, .foreground:
            guard known.validation(now: context.now) == .valid else {
                if case .expired = known.validation(now: context.now) {
                    effects.append(.record(.note(.systemSignInExpired)))
                }
                return finishIdle(effects + [status(.notAuthenticated)])
            }
            return effects
                + [.record(.note(.triesSilentSingleSignOn))]
                + retrieveConfiguration(.launch)
        }
    }

    // MARK: - 3, 4. Configuration and Apple's picker

    /// Steps 4 and 5 as the seed's code has them: only a provider id whose sign-in has not
    /// expired continues with single sign-on; error 1 with a known provider goes straight to
    /// its login; anything else goes to the regular workflow.
    mutating func applePickerAnswered(_ outcome: ApplePicker.Outcome) -> [Effect] {
        let directory = state.directory ?? .empty
        switch outcome {
        case .signedIn(let provider):
            if case .expired = state.framework.validation(now: context.now) {
                return [.record(.note(.signInExpirationPast))]
                    + showAppPicker(preselected: nil)
            }
            guard let mvpd = directory.mvpd(platformId: provider) else {
                return raised(
                    .providerNotEnabled, at: .getAuthentication,
                    .notIntegrated(provider: provider, requestor: setup.requestor))
                    + showAppPicker(preselected: nil)
            }
            guard ConfigurationDirectory.supportsAppleSSO(mvpd) else {
                return raised(.providerNotEnabled, at: .getAuthentication, .noSingleSignOnHere(mvpd: mvpd.displayName))
                    + startRegularAuthentication(mvpd)
            }
            return requestPartnerAuthentication(mvpd, silent: false)
        case .unsupportedProvider(let provider):
            return unsupportedProviderAnswered(provider)
        case .otherProvider:
            return raised(.otherProvider, at: .getAuthentication) + showAppPicker(preselected: nil)
        case .cancelled(let duringSignIn):
            return raised(
                .pickerCancelled, at: .getAuthentication,
                .applePickerCancelledRegularWorkflow(duringSignIn: duringSignIn))
                + showAppPicker(preselected: nil)
        case .noProvider:
            return [.record(.note(.noProviderRegularWorkflow))]
                + showAppPicker(preselected: nil)
        case .permissionNotGranted(let error):
            return applePickerFailed(permission: error, framework: nil)
        case .failed(let error):
            return applePickerFailed(permission: nil, framework: error)
        }
    }

    /// Step 10 for a provider the app knows: the regular workflow with it.
    mutating func loginWithoutSingleSignOn(_ mvpd: MvpdConfiguration) -> [Effect] {
        startRegularAuthentication(mvpd)
    }

    // MARK: - 5–9. The partner exchange

    /// Steps 5 and 6: the platformMappingId maps to the MVPD id V1 calls need.
    mutating func requestPartnerAuthentication(_ mvpd: MvpdConfiguration, silent: Bool) -> [Effect] {
        state.phase = .profileRequest(mvpd, silent: silent)
        let provider = mvpd.platformMappingId ?? state.framework.providerId ?? mvpd.id
        return [
            .record(.step(Steps.loginSucceeded)),
            .record(.note(.platformMapping(provider: provider, mvpd: mvpd.id))),
            .record(.step(Steps.profileRequest)),
            .call(.v1(.profileRequest(mvpd: mvpd.id, deviceType: setup.v1DeviceType))),
        ]
    }

    /// Step 7 never shows the picker: the provider is already chosen.
    mutating func forwardToPartner(_ request: String, mvpd: MvpdConfiguration, silent: Bool) -> [Effect] {
        state.phase = .forwardingToPartner(mvpd, silent: silent)
        let metadata = MetadataRequest(
            isInterruptionAllowed: false, verificationToken: request,
            attributeNames: mvpd.requiredMetadataFields ?? [], includeAccountProviderIdentifier: true,
            includeAuthenticationExpirationDate: true, channelIdentifier: RestV1Flow.channelIdentifier)
        return [.record(.step(Steps.forwardToPartner)), .vsa(.metadata(metadata))]
    }

    mutating func partnerAnswered(_ result: Result<AccountMetadata, VSError>, mvpd: MvpdConfiguration, silent: Bool)
        -> [Effect]
    {
        switch result {
        case .success(let metadata):
            guard let saml = metadata.samlAttributeQueryResponse else {
                // Silent single sign-on runs at launch, on a device signed in at system level.
                let effects = raised(
                    .frameworkFailed, at: silent ? .checkAuthentication : .getAuthentication, .noSAMLResponse)
                return effects
                    + (silent ? finishIdle([status(.notAuthenticated)]) : showAppPicker(preselected: mvpd.id))
            }
            state.framework.expiry = metadata.authenticationExpirationDate ?? state.framework.expiry
            state.phase = .exchangingToken(mvpd, silent: silent)
            let encoded = SAMLResponseEncoding.encoded(saml)
            return [
                .record(.step(Steps.tokenExchange)),
                .call(.v1(.tokenExchange(mvpd: mvpd.id, deviceType: setup.v1DeviceType, samlResponse: encoded))),
            ]
        case .failure(let error):
            if silent {
                return raised(.frameworkFailed, at: .checkAuthentication, .verbatim(error.description))
                    + finishIdle([status(.notAuthenticated)])
            }
            state.phase = .idle
            return applePickerAnswered(ApplePicker.outcome(result))
        }
    }
}
