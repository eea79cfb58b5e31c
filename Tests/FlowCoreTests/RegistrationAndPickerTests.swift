import PassAPI
import Testing
import VSASimulator

@testable import FlowCore

/// Client registration on its own: credentials once, a token for its lifetime, and a renewal
/// that never registers again.
@Suite struct ClientRegistrationTests {
    static let part = ClientRegistration(registerStep: RestV2Steps.registerClient, tokenStep: RestV2Steps.retrieveToken)

    @Test func aFreshAppRegistersThenAsksForAToken() {
        var fresh = ClientRegistration.State()
        let first = Self.part.start(&fresh)
        #expect(first.effects == [.record(.step(RestV2Steps.registerClient)), .call(.register)])
        #expect(first.outcome == nil)
        let store = PartStore(Self.part, state: fresh)
        store.send(.api(.registered), [.record(.step(RestV2Steps.retrieveToken)), .call(.token)]) {
            $0.registered = true
        }
        store.send(.api(.tokenIssued(expiresAt: Fixture.tokenExpiry)), [], outcome: .ready) {
            $0.tokenIssued = true
            $0.tokenExpiresAt = Fixture.tokenExpiry
        }
    }

    @Test func storedCredentialsAndATokenAreReadyAtOnce() {
        var ready = ClientRegistration.State(registered: true, tokenIssued: true, tokenExpiresAt: Fixture.tokenExpiry)
        let step = Self.part.start(&ready)
        #expect(step.effects.isEmpty && step.outcome == .ready)
    }

    @Test func anExpiredTokenIsRenewedWithTheSameCredentials() {
        var state = ClientRegistration.State(registered: true, tokenIssued: true, tokenExpiresAt: Fixture.now + 4_000)
        #expect(state.tokenExpired(now: Fixture.now), "five seconds' margin")
        #expect(!state.tokenExpired(now: Fixture.now - 2_000))
        let step = Self.part.renew(&state)
        #expect(
            step.effects == [
                .record(.note(.accessTokenExpired)),
                .record(.step(RestV2Steps.retrieveToken)), .call(.token),
            ])
        #expect(state == ClientRegistration.State(registered: true, tokenIssued: false, tokenExpiresAt: nil))
    }

    @Test func aFailureEndsThePartAndOtherAnswersAreNotItsOwn() {
        let failure = PassErrorSummary(
            kind: .registration(.invalidSoftwareStatement), httpStatus: 400, message: "no")
        let store = PartStore(Self.part, state: ClientRegistration.State())
        store.ignores(.api(.profiles(Fixture.noProfiles)))
        store.send(.api(.failed(failure)), [], outcome: .failed(failure))
    }

    @Test func theSDKRegistersWithoutNamingSteps() {
        var fresh = ClientRegistration.State()
        #expect(ClientRegistration(registerStep: nil, tokenStep: nil).start(&fresh).effects == [.call(.register)])
    }
}

/// Apple's picker on its own: every answer of the framework and the outcome it means, with the
/// status the framework is left in.
@Suite struct ApplePickerTests {
    static func answer(_ result: Result<AccountMetadata, VSError>) -> (ApplePicker.Outcome?, FrameworkStatus) {
        var known = Fixture.known(.granted)
        let step = ApplePicker().reduce(&known, .metadata(result), FlowContext(now: Fixture.now))
        return (step?.outcome, known)
    }

    @Test func eachAnswerMeansOneOutcome() {
        let cases: [(Result<AccountMetadata, VSError>, ApplePicker.Outcome)] = [
            (.success(AccountMetadata(accountProviderIdentifier: "p.aurora")), .signedIn(providerId: "p.aurora")),
            (.success(AccountMetadata()), .noProvider),
            (.failure(VSError(.unsupportedProvider, message: "other")), .otherProvider),
            (
                .failure(VSError(.unsupportedProvider, unsupportedProviderIdentifier: "p.summit", message: "x")),
                .unsupportedProvider("p.summit")
            ),
            (
                .failure(VSError(.userCancelled, message: "x", cancelledScreen: .picker)),
                .cancelled(duringSignIn: false)
            ),
            (
                .failure(VSError(.userCancelled, message: "x", cancelledScreen: .providerSignIn)),
                .cancelled(duringSignIn: true)
            ),
            (
                .failure(VSError(.accessNotGranted, message: "no")),
                .permissionNotGranted(VSError(.accessNotGranted, message: "no"))
            ),
            (
                .failure(VSError(.serviceTemporarilyUnavailable, message: "down")),
                .failed(VSError(.serviceTemporarilyUnavailable, message: "down"))
            ),
        ]
        for (result, expected) in cases {
            #expect(Self.answer(result).0 == expected, "\(result)")
        }
    }

