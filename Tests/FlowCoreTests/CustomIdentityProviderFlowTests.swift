import PassAPI
import Testing
import VSASimulator

@testable import FlowCore

/// A programmer's own identity provider, as seed 003 lays it out.
@Suite struct CustomIdentityProviderFlowTests {
    static let info = IdentityProviderInfo(
        attributeNames: ["userID"], verificationToken: "PHNhbWxwOkF1dGhuUmVxdWVzdC8+",
        channelIdentifier: "https://app.example/saml/sp")
    static let tokens = CustomIdentityTokens(
        accessToken: "at", refreshToken: "rt", expiresIn: 3600, userId: "u1", provider: "p.aurora",
        entitlements: ["show"])

    func launched(access: VSASimulator.AccessStatus) -> (Driver, [Effect]) {
        var driver = Driver(Fixture.setup(.ios, .customIdP))
        var effects = driver.send(.user(.launch))
        effects += driver.send(.access(access, nil))
        return (driver, effects)
    }

    @Test func nothingIsRegisteredAtAdobe() {
        var driver = Driver(Fixture.setup(.ios, .customIdP))
        let effects = driver.send(.user(.launch))
        #expect(Driver.calls(effects).isEmpty)
        #expect(Driver.vsa(effects) == [.checkAccessStatus(prompt: true)])
    }

    @Test func aSignedInDeviceSignsInSilentlyThroughInfoASecondRequestAndTranslate() {
        var (driver, _) = launched(access: .granted)
        let info = driver.send(.metadata(.success(AccountMetadata(accountProviderIdentifier: "p.aurora"))))
        #expect(Driver.calls(info) == [.identityProviderInfo(provider: "p.aurora")])
        let second = driver.send(.api(.identityProviderInfo(Self.info)))
        guard case .metadata(let request)? = Driver.vsa(second).first else {
            Issue.record("no second metadata request"); return
        }
        #expect(request.verificationToken == Self.info.verificationToken)
        #expect(request.attributeNames == ["userID"])
        #expect(request.channelIdentifier == "https://app.example/saml/sp")
        let translate = driver.send(.metadata(.success(AccountMetadata(samlAttributeQueryResponse: "<saml/>"))))
        #expect(Driver.calls(translate) == [.translateSAML(saml: "<saml/>", provider: "p.aurora")])
        driver.send(.api(.customTokens(Self.tokens)))
        #expect(driver.state.app.authentication.isAuthenticated)
        #expect(driver.state.app.unlocked == ["show": true])
    }

    @Test func playsFollowTheEntitlementsWithoutACall() {
        var (driver, _) = launched(access: .granted)
        driver.send(.metadata(.success(AccountMetadata(accountProviderIdentifier: "p.aurora"))))
        driver.send(.api(.identityProviderInfo(Self.info)))
        driver.send(.metadata(.success(AccountMetadata(samlAttributeQueryResponse: "<saml/>"))))
        driver.send(.api(.customTokens(Self.tokens)))
        let play = driver.send(.user(.play("show")))
        #expect(Driver.calls(play).isEmpty)
        #expect(Self.decisions(play) == ["permit show"])
        #expect(driver.state.app.playing?.resource == "show")
    }

    @Test func signOutSendsAnAppleUserToSettings() {
        var (driver, _) = launched(access: .granted)
        driver.send(.metadata(.success(AccountMetadata(accountProviderIdentifier: "p.aurora"))))
        driver.send(.api(.identityProviderInfo(Self.info)))
        driver.send(.metadata(.success(AccountMetadata(samlAttributeQueryResponse: "<saml/>"))))
        driver.send(.api(.customTokens(Self.tokens)))
        let out = driver.send(.user(.signOut))
        #expect(Driver.codes(out) == ["VSA203"])
        #expect(Self.steps(out) == ["L.1"])
    }

    @Test func deniedAccessLeavesTheUserSignedOutAndSignInFallsBackToTheAppsOwnAccount() {
        var (driver, launch) = launched(access: .denied)
        #expect(Driver.codes(launch) == ["VSA403", "N000"])
        driver.send(.user(.signIn))
        let fallback = driver.send(.access(.denied, nil))
        #expect(Driver.codes(fallback) == ["VSA403"])
        #expect(Self.steps(fallback) == ["F.1", "F.2"])
    }

