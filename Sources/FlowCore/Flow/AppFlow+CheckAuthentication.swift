import PassAPI
import VSASimulator

/// Phase B (REST) and `setRequestor` / `checkAuthentication` (SDK): what the app learns at launch.
extension FlowReducer {
    mutating func accessChecked(_ access: VSASimulator.AccessStatus, goal: Goal) -> [Effect] {
        state.access = access
        if access == .granted {
            // setRequestor loads the configuration before it asks the framework.
            if state.isSDK, goal == .launch { return loadConfiguration(.launch) }
            state.phase = .silentMetadata(goal)
            return tell(.askingFrameworkSilently) + [.vsa(.metadata(silentRequest()))]
        }
        let code: StatusCode = access == .notDetermined ? .permissionUndetermined : .permissionDenied
        switch goal {
        case .launch:
            let effects = [status(code, "The app continues without single sign-on.")]
            // V1 asked Adobe first (step 1); a custom app has only the framework: done either way.
            if isV1 || isCustom { return finishIdle(effects + [status(.notAuthenticated)]) }
            return effects + (state.isSDK ? loadConfiguration(.launch) : checkProfiles())
        case .signIn:
            return [status(code, "Falling back to the app's own MVPD picker.")] + loadConfiguration(.signIn)
        }
    }

    func silentRequest() -> MetadataRequest {
        MetadataRequest(
            isInterruptionAllowed: false, includeAccountProviderIdentifier: true,
            includeAuthenticationExpirationDate: true)
    }

    mutating func silentMetadataReturned(_ result: Result<AccountMetadata, VSError>, goal: Goal) -> [Effect] {
        var effects: [Effect] = []
        switch result {
        case .success(let metadata):
            state.systemProvider = metadata.accountProviderIdentifier
            state.systemExpiry = metadata.authenticationExpirationDate
        case .failure(let error):
            state.systemProvider = error.unsupportedProviderIdentifier
            state.systemExpiry = nil
            let code: StatusCode =
                error.code == .unsupportedProvider ? .unsupportedProvider : .forMetadataError(error.code.rawValue)
            effects.append(status(code, error.description))
        }
        switch goal {
        case .signIn: return effects + loadConfiguration(.signIn)
        case .launch where state.isSDK: return effects + trySilentExchange()
        case .launch where isCustom:
            guard let provider = state.systemProvider else { return finishIdle(effects + [status(.notAuthenticated)]) }
            return effects + customSingleSignOn(provider: provider, silent: true)
        case .launch where isV1:
            // Step 2 found a signed-in provider: steps 3 and 6 try single sign-on silently.
            guard state.access == .granted, state.systemProvider != nil else {
                return finishIdle(effects + [status(.notAuthenticated)])
            }
            return effects + tell(.continuingWithPartner) + loadConfiguration(.launch)
        case .launch: return effects + checkProfiles()
        }
    }

    /// B.3 / `checkAuthentication`: GET /profiles with the partner status.
    mutating func checkProfiles() -> [Effect] {
        state.phase = .checkingProfiles
        if isV1 { return tell(.loadingProfiles) + [.call(.v1CheckAuthentication)] }
        let sdkStep: [Effect] = state.isSDK ? [.record(.step(SDKSteps.checkAuthentication))] : []
        return sdkStep + tell(.loadingProfiles) + [.call(.profiles(state.partnerStatus))]
    }

    mutating func profilesChecked(_ response: ProfilesResponse) -> [Effect] {
        let appleMvpd = response.profiles.first { $0.value.type == .appleSSO }?.key
        if let (mvpd, profile) = response.preferred(partnerProviderMvpd: appleMvpd) {
            state.app.authentication = .authenticated(mvpd: mvpd, type: profile.type, notAfter: profile.notAfter)
            return tell(.profileSelected) + announceAuthenticated(mvpd: mvpd, type: profile.type) + preauthorize()
        }
        state.app.authentication = .notAuthenticated
        if !state.isSDK, state.access == .granted, state.systemProvider != nil {
            // Signed in at system level but no Adobe profile yet: try single sign-on silently.
            return tell(.continuingWithPartner) + loadConfiguration(.launch)
        }
        return finishIdle(
            [status(.notAuthenticated)] + tell(.authenticationStatus(false, "User not Authenticated Error")))
    }

    /// The SDK's silent exchange in `setRequestor`, or REST's B.6, when all the conditions hold:
    /// permission granted, a provider id from the framework, the MVPD integrated with single
    /// sign-on enabled. Degradation and the SAML response are checked on the way.
    mutating func trySilentExchange() -> [Effect] {
        guard state.access == .granted, let provider = state.systemProvider, let directory = state.directory,
            let mvpd = directory.mvpd(platformId: provider), ConfigurationDirectory.supportsAppleSSO(mvpd)
        else { return afterSilentExchange(succeeded: false) }
        return requestPartnerAuthentication(mvpd, silent: true)
    }

    mutating func afterSilentExchange(succeeded: Bool) -> [Effect] {
        if state.isSDK { return tell(.requestorReady(true)) + checkProfiles() }
        if succeeded { return preauthorize() }
        return finishIdle([status(.notAuthenticated)])
    }
}
