import PassAPI
import Testing
import VSASimulator

@testable import FlowCore

/// The partner exchange on its own: each answer of Adobe and of the framework, silently and
/// after Apple's picker, and where it ends.
@Suite struct PartnerExchangeTests {
    static let steps = PartnerExchange.Steps(
        request: RestV2Steps.partnerRequest, alreadyAuthenticated: RestV2Steps.continueDecisions,
        authenticate: RestV2Steps.partnerAuthentication, validate: RestV2Steps.validatePartnerResponse,
        createProfile: RestV2Steps.partnerProfile)
    static let exchange = PartnerExchange(steps: steps, domainName: "orbit.tvsim.example", redirectUrl: "adbe://done")
    static let framework = Fixture.known(.granted, provider: "p.aurora", expiry: Fixture.later, signedIn: true)

    static func started(silent: Bool) -> PartStore<PartnerExchange> {
        let (state, effects) = exchange.start(Fixture.aurora, silent: silent, framework: framework)
        #expect(
            effects == [
                .record(.step(RestV2Steps.partnerRequest)),
                .call(
                    .v2(
                        .partnerSession(
                            framework.partnerStatus, domainName: "orbit.tvsim.example", redirectUrl: "adbe://done"))),
            ])
        #expect(
            state
                == PartnerExchange.State(mvpd: Fixture.aurora, silent: silent, stage: .requesting, framework: framework)
        )
        return PartStore(exchange, state: state)
    }

    static func frameworkRequest(interrupting: Bool) -> MetadataRequest {
        MetadataRequest(
            isInterruptionAllowed: interrupting, verificationToken: Fixture.samlRequest.request,
            attributeNames: Fixture.samlRequest.attributesNames, includeAccountProviderIdentifier: true,
            includeAuthenticationExpirationDate: true, channelIdentifier: PartnerExchange.channelIdentifier)
    }

    static func authenticating(silent: Bool) -> PartStore<PartnerExchange> {
        let store = started(silent: silent)
        store.send(
            .api(.session(Fixture.session(.partnerProfile, request: Fixture.samlRequest))),
            [
                .record(.step(RestV2Steps.partnerAuthentication)),
                .vsa(.metadata(frameworkRequest(interrupting: !silent))),
            ]
        ) { $0.stage = .authenticating }
        return store
    }

    /// The framework is asked for the provider's SAML response with Adobe's request; today a
    /// silent exchange asks without allowing an interruption.
    @Test func theFrameworkIsAskedWithAdobesRequest() {
        _ = Self.authenticating(silent: true)
        _ = Self.authenticating(silent: false)
    }

    @Test func aSAMLResponseBecomesTheAppleSSOProfile() {
        let store = Self.authenticating(silent: false)
        let later = Fixture.later + 60_000
        store.send(
            .metadata(
                .success(AccountMetadata(authenticationExpirationDate: later, samlAttributeQueryResponse: "<r/>"))),
            [
                .record(.step(RestV2Steps.validatePartnerResponse)), .record(.step(RestV2Steps.partnerProfile)),
                .call(
                    .v2(
                        .partnerProfile(
                            samlResponse: SAMLResponseEncoding.encoded("<r/>"),
                            Fixture.known(.granted, provider: "p.aurora", expiry: later, signedIn: true).partnerStatus))
                ),
            ]
        ) {
            $0.stage = .creatingProfile
            $0.framework.expiry = later
        }
        let profiles = Fixture.profiles("Aurora", .appleSSO)
        store.send(.api(.profiles(profiles)), [], outcome: .authenticated(mvpd: Fixture.aurora.id, profiles))
    }

    @Test func noProfileNoSAMLOrAFrameworkErrorEndTheExchange() {
        let noSAML = Self.authenticating(silent: true)
        noSAML.send(
            .metadata(.success(AccountMetadata())), [.record(.step(RestV2Steps.validatePartnerResponse))],
            outcome: .noSAMLResponse)
        let error = VSError(.serviceTemporarilyUnavailable, message: "The provider did not respond.")
        let failed = Self.authenticating(silent: false)
        failed.send(
            .metadata(.failure(error)), [.record(.step(RestV2Steps.validatePartnerResponse))],
            outcome: .frameworkFailed(error))
        let empty = Self.authenticating(silent: false)
        empty.send(
            .metadata(.success(AccountMetadata(samlAttributeQueryResponse: "<r/>"))),
            [
                .record(.step(RestV2Steps.validatePartnerResponse)), .record(.step(RestV2Steps.partnerProfile)),
                .call(
                    .v2(
                        .partnerProfile(
                            samlResponse: SAMLResponseEncoding.encoded("<r/>"), Self.framework.partnerStatus))),
            ]
        ) { $0.stage = .creatingProfile }
        empty.send(.api(.profiles(Fixture.noProfiles)), [], outcome: .noProfile)
    }

    @Test func anExistingProfileIsReadAndADegradedProviderSaidSo() {
        let store = Self.started(silent: false)
        store.send(
            .api(.session(Fixture.session(.authorize, reason: .degraded, mvpd: "Aurora"))),
            [
                .record(.step(RestV2Steps.continueDecisions)),
                .record(.note(.adobeAnswered(action: "authorize", reason: "degraded"))),
                .record(.note(.degradedWithoutProvider(mvpd: Fixture.aurora.displayName))),
                .call(.v2(.profileForMvpd("Aurora", Self.framework.partnerStatus))),
            ]
        ) { $0.stage = .retrievingProfile("Aurora") }
        let profiles = Fixture.profiles("Aurora", .degraded)
        store.send(.api(.profiles(profiles)), [], outcome: .authenticated(mvpd: "Aurora", profiles))
    }

    @Test func adobeFallingBackOrFailingEndsTheExchange() {
        let fallback = Fixture.session(.authenticate, .interactive, reason: .pfsFallback, code: "ABC1234")
        Self.started(silent: false).send(.api(.session(fallback)), [], outcome: .fellBack(fallback))
        let noRequest = Fixture.session(.partnerProfile)
        Self.started(silent: true).send(.api(.session(noRequest)), [], outcome: .fellBack(noRequest))
        let failure = PassErrorSummary(kind: .transport, httpStatus: nil, message: "no response")
        Self.authenticating(silent: true).send(.api(.failed(failure)), [], outcome: .failed(failure))
    }

    @Test func answersOfAnotherStageAreNotTheExchanges() {
        let store = Self.started(silent: false)
        store.ignores(.metadata(.success(AccountMetadata(samlAttributeQueryResponse: "<r/>"))))
        store.ignores(.api(.profiles(Fixture.noProfiles)))
    }
}
