import VSASimulator

/// Apple's TV-provider picker: the interactive metadata request, and what its answer means. The
/// outcome is neutral; each integration maps it to its own status code, because the code depends
/// on the call that hit it (seed 004): the same framework failure is APPL at `setRequestor`,
/// APPL_ERROR at `checkAuthentication` and VSA503 at `getAuthentication`.
struct ApplePicker: FlowPart {
    /// What the framework knows, updated by the answer.
    typealias State = FrameworkStatus

    enum Outcome: Sendable, Equatable {
        /// Signed in (or already signed in) to a provider of the picker.
        case signedIn(providerId: String)
        /// The framework answered without a provider.
        case noProvider
        /// "Other TV Provider" (`unsupportedProvider` without a provider id).
        case otherProvider
        /// A provider of the picker that cannot sign in through Apple, or one the request does not
        /// support (`unsupportedProvider` with its id).
        case unsupportedProvider(String)
        /// The user left the picker, or the provider's sign-in that followed it.
        case cancelled(duringSignIn: Bool)
        case permissionNotGranted(VSError)
        /// Any other framework error: the provider did not respond, rejected the request, …
        case failed(VSError)
    }

    /// The picker request: supported providers (filtered when the app filters), featured ones
    /// among them, and the title being played.
    static func request(
        supported: [String]?, featured: [String], videoTitle: String?, channelIdentifier: String? = nil
    ) -> MetadataRequest {
        var request = MetadataRequest(
            isInterruptionAllowed: true, includeAccountProviderIdentifier: true,
            includeAuthenticationExpirationDate: true, channelIdentifier: channelIdentifier)
        if let supported { request.supportedAccountProviderIdentifiers = supported }
        request.featuredAccountProviderIdentifiers = featured
        request.localizedVideoTitle = videoTitle
        return request
    }

    /// The picker an Adobe Pass app shows: the configuration's providers for Apple's picker (when
    /// the app filters), and the app's featured ones among them.
    static func request(
        for directory: ConfigurationDirectory, _ setup: AppSetup, videoTitle: String?, channelIdentifier: String? = nil
    ) -> MetadataRequest {
        let ids = directory.applePickerIds
        return request(
            supported: setup.filtersSupportedProviders ? ids : nil,
            featured: setup.featuredProviders.filter { !setup.filtersSupportedProviders || ids.contains($0) },
            videoTitle: videoTitle, channelIdentifier: channelIdentifier)
    }

    func reduce(_ state: inout State, _ event: Event, _ context: FlowContext) -> PartStep<Outcome>? {
        guard case .metadata(let result) = event else { return nil }
        state.learn(result)
        return .done(Self.outcome(result))
    }

    static func outcome(_ result: Result<AccountMetadata, VSError>) -> Outcome {
        switch result {
        case .success(let metadata):
            guard let provider = metadata.accountProviderIdentifier else { return .noProvider }
            return .signedIn(providerId: provider)
        case .failure(let error):
            switch error.code {
            case .userCancelled: return .cancelled(duringSignIn: error.cancelledScreen == .providerSignIn)
            case .unsupportedProvider:
                return error.unsupportedProviderIdentifier.map(Outcome.unsupportedProvider) ?? .otherProvider
            case .accessNotGranted: return .permissionNotGranted(error)
            default: return .failed(error)
            }
        }
    }
}

/// The app's own MVPD picker (the regular flow).
struct AppPicker: FlowPart {
    /// The ids of the MVPDs listed.
    typealias State = [String]

    enum Outcome: Sendable, Equatable {
        case chosen(String)
        case cancelled
    }

    func reduce(_ state: inout State, _ event: Event, _ context: FlowContext) -> PartStep<Outcome>? {
        switch event {
        case .answer(.mvpdChosen(let id)) where state.contains(id): .done(.chosen(id))
        case .answer(.mvpdChosen), .answer(.mvpdPickerCancelled): .done(.cancelled)
        default: nil
        }
    }
}
