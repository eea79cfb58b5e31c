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
        #expect(driver.state.app.playing?.resource == "show")
    }

    @Test func signOutSendsAnAppleUserToSettings() {
        var (driver, _) = launched(access: .granted)
        driver.send(.metadata(.success(AccountMetadata(accountProviderIdentifier: "p.aurora"))))
        driver.send(.api(.identityProviderInfo(Self.info)))
        driver.send(.metadata(.success(AccountMetadata(samlAttributeQueryResponse: "<saml/>"))))
        driver.send(.api(.customTokens(Self.tokens)))
        #expect(Driver.codes(driver.send(.user(.signOut))) == ["VSA203"])
    }

    @Test func deniedAccessLeavesTheUserSignedOutAndSignInFallsBackToTheAppsOwnAccount() {
        var (driver, launch) = launched(access: .denied)
        #expect(Driver.codes(launch) == ["VSA403", "N000"])
        driver.send(.user(.signIn))
        let fallback = driver.send(.access(.denied, nil))
        #expect(Driver.codes(fallback).first == "VSA403")
        #expect(
            fallback.contains { if case .record(.step(let step)) = $0 { step.id == "F.1" } else { false } })
    }

    @Test func otherTVProviderAndCancelInThePicker() {
        var (driver, _) = launched(access: .granted)
        driver.send(.metadata(.success(AccountMetadata())))
        let picker = driver.send(.user(.signIn))
        guard case .metadata(let request)? = Driver.vsa(picker).first else { Issue.record("no picker"); return }
        #expect(request.isInterruptionAllowed)
        let other = driver.send(
            .metadata(.failure(VSError(.unsupportedProvider, unsupportedProviderIdentifier: nil, message: "test"))))
        #expect(Driver.codes(other).first == "N003")
        driver.send(.user(.signIn))
        let cancel = driver.send(
            .metadata(.failure(VSError(.userCancelled, unsupportedProviderIdentifier: nil, message: "test"))))
        #expect(Driver.codes(cancel) == ["N005"])
    }

    @Test func aRefusedTranslationFallsBackOnSignInAndStaysQuietAtLaunch() {
        var (driver, _) = launched(access: .granted)
        driver.send(.metadata(.success(AccountMetadata(accountProviderIdentifier: "p.aurora"))))
        let refused = driver.send(
            .api(.failed(PassErrorSummary(kind: .unexpectedStatus, httpStatus: 404, message: "unknown_provider"))))
        #expect(Driver.codes(refused) == ["N000"])
    }
}