    @Test func theFrameworkKeepsWhatTheAnswerSaid() {
        let (_, signedIn) = Self.answer(
            .success(
                AccountMetadata(accountProviderIdentifier: "p.aurora", authenticationExpirationDate: Fixture.later)))
        #expect(signedIn == Fixture.known(.granted, provider: "p.aurora", expiry: Fixture.later))
        let refused = VSError(.unsupportedProvider, unsupportedProviderIdentifier: "p.summit", message: "x")
        let (_, unsupported) = Self.answer(.failure(refused))
        var expected = Fixture.known(.granted, provider: "p.summit")
        expected.error = refused
        #expect(unsupported == expected)
    }

    @Test func onlyAMetadataAnswerIsThePickers() {
        var known = Fixture.known(.granted)
        #expect(ApplePicker().reduce(&known, .api(.registered), FlowContext(now: Fixture.now)) == nil)
        #expect(known == Fixture.known(.granted))
    }

    @Test func theAppsPickerTakesOnlyAListedProvider() {
        let store = PartStore(AppPicker(), state: ["Aurora", "Cascade"])
        store.send(.answer(.mvpdChosen("Cascade")), [], outcome: .chosen("Cascade"))
        PartStore(AppPicker(), state: ["Aurora"]).send(.answer(.mvpdChosen("Nowhere")), [], outcome: .cancelled)
        PartStore(AppPicker(), state: ["Aurora"]).send(.answer(.mvpdPickerCancelled), [], outcome: .cancelled)
    }
}

/// The framework's permission and silent provider request on their own.
@Suite struct FrameworkAccessTests {
    static let part = FrameworkAccess(
        prompt: true, channelIdentifier: "https://saml.sp.auth.adobe.com", accessStep: RestV2Steps.silentPartnerStatus,
        providerStep: RestV2Steps.decisionPartnerStatus)

    @Test func aGrantedPermissionAsksSilentlyForTheProvider() {
        let (state, effects) = Self.part.checkAccess(FrameworkStatus(), askProvider: true)
        #expect(effects == [.record(.step(RestV2Steps.silentPartnerStatus)), .vsa(.checkAccessStatus(prompt: true))])
        let store = PartStore(Self.part, state: state)
        store.send(
            .access(.granted, nil, signedInAtSystemLevel: true),
            [.record(.step(RestV2Steps.decisionPartnerStatus)), .vsa(.metadata(Self.part.silentRequest))]
        ) {
            $0.waiting = .provider
            $0.known.access = .granted
            $0.known.signedInAtSystemLevel = true
        }
        #expect(Self.part.silentRequest.isInterruptionAllowed == false)
        #expect(Self.part.silentRequest.channelIdentifier == "https://saml.sp.auth.adobe.com")
        let known = Fixture.known(.granted, provider: "p.aurora", expiry: Fixture.later, signedIn: true)
        store.send(
            .metadata(
                .success(
                    AccountMetadata(accountProviderIdentifier: "p.aurora", authenticationExpirationDate: Fixture.later))
            ),
            [], outcome: known
        ) { $0.known = known }
    }

    @Test func withoutThePermissionTheProviderIsForgotten() {
        let (state, _) = Self.part.checkAccess(
            Fixture.known(.granted, provider: "p.aurora", expiry: Fixture.later), askProvider: true)
        let refused = VSError(.accessNotGranted, message: "denied")
        let store = PartStore(Self.part, state: state)
        var expected = Fixture.known(.denied)
        expected.error = refused
        store.send(.access(.denied, refused, signedInAtSystemLevel: false), [], outcome: expected) {
            $0.known = expected
        }
    }

    @Test func aPermissionCheckAloneEndsAtThePermission() {
        let (state, _) = Self.part.checkAccess(FrameworkStatus(), askProvider: false)
        let store = PartStore(Self.part, state: state)
        store.send(
            .access(.granted, nil, signedInAtSystemLevel: false), [],
            outcome: Fixture.known(.granted, signedIn: false)
        ) { $0.known = Fixture.known(.granted, signedIn: false) }
        store.ignores(.metadata(.success(AccountMetadata())))
    }
}
