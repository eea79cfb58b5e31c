import PassAPI
import VSASimulator

/// Phase C (REST) and `getAuthentication` with Apple SSO (SDK): configuration, Apple's picker,
/// the partner exchange, and where each status code leads.
extension FlowReducer {
    mutating func loadConfiguration(_ goal: Goal) -> [Effect] {
        if isCustom { return customApplePicker() }
        if let directory = state.directory, goal == .signIn { return startInteractiveAuthentication(directory) }
        state.phase = .loadingConfiguration(goal)
        return tell(.loadingConfiguration) + [.call(isV1 ? .v1Configuration : .configuration)]
    }

    mutating func configurationLoaded(_ configuration: ConfigurationResponse, goal: Goal) -> [Effect] {
        let directory = ConfigurationDirectory(configuration)
        state.directory = directory
        switch goal {
        case .signIn:
            return startInteractiveAuthentication(directory)
        case .launch where state.isSDK:
            guard state.access == .granted else { return afterSilentExchange(succeeded: false) }
            state.phase = .silentMetadata(.launch)
            return [.vsa(.metadata(silentRequest()))]
        case .launch:
            return trySilentExchange()
        }
    }

    /// Apple's picker when the permission allows it (and, for the SDK, when at least one MVPD
    /// supports single sign-on); otherwise the app's own picker.
    mutating func startInteractiveAuthentication(_ directory: ConfigurationDirectory) -> [Effect] {
        let sdkHasSSO = directory.mvpds.contains(where: ConfigurationDirectory.supportsAppleSSO)
        guard state.access == .granted, !state.isSDK || sdkHasSSO else {
            return (state.isSDK ? [.record(.step(SDKSteps.getAuthentication))] : []) + showMvpdPicker(preselected: nil)
        }
        var request = MetadataRequest(
            isInterruptionAllowed: true, includeAccountProviderIdentifier: true,
            includeAuthenticationExpirationDate: true)
        if setup.filtersSupportedProviders { request.supportedAccountProviderIdentifiers = directory.applePickerIds }
        request.featuredAccountProviderIdentifiers = setup.featuredProviders.filter {
            !setup.filtersSupportedProviders || directory.applePickerIds.contains($0)
        }
        request.localizedVideoTitle = state.pendingPlay.flatMap { setup.item($0)?.title }
        state.phase = .applePicker
        return tell(.showingApplePicker) + [.vsa(.metadata(request))]
    }

    mutating func applePickerReturned(_ result: Result<AccountMetadata, VSError>) -> [Effect] {
        let directory = state.directory ?? ConfigurationDirectory(mvpds: [])
        switch result {
        case .success(let metadata):
            guard let provider = metadata.accountProviderIdentifier else {
                return finishIdle([status(.notAuthenticated, "The framework answered without a provider.")])
            }
            state.systemProvider = provider
            state.systemExpiry = metadata.authenticationExpirationDate
            if isCustom { return customSingleSignOn(provider: provider, silent: false) }
            guard let mvpd = directory.mvpd(platformId: provider) else {
                return [status(.unsupportedProvider, "\(provider) is not integrated with \(setup.requestor).")]
                    + showMvpdPicker(preselected: nil)
            }
            guard ConfigurationDirectory.supportsAppleSSO(mvpd) else {
                return [status(.unsupportedProvider, "\(mvpd.displayName) does not support single sign-on here.")]
                    + loginDirectly(mvpd)
            }
            return requestPartnerAuthentication(mvpd, silent: false)
        case .failure(let error):
            return frameworkFailed(error, directory: directory)
        }
    }

    /// Where each framework error leads, as the cookbooks say.
    mutating func frameworkFailed(_ error: VSError, directory: ConfigurationDirectory) -> [Effect] {
        switch error.code {
        case .userCancelled:
            guard state.isSDK else {
                state.pendingPlay = nil
                return finishIdle([status(.cancelled, "Apple's picker was cancelled.")])
            }
            // The SDK falls back to the app's picker with N005.
            return [status(.cancelled, "Apple's picker was cancelled.")] + showMvpdPicker(preselected: nil)
        case .unsupportedProvider:
            guard let provider = error.unsupportedProviderIdentifier else {
                return [status(.otherProvider)] + showMvpdPicker(preselected: nil)
            }
            if let mvpd = directory.mvpd(platformId: provider) {
                return [
                    status(
                        .unsupportedProvider,
                        "\(mvpd.displayName) does not support single sign-on: straight to its login.")
                ]
                    + loginDirectly(mvpd)
            }
            // The custom app's own sign-in page can still start on the provider the user chose.
            return [status(.unsupportedProvider, "\(provider) is not supported by \(setup.requestor).")]
                + showMvpdPicker(preselected: isCustom ? provider : nil)
        case .accessNotGranted:
            return [status(.permissionDenied, error.message)] + showMvpdPicker(preselected: nil)
        default:
            return [status(.forMetadataError(error.code.rawValue), error.description)]
                + showMvpdPicker(preselected: nil)
        }
    }

