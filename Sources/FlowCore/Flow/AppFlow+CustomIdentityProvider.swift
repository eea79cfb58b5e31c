import PassAPI
import VSASimulator

/// A programmer's own identity provider (seed 003): no Adobe Pass at all. The framework's
/// permission and picker work as for the other integrations; then the app asks its identity
/// provider what the second metadata request must carry, and has it translate the provider's
/// SAML response into the app's own tokens. Every fallback leads to the app's own sign-in.
extension FlowReducer {
    var isCustom: Bool { setup.integration == .customIdP }

    mutating func dispatchCustom(_ event: Event) -> [Effect]? {
        switch (state.phase, event) {
        case (.customInfo(let provider, let silent), .api(.identityProviderInfo(let info))):
            return customInfoReceived(info, provider: provider, silent: silent)
        case (.customMetadata(let provider, let silent), .metadata(let result)):
            return customMetadataReturned(result, provider: provider, silent: silent)
        case (.customTranslate(_, let silent), .api(.customTokens(let tokens))):
            return customAuthenticated(tokens, type: .appleSSO, announce: !silent)
        default: return dispatchCustomOwnSignIn(event)
        }
    }

    /// The app has no configuration to load: Apple's picker comes straight away.
    mutating func customApplePicker() -> [Effect] {
        guard state.access == .granted else { return customOwnSignIn(provider: nil) }
        var request = MetadataRequest(
            isInterruptionAllowed: true, includeAccountProviderIdentifier: true,
            includeAuthenticationExpirationDate: true)
        request.featuredAccountProviderIdentifiers = setup.featuredProviders
        request.localizedVideoTitle = state.pendingPlay.flatMap { setup.item($0)?.title }
        state.phase = .applePicker
        return tell(.showingApplePicker) + [.vsa(.metadata(request))]
    }

    /// Steps 5 and 6 for the provider the device is signed in to.
    mutating func customSingleSignOn(provider: String, silent: Bool) -> [Effect] {
        state.phase = .customInfo(provider: provider, silent: silent)
        return tell(.requestingPartnerAuthentication) + [.call(.identityProviderInfo(provider: provider))]
    }

    mutating func customInfoReceived(_ info: IdentityProviderInfo, provider: String, silent: Bool) -> [Effect] {
        state.phase = .customMetadata(provider: provider, silent: silent)
        let request = MetadataRequest(
            isInterruptionAllowed: false, verificationToken: info.verificationToken,
            attributeNames: info.attributeNames, includeAccountProviderIdentifier: true,
            includeAuthenticationExpirationDate: true, channelIdentifier: info.channelIdentifier)
        return tell(.askingFrameworkForSAML) + [.vsa(.metadata(request))]
    }

    mutating func customMetadataReturned(_ result: Result<AccountMetadata, VSError>, provider: String, silent: Bool)
        -> [Effect]
    {
        switch result {
        case .success(let metadata):
            guard let saml = metadata.samlAttributeQueryResponse else {
                return [status(.appleError, "The framework returned no SAML response.")]
                    + customFallback(silent: silent, provider: provider)
            }
            state.systemExpiry = metadata.authenticationExpirationDate ?? state.systemExpiry
            state.phase = .customTranslate(provider: provider, silent: silent)
            return tell(.creatingPartnerProfile) + [.call(.translateSAML(saml: saml, provider: provider))]
        case .failure(let error):
            return [status(.forMetadataError(error.code.rawValue), error.description)]
                + customFallback(silent: silent, provider: provider)
        }
    }

    /// Tokens from single sign-on (`appleSSO`) or from the app's own sign-in (`regular`): either
    /// way their entitlements decide which titles unlock.
    mutating func customAuthenticated(_ tokens: CustomIdentityTokens, type: ProfileType, announce: Bool) -> [Effect] {
        state.customEntitlements = Set(tokens.entitlements)
        state.customPolling = nil
        // Only an Apple sign-in has a known end; the app's own tokens are refreshed as they go.
        let notAfter = type == .appleSSO ? state.systemExpiry ?? 0 : 0
        state.app.authentication = .authenticated(mvpd: tokens.provider, type: type, notAfter: notAfter)
        for item in setup.catalog where !item.free {
            state.app.unlocked[item.id] = state.customEntitlements.contains(item.id)
        }
        var effects: [Effect] = [.showHome, .record(.note("Signed in as \(tokens.userId) with the app's own tokens."))]
        if announce { effects += announceAuthenticated(mvpd: tokens.provider, type: type) }
        if let resource = state.pendingPlay {
            state.pendingPlay = nil
            return effects + customPlay(resource)
        }
        return finishIdle(effects)
    }

    /// At launch a failed silent attempt just leaves the user signed out; on sign-in the app
    /// offers its own account, starting on the provider single sign-on was tried with.
    mutating func customFallback(silent: Bool, provider: String) -> [Effect] {
        silent ? finishIdle([status(.notAuthenticated)]) : customOwnSignIn(provider: provider)
    }

    /// Titles play when the identity provider's tokens include them; no call is needed.
    mutating func customPlay(_ resource: String) -> [Effect] {
        let effects = tell(.authorizing)
        guard state.customEntitlements.contains(resource) else {
            let message = "The subscription does not include this title."
            state.app.lastDenial = AppModel.Denial(resource: resource, code: "not_entitled", message: message)
            return finishIdle(
                effects + [
                    .record(.decision(resource: resource, authorized: false, code: "not_entitled")),
                    status(.authorizationDenied, message),
                ])
        }
        state.app.playing = AppModel.Playback(resource: resource, tokenNotAfter: state.systemExpiry ?? 1)
        return finishIdle(
            effects + [.record(.decision(resource: resource, authorized: true, code: nil))]
                + tell(.permitted(resource: resource, token: "")))
    }

    /// Signing out forgets the tokens. Signed in through Apple, the user is also told that the
    /// device stays signed in to the TV provider until removed in Settings (VSA203).
    mutating func customSignOut() -> [Effect] {
        let viaApple: Bool = if case .authenticated(_, .appleSSO, _) = state.app.authentication { true } else { false }
        state.app = AppModel()
        state.app.authentication = .notAuthenticated
        state.customEntitlements = []
        let effects = tell(.loggingOut)
        if viaApple { return effects + tellToSignOutInSettings() }
        return finishIdle(
            effects + [.record(.note("The app's own tokens are forgotten; nothing else to sign out of."))])
    }
}
