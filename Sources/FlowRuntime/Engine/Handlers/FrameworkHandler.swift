import FlowCore
import Foundation
import PassClient
import Simulation
import VSASimulator

/// What a call into the framework ends in.
enum FrameworkOutcome: Sendable, Equatable {
    /// The framework's answer, for the flow.
    case answered(Event)
    /// The app crashed (a missing usage description, as the real framework does).
    case crashed(String)
    /// Nothing reaches the app.
    case silent
}

/// The TV-provider framework on the simulated device: permission, metadata requests, the
/// system's picker and provider sign-in. The system's own screens ask the user directly, as
/// they do on a device; the app hears only the framework's answer.
struct FrameworkHandler: Sendable {
    let setup: AppSetup
    let catalog: ProviderCatalog
    let providers: IdentityProviderClient
    let accounts: DemoAccounts
    let clock: any SimulationClock
    let agent: any UserAgent
    let device: DeviceKeeper
    let timeline: Timeline

    func perform(_ call: VSACall) async -> FrameworkOutcome {
        switch call {
        case .checkAccessStatus(let prompt): await checkAccess(prompt: prompt)
        case .metadata(let request): await runMetadataRequest(request)
        }
    }

    private func checkAccess(prompt: Bool) async -> FrameworkOutcome {
        let app = setup.identity
        timeline.append(.vsa, "checkAccessStatus(options: [.prompt: \(prompt)])", route: .appToFramework)
        switch AccessCheck.start(prompt: prompt, device: device.current.system, app: app) {
        case .crash(let message):
            timeline.append(.note, "The app crashed: \(message)")
            return .crashed(message)
        case .answer(let status, let error):
            timeline.append(
                .vsa, "→ \(status.rawValue) (\(status.rawCode))", detail: error?.description, route: .frameworkAnswer)
            return .answered(.access(status, error, signedInAtSystemLevel: signedInAtSystemLevel))
        case .ask(let alert):
            timeline.append(
                .screen, TimelinePhrase("screen.permissionAlert", ["app": alert.appName], party: .framework),
                detail: alert.message)
            let response = await agent.respond(to: .permission(alert))
            let allowed: Bool? = if case .permission(let choice) = response { choice } else { nil }
            timeline.append(
                .user,
                allowed.map { TimelinePhrase($0 ? "user.allows" : "user.denies", party: .framework) }
                    ?? TimelinePhrase("user.dismissesAlert", party: .framework))
            let (updated, step) = AccessCheck.answer(allowed: allowed, device: device.current.system, app: app)
            device.update { $0.system = updated }
            guard case .answer(let status, let error) = step else { return .silent }
            timeline.append(
                .vsa, "→ \(status.rawValue) (\(status.rawCode))", detail: error?.description, route: .frameworkAnswer)
            return .answered(.access(status, error, signedInAtSystemLevel: signedInAtSystemLevel))
        }
    }

    /// Whether the device holds a current TV-provider sign-in.
    var signedInAtSystemLevel: Bool {
        device.current.system.activeSignIn(nowMilliseconds: clock.nowMilliseconds()) != nil
    }

