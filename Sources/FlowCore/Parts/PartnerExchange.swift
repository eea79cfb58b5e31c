import PassAPI
import VSASimulator

/// Apple single sign-on through Adobe Pass REST API V2's partner endpoints, which the REST API V2
/// app and the SDK share: the partner authentication request (POST /sessions/sso/Apple), the
/// framework's SAML response for it, and the Apple SSO profile (POST /profiles/sso/Apple). Run
/// silently (at launch) or after Apple's picker; which steps are named is the integration's.
struct PartnerExchange: FlowPart {
    enum Stage: Sendable, Equatable {
        case requesting
        case authenticating
        case creatingProfile
        /// Adobe already holds a profile for the MVPD (`authorize`): it is read.
        case retrievingProfile(String)
    }

    struct State: Sendable, Equatable {
        let mvpd: MvpdConfiguration
        let silent: Bool
        var stage: Stage
        var framework: FrameworkStatus
    }

    enum Outcome: Sendable, Equatable {
        case authenticated(mvpd: String, ProfilesResponse)
        /// Adobe fell back to basic authentication (`pfs_fallback`, `configuration_fallback`, …).
        case fellBack(SessionResponse)
        /// The framework failed to return the provider's SAML response.
        case frameworkFailed(VSError)
        case noSAMLResponse
        case noProfile
        case failed(PassErrorSummary)
    }

    struct Steps {
        var request: CookbookStep?
        var alreadyAuthenticated: CookbookStep?
        var authenticate: CookbookStep?
        /// The app's check of the framework's answer (REST API V2's C.11).
        var validate: CookbookStep?
        var createProfile: CookbookStep?
    }

    /// Adobe's SAML issuer, which the framework request carries as `channelIdentifier`.
    static let channelIdentifier = "https://saml.sp.auth.adobe.com"

    let steps: Steps
    /// Sent with the partner request for a fallback's session; nil leaves them out.
    let domainName: String?
    let redirectUrl: String?
    /// Whether the request for the provider's SAML response lets the framework interrupt the user
    /// in a silent exchange too: REST API V2's C.10 always does (seed 002); the SDK's silent
    /// exchange at `setRequestor` does not.
    var interruptsWhenSilent = false

    func start(_ mvpd: MvpdConfiguration, silent: Bool, framework: FrameworkStatus) -> (State, [Effect]) {
        (
            State(mvpd: mvpd, silent: silent, stage: .requesting, framework: framework),
            note(steps.request) + [
                .call(.v2(.partnerSession(framework.partnerStatus, domainName: domainName, redirectUrl: redirectUrl)))
            ]
        )
    }

    func reduce(_ state: inout State, _ event: Event, _ context: FlowContext) -> PartStep<Outcome>? {
        switch (state.stage, event) {
        case (_, .api(.failed(let failure))):
            return .done(.failed(failure))
        case (.requesting, .api(.session(let session))):
            return requestAnswered(&state, session)
        case (.authenticating, .metadata(let result)):
            return frameworkAnswered(&state, result)
        case (.creatingProfile, .api(.profiles(let response))):
            guard response.profiles[state.mvpd.id] != nil || !response.profiles.isEmpty else {
                return .done(.noProfile)
            }
            return .done(.authenticated(mvpd: state.mvpd.id, response))
        case (.retrievingProfile(let id), .api(.profiles(let response))):
            return .done(.authenticated(mvpd: id, response))
        default:
            return nil
        }
    }

    private func requestAnswered(_ state: inout State, _ session: SessionResponse) -> PartStep<Outcome> {
        switch session.actionName {
        case .partnerProfile:
            guard let request = session.authenticationRequest else { return .done(.fellBack(session)) }
            state.stage = .authenticating
            let metadata = MetadataRequest(
                isInterruptionAllowed: !state.silent || interruptsWhenSilent, verificationToken: request.request,
                attributeNames: request.attributesNames, includeAccountProviderIdentifier: true,
                includeAuthenticationExpirationDate: true, channelIdentifier: Self.channelIdentifier)
            return PartStep(note(steps.authenticate) + [.vsa(.metadata(metadata))])
        case .authorize:
            var effects =
                note(steps.alreadyAuthenticated) + [
                    .record(
                        .note(.adobeAnswered(action: session.actionName.rawValue, reason: session.reasonType.rawValue)))
                ]
            if session.reasonType == .degraded {
                effects.append(.record(.note(.degradedWithoutProvider(mvpd: state.mvpd.displayName))))
            }
            let id = session.mvpd ?? state.mvpd.id
            state.stage = .retrievingProfile(id)
            return PartStep(effects + [.call(.v2(.profileForMvpd(id, state.framework.partnerStatus)))])
        case .authenticate, .resume, .retry:
            return .done(.fellBack(session))
        }
    }

    private func frameworkAnswered(_ state: inout State, _ result: Result<AccountMetadata, VSError>) -> PartStep<
        Outcome
    > {
        switch result {
        case .failure(let error):
            return .done(.frameworkFailed(error), note(steps.validate))
        case .success(let metadata):
            guard let saml = metadata.samlAttributeQueryResponse else {
                return .done(.noSAMLResponse, note(steps.validate))
            }
            state.framework.expiry = metadata.authenticationExpirationDate ?? state.framework.expiry
            state.stage = .creatingProfile
            return PartStep(
                note(steps.validate) + note(steps.createProfile) + [
                    .call(
                        .v2(
                            .partnerProfile(
                                samlResponse: SAMLResponseEncoding.encoded(saml), state.framework.partnerStatus)))
                ])
        }
    }

    private func note(_ step: CookbookStep?) -> [Effect] {
        step.map { [.record(.step($0))] } ?? []
    }
}
