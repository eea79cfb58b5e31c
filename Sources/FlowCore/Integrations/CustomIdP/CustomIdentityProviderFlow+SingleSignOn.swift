import PassAPI
import VSASimulator

extension CustomIdentityProviderFlow.Reducer {
    // MARK: - 1. The app's configuration

    /// Step 1 at launch: what the framework will find in the app's bundle.
    func checkAppBundle() -> [Effect] {
        var effects: [Effect] = [.record(.step(Steps.configuration))]
        if !setup.identity.hasSingleSignOnEntitlement {
            effects.append(.record(.note(.missingSingleSignOnEntitlement)))
        }
        if (setup.identity.usageDescription ?? "").isEmpty {
            effects.append(.record(.note(.missingUsageDescription)))
        }
        return effects
    }

    // MARK: - 3, 4. Access and the account

    mutating func checkFramework(_ goal: Goal) -> [Effect] {
        let (child, effects) = CustomIdentityProviderFlow.framework(setup).checkAccess(
            state.framework, askProvider: true)
        state.phase = .checkingFramework(goal, child)
        return effects
    }

    mutating func frameworkChecked(_ known: FrameworkStatus, goal: Goal) -> [Effect] {
        state.framework = known
        let instead: Remark = goal == .signIn ? .ownSignInNext : .continuesWithoutSingleSignOn
        let effects = frameworkAnswerStatus(known, instead: instead)
        switch goal {
        case .foreground where state.basics.app.authentication.isAuthenticated:
            return finishIdle(effects)
        case .launch, .foreground:
            guard let provider = known.providerId, known.isGranted else {
                return finishIdle(effects + [status(.notAuthenticated)])
            }
            return effects + askIdentityProvider(provider, silent: true)
        case .signIn:
            return effects + showApplePicker()
        }
    }

    /// The app has no configuration to load: Apple's picker comes straight away.
    mutating func showApplePicker() -> [Effect] {
        guard state.framework.isGranted else { return ownSignIn(provider: nil) }
        let request = ApplePicker.request(
            supported: setup.supportedProviders, featured: setup.featuredProviders,
            videoTitle: state.basics.pendingTitle)
        state.phase = .applePicker(state.framework)
        return [.record(.step(Steps.interactiveAccount)), .vsa(.metadata(request))]
    }

    mutating func applePickerAnswered(_ outcome: ApplePicker.Outcome) -> [Effect] {
        switch outcome {
        case .signedIn(let provider):
            return askIdentityProvider(provider, silent: false)
        case .noProvider:
            return finishIdle([status(.notAuthenticated, .noProvider)])
        case .cancelled(let duringSignIn):
            // As every integration does (seed 004, step 4): the app's own sign-in follows; seed 003
            // says nothing of a cancel.
            return raised(.pickerCancelled, at: .getAuthentication, .applePickerCancelled(duringSignIn: duringSignIn))
                + ownSignIn(provider: nil)
        case .otherProvider:
            return raised(.otherProvider, at: .getAuthentication) + ownSignIn(provider: nil)
        case .unsupportedProvider(let provider):
            // The app's own sign-in page can still start on the provider the user chose.
            let reason =
                state.framework.error.map { Remark.verbatim($0.message) }
                ?? .notSupported(provider: provider, requestor: setup.requestor)
            // A provider the app lists and its delegate accepts is one it works with: the framework
            // refused it because it has no Apple SSO, which the SDK answers with no code (seed
            // 004, step 4). One the app does not list, or declines, is not enabled: N004.
            let enabled =
                (setup.supportedProviders?.contains(provider) ?? true) && setup.identity.shouldAuthenticate(provider)
            guard enabled else {
                return raised(.providerNotEnabled, at: .getAuthentication, reason) + ownSignIn(provider: provider)
            }
            return raised(.providerWithoutAppleSSO, at: .getAuthentication) + [.record(.note(reason))]
                + ownSignIn(provider: provider)
        case .permissionNotGranted(let error):
            return permissionRefused(state.framework, error) + ownSignIn(provider: nil)
        case .failed(let error):
            return raised(.frameworkFailed, at: .getAuthentication, .verbatim(error.description))
                + ownSignIn(provider: nil)
        }
    }

    // MARK: - 5, 6. The identity provider

    mutating func askIdentityProvider(_ provider: String, silent: Bool) -> [Effect] {
        state.phase = .askingInfo(provider: provider, silent: silent)
        return [.record(.step(Steps.identityProviderInfo)), .call(.customIdP(.info(provider: provider)))]
    }

    mutating func secondRequest(_ info: IdentityProviderInfo, provider: String, silent: Bool) -> [Effect] {
        state.phase = .secondRequest(provider: provider, silent: silent)
        let request = MetadataRequest(
            isInterruptionAllowed: false, verificationToken: info.verificationToken,
            attributeNames: info.attributeNames, includeAccountProviderIdentifier: true,
            includeAuthenticationExpirationDate: true, channelIdentifier: info.channelIdentifier)
        return [.record(.step(Steps.secondMetadataRequest)), .vsa(.metadata(request))]
    }

    mutating func secondRequestAnswered(
        _ result: Result<AccountMetadata, VSError>, provider: String, silent: Bool
    ) -> [Effect] {
        switch result {
        case .success(let metadata):
            guard let saml = metadata.samlAttributeQueryResponse else {
                return raised(.frameworkFailed, at: Self.point(silent: silent), .noSAMLResponse)
                    + fallBack(silent: silent, provider: provider)
            }
            state.framework.expiry = metadata.authenticationExpirationDate ?? state.framework.expiry
            state.phase = .translating(provider: provider, silent: silent)
            return [.record(.step(Steps.translate)), .call(.customIdP(.translate(saml: saml, provider: provider)))]
        case .failure(let error):
            return raised(.frameworkFailed, at: Self.point(silent: silent), .verbatim(error.description))
                + fallBack(silent: silent, provider: provider)
        }
    }

    /// Silent single sign-on runs at launch on a device signed in at system level: the SDK's
    /// `checkAuthentication`; the user's sign-in is its `getAuthentication`.
    static func point(silent: Bool) -> SingleSignOnRule.Point { silent ? .checkAuthentication : .getAuthentication }

    /// Tokens from single sign-on (`appleSSO`) or from the app's own sign-in (`regular`):
    /// either way their entitlements decide which titles unlock.
    mutating func authenticated(_ tokens: CustomIdentityTokens, type: ProfileType, announce: Bool) -> [Effect] {
        state.entitlements = Set(tokens.entitlements)
        // Only an Apple sign-in has a known end; the app's own tokens are refreshed as they go.
        let notAfter = type == .appleSSO ? state.framework.expiry ?? 0 : 0
        state.basics.app.authentication = .authenticated(mvpd: tokens.provider, type: type, notAfter: notAfter)
        for item in setup.catalog where !item.free {
            state.basics.app.unlocked[item.id] = state.entitlements.contains(item.id)
        }
        let effects: [Effect] = [
            .showHome, .record(.note(.signedInWithOwnTokens(userId: tokens.userId))),
        ]
        if let resource = state.basics.pendingPlay {
            state.basics.pendingPlay = nil
            return effects + decidePlay(resource)
        }
        return finishIdle(effects)
    }

    /// At launch a failed silent attempt leaves the user signed out; on sign-in the app offers
    /// its own account, starting on the provider single sign-on was tried with.
    mutating func fallBack(silent: Bool, provider: String) -> [Effect] {
        silent ? finishIdle([status(.notAuthenticated)]) : ownSignIn(provider: provider)
    }
}
