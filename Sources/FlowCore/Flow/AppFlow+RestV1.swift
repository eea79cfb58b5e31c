import Foundation
import PassAPI
import VSASimulator

/// REST API V1, as Adobe's V1 Apple SSO cookbook lays it out (steps 1–11 and the logout). The
/// decisions are the V2 flow's (the same VSA calls, the same fallbacks); what changes is the
/// order at launch (step 1 asks Adobe first), the calls, and what the app must do itself: map
/// the framework's provider id to an MVPD, check the MVPD's platform fields, clean and encode
/// the SAML response, check the 204, poll for the token, fetch the media token separately, and
/// read `tokenSource` before logging out.
extension FlowReducer {
    var isV1: Bool { setup.integration == .restV1 }

    mutating func dispatchV1(_ event: Event) -> [Effect]? {
        switch (state.phase, event) {
        case (.checkingProfiles, .api(.v1AuthenticationChecked(let valid))): return v1AuthenticationChecked(valid)
        case (.v1ReadingToken(let type, let announce), .api(.v1AuthenticationToken(let lookup))):
            return v1TokenRead(lookup, type: type, announce: announce)
        case (.partnerSession(let mvpd, let silent), .api(.v1ProfileRequest(let request))):
            return v1ProfileRequestReceived(request, mvpd: mvpd, silent: silent)
        case (.partnerProfile(_, let silent), .api(.v1TokenExchanged)):
            state.phase = .v1ReadingToken(type: .appleSSO, announce: !silent)
            return tell(.tokenGenerated) + tell(.readingAdobeToken) + [.call(.v1AuthenticationToken)]
        case (.creatingSession(let mvpd), .api(.v1RegistrationCode(let record))):
            return v1CodeCreated(record, mvpd: mvpd)
        case (.v1WebLogin(let mvpd), .answer(let answer)): return v1WebLoginAnswered(answer, mvpd: mvpd)
        case (.v1PollingAfterWebLogin, .timer(.poll)), (.secondScreen, .timer(.poll)):
            return tell(.polling) + [.call(.v1AuthenticationToken)]
        case (.secondScreen(let code), .timer(.codeExpiry)):
            return stopPolling(
                code, status: "This code has expired. Get a new code to try again.",
                note: "The registration code's time is up; polling stops.")
        case (.v1PollingAfterWebLogin(let mvpd), .api(.v1AuthenticationToken(let lookup))):
            return v1Polled(lookup, mvpd: mvpd, code: nil)
        case (.secondScreen(let code), .api(.v1AuthenticationToken(let lookup))):
            return v1Polled(lookup, mvpd: code.mvpd, code: code)
        case (.preauthorizing, .api(.v1Preauthorized(let response))): return v1Preauthorized(response)
        case (.authorizing(let resource), .api(.v1Authorized)):
            state.phase = .v1MediaToken(resource)
            return tell(.retrievingMediaToken) + [.call(.v1MediaToken(resource: resource))]
        case (.v1MediaToken(let resource), .api(.v1MediaToken(let token))):
            state.app.unlocked[resource] = true
            state.app.playing = AppModel.Playback(resource: resource, tokenNotAfter: token.expiresMilliseconds)
            return finishIdle(tell(.permitted(resource: resource, token: token.serializedToken)))
        case (.v1ReadingTokenSource(let mvpd), .api(.v1UserMetadata(let metadata))):
            return v1Logout(mvpd: mvpd, appleSource: metadata.tokenSource == "Apple")
        case (.v1LoggingOut(let appleSource), .api(.v1LoggedOut)): return v1LoggedOut(appleSource: appleSource)
        case (.v1LogoutPage(let appleSource), .answer): return [.showHome] + v1LoggedOut(appleSource: appleSource)
        default: return nil
        }
    }

    // MARK: - Steps 1, 2: Adobe first, then the framework

