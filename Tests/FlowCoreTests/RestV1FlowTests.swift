import PassAPI
import Testing
import VSASimulator

@testable import FlowCore

/// REST API V1 against seed 000, steps 1–11.
@Suite struct RestV1FlowTests {
    typealias Store = TestStore<RestV1Flow>
    typealias F = Fixture
    typealias Steps = RestV1Steps

    static let issuer = "https://saml.sp.auth.adobe.com"

    static func decision(_ code: StatusCode, _ details: Remark? = nil) -> Effect {
        F.status(code, details, origin: .appDecision)
    }

    /// Steps 0.1, 0.2 and 1's checkauthn.
    static func checkingAdobeToken(_ platform: DevicePlatform = .ios) -> Store {
        let store = Store(F.setup(platform, .restV1))
        store.send(.user(.launch), [F.step(Steps.registerClient), .call(.register)]) {
            $0.basics.app.activity = .starting
            $0.phase = .registering(.launch)
        }
        store.send(.api(.registered), [F.step(Steps.retrieveToken), .call(.token)]) {
            $0.registration.registered = true
        }
        store.send(
            .api(.tokenIssued(expiresAt: F.tokenExpiry)),
            [F.step(Steps.checkAdobeToken), .call(.v1(.checkAuthentication))]
        ) {
            $0.registration.tokenIssued = true
            $0.registration.tokenExpiresAt = F.tokenExpiry
            $0.phase = .checkingAdobeToken
        }
        return store
    }

    /// Step 2's silent request, as the seed builds it: Adobe's issuer as channelIdentifier.
    static let silentRequest = MetadataRequest(
        isInterruptionAllowed: false, includeAccountProviderIdentifier: true,
        includeAuthenticationExpirationDate: true, channelIdentifier: issuer)