    private func runMetadataRequest(_ request: MetadataRequest) async -> FrameworkOutcome {
        timeline.append(
            .vsa, "enqueue(VSAccountMetadataRequest)", detail: Self.describe(request), route: .appToFramework)
        let context = MetadataRequestMachine.Context(
            app: setup.identity, catalog: catalog, nowMilliseconds: clock.nowMilliseconds())
        var (request, pending) = MetadataRequestMachine.start(
            request: request, device: device.current.system, context: context)
        var outcome = FrameworkOutcome.silent
        // The delegate presents the framework's view controller once; the picker and the
        // provider's sign-in are screens inside it (seed 003, step 2).
        var presented = false
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            switch effect {
            case .present(let prompt):
                if !presented {
                    presented = true
                    timeline.append(.vsa, "accountManager(_:present:)", route: .frameworkToApp)
                }
                pending += request.handle(await ask(prompt))
            case .askedDelegate(let providerId, let allowed):
                timeline.append(
                    .vsa,
                    "accountManager(_:shouldAuthenticateAccountProviderWithIdentifier: \(providerId)) → \(allowed)",
                    route: .frameworkToApp)
            case .dismiss:
                timeline.append(.vsa, "accountManager(_:dismiss:)", route: .frameworkToApp)
            case .signIn(let identityProvider, let username, let password):
                pending += request.handle(await signIn(identityProvider, username: username, password: password))
            case .queryAttributes(let identityProvider, let token, let verificationToken, let names, let channel):
                pending += request.handle(
                    await queryAttributes(
                        identityProvider, token: token, verificationToken: verificationToken, names: names,
                        channel: channel))
            case .saveDevice(let state):
                device.update { $0.system = state }
                if let signIn = state.signIn {
                    timeline.append(
                        .vsa, "The device is now signed in to \(signIn.providerId) as \(signIn.userDisplayName)",
                        route: .at(.framework))
                }
            case .finish(let result):
                switch result {
                case .success(let metadata):
                    timeline.append(
                        .vsa, "→ VSAccountMetadata", detail: Self.describe(metadata), route: .frameworkAnswer)
                case .failure(let error):
                    timeline.append(
                        .vsa, "→ VSError \(error.code.rawValue) (\(error.code.name))", detail: error.description,
                        route: .frameworkAnswer)
                }
                outcome = .answered(.metadata(result))
            }
        }
        return outcome
    }

    /// Settings › TV Provider on a device signed in to no provider: the user picks one in
    /// Settings' picker and signs in, at system level, as Apple's Settings does; a wrong password
    /// asks again, cancelling leaves the device as it was.
    func signInFromSettings() async {
        timeline.append(
            .user, TimelinePhrase("user.opensSettingsSignIn", ["settings": settingsPath], party: .framework))
        let picker = ProviderPicker(settings: catalog)
        guard case .picked(.provider(let id)) = await ask(.picker(picker)), let provider = catalog.provider(id) else {
            return
        }
        var prompt = SignInPrompt(
            providerId: provider.id, providerName: provider.name, identityProvider: provider.identityProvider,
            error: nil)
        while case .answered(.credentials(let username, let password)) = await ask(.signIn(prompt)) {
            switch await signIn(provider.identityProvider, username: username, password: password) {
            case .signedIn(let signIn):
                device.update { $0.system.signIn = signIn }
                timeline.append(
                    .vsa, "The device is now signed in to \(signIn.providerId) as \(signIn.userDisplayName)",
                    route: .at(.framework))
                return
            case .signInFailed(.invalidCredentials(let message)):
                prompt = SignInPrompt(
                    providerId: provider.id, providerName: provider.name,
                    identityProvider: provider.identityProvider, error: message)
            case .signInFailed(let refusal):
                timeline.append(.note, "Settings could not sign in: \(refusal)")
                return
            default:
                return
            }
        }
    }

    private var settingsPath: String { device.current.system.platform.settingsPath }

    private func ask(_ prompt: MetadataRequestMachine.Prompt) async -> MetadataRequestMachine.Event {
        switch prompt {
        case .picker(let picker):
            timeline.append(
                .screen, TimelinePhrase("screen.applePicker", party: .framework),
                detail: "\(picker.all.count) providers, \(picker.featured.count) featured")
            let response = await agent.respond(to: .applePicker(picker))
            let choice: PickerChoice = if case .picker(let choice) = response { choice } else { .cancel }
            timeline.append(.user, Self.describe(choice, picker: picker))
            return .picked(choice)
        case .signIn(let prompt):
            timeline.append(
                .screen, TimelinePhrase("screen.providerSignIn", ["provider": prompt.providerName], party: .framework),
                detail: prompt.error)
            let response = await agent.respond(
                to: .providerSignIn(prompt, hints: accounts.hints(forMvpd: prompt.identityProvider)))
            let answer: SignInAnswer = if case .signIn(let answer) = response { answer } else { .cancel }
            switch answer {
            case .credentials(let username, _):
                timeline.append(
                    .user,
                    TimelinePhrase(
                        "user.signsIn", ["provider": prompt.providerName, "username": username], party: .framework))
            case .cancel:
                timeline.append(
                    .user, TimelinePhrase("user.cancelsSignIn", ["provider": prompt.providerName], party: .framework))
            }
            return .answered(answer)
        }
    }

    private func signIn(_ identityProvider: String, username: String, password: String) async
        -> MetadataRequestMachine.Event
    {
        do {
            let answer = try await providers.signIn(
                mvpd: identityProvider, username: username, password: password)
            guard let provider = catalog.providers.first(where: { $0.identityProvider == identityProvider })
            else {
                return .signInFailed(.unavailable("The provider is not in the catalog."))
            }
            return .signedIn(
                SystemSignIn(
                    providerId: provider.id, identityProvider: identityProvider,
                    userDisplayName: answer.userDisplayName,
                    userID: answer.userID, providerSessionToken: answer.providerSessionToken,
                    expiresAt: answer.authenticationExpirationDate))
        } catch {
            return .signInFailed(Self.refusal(error))
        }
    }

    private func queryAttributes(
        _ identityProvider: String, token: String, verificationToken: String?, names: [String], channel: String?
    ) async -> MetadataRequestMachine.Event {
        do {
            let answer = try await providers.attributeQuery(
                mvpd: identityProvider, providerSessionToken: token, verificationToken: verificationToken,
                attributeNames: names, channelIdentifier: channel)
            return .attributesReturned(saml: answer.samlResponse)
        } catch {
            return .attributeQueryFailed(Self.refusal(error))
        }
    }

    static func refusal(_ failure: IdentityProviderClient.Failure) -> MetadataRequestMachine.ProviderRefusal {
        switch failure {
        case .refused(let refusal):
            switch refusal.error {
            case "invalid_credentials": .invalidCredentials(refusal.message)
            case "subscription_ended": .subscriptionEnded(refusal.message)
            case "invalid_verification_token": .invalidVerificationToken(refusal.message)
            case "invalid_session", "session_expired": .sessionExpired(refusal.message)
            default: .unavailable(refusal.message)
            }
        case .transport(let error):
            .unavailable("The provider did not answer: \(error)")
        }
    }

    static func describe(_ request: MetadataRequest) -> String {
        var parts = ["isInterruptionAllowed=\(request.isInterruptionAllowed)"]
        if !request.supportedAccountProviderIdentifiers.isEmpty {
            parts.append("supportedAccountProviderIdentifiers=\(request.supportedAccountProviderIdentifiers.count) ids")
        }
        if !request.featuredAccountProviderIdentifiers.isEmpty {
            parts.append(
                "featuredAccountProviderIdentifiers=\(request.featuredAccountProviderIdentifiers.joined(separator: ","))"
            )
        }
        if request.verificationToken != nil { parts.append("verificationToken=<SAML AuthnRequest>") }
        if !request.attributeNames.isEmpty {
            parts.append("attributeNames=\(request.attributeNames.joined(separator: ","))")
        }
        if request.includeAccountProviderIdentifier { parts.append("includeAccountProviderIdentifier") }
        if request.includeAuthenticationExpirationDate { parts.append("includeAuthenticationExpirationDate") }
        if let title = request.localizedVideoTitle { parts.append("localizedVideoTitle=\(title)") }
        if let channel = request.channelIdentifier { parts.append("channelIdentifier=\(channel)") }
        return parts.joined(separator: " ")
    }

    static func describe(_ metadata: AccountMetadata) -> String {
        var parts: [String] = []
        parts.append("accountProviderIdentifier=\(metadata.accountProviderIdentifier ?? "nil")")
        if let expiry = metadata.authenticationExpirationDate { parts.append("authenticationExpirationDate=\(expiry)") }
        parts.append("samlAttributeQueryResponse=\(metadata.samlAttributeQueryResponse == nil ? "nil" : "<SAML>")")
        return parts.joined(separator: " ")
    }

    static func describe(_ choice: PickerChoice, picker: ProviderPicker) -> TimelinePhrase {
        switch choice {
        case .provider(let id):
            TimelinePhrase(
                "user.picksProvider", ["provider": picker.all.first { $0.id == id }?.name ?? id], party: .framework)
        case .otherProvider:
            TimelinePhrase("user.picksOther", ["other": SystemStrings.otherProvider], party: .framework)
        case .cancel: TimelinePhrase("user.cancelsApplePicker", party: .framework)
        }
    }
}
