import PassAPI
import VSASimulator

/// What the app has learnt from the TV-provider framework: its permission, the provider the
/// device is signed in to and until when, and the last error.
struct FrameworkStatus: Sendable, Equatable {
    var access: VSASimulator.AccessStatus?
    var providerId: String?
    /// Epoch milliseconds.
    var expiry: Int64?
    var error: VSError?
    /// What the simulated framework says of the device (read by the SDK only; see `Event.access`).
    var signedInAtSystemLevel = false

    var isGranted: Bool { access == .granted }

    /// The `AP-Partner-Framework-Status` header the app builds from it.
    var partnerStatus: PartnerFrameworkStatus {
        PartnerFrameworkStatus(
            accessStatus: access.flatMap { PartnerFrameworkStatus.AccessStatus(rawValue: $0.rawValue) },
            providerId: providerId, expirationDateMilliseconds: expiry)
    }

    /// The app-side check the cookbooks ask for after every framework answer (REST API V2 B.2,
    /// C.4, C.11, D.2, D.6; REST API V1 step 5).
    enum Validation: Sendable, Equatable {
        case valid
        case permissionNotGranted
        case noProvider
        case expired(Int64)

        /// Why the status cannot be used; nil when it can.
        var problem: UnusableStatus? {
            switch self {
            case .valid: nil
            case .permissionNotGranted: .permissionNotGranted
            case .noProvider: .noProvider
            case .expired: .expired
            }
        }
    }

    func validation(now: Int64) -> Validation {
        guard isGranted else { return .permissionNotGranted }
        guard providerId != nil else { return .noProvider }
        if let expiry, expiry <= now { return .expired(expiry) }
        return .valid
    }

    /// Takes in a metadata answer: a provider and expiry, or the error (which may still name the
    /// provider the device is signed in to).
    mutating func learn(_ result: Result<AccountMetadata, VSError>) {
        switch result {
        case .success(let metadata):
            providerId = metadata.accountProviderIdentifier
            expiry = metadata.authenticationExpirationDate
            error = nil
        case .failure(let failure):
            providerId = failure.unsupportedProviderIdentifier
            expiry = nil
            error = failure
        }
    }
}

/// The framework's permission check (`checkAccessStatus`) and the silent metadata request that
/// asks which provider the device is signed in to, without showing Apple's picker. Every
/// integration starts with it and refreshes it before decisions; each names it after its cookbook.
/// Its outcome is what the framework said, learnt into the status the part was started with.
struct FrameworkAccess: FlowPart {
    struct State: Sendable, Equatable {
        enum Waiting: Sendable, Equatable {
            case access(thenAskProvider: Bool)
            case provider
        }

        var waiting: Waiting
        var known: FrameworkStatus
    }

    /// Whether the app lets the framework show the permission alert.
    let prompt: Bool
    /// The request's `channelIdentifier` (REST API V1 sets Adobe's SAML issuer at steps 2, 4, 7).
    let channelIdentifier: String?
    let accessStep: CookbookStep?
    let providerStep: CookbookStep?

    init(
        prompt: Bool, channelIdentifier: String? = nil, accessStep: CookbookStep? = nil,
        providerStep: CookbookStep? = nil
    ) {
        self.prompt = prompt
        self.channelIdentifier = channelIdentifier
        self.accessStep = accessStep
        self.providerStep = providerStep
    }

    /// Checks the permission and, when `askProvider` and granted, asks for the provider.
    func checkAccess(_ known: FrameworkStatus, askProvider: Bool) -> (State, [Effect]) {
        (
            State(waiting: .access(thenAskProvider: askProvider), known: known),
            note(accessStep) + [.vsa(.checkAccessStatus(prompt: prompt))]
        )
    }

    /// Asks for the provider only (the permission is already known).
    func askProvider(_ known: FrameworkStatus) -> (State, [Effect]) {
        (State(waiting: .provider, known: known), note(providerStep) + [.vsa(.metadata(silentRequest))])
    }

    var silentRequest: MetadataRequest {
        MetadataRequest(
            isInterruptionAllowed: false, includeAccountProviderIdentifier: true,
            includeAuthenticationExpirationDate: true, channelIdentifier: channelIdentifier)
    }

    func reduce(_ state: inout State, _ event: Event, _ context: FlowContext) -> PartStep<FrameworkStatus>? {
        switch (state.waiting, event) {
        case (.access(let thenAsk), .access(let access, let error, let signedIn)):
            state.known.signedInAtSystemLevel = signedIn
            state.known.access = access
            state.known.error = error
            guard access == .granted else {
                // Without the permission the framework tells nothing of the provider.
                state.known.providerId = nil
                state.known.expiry = nil
                return .done(state.known)
            }
            guard thenAsk else { return .done(state.known) }
            let (next, effects) = askProvider(state.known)
            state = next
            return PartStep(effects)
        case (.provider, .metadata(let result)):
            state.known.learn(result)
            return .done(state.known)
        default:
            return nil
        }
    }

    private func note(_ step: CookbookStep?) -> [Effect] {
        step.map { [.record(.step($0))] } ?? []
    }
}