    @Test func aValidAdobeTokenAtStep1EndsSignedInWithoutThePartnerSteps() {
        let store = Self.checkingAdobeToken()
        store.send(
            .api(.v1AuthenticationChecked(true)), [F.step(Steps.readAdobeToken), .call(.v1(.authenticationToken))]
        ) {
            $0.phase = .readingToken(.regular, announce: false)
        }
        let token = V1AuthenticationToken(
            requestor: "APP", mvpd: "Cascade", userId: "u", expires: String(F.later))
        store.send(
            .api(.v1AuthenticationToken(.found(token))),
            [.showHome, F.step(Steps.preauthorize), .call(.v1(.preauthorize(resources: ["show"])))]
        ) {
            $0.basics.app.authentication = .authenticated(
                mvpd: "Cascade", type: .regular, notAfter: token.expiresMilliseconds)
            $0.phase = .preauthorizing
        }
        store.send(.api(.v1Preauthorized(V1PreauthorizeResponse(resources: []))), []) {
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    /// Launched without a token and without a system sign-in, permission granted.
    static func launchedSignedOut() -> Store {
        let store = checkingAdobeToken()
        store.send(
            .api(.v1AuthenticationChecked(false)),
            [F.step(Steps.silentPartnerStatus), .vsa(.checkAccessStatus(prompt: true))]
        ) {
            $0.basics.app.authentication = .notAuthenticated
            $0.phase = .checkingFramework(
                .launch, FrameworkAccess.State(waiting: .access(thenAskProvider: true), known: FrameworkStatus()))
        }
        store.send(.access(.granted, nil, signedInAtSystemLevel: false), [.vsa(.metadata(silentRequest))]) {
            $0.phase = .checkingFramework(.launch, FrameworkAccess.State(waiting: .provider, known: F.known(.granted)))
        }
        store.send(.metadata(.success(AccountMetadata())), [decision(.notAuthenticated)]) {
            $0.framework = F.known(.granted)
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        return store
    }

    /// Sign in: step 3 and step 4 (Apple's picker, with channelIdentifier).
    static func atApplePicker() -> Store {
        let store = launchedSignedOut()
        store.send(.user(.signIn), [F.step(Steps.retrieveConfiguration), .call(.v1(.configuration))]) {
            $0.basics.app.activity = .signingIn
            $0.phase = .retrievingConfiguration(.signIn)
        }
        store.send(
            .api(.configuration(F.configuration())),
            [F.step(Steps.interactivePartnerStatus), .vsa(.metadata(F.pickerRequest(channel: issuer)))]
        ) {
            $0.directory = F.directory
            $0.phase = .applePicker(F.known(.granted))
        }
        return store
    }

    @Test func cancellingApplesPickerAtStep4ContinuesWithTheRegularWorkflow() {
        let store = Self.atApplePicker()
        let cancel = VSError(.userCancelled, message: "cancel")
        let mvpds = F.directory.mvpds
        store.send(
            .metadata(.failure(cancel)),
            [
                Self.decision(.cancelled, .applePickerCancelledRegularWorkflow(duringSignIn: false)),
                F.step(Steps.appPicker), .show(.mvpdPicker(mvpds, preselected: nil)),
            ]
        ) {
            $0.framework.error = cancel
            $0.phase = .appPicker(mvpds.map(\.id))
        }
        store.finish()
    }

    @Test func anExpiredSignInFailsStep5AndGoesToTheRegularWorkflow() {
        let store = Self.atApplePicker()
        let metadata = AccountMetadata(accountProviderIdentifier: "p.aurora", authenticationExpirationDate: F.now - 1)
        let mvpds = F.directory.mvpds
        store.send(
            .metadata(.success(metadata)),
            [
                F.note(.signInExpirationPast), F.step(Steps.appPicker),
                .show(.mvpdPicker(mvpds, preselected: nil)),
            ]
        ) {
            $0.framework = F.known(.granted, provider: "p.aurora", expiry: F.now - 1)
            $0.phase = .appPicker(mvpds.map(\.id))
        }
        store.finish()
    }

    /// Steps 4 and 5: Apple's picker signed in to Aurora, whose profile request (step 6) is asked.
    static func atProfileRequest() -> Store {
        let store = atApplePicker()
        let metadata = AccountMetadata(accountProviderIdentifier: "p.aurora", authenticationExpirationDate: F.later)
        store.send(
            .metadata(.success(metadata)),
            [
                F.step(Steps.loginSucceeded),
                F.note(.platformMapping(provider: "p.aurora", mvpd: "Aurora")),
                F.step(Steps.profileRequest), .call(.v1(.profileRequest(mvpd: "Aurora", deviceType: .iOS))),
            ]
        ) {
            $0.framework = F.known(.granted, provider: "p.aurora", expiry: F.later)
            $0.phase = .profileRequest(F.aurora, silent: false)
        }
        return store
    }

    @Test func step7ForwardsTheProfileRequestWithTheRequiredFieldsAndTheIssuer() {
        let store = Self.atProfileRequest()
        let forward = MetadataRequest(
            isInterruptionAllowed: false, verificationToken: "REQ", attributeNames: ["userID"],
            includeAccountProviderIdentifier: true, includeAuthenticationExpirationDate: true,
            channelIdentifier: Self.issuer)
        store.send(.api(.v1ProfileRequest("REQ")), [F.step(Steps.forwardToPartner), .vsa(.metadata(forward))]) {
            $0.phase = .forwardingToPartner(F.aurora, silent: false)
        }
        let saml = "<Response>\n\t<Assertion/>\n</Response>"
        store.send(
            .metadata(
                .success(AccountMetadata(accountProviderIdentifier: "p.aurora", samlAttributeQueryResponse: saml))),
            [
                F.step(Steps.tokenExchange),
                .call(
                    .v1(
                        .tokenExchange(
                            mvpd: "Aurora", deviceType: .iOS, samlResponse: SAMLResponseEncoding.encoded(saml)))),
            ]
        ) { $0.phase = .exchangingToken(F.aurora, silent: false) }
        store.send(
            .api(.v1TokenExchanged),
            [F.step(Steps.tokenGenerated), F.step(Steps.readAdobeToken), .call(.v1(.authenticationToken))]
        ) { $0.phase = .readingToken(.appleSSO, announce: true) }
        let token = V1AuthenticationToken(requestor: "APP", mvpd: "Aurora", userId: "u", expires: String(F.later))
        store.send(
            .api(.v1AuthenticationToken(.found(token))),
            [.showHome, F.step(Steps.preauthorize), .call(.v1(.preauthorize(resources: ["show"])))]
        ) {
            $0.basics.app.authentication = .authenticated(mvpd: "Aurora", type: .appleSSO, notAfter: F.later)
            $0.phase = .preauthorizing
        }
        let answer = V1PreauthorizeResponse(resources: [.init(id: "show", authorized: true)])
        store.send(.api(.v1Preauthorized(answer)), []) {
            $0.basics.app.unlocked = ["show": true]
            $0.basics.app.activity = nil
            $0.phase = .idle
        }
        store.finish()
    }

    /// Adobe refusing step 6 (single sign-on not enabled for this requestor and MVPD) is the
    /// SDK's N004; any other failure of the exchange goes on without a code.
    @Test func aProfileRequestRefusedAtStep6IsN004ThenTheRegularWorkflow() {
        for (status, code) in [(400, [Self.decision(.unsupportedProvider)]), (503, [])] {
            let store = Self.atProfileRequest()
            let refusal = PassErrorSummary(kind: .plain, httpStatus: status, message: "refused")
            store.send(
                .api(.failed(refusal)),
                [F.note(.singleSignOnFailed(message: "refused"))] + code + [
                    F.step(Steps.regularAuthentication), .call(.v1(.createRegistrationCode(mvpd: "Aurora"))),
                ]
            ) { $0.phase = .creatingCode(F.aurora) }
            store.skipOutstanding()
        }
    }

    @Test func anAnswerWithoutAProviderAtStep4GoesToTheRegularWorkflow() {
        let store = Self.atApplePicker()
        let mvpds = F.directory.mvpds
        store.send(
            .metadata(.success(AccountMetadata())),
            [
                F.note(.noProviderRegularWorkflow), F.step(Steps.appPicker),
                .show(.mvpdPicker(mvpds, preselected: nil)),
            ]
        ) { $0.phase = .appPicker(mvpds.map(\.id)) }
        store.finish()
    }
}