    @Test func otherTVProviderAndCancelInThePicker() {
        var (driver, _) = launched(access: .granted)
        driver.send(.metadata(.success(AccountMetadata())))
        let picker = driver.send(.user(.signIn))
        guard case .metadata(let request)? = Driver.vsa(picker).first else { Issue.record("no picker"); return }
        #expect(request.isInterruptionAllowed)
        let other = driver.send(
            .metadata(.failure(VSError(.unsupportedProvider, unsupportedProviderIdentifier: nil, message: "test"))))
        #expect(Driver.codes(other) == ["N003"])
        #expect(Self.steps(other) == ["F.1", "F.2"])
        #expect(Driver.codes(driver.send(.answer(.webLoginCancelled))) == ["N005"])
        driver.send(.user(.signIn))
        let cancel = driver.send(
            .metadata(.failure(VSError(.userCancelled, unsupportedProviderIdentifier: nil, message: "test"))))
        #expect(Driver.codes(cancel) == ["N005"])
    }

    @Test func aRefusedTranslationFallsBackOnSignInAndStaysQuietAtLaunch() {
        var (driver, _) = launched(access: .granted)
        driver.send(.metadata(.success(AccountMetadata(accountProviderIdentifier: "p.aurora"))))
        let refused = driver.send(.api(.failed(Self.refusal(404, "unknown_provider"))))
        #expect(Driver.codes(refused) == ["N000"])
        #expect(Driver.screens(refused).isEmpty)
        driver.send(.user(.signIn))
        driver.send(.metadata(.success(AccountMetadata(accountProviderIdentifier: "p.aurora"))))
        driver.send(.api(.identityProviderInfo(Self.info)))
        driver.send(.metadata(.success(AccountMetadata(samlAttributeQueryResponse: "<saml/>"))))
        let fallback = driver.send(.api(.failed(Self.refusal(401, "invalid_saml"))))
        #expect(Self.steps(fallback) == ["F.1", "F.2"])
        // The sign-in page starts on the provider single sign-on was tried with.
        #expect(Self.webLoginURL(fallback)?.contains("provider=p.aurora") == true)
    }

    // MARK: - The app's own sign-in

    static func refusal(_ status: Int, _ error: String) -> PassErrorSummary {
        PassErrorSummary(kind: .unexpectedStatus, httpStatus: status, message: "HTTP \(status) \(error): test")
    }