    /// A provider the app knows but cannot sign in through Apple: its login, without the picker
    /// (the SDK calls `setSelectedProvider` silently).
    mutating func loginDirectly(_ mvpd: MvpdConfiguration) -> [Effect] {
        tell(.selectedProvider(mvpd.id)) + startBasicAuthentication(mvpd)
    }

    mutating func requestPartnerAuthentication(_ mvpd: MvpdConfiguration, silent: Bool) -> [Effect] {
        state.phase = .partnerSession(mvpd, silent: silent)
        if isV1 {
            return v1LoginSucceeded(mvpd) + tell(.requestingPartnerAuthentication) + [
                .call(.v1ProfileRequest(mvpd: mvpd.id))
            ]
        }
        return tell(.requestingPartnerAuthentication) + [
            .call(.partnerSession(state.partnerStatus, domainName: setup.domainName, redirectUrl: setup.redirectUrl))
        ]
    }

    mutating func partnerSessionAnswered(_ session: SessionResponse, mvpd: MvpdConfiguration, silent: Bool) -> [Effect]
    {
        switch session.actionName {
        case .partnerProfile:
            guard let request = session.authenticationRequest else {
                return partnerFellBack(mvpd, silent: silent, session)
            }
            state.phase = .partnerMetadata(mvpd, silent: silent)
            let metadata = MetadataRequest(
                isInterruptionAllowed: !silent, verificationToken: request.request,
                attributeNames: request.attributesNames,
                includeAccountProviderIdentifier: true, includeAuthenticationExpirationDate: true,
                channelIdentifier: "https://saml.sp.auth.adobe.com")
            return tell(.askingFrameworkForSAML) + [.vsa(.metadata(metadata))]
        case .authorize:
            let id = session.mvpd ?? mvpd.id
            var effects = tell(.continuingWithDecisions)
            if session.reasonType == .degraded {
                effects.append(.record(.note("\(mvpd.displayName) is degraded: Adobe authenticates without it.")))
                // One of the SDK's seven conditions: no silent exchange with a degraded provider.
                if silent, state.isSDK { return effects + afterSilentExchange(succeeded: false) }
            }
            state.phase = .loadingProfile(id)
            return effects + [.call(.profileForMvpd(id, state.partnerStatus))]
        case .authenticate, .resume, .retry:
            return partnerFellBack(mvpd, silent: silent, session)
        }
    }

    /// Adobe refused partner SSO (`pfs_fallback`, `configuration_fallback`, …).
    mutating func partnerFellBack(_ mvpd: MvpdConfiguration, silent: Bool, _ session: SessionResponse) -> [Effect] {
        let reason = [
            .record(.note("Adobe answered \(session.actionName.rawValue) (\(session.reasonType.rawValue)).")) as Effect
        ]
        if silent { return reason + afterSilentExchange(succeeded: false) }
        guard session.actionName == .authenticate, session.code != nil else {
            return tell(.continuingWithBasic) + reason + startBasicAuthentication(mvpd)
        }
        return tell(.continuingWithBasic) + reason + sessionCreated(session, mvpd: mvpd)
    }

    mutating func partnerMetadataReturned(
        _ result: Result<AccountMetadata, VSError>, mvpd: MvpdConfiguration, silent: Bool
    )
        -> [Effect]
    {
        switch result {
        case .success(let metadata):
            guard let saml = metadata.samlAttributeQueryResponse else {
                let effects = [status(.appleError, "The framework returned no SAML response.")]
                return effects + (silent ? afterSilentExchange(succeeded: false) : showMvpdPicker(preselected: mvpd.id))
            }
            state.systemExpiry = metadata.authenticationExpirationDate ?? state.systemExpiry
            state.phase = .partnerProfile(mvpd, silent: silent)
            if isV1 {
                let encoded = SAMLResponseEncoding.encoded(saml)
                return tell(.creatingPartnerProfile) + [.call(.v1TokenExchange(mvpd: mvpd.id, samlResponse: encoded))]
            }
            return tell(.creatingPartnerProfile) + [
                .call(.partnerProfile(samlResponse: SAMLResponseEncoding.encoded(saml), state.partnerStatus))
            ]
        case .failure(let error):
            if silent {
                return [status(.forMetadataError(error.code.rawValue), error.description)]
                    + afterSilentExchange(succeeded: false)
            }
            return frameworkFailed(error, directory: state.directory ?? ConfigurationDirectory(mvpds: []))
        }
    }

    mutating func partnerProfileCreated(_ response: ProfilesResponse, mvpd: MvpdConfiguration, silent: Bool) -> [Effect]
    {
        guard let profile = response.profiles[mvpd.id] ?? response.profiles.values.first else {
            let note = Effect.record(.note("Adobe created no Apple SSO profile."))
            return [note] + (silent ? afterSilentExchange(succeeded: false) : startBasicAuthentication(mvpd))
        }
        state.app.authentication = .authenticated(mvpd: mvpd.id, type: profile.type, notAfter: profile.notAfter)
        if silent { return afterSilentExchange(succeeded: true) }
        return [.showHome] + announceAuthenticated(mvpd: mvpd.id, type: profile.type) + preauthorize()
    }
}

extension ConfigurationDirectory {
    init(mvpds: [MvpdConfiguration]) {
        self.mvpds = mvpds
    }
}
