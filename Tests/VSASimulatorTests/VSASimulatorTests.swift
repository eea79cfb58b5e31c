import Testing

@testable import VSASimulator

let app = AppIdentity(
    bundleId: "tv.orbit.app", displayName: "Orbit TV", usageDescription: "Sign in once for all your TV apps.")
let now: Int64 = 1_800_000_000_000
let catalog = ProviderCatalog(providers: [
    .init(id: "p.aurora", name: "Aurora Cable", identityProvider: "AuroraCable", supportsSignIn: true),
    .init(id: "p.beacon", name: "Beacon Fiber TV", identityProvider: "BeaconFiber", supportsSignIn: true),
    .init(id: "p.etoile", name: "Câble Étoile", identityProvider: "CableEtoile", supportsSignIn: true),
    .init(id: "p.bluebonnet", name: "Bluebonnet Cable Co.", identityProvider: "Bluebonnet", supportsSignIn: false),
    .init(id: "p.ironwood", name: "Ironwood Cable", identityProvider: "Ironwood", supportsSignIn: true),
])
let context = MetadataRequestMachine.Context(app: app, catalog: catalog, nowMilliseconds: now)

func device(access: AccessStatus? = .granted, signedIn provider: String? = nil, expiresAt: Int64 = now + 3_600_000)
    -> DeviceState
{
    var state = DeviceState(platform: .ios)
    if let access { state.appAccess[app.bundleId] = access }
    if let provider {
        state.signIn = SystemSignIn(
            providerId: provider, identityProvider: catalog.provider(provider)!.identityProvider,
            userDisplayName: "Jordan",
            userID: "u-1", providerSessionToken: "session", expiresAt: expiresAt)
    }
    return state
}

let supported = ["p.aurora", "p.beacon", "p.etoile", "p.bluebonnet"]

@Suite struct AccessCheckTests {
    @Test func promptsOnlyWhenUndeterminedAndAllowed() {
        guard case .ask(let prompt) = AccessCheck.start(prompt: true, device: device(access: nil), app: app) else {
            Issue.record("expected the permission alert")
            return
        }
        #expect(prompt.title == "“Orbit TV” Would Like Access to Your TV Provider")
        #expect(prompt.message == "Sign in once for all your TV apps.")
        let silent = AccessCheck.start(prompt: false, device: device(access: nil), app: app)
        #expect(silent == .answer(.notDetermined, AccessCheck.error(for: .notDetermined)))
        #expect(
            AccessCheck.start(prompt: true, device: device(access: .denied), app: app)
                == .answer(.denied, AccessCheck.error(for: .denied)))
        #expect(AccessCheck.start(prompt: true, device: device(access: .granted), app: app) == .answer(.granted, nil))
    }

    @Test func answersAreStoredPerApp() {
        let (allowed, step) = AccessCheck.answer(allowed: true, device: device(access: nil), app: app)
        #expect(step == .answer(.granted, nil))
        #expect(allowed.appAccess[app.bundleId] == .granted)
        let (denied, _) = AccessCheck.answer(allowed: false, device: device(access: nil), app: app)
        #expect(denied.accessStatus(of: app.bundleId) == .denied)
        let (dismissed, dismissedStep) = AccessCheck.answer(allowed: nil, device: device(access: nil), app: app)
        #expect(dismissed.appAccess[app.bundleId] == nil)
        #expect(dismissedStep == .answer(.notDetermined, AccessCheck.error(for: .notDetermined)))
    }

    @Test func restrictionsWin() {
        var state = device(access: nil)
        state.accessRestricted = true
        #expect(
            AccessCheck.start(prompt: true, device: state, app: app)
                == .answer(.restricted, AccessCheck.error(for: .restricted)))
    }

    @Test func aMissingUsageDescriptionCrashesLikeTheFramework() {
        let bare = AppIdentity(bundleId: "x", displayName: "X", usageDescription: nil)
        guard case .crash(let message) = AccessCheck.start(prompt: true, device: device(), app: bare) else {
            Issue.record("expected a crash")
            return
        }
        #expect(message.contains("NSVideoSubscriberAccountUsageDescription"))
    }
}

@Suite struct MetadataRequestTests {
    func start(_ request: MetadataRequest, _ state: DeviceState) -> (
        MetadataRequestMachine, [MetadataRequestMachine.Effect]
    ) {
        MetadataRequestMachine.start(request: request, device: state, context: context)
    }