    /// Step 1 answered. Without a token the app asks the framework (step 2).
    mutating func v1AuthenticationChecked(_ valid: Bool) -> [Effect] {
        state.adobeTokenChecked = true
        guard valid else {
            state.app.authentication = .notAuthenticated
            state.phase = .checkingAccess(.launch)
            return tell(.checkingPartnerStatus) + [.vsa(.checkAccessStatus(prompt: setup.asksPermission))]
        }
        state.phase = .v1ReadingToken(type: .regular, announce: false)
        return tell(.readingAdobeToken) + [.call(.v1AuthenticationToken)]
    }

    mutating func v1TokenRead(_ lookup: V1TokenLookup, type: ProfileType, announce: Bool) -> [Effect] {
        guard case .found(let token) = lookup else {
            let note = Effect.record(.note("No authentication token came back (\(lookup))."))
            return finishIdle([note, status(.notAuthenticated)])
        }
        return v1Authenticated(token, type: type, announce: announce)
    }

    mutating func v1Authenticated(_ token: V1AuthenticationToken, type: ProfileType, announce: Bool) -> [Effect] {
        state.app.authentication = .authenticated(mvpd: token.mvpd, type: type, notAfter: token.expiresMilliseconds)
        let told = announce ? announceAuthenticated(mvpd: token.mvpd, type: type) : tell(.profileSelected)
        return [.cancelTimer(.poll), .cancelTimer(.codeExpiry), .showHome] + told + preauthorize()
    }

    // MARK: - Steps 6–9: the profile request, the framework, the exchange

    mutating func v1ProfileRequestReceived(_ request: String, mvpd: MvpdConfiguration, silent: Bool) -> [Effect] {
        state.phase = .partnerMetadata(mvpd, silent: silent)
        // Step 7 never shows the picker: the provider is already chosen.
        let metadata = MetadataRequest(
            isInterruptionAllowed: false, verificationToken: request,
            attributeNames: mvpd.requiredMetadataFields ?? [], includeAccountProviderIdentifier: true,
            includeAuthenticationExpirationDate: true, channelIdentifier: "https://saml.sp.auth.adobe.com")
        return tell(.askingFrameworkForSAML) + [.vsa(.metadata(metadata))]
    }

    // MARK: - Step 10: the regular workflow

    mutating func v1CodeCreated(_ record: V1RegistrationCode, mvpd: MvpdConfiguration) -> [Effect] {
        let lifetime = Double(max(0, record.expires - record.generated)) / 1000
        switch setup.platform {
        case .ios:
            state.phase = .v1WebLogin(mvpd.id)
            let url = Self.v1AuthenticateURL(
                requestor: setup.requestor, mvpd: mvpd.id, code: record.code, domainName: setup.domainName,
                redirectUrl: setup.redirectUrl)
            return tell(.openingWebLogin(url)) + [.show(.webLogin(url: url, stopAt: setup.redirectUrl))]
        case .tvos:
            let screen = RegistrationCode(
                code: record.code, activationPath: "/activate", notAfter: record.expires, mvpd: mvpd.id,
                status: "Waiting for sign-in on another device")
            state.phase = .secondScreen(screen)
            return tell(.showingCode(record.code)) + [
                status(.registrationCode, record.code), .show(.registrationCode(screen)),
                .startTimer(.poll, seconds: Double(setup.pollingInterval)),
                .startTimer(.codeExpiry, seconds: lifetime),
            ]
        }
    }

    /// `redirect_url` goes last, as the V1 documentation requires.
    static func v1AuthenticateURL(
        requestor: String, mvpd: String, code: String, domainName: String, redirectUrl: String
    )
        -> String
    {
        let query = [
            ("requestor_id", requestor), ("mso_id", mvpd), ("reg_code", code), ("domain_name", domainName),
            ("noflash", "true"), ("no_iframe", "true"), ("redirect_url", redirectUrl),
        ]
        return "/api/v1/authenticate?" + query.map { "\($0.0)=\(Self.queryEncoded($0.1))" }.joined(separator: "&")
    }

