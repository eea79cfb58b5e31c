/// One `enqueue(_:completionHandler:)` from start to completion, as a pure state machine: the
/// system's decisions (signed in? supported? may it interrupt?), the picker and sign-in shown to
/// the user, and the calls to the provider's identity provider, which the runtime performs.
public struct MetadataRequestMachine: Sendable {
    /// Everything the system knows when the request runs.
    public struct Context: Sendable {
        public var app: AppIdentity
        public var catalog: ProviderCatalog
        public var nowMilliseconds: Int64

        public init(app: AppIdentity, catalog: ProviderCatalog, nowMilliseconds: Int64) {
            self.app = app
            self.catalog = catalog
            self.nowMilliseconds = nowMilliseconds
        }
    }

    public enum Prompt: Sendable, Equatable {
        case picker(ProviderPicker)
        case signIn(SignInPrompt)
    }

    public enum Effect: Sendable, Equatable {
        case present(Prompt)
        /// Remove the system UI (`accountManager(_:dismiss:)`).
        case dismiss
        /// Sign in at the provider's identity provider (HTTP).
        case signIn(identityProvider: String, username: String, password: String)
        /// Ask the provider for the SAML attribute query response (HTTP).
        case queryAttributes(
            identityProvider: String, providerSessionToken: String, verificationToken: String?,
            attributeNames: [String],
            channelIdentifier: String?)
        /// The framework asked the app's delegate whether to sign in to a provider, and got this
        /// answer (`accountManager(_:shouldAuthenticateAccountProviderWithIdentifier:)`).
        case askedDelegate(providerId: String, allowed: Bool)
        /// The device state changed (a new system sign-in) and must be saved.
        case saveDevice(DeviceState)
        case finish(Result<AccountMetadata, VSError>)
    }

    /// Why an identity provider refused, as the device sees it.
    public enum ProviderRefusal: Sendable, Equatable {
        case invalidCredentials(String)
        case subscriptionEnded(String)
        case unavailable(String)
        case invalidVerificationToken(String)
        case sessionExpired(String)
    }

    public enum Event: Sendable, Equatable {
        case picked(PickerChoice)
        case answered(SignInAnswer)
        case signedIn(SystemSignIn)
        case signInFailed(ProviderRefusal)
        case attributesReturned(saml: String)
        case attributeQueryFailed(ProviderRefusal)
        /// `VSAccountManagerResult.cancel()`.
        case cancelledByApp
    }

    public enum Phase: Sendable, Equatable {
        case picking(ProviderPicker)
        case enteringCredentials(SignInPrompt)
        case signingIn(ProviderCatalog.Provider)
        case querying(ProviderCatalog.Provider)
        case finished
    }

    public private(set) var phase: Phase
    public private(set) var device: DeviceState
    public let request: MetadataRequest
    let context: Context
    /// True while system UI is on screen, so the machine knows to dismiss it when done.
    private var presenting = false

    private init(request: MetadataRequest, device: DeviceState, context: Context) {
        self.request = request
        self.device = device
        self.context = context
        phase = .finished
    }

    // MARK: Start

    public static func start(request: MetadataRequest, device: DeviceState, context: Context) -> (Self, [Effect]) {
        var machine = Self(request: request, device: device, context: context)
        let effects = machine.begin()
        return (machine, effects)
    }

    private mutating func begin() -> [Effect] {
        if !context.app.hasSingleSignOnEntitlement, context.app.entitlementRefusal == .rejected {
            return finish(
                .failure(
                    VSError(
                        .rejected,
                        message: "The system rejected the request: the app lacks the single sign-on entitlement.")))
        }
        guard context.app.hasSingleSignOnEntitlement, device.accessStatus(of: context.app.bundleId) == .granted else {
            return finish(.failure(VSError(.accessNotGranted, message: "The app has no access to the TV provider.")))
        }
        guard device.regionSupported else {
            return finish(.failure(VSError(.unsupported, message: "TV Provider is not available in \(device.region).")))
        }
        if let signIn = device.activeSignIn(nowMilliseconds: context.nowMilliseconds), !request.forceAuthentication {
            guard isSupported(signIn.providerId) else {
                return finish(
                    .failure(
                        VSError(
                            .unsupportedProvider, unsupportedProviderIdentifier: signIn.providerId,
                            message: "The signed-in provider is not supported by this app.")))
            }
            return answer(with: signIn)
        }
        guard request.isInterruptionAllowed else {
            // An expired sign-in is still reported, with its past expiration date: comparing it
            // with the current date is the app's job (the cookbooks' validation steps).
            if let signIn = device.signIn, !request.needsAttributeQuery, isSupported(signIn.providerId) {
                return finish(.success(metadata(for: signIn, saml: nil)))
            }
            // Not signed in and not allowed to ask: metadata without a provider.
            return finish(.success(AccountMetadata()))
        }
        presenting = true
        // One supported provider: no list, straight to its sign-in (seed 003, step 4).
        if request.supportedAccountProviderIdentifiers.count == 1,
            let only = request.supportedAccountProviderIdentifiers.first,
            let provider = context.catalog.provider(only), provider.supportsSignIn
        {
            return pick(.provider(only))
        }
        let picker = ProviderPicker(request: request, catalog: context.catalog, app: context.app)
        phase = .picking(picker)
        return [.present(.picker(picker))]
    }

    private func isSupported(_ providerId: String) -> Bool {
        request.supportedAccountProviderIdentifiers.isEmpty
            || request.supportedAccountProviderIdentifiers.contains(providerId)
    }