    @Test func refusesWithoutAccess() {
        let (_, effects) = start(MetadataRequest(isInterruptionAllowed: true), device(access: .denied))
        #expect(effects.map(\.errorCode) == [.accessNotGranted])
    }

    @Test func refusesInUnsupportedRegions() {
        var state = device()
        state.region = "FR"
        #expect(start(MetadataRequest(), state).1.map(\.errorCode) == [.unsupported])
    }

    @Test func silentRequestWithoutSignInAnswersEmptyMetadata() {
        let (_, effects) = start(MetadataRequest(includeAccountProviderIdentifier: true), device())
        #expect(effects == [.finish(.success(AccountMetadata()))])
    }

    @Test func signedInAnswersProviderAndExpiryWithoutUI() {
        let request = MetadataRequest(
            supportedAccountProviderIdentifiers: supported, includeAccountProviderIdentifier: true,
            includeAuthenticationExpirationDate: true)
        let (_, effects) = start(request, device(signedIn: "p.aurora"))
        #expect(
            effects == [
                .finish(
                    .success(
                        AccountMetadata(
                            accountProviderIdentifier: "p.aurora", authenticationExpirationDate: now + 3_600_000)))
            ])
        let (_, without) = start(MetadataRequest(), device(signedIn: "p.aurora"))
        #expect(without == [.finish(.success(AccountMetadata()))])
    }

    @Test func aSilentRequestReportsAnExpiredSignInWithItsPastDate() {
        let request = MetadataRequest(includeAccountProviderIdentifier: true, includeAuthenticationExpirationDate: true)
        let (_, effects) = start(request, device(signedIn: "p.aurora", expiresAt: now))
        #expect(
            effects == [
                .finish(
                    .success(AccountMetadata(accountProviderIdentifier: "p.aurora", authenticationExpirationDate: now)))
            ])
    }

    @Test func anExpiredSignInCountsAsSignedOutWhenThePickerMayShow() {
        let request = MetadataRequest(isInterruptionAllowed: true, includeAccountProviderIdentifier: true)
        let (_, effects) = start(request, device(signedIn: "p.aurora", expiresAt: now))
        guard case .present(.picker)? = effects.first else {
            Issue.record("expected Apple's picker, got \(effects)")
            return
        }
    }

    @Test func aSignedInProviderTheAppDoesNotSupportIsNamed() {
        let request = MetadataRequest(isInterruptionAllowed: true, supportedAccountProviderIdentifiers: supported)
        let (_, effects) = start(request, device(signedIn: "p.ironwood"))
        guard case .finish(.failure(let error)) = effects.last else { Issue.record("expected a failure"); return }
        #expect(error.code == .unsupportedProvider)
        #expect(error.unsupportedProviderIdentifier == "p.ironwood")
    }

    @Test func samlIsQueriedOnlyWhenAsked() {
        let request = MetadataRequest(
            verificationToken: "PHNhbWw+", attributeNames: ["uid"], channelIdentifier: "https://saml.sp.auth.adobe.com")
        var (machine, effects) = start(request, device(signedIn: "p.aurora"))
        #expect(
            effects == [
                .queryAttributes(
                    identityProvider: "AuroraCable", providerSessionToken: "session", verificationToken: "PHNhbWw+",
                    attributeNames: ["uid"], channelIdentifier: "https://saml.sp.auth.adobe.com")
            ])
        effects = machine.handle(.attributesReturned(saml: "<samlp:Response/>"))
        #expect(effects == [.finish(.success(AccountMetadata(samlAttributeQueryResponse: "<samlp:Response/>")))])
    }

    @Test func theVerificationTokenCanBeRejected() {
        var (machine, _) = start(
            MetadataRequest(verificationToken: "bad", attributeNames: ["uid"]), device(signedIn: "p.aurora"))
        let effects = machine.handle(.attributeQueryFailed(.invalidVerificationToken("not ours")))
        #expect(effects.map(\.errorCode) == [.invalidVerificationToken])
    }

    @Test func pickerListsSupportedProvidersFeaturedFirst() {
        let request = MetadataRequest(
            isInterruptionAllowed: true, supportedAccountProviderIdentifiers: supported,
            featuredAccountProviderIdentifiers: ["p.beacon"], localizedVideoTitle: "Pilot Light")
        let (machine, effects) = start(request, device())
        guard case .present(.picker(let picker)) = effects.first else { Issue.record("expected the picker"); return }
        #expect(picker.header == "Sign in with your TV provider to watch “Pilot Light” in Orbit TV.")
        #expect(picker.featured.map(\.id) == ["p.beacon"])
        #expect(picker.all.map(\.name) == ["Aurora Cable", "Beacon Fiber TV", "Bluebonnet Cable Co.", "Câble Étoile"])
        #expect(picker.sections().map(\.title) == ["Featured", "A", "B", "C"])
        #expect(picker.sections(matching: "cable etoile").flatMap(\.rows).map(\.id) == ["p.etoile"])
        #expect(picker.sections(matching: "CABLE").flatMap(\.rows).count == 3)
        #expect(picker.sections(matching: "zzz").isEmpty)
        if case .picking = machine.phase {} else { Issue.record("expected the picking phase") }
    }

    @Test func pickerChoicesEndAsTheFrameworkDoes() {
        let request = MetadataRequest(isInterruptionAllowed: true, supportedAccountProviderIdentifiers: supported)
        var (cancel, _) = start(request, device())
        #expect(
            cancel.handle(.picked(.cancel)) == [
                .dismiss,
                .finish(
                    .failure(
                        VSError(
                            .userCancelled, message: "The user cancelled the TV provider picker.",
                            cancelledScreen: .picker
                        ))),
            ])
        var (other, _) = start(request, device())
        let otherEffects = other.handle(.picked(.otherProvider))
        #expect(otherEffects.map(\.errorCode) == [nil, .unsupportedProvider])
        #expect(otherEffects.last?.unsupportedProvider == .some(nil))
        var (pickerOnly, _) = start(request, device())
        let pickerOnlyEffects = pickerOnly.handle(.picked(.provider("p.bluebonnet")))
        #expect(pickerOnlyEffects.last?.unsupportedProvider == .some("p.bluebonnet"))
    }

    @Test func aProviderTheDelegateRefusesIsUnsupportedWithItsId() {
        let declining = AppIdentity(
            bundleId: app.bundleId, displayName: app.displayName, usageDescription: app.usageDescription,
            declinedProviders: ["p.aurora"])
        let request = MetadataRequest(isInterruptionAllowed: true, supportedAccountProviderIdentifiers: supported)
        let context = MetadataRequestMachine.Context(app: declining, catalog: catalog, nowMilliseconds: now)
        var (machine, _) = MetadataRequestMachine.start(request: request, device: device(), context: context)
        let effects = machine.handle(.picked(.provider("p.aurora")))
        #expect(effects.first == .askedDelegate(providerId: "p.aurora", allowed: false))
        #expect(effects.last?.unsupportedProvider == .some("p.aurora"))
    }

    @Test func aSingleSupportedProviderSkipsTheList() {
        let request = MetadataRequest(isInterruptionAllowed: true, supportedAccountProviderIdentifiers: ["p.aurora"])
        let (_, effects) = start(request, device())
        #expect(
            effects == [
                .askedDelegate(providerId: "p.aurora", allowed: true),
                .present(
                    .signIn(
                        SignInPrompt(
                            providerId: "p.aurora", providerName: "Aurora Cable", identityProvider: "AuroraCable",
                            error: nil))),
            ])
    }

    @Test func withoutTheEntitlementTheFrameworkRefusesTheApp() {
        let unentitled = AppIdentity(
            bundleId: app.bundleId, displayName: app.displayName, usageDescription: app.usageDescription,
            hasSingleSignOnEntitlement: false)
        guard case .answer(.denied, let error?) = AccessCheck.start(prompt: true, device: device(), app: unentitled)
        else {
            Issue.record("expected a refusal")
            return
        }
        #expect(error.code == .accessNotGranted)
    }

    @Test func aRejectingFrameworkAsksThePermissionThenRejectsEveryRequest() {
        let unentitled = AppIdentity(
            bundleId: app.bundleId, displayName: app.displayName, usageDescription: app.usageDescription,
            hasSingleSignOnEntitlement: false, entitlementRefusal: .rejected)
        #expect(
            AccessCheck.start(prompt: true, device: device(access: nil), app: unentitled)
                == .ask(PermissionPrompt(app: unentitled)))
        let rejecting = MetadataRequestMachine.Context(
            app: unentitled, catalog: context.catalog, nowMilliseconds: context.nowMilliseconds)
        for interruption in [false, true] {
            let (_, effects) = MetadataRequestMachine.start(
                request: MetadataRequest(isInterruptionAllowed: interruption), device: device(), context: rejecting)
            #expect(effects.map(\.errorCode) == [.rejected])
        }
    }

    @Test func signInRetriesOnWrongPasswordThenSavesTheDevice() {
        let request = MetadataRequest(
            isInterruptionAllowed: true, supportedAccountProviderIdentifiers: supported,
            includeAccountProviderIdentifier: true)
        var (machine, _) = start(request, device())
        #expect(
            machine.handle(.picked(.provider("p.aurora"))) == [
                .askedDelegate(providerId: "p.aurora", allowed: true),
                .present(
                    .signIn(
                        SignInPrompt(
                            providerId: "p.aurora", providerName: "Aurora Cable", identityProvider: "AuroraCable",
                            error: nil))),
            ])
        #expect(
            machine.handle(.answered(.credentials(username: "demo", password: "x")))
                == [.signIn(identityProvider: "AuroraCable", username: "demo", password: "x")])
        #expect(
            machine.handle(.signInFailed(.invalidCredentials("Wrong password."))) == [
                .present(
                    .signIn(
                        SignInPrompt(
                            providerId: "p.aurora", providerName: "Aurora Cable", identityProvider: "AuroraCable",
                            error: "Wrong password.")))
            ])
        _ = machine.handle(.answered(.credentials(username: "demo", password: "demo")))
        let signIn = SystemSignIn(
            providerId: "p.aurora", identityProvider: "AuroraCable", userDisplayName: "Jordan", userID: "u-1",
            providerSessionToken: "t", expiresAt: now + 1)
        let effects = machine.handle(.signedIn(signIn))
        #expect(effects.count == 3)
        guard case .saveDevice(let saved) = effects[0] else { Issue.record("expected the device to be saved"); return }
        #expect(saved.signIn == signIn)
        #expect(effects[1] == .dismiss)
        #expect(effects[2] == .finish(.success(AccountMetadata(accountProviderIdentifier: "p.aurora"))))
    }

    @Test func providerOutagesAndRejectionsFinishWithTheirCodes() {
        let request = MetadataRequest(isInterruptionAllowed: true)
        for (refusal, code) in [
            (MetadataRequestMachine.ProviderRefusal.unavailable("down"), VSErrorCode.serviceTemporarilyUnavailable),
            (.subscriptionEnded("ended"), .providerRejected),
        ] {
            var (machine, _) = start(request, device())
            _ = machine.handle(.picked(.provider("p.aurora")))
            _ = machine.handle(.answered(.credentials(username: "a", password: "b")))
            #expect(machine.handle(.signInFailed(refusal)).map(\.errorCode) == [nil, code])
        }
    }

    @Test func theAppCanCancelAndLateEventsAreIgnored() {
        var (machine, _) = start(MetadataRequest(isInterruptionAllowed: true), device())
        #expect(machine.handle(.cancelledByApp).map(\.errorCode) == [nil, .userCancelled])
        #expect(machine.handle(.picked(.cancel)).isEmpty)
    }

    @Test func forceAuthenticationShowsThePickerEvenWhenSignedIn() {
        let (_, effects) = start(
            MetadataRequest(isInterruptionAllowed: true, forceAuthentication: true), device(signedIn: "p.aurora"))
        guard case .present(.picker) = effects.first else { Issue.record("expected the picker"); return }
    }
}

extension MetadataRequestMachine.Effect {
    var errorCode: VSErrorCode? {
        if case .finish(.failure(let error)) = self { return error.code }
        return nil
    }

    /// The unsupported provider id of a failure: `.some(nil)` when there is none.
    var unsupportedProvider: String?? {
        if case .finish(.failure(let error)) = self { return .some(error.unsupportedProviderIdentifier) }
        return nil
    }
}

@Suite struct PickerRobustnessTests {
    @Test func anUnknownProviderKeepsThePickerUp() {
        var (machine, _) = MetadataRequestMachine.start(
            request: MetadataRequest(isInterruptionAllowed: true, supportedAccountProviderIdentifiers: supported),
            device: device(),
            context: context)
        let effects = machine.handle(.picked(.provider("p.nowhere")))
        guard case .present(.picker)? = effects.first else { Issue.record("the picker should stay up"); return }
        #expect(machine.handle(.picked(.cancel)).map(\.errorCode) == [nil, .userCancelled])
    }
}