    static func steps(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case .record(.step(let step)) = $0 { step.id } else { nil } }
    }

    static func webLoginURL(_ effects: [Effect]) -> String? {
        Driver.screens(effects).compactMap { if case .webLogin(let url, _) = $0 { url } else { nil } }.first
    }

    static func decisions(_ effects: [Effect]) -> [String] {
        effects.compactMap {
            guard case .record(.decision(let resource, let authorized, let code)) = $0 else { return nil }
            return authorized ? "permit \(resource)" : "deny \(resource) \(code ?? "")"
        }
    }

    /// Launched with access denied, then "Sign in": the own sign-in starts at once.
    func deniedThenSignIn(_ platform: DevicePlatform) -> (Driver, [Effect]) {
        var driver = Driver(Fixture.setup(platform, .customIdP))
        driver.send(.user(.launch))
        driver.send(.access(.denied, nil))
        driver.send(.user(.signIn))
        let effects = driver.send(.access(.denied, nil))
        return (driver, effects)
    }

    @Test func onAnIPhoneTheOwnSignInIsAWebViewThenACodeExchange() {
        var (driver, fallback) = deniedThenSignIn(.ios)
        #expect(Driver.codes(fallback) == ["VSA403"])
        let url = Self.webLoginURL(fallback)
        #expect(url == "/custom-idp/APP/login?redirect_uri=app%3A%2F%2Fdone&state=app-1")
        let exchange = driver.send(.answer(.webLoginFinished(url: "app://done?code=C1&state=app-1")))
        #expect(Driver.calls(exchange) == [.customExchange(code: "C1", redirectURI: "app://done")])
        #expect(Self.steps(exchange) == ["F.3"])
        driver.send(.api(.customTokens(Self.tokens)))
        #expect(driver.state.app.authentication == .authenticated(mvpd: "p.aurora", type: .regular, notAfter: 0))
        #expect(driver.state.app.unlocked == ["show": true])
    }

    @Test func aRedirectForAnotherSignInIsIgnoredAndAClosedPageIsACancel() {
        var (driver, _) = deniedThenSignIn(.ios)
        let forged = driver.send(.answer(.webLoginFinished(url: "app://done?code=C1&state=other")))
        #expect(Driver.calls(forged).isEmpty)
        #expect(Driver.codes(forged) == ["N000"])
        driver.send(.user(.signIn))
        driver.send(.access(.denied, nil))
        #expect(Driver.codes(driver.send(.answer(.webLoginCancelled))) == ["N005"])
        #expect(!driver.state.app.authentication.isAuthenticated)
    }

    static let grant = CustomDeviceAuthorization(
        deviceCode: "secret", userCode: "BCDF-GHJK", verificationUri: "http://idp.example/custom-idp/APP/device",
        expiresIn: 1800, interval: 5)

    @Test func onATVTheOwnSignInShowsADeviceCodeAndPollsAtTheGivenInterval() {
        var (driver, fallback) = deniedThenSignIn(.tvos)
        #expect(Driver.calls(fallback) == [.customDeviceCode])
        let shown = driver.send(.api(.customDeviceCode(Self.grant, receivedAt: 1_000)))
        #expect(Driver.codes(shown) == ["REGCODE"])
        #expect(Self.steps(shown) == ["F.2"])
        guard case .registrationCode(let screen)? = Driver.screens(shown).first else {
            Issue.record("no code screen"); return
        }
        #expect(screen.code == "BCDF-GHJK")
        #expect(screen.activationPath == Self.grant.verificationUri)
        #expect(screen.notAfter == 1_801_000)
        #expect(shown.contains(.startTimer(.poll, seconds: 5)))
        #expect(shown.contains(.startTimer(.codeExpiry, seconds: 1800)))
        #expect(Driver.calls(driver.send(.timer(.poll))) == [.customPollDeviceToken(deviceCode: "secret")])
        #expect(driver.send(.api(.customDevicePending(slowDown: false))).contains(.startTimer(.poll, seconds: 5)))
        driver.send(.timer(.poll))
        // slow_down: five seconds more between polls from now on.
        #expect(driver.send(.api(.customDevicePending(slowDown: true))).contains(.startTimer(.poll, seconds: 10)))
        driver.send(.timer(.poll))
        let done = driver.send(.api(.customTokens(Self.tokens)))
        #expect(done.contains(.cancelTimer(.codeExpiry)))
        #expect(driver.state.app.authentication == .authenticated(mvpd: "p.aurora", type: .regular, notAfter: 0))
    }

    @Test func anExpiredDeviceCodeStopsPollingAndANewCodeCanBeAskedFor() {
        var (driver, _) = deniedThenSignIn(.tvos)
        driver.send(.api(.customDeviceCode(Self.grant, receivedAt: 0)))
        driver.send(.timer(.poll))
        let expired = driver.send(.api(.customDeviceCodeExpired))
        #expect(expired.contains(.cancelTimer(.poll)))
        guard case .registrationCode(let screen)? = Driver.screens(expired).first else {
            Issue.record("no code screen"); return
        }
        #expect(screen.status.contains("expired"))
        #expect(Driver.calls(driver.send(.answer(.newCodeRequested))) == [.customDeviceCode])
        #expect(Driver.codes(driver.send(.api(.customDeviceCode(Self.grant, receivedAt: 0)))) == ["REGCODE"])
        #expect(Driver.codes(driver.send(.answer(.codeScreenClosed))) == ["N005"])
    }

    @Test func signingOutOfTheAppsOwnAccountJustForgetsTheTokens() {
        var (driver, _) = deniedThenSignIn(.ios)
        driver.send(.answer(.webLoginFinished(url: "app://done?code=C1&state=app-1")))
        driver.send(.api(.customTokens(Self.tokens)))
        let out = driver.send(.user(.signOut))
        #expect(Driver.codes(out).isEmpty)
        #expect(Self.steps(out) == ["L.1"])
        #expect(Driver.screens(out).isEmpty)
        #expect(driver.state.app.authentication == .notAuthenticated)
        #expect(driver.state.customEntitlements.isEmpty)
    }

    @Test func playsRecordTheAppsOwnDecisions() {
        var (driver, _) = deniedThenSignIn(.ios)
        driver.send(.answer(.webLoginFinished(url: "app://done?code=C1&state=app-1")))
        var tokens = Self.tokens
        tokens.entitlements = []
        driver.send(.api(.customTokens(tokens)))
        let denied = driver.send(.user(.play("show")))
        #expect(Self.decisions(denied) == ["deny show not_entitled"])
        #expect(Driver.codes(denied) == ["Z100"])
        #expect(driver.state.app.lastDenial?.code == "not_entitled")
    }
}