    static func queryEncoded(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    mutating func v1WebLoginAnswered(_ answer: ScreenAnswer, mvpd: String) -> [Effect] {
        guard case .webLoginFinished = answer else {
            state.pendingPlay = nil
            return [.showHome]
                + finishIdle(
                    [status(.cancelled, "The MVPD login was closed.")])
        }
        state.phase = .v1PollingAfterWebLogin(mvpd)
        return [.showHome] + tell(.webLoginReturned(setup.redirectUrl)) + tell(.polling) + [
            .call(.v1AuthenticationToken)
        ]
    }

    /// A poll of `tokens/authn`: 404 (or 410 for an older token) means not yet.
    mutating func v1Polled(_ lookup: V1TokenLookup, mvpd: String?, code: RegistrationCode?) -> [Effect] {
        state.pollFailures = 0
        if case .found(let token) = lookup { return v1Authenticated(token, type: .regular, announce: true) }
        guard var screen = code else { return [.startTimer(.poll, seconds: Double(setup.pollingInterval))] }
        screen.polls += 1
        state.phase = .secondScreen(screen)
        return [.show(.registrationCode(screen)), .startTimer(.poll, seconds: Double(setup.pollingInterval))]
    }

    // MARK: - Step 11: decisions

    mutating func v1Preauthorized(_ response: V1PreauthorizeResponse) -> [Effect] {
        for resource in response.resources { state.app.unlocked[resource.id] = resource.authorized }
        let effects = tell(.preauthorized(response.resources.filter(\.authorized).map(\.id)))
        if let resource = state.pendingPlay, case .authenticated(let mvpd, _, _) = state.app.authentication {
            state.pendingPlay = nil
            return effects + authorize(resource, mvpd: mvpd)
        }
        return finishIdle(effects)
    }

    // MARK: - Logout: tokenSource, then the logout that suits the platform

    mutating func v1SignOut(mvpd: String) -> [Effect] {
        state.phase = .v1ReadingTokenSource(mvpd)
        state.app.activity = "Signing out"
        return tell(.readingTokenSource) + [.call(.v1UserMetadata)]
    }

    mutating func v1Logout(mvpd: String, appleSource: Bool) -> [Effect] {
        switch setup.platform {
        case .tvos:
            state.phase = .v1LoggingOut(appleSource: appleSource)
            return tell(.loggingOut) + [.call(.v1Logout)]
        case .ios:
            // A web view, so that the MVPD's session ends too.
            state.phase = .v1LogoutPage(appleSource: appleSource)
            let url =
                "/api/v1/logout?requestor_id=\(Self.queryEncoded(setup.requestor))&redirect_url=\(Self.queryEncoded(setup.redirectUrl))"
            return tell(.loggingOut) + tell(.openingLogoutPage(url)) + [
                .show(.webLogin(url: url, stopAt: setup.redirectUrl))
            ]
        }
    }

    mutating func v1LoggedOut(appleSource: Bool) -> [Effect] {
        state.app = AppModel()
        state.app.authentication = .notAuthenticated
        guard appleSource else { return finishIdle([.record(.note("Adobe's authentication token is gone."))]) }
        return tellToSignOutInSettings()
    }

    /// VSA203: the framework cannot sign the user out; the app says where to do it.
    mutating func tellToSignOutInSettings() -> [Effect] {
        state.phase = .notice
        let notice = Notice(
            title: "Signed out of \(setup.identity.displayName)",
            message: "You are still signed in to your TV provider on this device. "
                + "To sign out everywhere, go to \(setup.platform.settingsPath).")
        return [status(.signOutInSettings), .show(.notice(notice))]
    }

    /// Step 5: the framework's provider id is a `platformMappingId`; REST API V1 calls need the
    /// MVPD id the configuration pairs it with.
    func v1LoginSucceeded(_ mvpd: MvpdConfiguration) -> [Effect] {
        let provider = mvpd.platformMappingId ?? state.systemProvider ?? mvpd.id
        return [
            .record(.step(RestV1Steps.loginSucceeded)),
            .record(
                .note(
                    "The framework signed in to \(provider); the configuration maps that platformMappingId to the MVPD \(mvpd.id)."
                )),
        ]
    }
}
