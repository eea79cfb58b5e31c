import PassAPI
import Testing
import VSASimulator

@testable import FlowCore

/// REST API V1 as seed 000 lays it out.
@Suite struct RestV1FlowTests {
    static let token = V1AuthenticationToken(requestor: "APP", mvpd: "Aurora", userId: "u1", expires: "2000000000000")

    func registered(_ platform: DevicePlatform = .ios) -> Driver {
        var driver = Driver(Fixture.setup(platform, .restV1))
        driver.send(.user(.launch))
        driver.send(.api(.registered))
        return driver
    }

    static func steps(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case .record(.step(let step)) = $0 { step.id } else { nil } }
    }

    @Test func step1AsksAdobeBeforeTheFramework() {
        var driver = registered()
        let effects = driver.send(.api(.tokenIssued))
        #expect(Driver.calls(effects) == [.v1CheckAuthentication])
        #expect(Driver.vsa(effects).isEmpty)
        #expect(Self.steps(effects) == ["1"])
    }

    @Test func aValidTokenAuthenticatesWithoutTheFramework() {
        var driver = registered()
        driver.send(.api(.tokenIssued))
        #expect(Driver.calls(driver.send(.api(.v1AuthenticationChecked(true)))) == [.v1AuthenticationToken])
        let effects = driver.send(.api(.v1AuthenticationToken(.found(Self.token))))
        #expect(driver.state.app.authentication.isAuthenticated)
        #expect(Driver.calls(effects) == [.v1Preauthorize(resources: ["show"])])
        #expect(Driver.vsa(driver.effects).isEmpty)
    }

    @Test func withoutATokenStep2AsksTheFrameworkAndAnUnsignedDeviceIsN000() {
        var driver = registered()
        driver.send(.api(.tokenIssued))
        let step2 = driver.send(.api(.v1AuthenticationChecked(false)))
        #expect(Driver.vsa(step2) == [.checkAccessStatus(prompt: true)])
        #expect(Self.steps(step2) == ["2"])
        driver.send(.access(.granted, nil))
        let effects = driver.send(.metadata(.success(AccountMetadata())))
        #expect(Driver.codes(effects) == ["N000"])
        #expect(Driver.calls(effects).isEmpty)
    }

    @Test func deniedAccessAtLaunchEndsWithoutAnotherAdobeCall() {
        var driver = registered()
        driver.send(.api(.tokenIssued))
        driver.send(.api(.v1AuthenticationChecked(false)))
        let effects = driver.send(.access(.denied, nil))
        #expect(Driver.codes(effects) == ["VSA403", "N000"])
        #expect(Driver.calls(effects).isEmpty)
    }

    /// Steps 2, 3, 6, 7, 8, 9 with a device signed in at system level.
    @Test func aSystemSignInIsExchangedSilently() {
        var driver = registered(.tvos)
        driver.send(.api(.tokenIssued))
        driver.send(.api(.v1AuthenticationChecked(false)))
        driver.send(.access(.granted, nil))
        let config = driver.send(.metadata(.success(AccountMetadata(accountProviderIdentifier: "p.aurora"))))
        #expect(Driver.calls(config) == [.v1Configuration])
        // The platformMappingId maps to the MVPD id Adobe knows.
        let request = driver.send(.api(.configuration(Fixture.configuration)))
        #expect(Driver.calls(request) == [.v1ProfileRequest(mvpd: "Aurora")])
        #expect(Self.steps(request) == ["5", "6"])
        let forward = driver.send(.api(.v1ProfileRequest("PD94bWwg")))
        guard case .metadata(let metadata)? = Driver.vsa(forward).first else {
            Issue.record("no metadata request"); return
        }
        #expect(metadata.verificationToken == "PD94bWwg")
        #expect(!metadata.isInterruptionAllowed)
        #expect(metadata.channelIdentifier == "https://saml.sp.auth.adobe.com")
        let exchange = driver.send(
            .metadata(.success(AccountMetadata(samlAttributeQueryResponse: "<a>\n\t<b/>\n</a>"))))
        guard case .v1TokenExchange(let mvpd, let saml)? = Driver.calls(exchange).first else {
            Issue.record("no token exchange"); return
        }
        #expect(mvpd == "Aurora")
        #expect(saml == SAMLResponseEncoding.encoded("<a>\n\t<b/>\n</a>"))
        let generated = driver.send(.api(.v1TokenExchanged))
        #expect(Self.steps(generated) == ["9", "1"])
        #expect(Driver.calls(generated) == [.v1AuthenticationToken])
        driver.send(.api(.v1AuthenticationToken(.found(Self.token))))
        #expect(
            driver.state.app.authentication
                == .authenticated(mvpd: "Aurora", type: .appleSSO, notAfter: 2_000_000_000_000))
    }

    @Test func theRegularFlowOnTVOSPollsTheTokenUntilItExistsAndStopsWhenTheCodeRunsOut() {
        var driver = registered(.tvos)
        driver.send(.api(.tokenIssued))
        driver.send(.api(.v1AuthenticationChecked(false)))
        driver.send(.access(.denied, nil))
        driver.send(.user(.signIn))
        driver.send(.access(.denied, nil))
        driver.send(.api(.configuration(Fixture.configuration)))
        let code = driver.send(.answer(.mvpdChosen("Cascade")))
        #expect(Driver.calls(code) == [.v1CreateRegistrationCode(mvpd: "Cascade")])
        let record = V1RegistrationCode(
            id: "1", code: "ABC1234", requestor: "APP", mvpd: "Cascade", generated: 1_000, expires: 1_801_000,
            info: .init(
                deviceId: "d", deviceInfo: nil, userAgent: nil, originalUserAgent: nil, authorizationType: "OAUTH2",
                sourceApplicationInformation: nil))
        let shown = driver.send(.api(.v1RegistrationCode(record)))
        #expect(Driver.codes(shown) == ["REGCODE"])
        #expect(shown.contains(.startTimer(.codeExpiry, seconds: 1_800)))
        #expect(Driver.calls(driver.send(.timer(.poll))) == [.v1AuthenticationToken])
        let pending = driver.send(.api(.v1AuthenticationToken(.missing)))
        #expect(pending.contains(.startTimer(.poll, seconds: 4)))
        let expired = driver.send(.timer(.codeExpiry))
        #expect(expired.contains(.cancelTimer(.poll)))
        guard case .registrationCode(let screen)? = Driver.screens(expired).last else {
            Issue.record("no code screen"); return
        }
        #expect(screen.status.contains("expired"))
    }

    @Test func theIOSWebLoginGoesToTheV1AuthenticatePageWithTheRedirectLast() {
        var driver = registered(.ios)
        driver.send(.api(.tokenIssued))
        driver.send(.api(.v1AuthenticationChecked(false)))
        driver.send(.access(.denied, nil))
        driver.send(.user(.signIn))
        driver.send(.access(.denied, nil))
        driver.send(.api(.configuration(Fixture.configuration)))
        driver.send(.answer(.mvpdChosen("Cascade")))
        let record = V1RegistrationCode(
            id: "1", code: "ABC1234", requestor: "APP", mvpd: "Cascade", generated: 0, expires: 1_800_000,
            info: .init(
                deviceId: "d", deviceInfo: nil, userAgent: nil, originalUserAgent: nil, authorizationType: "OAUTH2",
                sourceApplicationInformation: nil))
        let web = driver.send(.api(.v1RegistrationCode(record)))
        guard case .webLogin(let url, _)? = Driver.screens(web).first else { Issue.record("no web view"); return }
        #expect(url.hasPrefix("/api/v1/authenticate?requestor_id=APP&mso_id=Cascade&reg_code=ABC1234"))
        #expect(url.hasSuffix("&redirect_url=app%3A%2F%2Fdone"))
        #expect(Driver.calls(driver.send(.answer(.webLoginFinished(url: "tvsim://done")))) == [.v1AuthenticationToken])
        driver.send(.api(.v1AuthenticationToken(.found(Self.token))))
        #expect(driver.state.app.authentication.isAuthenticated)
    }

    @Test func aPlayAuthorizesThenFetchesTheShortMediaToken() {
        var driver = registered()
        driver.send(.api(.tokenIssued))
        driver.send(.api(.v1AuthenticationChecked(true)))
        driver.send(.api(.v1AuthenticationToken(.found(Self.token))))
        driver.send(.api(.v1Preauthorized(V1PreauthorizeResponse(resources: [.init(id: "show", authorized: true)]))))
        #expect(Driver.calls(driver.send(.user(.play("show")))) == [.v1Authorize(resource: "show")])
        let authz = V1Authorization(mvpd: "Aurora", resource: "show", requestor: "APP", expires: "1")
        #expect(Driver.calls(driver.send(.api(.v1Authorized(authz)))) == [.v1MediaToken(resource: "show")])
        let media = V1MediaToken(
            resource: "show", requestor: "APP", expires: "420000", serializedToken: "PHRva2Vu", userId: "u1",
            mvpdId: "Aurora")
        driver.send(.api(.v1MediaToken(media)))
        #expect(driver.state.app.playing == AppModel.Playback(resource: "show", tokenNotAfter: 420_000))
    }

    @Test func logoutReadsTokenSourceAndAnAppleTokenSendsTheUserToSettings() {
        var driver = registered(.tvos)
        driver.send(.api(.tokenIssued))
        driver.send(.api(.v1AuthenticationChecked(true)))
        driver.send(.api(.v1AuthenticationToken(.found(Self.token))))
        driver.send(.api(.v1Preauthorized(V1PreauthorizeResponse(resources: []))))
        #expect(Driver.calls(driver.send(.user(.signOut))) == [.v1UserMetadata])
        let metadata = V1UserMetadata(updated: 0, encrypted: [], data: ["tokenSource": .string("Apple")])
        #expect(Driver.calls(driver.send(.api(.v1UserMetadata(metadata)))) == [.v1Logout])
        let done = driver.send(.api(.v1LoggedOut))
        #expect(Driver.codes(done) == ["VSA203"])
        #expect(!driver.state.app.authentication.isAuthenticated)
    }

    @Test func onIOSTheLogoutGoesThroughAWebView() {
        var driver = registered(.ios)
        driver.send(.api(.tokenIssued))
        driver.send(.api(.v1AuthenticationChecked(true)))
        driver.send(.api(.v1AuthenticationToken(.found(Self.token))))
        driver.send(.api(.v1Preauthorized(V1PreauthorizeResponse(resources: []))))
        driver.send(.user(.signOut))
        let metadata = V1UserMetadata(updated: 0, encrypted: [], data: ["tokenSource": .string("Aurora")])
        let page = driver.send(.api(.v1UserMetadata(metadata)))
        guard case .webLogin(let url, _)? = Driver.screens(page).first else { Issue.record("no web view"); return }
        #expect(url.hasPrefix("/api/v1/logout?requestor_id=APP"))
        let done = driver.send(.answer(.webLoginFinished(url: "tvsim://done")))
        #expect(Driver.codes(done).isEmpty)
        #expect(!driver.state.app.authentication.isAuthenticated)
    }
}
