import FlowCore
import Foundation
import PassClient
import VSASimulator

/// The TV-provider framework on the simulated device: permission, metadata requests, the
/// system's picker and provider sign-in.
extension FlowEngine {
    func perform(_ call: VSACall) async {
        switch call {
        case .checkAccessStatus(let prompt): await checkAccess(prompt: prompt)
        case .metadata(let request): await runMetadataRequest(request)
        }
    }

    func checkAccess(prompt: Bool) async {
        let app = machine.setup.identity
        timeline.append(.vsa, "checkAccessStatus(options: [.prompt: \(prompt)])")
        switch AccessCheck.start(prompt: prompt, device: device.system, app: app) {
        case .crash(let message):
            timeline.append(.note, "The app crashed: \(message)")
            ending = .crashed(message)
        case .answer(let status, let error):
            timeline.append(.vsa, "→ \(status.rawValue) (\(status.rawCode))", detail: error?.description)
            queue.append(.access(status, error, signedInAtSystemLevel: signedInAtSystemLevel))
        case .ask(let alert):
            timeline.append(.screen, "Permission alert: \(alert.title)", detail: alert.message)
            let response = await agent.respond(to: .permission(alert))
            let allowed: Bool? = if case .permission(let choice) = response { choice } else { nil }
            timeline.append(
                .user,
                allowed.map { $0 ? "Taps \(alert.allowButton)" : "Taps \(alert.denyButton)" } ?? "Dismisses the alert")
            let (updated, step) = AccessCheck.answer(allowed: allowed, device: device.system, app: app)
            device.system = updated
            saveDevice()
            if case .answer(let status, let error) = step {
                timeline.append(.vsa, "→ \(status.rawValue) (\(status.rawCode))", detail: error?.description)
                queue.append(.access(status, error, signedInAtSystemLevel: signedInAtSystemLevel))
            }
        }
    }

    /// Whether the device holds a current TV-provider sign-in.
    var signedInAtSystemLevel: Bool {
        device.system.activeSignIn(nowMilliseconds: clock.nowMilliseconds()) != nil
    }

    func runMetadataRequest(_ request: MetadataRequest) async {
        timeline.append(.vsa, "enqueue(VSAccountMetadataRequest)", detail: Self.describe(request))
        let context = MetadataRequestMachine.Context(
            app: machine.setup.identity, catalog: services.catalog, nowMilliseconds: clock.nowMilliseconds())
        var (request, pending) = MetadataRequestMachine.start(request: request, device: device.system, context: context)
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            switch effect {
            case .present(let prompt):
                pending += request.handle(await ask(prompt))
            case .askedDelegate(let providerId, let allowed):
                timeline.append(
                    .vsa,
                    "accountManager(_:shouldAuthenticateAccountProviderWithIdentifier: \(providerId)) → \(allowed)")
            case .dismiss:
                timeline.append(.vsa, "accountManager(_:dismiss:)")
            case .signIn(let identityProvider, let username, let password):
                pending += request.handle(await signIn(identityProvider, username: username, password: password))
            case .queryAttributes(let identityProvider, let token, let verificationToken, let names, let channel):
                pending += request.handle(
                    await queryAttributes(
                        identityProvider, token: token, verificationToken: verificationToken, names: names,
                        channel: channel))
            case .saveDevice(let state):
                device.system = state
                saveDevice()
                if let signIn = state.signIn {
                    timeline.append(
                        .vsa, "The device is now signed in to \(signIn.providerId) as \(signIn.userDisplayName)")
                }
            case .finish(let result):
                switch result {
                case .success(let metadata):
                    timeline.append(.vsa, "→ VSAccountMetadata", detail: Self.describe(metadata))
                case .failure(let error):
                    timeline.append(
                        .vsa, "→ VSError \(error.code.rawValue) (\(error.code.name))", detail: error.description)
                }
                queue.append(.metadata(result))
            }
        }
    }

    private func ask(_ prompt: MetadataRequestMachine.Prompt) async -> MetadataRequestMachine.Event {
        switch prompt {
        case .picker(let picker):
            timeline.append(
                .screen, "Apple's TV provider picker",
                detail: "\(picker.all.count) providers, \(picker.featured.count) featured")
            let response = await agent.respond(to: .applePicker(picker))
            let choice: PickerChoice = if case .picker(let choice) = response { choice } else { .cancel }
            timeline.append(.user, Self.describe(choice, picker: picker))
            return .picked(choice)
        case .signIn(let prompt):
            timeline.append(.screen, "\(prompt.providerName) sign-in", detail: prompt.error)
            let response = await agent.respond(
                to: .providerSignIn(prompt, hints: hints(forMvpd: prompt.identityProvider)))
            let answer: SignInAnswer = if case .signIn(let answer) = response { answer } else { .cancel }
            switch answer {
            case .credentials(let username, _):
                timeline.append(.user, "Signs in to \(prompt.providerName) as \(username)")
            case .cancel: timeline.append(.user, "Cancels the \(prompt.providerName) sign-in")
            }
            return .answered(answer)
        }
    }

    private func signIn(_ identityProvider: String, username: String, password: String) async
        -> MetadataRequestMachine.Event
    {
        do {
            let answer = try await services.identityProvider.signIn(
                mvpd: identityProvider, username: username, password: password)
            guard let provider = services.catalog.providers.first(where: { $0.identityProvider == identityProvider })
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
            let answer = try await services.identityProvider.attributeQuery(
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

    func hints(forMvpd mvpd: String) -> [CredentialHint] {
        let usernames = Set(services.info.mvpds.first { $0.id == mvpd }?.personas ?? [])
        var seen = Set<String>()
        return services.info.personas.filter { usernames.contains($0.username) && seen.insert($0.username).inserted }
            .map { CredentialHint(username: $0.username, password: $0.password, note: $0.note) }
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

    static func describe(_ choice: PickerChoice, picker: ProviderPicker) -> String {
        switch choice {
        case .provider(let id): "Picks \(picker.all.first { $0.id == id }?.name ?? id) in Apple's picker"
        case .otherProvider: "Picks “\(SystemStrings.otherProvider)”"
        case .cancel: "Cancels Apple's picker"
        }
    }
}