    /// The metadata for a signed-in provider, querying attributes when the request asks for them.
    private mutating func answer(with signIn: SystemSignIn) -> [Effect] {
        guard request.needsAttributeQuery, let provider = context.catalog.provider(signIn.providerId) else {
            return finish(.success(metadata(for: signIn, saml: nil)))
        }
        phase = .querying(provider)
        return [
            .queryAttributes(
                identityProvider: signIn.identityProvider, providerSessionToken: signIn.providerSessionToken,
                verificationToken: request.verificationToken, attributeNames: request.attributeNames,
                channelIdentifier: request.channelIdentifier)
        ]
    }

    private func metadata(for signIn: SystemSignIn, saml: String?) -> AccountMetadata {
        AccountMetadata(
            accountProviderIdentifier: request.includeAccountProviderIdentifier ? signIn.providerId : nil,
            authenticationExpirationDate: request.includeAuthenticationExpirationDate ? signIn.expiresAt : nil,
            samlAttributeQueryResponse: request.attributeNames.isEmpty ? nil : saml)
    }

    private mutating func finish(_ result: Result<AccountMetadata, VSError>) -> [Effect] {
        phase = .finished
        let dismiss: [Effect] = presenting ? [.dismiss] : []
        presenting = false
        return dismiss + [.finish(result)]
    }

    // MARK: Events

    public mutating func handle(_ event: Event) -> [Effect] {
        switch (phase, event) {
        case (.finished, _):
            return []
        case (_, .cancelledByApp):
            return finish(.failure(VSError(.userCancelled, message: "The request was cancelled.")))
        case (.picking, .picked(let choice)):
            return pick(choice)
        case (.enteringCredentials(let prompt), .answered(let answer)):
            return submit(answer, prompt: prompt)
        case (.signingIn(let provider), .signedIn(let signIn)):
            return signedIn(signIn, at: provider)
        case (.signingIn(let provider), .signInFailed(let refusal)):
            return signInFailed(refusal, at: provider)
        case (.querying(let provider), .attributesReturned(let saml)):
            guard let signIn = device.signIn else {
                return finish(.failure(VSError(.providerRejected, message: "No sign-in.")))
            }
            _ = provider
            return finish(.success(metadata(for: signIn, saml: saml)))
        case (.querying, .attributeQueryFailed(let refusal)):
            return finish(.failure(error(for: refusal)))
        default:
            return []
        }
    }

    private mutating func pick(_ choice: PickerChoice) -> [Effect] {
        switch choice {
        case .cancel:
            return finish(
                .failure(
                    VSError(
                        .userCancelled, message: "The user cancelled the TV provider picker.", cancelledScreen: .picker)
                ))
        case .otherProvider:
            return finish(
                .failure(VSError(.unsupportedProvider, message: "The user chose “\(SystemStrings.otherProvider)”.")))
        case .provider(let id):
            guard let provider = context.catalog.provider(id), isSupported(id) else {
                // Not a row of this picker: the picker stays up.
                if case .picking(let picker) = phase { return [.present(.picker(picker))] }
                return []
            }
            guard provider.supportsSignIn else {
                return finish(
                    .failure(
                        VSError(
                            .unsupportedProvider, unsupportedProviderIdentifier: id,
                            message: "\(provider.name) does not support single sign-on.")))
            }
            let asked = Effect.askedDelegate(providerId: id, allowed: context.app.shouldAuthenticate(id))
            guard context.app.shouldAuthenticate(id) else {
                return [asked]
                    + finish(
                        .failure(
                            VSError(
                                .unsupportedProvider, unsupportedProviderIdentifier: id,
                                message:
                                    "The app's accountManager(_:shouldAuthenticateAccountProviderWithIdentifier:) refused \(provider.name)."
                            )))
            }
            let prompt = SignInPrompt(
                providerId: provider.id, providerName: provider.name, identityProvider: provider.identityProvider,
                error: nil)
            phase = .enteringCredentials(prompt)
            return [asked, .present(.signIn(prompt))]
        }
    }

    private mutating func submit(_ answer: SignInAnswer, prompt: SignInPrompt) -> [Effect] {
        switch answer {
        case .cancel:
            return finish(
                .failure(
                    VSError(
                        .userCancelled, message: "The user cancelled the provider sign-in.",
                        cancelledScreen: .providerSignIn)))
        case .credentials(let username, let password):
            guard let provider = context.catalog.provider(prompt.providerId) else { return [] }
            phase = .signingIn(provider)
            return [.signIn(identityProvider: provider.identityProvider, username: username, password: password)]
        }
    }

    private mutating func signedIn(_ signIn: SystemSignIn, at provider: ProviderCatalog.Provider) -> [Effect] {
        device.signIn = signIn
        return [.saveDevice(device)] + answer(with: signIn)
    }

    private mutating func signInFailed(_ refusal: ProviderRefusal, at provider: ProviderCatalog.Provider) -> [Effect] {
        guard case .invalidCredentials(let message) = refusal else { return finish(.failure(error(for: refusal))) }
        let prompt = SignInPrompt(
            providerId: provider.id, providerName: provider.name, identityProvider: provider.identityProvider,
            error: message)
        phase = .enteringCredentials(prompt)
        return [.present(.signIn(prompt))]
    }

    private func error(for refusal: ProviderRefusal) -> VSError {
        switch refusal {
        case .invalidCredentials(let message), .subscriptionEnded(let message), .sessionExpired(let message):
            VSError(.providerRejected, message: message)
        case .unavailable(let message):
            VSError(.serviceTemporarilyUnavailable, message: message)
        case .invalidVerificationToken(let message):
            VSError(.invalidVerificationToken, message: message)
        }
    }
}
