import PassAPI
import Testing
import VSASimulator

@testable import FlowCore

@Suite struct LaunchTests {
    @Test func launchRegistersThenAsksForThePermission() {
        var driver = Driver()
        #expect(Driver.calls(driver.send(.user(.launch))) == [.register])
        #expect(Driver.calls(driver.send(.api(.registered))) == [.token])
        #expect(Driver.vsa(driver.send(.api(.tokenIssued))) == [.checkAccessStatus(prompt: true)])
    }

    @Test func deniedOrUndeterminedAccessIsMarkedAndProfilesAreStillChecked() {
        for (access, code) in [
            (VSASimulator.AccessStatus.denied, "VSA403"), (.restricted, "VSA403"), (.notDetermined, "VSA404"),
        ] {
            var driver = Driver()
            let effects = driver.launch(access: access)
            #expect(Driver.codes(effects) == [code])
            let status = PartnerFrameworkStatus.from(access: access, providerId: nil, expiry: nil)
            #expect(Driver.calls(effects) == [.profiles(status)])
        }
    }

    @Test func grantedAccessAsksTheFrameworkSilently() {
        var driver = Driver()
        let effects = driver.launch(access: .granted)
        guard case .metadata(let request) = Driver.vsa(effects).first else {
            Issue.record("no metadata request"); return
        }
        #expect(!request.isInterruptionAllowed)
        #expect(request.includeAccountProviderIdentifier)
    }

    @Test func theSystemProviderGoesIntoThePartnerStatus() {
        var driver = Driver()
        _ = driver.launch(access: .granted)
        let effects = driver.send(
            .metadata(
                .success(AccountMetadata(accountProviderIdentifier: "p.aurora", authenticationExpirationDate: 99))))
        #expect(Driver.calls(effects) == [.profiles(.from(access: .granted, providerId: "p.aurora", expiry: 99))])
    }

    @Test func noProfileAndNoSystemSignInIsN000() {
        var driver = Driver()
        _ = driver.launch(access: .granted)
        driver.send(.metadata(.success(AccountMetadata())))
        let effects = driver.send(.api(.profiles(ProfilesResponse(profiles: [:]))))
        #expect(Driver.codes(effects) == ["N000"])
        #expect(driver.state.app.authentication == .notAuthenticated)
    }

    @Test func noProfileButASystemSignInContinuesWithPartnerAuthentication() {
        var driver = Driver()
        _ = driver.launch(access: .granted)
        driver.send(.metadata(.success(AccountMetadata(accountProviderIdentifier: "p.aurora"))))
        let effects = driver.send(.api(.profiles(ProfilesResponse(profiles: [:]))))
        #expect(Driver.codes(effects).isEmpty)
        #expect(Driver.calls(effects) == [.configuration])
        let exchange = driver.send(.api(.configuration(Fixture.configuration)))
        guard case .partnerSession(let status, _, _)? = Driver.calls(exchange).first else {
            Issue.record("no partner session"); return
        }
        #expect(status?.frameworkProviderInfo.id == "p.aurora")
    }

    @Test func aProfileAuthenticatesAndPreauthorizesTheProtectedTitles() {
        var driver = Driver()
        _ = driver.launch(access: .denied)
        let effects = driver.send(.api(.profiles(ProfilesResponse(profiles: ["Cascade": Fixture.profile(.regular)]))))
        #expect(Driver.calls(effects) == [.preauthorize(mvpd: "Cascade", resources: ["show"], nil)])
        #expect(driver.state.app.authentication.isAuthenticated)
    }
}

@Suite struct ApplePickerTests {
    func atPicker(_ integration: Integration = .restV2, platform: DevicePlatform = .ios) -> Driver {
        var driver = Driver(Fixture.setup(platform, integration))
        _ = driver.launch(access: .granted)
        if integration == .sdk {
            driver.send(.api(.configuration(Fixture.configuration)))
            driver.send(.metadata(.success(AccountMetadata())))
            driver.send(.api(.profiles(ProfilesResponse(profiles: [:]))))
            driver.send(.user(.signIn))
        } else {
            driver.send(.metadata(.success(AccountMetadata())))
            driver.send(.api(.profiles(ProfilesResponse(profiles: [:]))))
            _ = driver.openApplePicker()
        }
        return driver
    }

    @Test func thePickerListsTheSupportedProvidersAndTheFeaturedOnes() {
        var driver = Driver()
        _ = driver.launch(access: .granted)
        driver.send(.metadata(.success(AccountMetadata())))
        driver.send(.api(.profiles(ProfilesResponse(profiles: [:]))))
        let effects = driver.openApplePicker()
        guard case .metadata(let request) = Driver.vsa(effects).first else { Issue.record("no picker"); return }
        #expect(request.isInterruptionAllowed)
        #expect(request.supportedAccountProviderIdentifiers == ["p.aurora", "p.bluebonnet"])
        #expect(request.featuredAccountProviderIdentifiers == ["p.aurora"])
    }

    func failure(_ code: VSErrorCode, provider: String? = nil) -> Event {
        .metadata(.failure(VSError(code, unsupportedProviderIdentifier: provider, message: "test")))
    }

    @Test func otherProviderIsN003AndTheAppsPicker() {
        var driver = atPicker()
        let effects = driver.send(failure(.unsupportedProvider))
        #expect(Driver.codes(effects) == ["N003"])
        #expect(Driver.screens(effects).count == 1)
        guard case .mvpdPicker(let mvpds, _)? = Driver.screens(effects).first else { Issue.record("no picker"); return }
        #expect(mvpds.map(\.id) == ["Aurora", "Bluebonnet", "Cascade"])
    }

    @Test func aKnownProviderWithoutSSOIsN004StraightToItsLogin() {
        var driver = atPicker()
        let effects = driver.send(failure(.unsupportedProvider, provider: "p.bluebonnet"))
        #expect(Driver.codes(effects) == ["N004"])
        #expect(Driver.screens(effects).isEmpty)
        #expect(
            Driver.calls(effects) == [
                .createSession(mvpd: "Bluebonnet", domainName: "app.example", redirectUrl: "app://done")
            ])
    }

    @Test func anUnknownProviderIsN004AndTheAppsPicker() {
        var driver = atPicker()
        let effects = driver.send(failure(.unsupportedProvider, provider: "p.nowhere"))
        #expect(Driver.codes(effects) == ["N004"])
        #expect(Driver.screens(effects).count == 1)
    }

    @Test func aSignedInProviderMissingFromTheConfigurationIsN004() {
        var driver = atPicker()
        let effects = driver.send(.metadata(.success(AccountMetadata(accountProviderIdentifier: "p.ironwood"))))
        #expect(Driver.codes(effects) == ["N004"])
        #expect(Driver.screens(effects).count == 1)
    }

    @Test func cancellingIsN005AndEndsSignInForREST() {
        var driver = atPicker()
        let effects = driver.send(failure(.userCancelled))
        #expect(Driver.codes(effects) == ["N005"])
        #expect(Driver.screens(effects).isEmpty)
        #expect(driver.state.phase == .idle)
    }

    @Test func cancellingIsN005AndTheAppsPickerForTheSDK() {
        var driver = atPicker(.sdk)
        let effects = driver.send(failure(.userCancelled))
        #expect(Driver.codes(effects) == ["N005"])
        #expect(Driver.callbacks(effects) == ["status", "displayProviderDialog"])
    }

    @Test func frameworkFailuresMapToTheirCodes() {
        for (code, expected) in [
            (VSErrorCode.serviceTemporarilyUnavailable, "VSA503"), (.invalidVerificationToken, "APPL_ERROR"),
            (.providerRejected, "APPL_ERROR"), (.accessNotGranted, "VSA403"),
        ] {
            var driver = atPicker()
            let effects = driver.send(failure(code))
            #expect(Driver.codes(effects) == [expected], "\(code)")
            #expect(Driver.screens(effects).count == 1, "\(code)")
        }
    }

    @Test func anSSOProviderStartsThePartnerExchange() {
        var driver = atPicker()
        let effects = driver.send(
            .metadata(.success(AccountMetadata(accountProviderIdentifier: "p.aurora", authenticationExpirationDate: 5)))
        )
        #expect(
            Driver.calls(effects) == [
                .partnerSession(
                    .from(access: .granted, providerId: "p.aurora", expiry: 5), domainName: "app.example",
                    redirectUrl: "app://done")
            ])
        let request = PartnerAuthenticationRequest(request: "PEF1dGhuUmVxdWVzdC8+", attributesNames: ["uid"])
        let next = driver.send(.api(.session(Fixture.session(.partnerProfile, request: request))))
        guard case .metadata(let metadata)? = Driver.vsa(next).first else { Issue.record("no SAML request"); return }
        #expect(metadata.verificationToken == "PEF1dGhuUmVxdWVzdC8+")
        #expect(metadata.attributeNames == ["uid"])
        #expect(metadata.channelIdentifier == "https://saml.sp.auth.adobe.com")
        let saml = "<samlp:Response>\n  <a/>\n</samlp:Response>"
        let created = driver.send(.metadata(.success(AccountMetadata(samlAttributeQueryResponse: saml))))
        guard case .partnerProfile(let encoded, _)? = Driver.calls(created).first else {
            Issue.record("no profile call"); return
        }
        #expect(encoded == SAMLResponseEncoding.encoded(saml))
        let done = driver.send(.api(.profiles(ProfilesResponse(profiles: ["Aurora": Fixture.profile(.appleSSO)]))))
        #expect(driver.state.app.authentication.isAuthenticated)
        #expect(Driver.calls(done).first.map { if case .preauthorize = $0 { true } else { false } } == true)
    }

    @Test func partnerFallbacksUseBasicAuthentication() {
        var driver = atPicker(platform: .tvos)
        driver.send(.metadata(.success(AccountMetadata(accountProviderIdentifier: "p.aurora"))))
        let fallback = Fixture.session(
            .authenticate, .interactive, reason: .configurationFallback, code: "ABCDEFG", mvpd: "Aurora")
        let effects = driver.send(.api(.session(fallback)))
        #expect(Driver.codes(effects) == ["REGCODE"])
        #expect(effects.contains(.startTimer(.poll, seconds: 4)))
    }

    @Test func aDegradedProviderLoadsItsProfileDirectly() {
        var driver = atPicker()
        driver.send(.metadata(.success(AccountMetadata(accountProviderIdentifier: "p.aurora"))))
        let effects = driver.send(.api(.session(Fixture.session(.authorize, reason: .degraded, mvpd: "Aurora"))))
        #expect(
            Driver.calls(effects) == [
                .profileForMvpd("Aurora", .from(access: .granted, providerId: "p.aurora", expiry: nil))
            ])
        let done = driver.send(.api(.profiles(ProfilesResponse(profiles: ["Aurora": Fixture.profile(.degraded)]))))
        #expect(Driver.codes(done) == ["N010"])
    }
}

@Suite struct BasicAuthenticationTests {
    func atCode() -> Driver {
        var driver = Driver(Fixture.setup(.tvos))
        _ = driver.launch(access: .denied)
        driver.send(.api(.profiles(ProfilesResponse(profiles: [:]))))
        driver.send(.user(.signIn))
        driver.send(.access(.denied, nil))
        driver.send(.api(.configuration(Fixture.configuration)))
        driver.send(.answer(.mvpdChosen("Cascade")))
        driver.send(.api(.session(Fixture.session(.authenticate, .interactive, code: "ABCDEFG", mvpd: "Cascade"))))
        return driver
    }

    @Test func theCodeIsPolledUntilTheProfileAppears() {
        var driver = atCode()
        #expect(Driver.calls(driver.send(.timer(.poll))) == [.profileForCode("ABCDEFG")])
        #expect(driver.send(.api(.profiles(ProfilesResponse(profiles: [:])))).contains(.startTimer(.poll, seconds: 4)))
        driver.send(.timer(.poll))
        let done = driver.send(.api(.profiles(ProfilesResponse(profiles: ["Cascade": Fixture.profile(.regular)]))))
        #expect(done.contains(.cancelTimer(.poll)))
        #expect(driver.state.app.authentication.isAuthenticated)
    }

    @Test func throttledPollingWaitsForRetryAfter() {
        var driver = atCode()
        driver.send(.timer(.poll))
        let effects = driver.send(
            .api(.failed(PassErrorSummary(kind: .throttled(retryAfter: 7), httpStatus: 429, message: "429"))))
        #expect(effects.contains(.startTimer(.poll, seconds: 7)))
    }

    @Test func anExpiredCodeStopsPolling() {
        var driver = atCode()
        driver.send(.timer(.poll))
        let effects = driver.send(
            .api(
                .failed(
                    PassErrorSummary(
                        kind: .enhanced(code: "invalid_authentication_session", action: .none), httpStatus: 400,
                        message: ""))))
        #expect(effects.contains(.cancelTimer(.poll)))
        guard case .registrationCode(let code)? = Driver.screens(effects).first else {
            Issue.record("no code screen"); return
        }
        #expect(code.status.contains("expired"))
        let fresh = driver.send(.answer(.newCodeRequested))
        #expect(
            Driver.calls(fresh) == [
                .createSession(mvpd: "Cascade", domainName: "app.example", redirectUrl: "app://done")
            ])
    }

    @Test func iOSUsesTheWebLoginThenPollsOnce() {
        var driver = Driver(Fixture.setup(.ios))
        _ = driver.launch(access: .denied)
        driver.send(.api(.profiles(ProfilesResponse(profiles: [:]))))
        driver.send(.user(.signIn))
        driver.send(.access(.denied, nil))
        driver.send(.api(.configuration(Fixture.configuration)))
        driver.send(.answer(.mvpdChosen("Cascade")))
        let effects = driver.send(
            .api(.session(Fixture.session(.authenticate, .interactive, code: "ABCDEFG", mvpd: "Cascade"))))
        #expect(Driver.screens(effects) == [.webLogin(url: "/api/v2/authenticate/APP/ABCDEFG", stopAt: "app://done")])
        #expect(
            Driver.calls(driver.send(.answer(.webLoginFinished(url: "tvsim://done")))) == [.profileForCode("ABCDEFG")])
    }

    @Test func cancellingTheAppsPickerIsN005() {
        var driver = Driver()
        _ = driver.launch(access: .denied)
        driver.send(.api(.profiles(ProfilesResponse(profiles: [:]))))
        driver.send(.user(.signIn))
        driver.send(.access(.denied, nil))
        driver.send(.api(.configuration(Fixture.configuration)))
        #expect(Driver.codes(driver.send(.answer(.mvpdPickerCancelled))) == ["N005"])
    }
}

@Suite struct DecisionAndLogoutTests {
    func signedIn(_ type: ProfileType = .regular, integration: Integration = .restV2) -> Driver {
        var driver = Driver(Fixture.setup(.ios, integration))
        _ = driver.launch(access: .denied)
        if integration == .sdk { driver.send(.api(.configuration(Fixture.configuration))) }
        driver.send(.api(.profiles(ProfilesResponse(profiles: ["Cascade": Fixture.profile(type)]))))
        driver.send(.api(.decisions(DecisionsResponse(decisions: []))))
        return driver
    }

    func deny(_ code: ErrorCode) -> Event {
        .api(
            .decisions(
                DecisionsResponse(decisions: [
                    Decision(
                        resource: "show", serviceProvider: "APP", mvpd: "Cascade", source: .mvpd, authorized: false,
                        error: EnhancedError(code, trace: "t"))
                ])))
    }

    @Test func aDenyIsZ100() {
        var driver = signedIn()
        #expect(
            Driver.calls(driver.send(.user(.play("show")))) == [.authorize(mvpd: "Cascade", resources: ["show"], nil)])
        let effects = driver.send(deny(.authorizationDeniedByParentalControls))
        #expect(Driver.codes(effects) == ["Z100"])
        #expect(driver.state.app.lastDenial?.code == "authorization_denied_by_parental_controls")
        #expect(driver.state.app.authentication.isAuthenticated)
    }

    @Test func aDenyForAMissingProfileSignsTheUserOut() {
        var driver = signedIn()
        driver.send(.user(.play("show")))
        #expect(Driver.codes(driver.send(deny(.authenticatedProfileExpired))) == ["Z100", "N000"])
        #expect(!driver.state.app.authentication.isAuthenticated)
    }

    @Test func theSDKToldTheAppThroughCallbacks() {
        var driver = signedIn(integration: .sdk)
        driver.send(.user(.play("show")))
        #expect(Driver.callbacks(driver.send(deny(.authorizationDeniedByMvpd))) == ["status", "tokenRequestFailed"])
    }

    @Test func freeTitlesPlayWithoutAuthorization() {
        var driver = Driver()
        #expect(Driver.calls(driver.send(.user(.play("free")))).isEmpty)
        #expect(driver.state.app.playing?.resource == "free")
    }

    @Test func anAppleLogoutIsVSA203WithTheSettingsNotice() {
        var driver = signedIn(.appleSSO)
        driver.send(.user(.signOut))
        let effects = driver.send(
            .api(
                .logout(
                    LogoutResponse(logouts: [
                        "Cascade": MvpdLogout(
                            actionName: .partnerLogout, actionType: .partnerInteractive, mvpd: "Cascade")
                    ]))))
        #expect(Driver.codes(effects) == ["VSA203"])
        guard case .notice(let notice)? = Driver.screens(effects).first else { Issue.record("no notice"); return }
        #expect(notice.message.contains("Settings → TV Provider"))
    }

    @Test func aRegularLogoutOpensTheLogoutPageOnIOS() {
        var driver = signedIn()
        driver.send(.user(.signOut))
        let effects = driver.send(
            .api(
                .logout(
                    LogoutResponse(logouts: [
                        "Cascade": MvpdLogout(
                            actionName: .logout, actionType: .interactive, mvpd: "Cascade",
                            url: "/adobe-services/logout?x")
                    ]))))
        #expect(Driver.screens(effects) == [.webLogin(url: "/adobe-services/logout?x", stopAt: "app://done")])
        #expect(!driver.state.app.authentication.isAuthenticated)
    }

    @Test func configurationFailuresHaveTheirCodes() {
        for (failure, code) in [
            (
                PassErrorSummary(
                    kind: .enhanced(code: "internal_server_error", action: .none), httpStatus: 503, message: ""),
                "CFG503"
            ),
            (
                PassErrorSummary(
                    kind: .enhanced(code: "invalid_parameter_service_provider", action: .none), httpStatus: 400,
                    message: ""), "CFG400"
            ),
        ] {
            var driver = Driver()
            _ = driver.launch(access: .denied)
            driver.send(.api(.profiles(ProfilesResponse(profiles: [:]))))
            driver.send(.user(.signIn))
            driver.send(.access(.denied, nil))
            #expect(Driver.codes(driver.send(.api(.failed(failure)))) == [code])
        }
    }
}

@Suite struct SDKLaunchTests {
    @Test func setRequestorExchangesASystemSignInSilently() {
        var driver = Driver(Fixture.setup(.ios, .sdk))
        let effects = driver.launch(access: .granted)
        #expect(Driver.calls(effects) == [.configuration])
        driver.send(.api(.configuration(Fixture.configuration)))
        let exchange = driver.send(.metadata(.success(AccountMetadata(accountProviderIdentifier: "p.aurora"))))
        guard case .partnerSession? = Driver.calls(exchange).first else { Issue.record("no silent exchange"); return }
        let request = PartnerAuthenticationRequest(request: "x", attributesNames: ["uid"])
        let saml = driver.send(.api(.session(Fixture.session(.partnerProfile, request: request))))
        guard case .metadata(let metadata)? = Driver.vsa(saml).first else { Issue.record("no SAML request"); return }
        #expect(!metadata.isInterruptionAllowed)
        driver.send(.metadata(.success(AccountMetadata(samlAttributeQueryResponse: "<r/>"))))
        let ready = driver.send(.api(.profiles(ProfilesResponse(profiles: ["Aurora": Fixture.profile(.appleSSO)]))))
        #expect(Driver.callbacks(ready) == ["setRequestorComplete"])
        #expect(Driver.calls(ready).count == 1)
    }

    @Test func noExchangeWithoutPermissionOrForAProviderWithoutSSO() {
        var denied = Driver(Fixture.setup(.ios, .sdk))
        let effects = denied.launch(access: .denied)
        #expect(Driver.codes(effects) == ["VSA403"])
        let ready = denied.send(.api(.configuration(Fixture.configuration)))
        #expect(Driver.callbacks(ready) == ["setRequestorComplete"])

        var pickerOnly = Driver(Fixture.setup(.ios, .sdk))
        _ = pickerOnly.launch(access: .granted)
        pickerOnly.send(.api(.configuration(Fixture.configuration)))
        let none = pickerOnly.send(.metadata(.success(AccountMetadata(accountProviderIdentifier: "p.bluebonnet"))))
        #expect(Driver.callbacks(none) == ["setRequestorComplete"])
        #expect(Driver.calls(none).map { if case .profiles = $0 { true } else { false } } == [true])
    }
}

@Suite struct PollingLimitTests {
    @Test func pollingStopsAfterRepeatedFailures() {
        var driver = BasicAuthenticationTests().atCode()
        let failure = Event.api(.failed(PassErrorSummary(kind: .transport, httpStatus: nil, message: "no response")))
        for attempt in 1..<FlowReducer.maximumPollFailures {
            driver.send(.timer(.poll))
            #expect(driver.send(failure).contains(.startTimer(.poll, seconds: 4)), "attempt \(attempt)")
        }
        driver.send(.timer(.poll))
        let last = driver.send(failure)
        #expect(last.contains(.cancelTimer(.poll)))
        guard case .registrationCode(let code)? = Driver.screens(last).first else {
            Issue.record("no code screen"); return
        }
        #expect(code.status.contains("does not answer"))
    }

    @Test func throttlingNeverPollsFasterThanTheInterval() {
        var driver = BasicAuthenticationTests().atCode()
        driver.send(.timer(.poll))
        let effects = driver.send(
            .api(.failed(PassErrorSummary(kind: .throttled(retryAfter: 1), httpStatus: 429, message: "429"))))
        #expect(effects.contains(.startTimer(.poll, seconds: 4)))
    }
}

@Suite struct SDKStatusCallbackTests {
    @Test func everyStatusCodeIsAlsoAStatusCallback() {
        var driver = Driver(Fixture.setup(.ios, .sdk))
        let effects = driver.launch(access: .denied)
        #expect(Driver.codes(effects) == ["VSA403"])
        #expect(Driver.callbacks(effects) == ["status"])
        var rest = Driver()
        #expect(Driver.callbacks(rest.launch(access: .denied)).isEmpty)
    }
}

@Suite struct PlaybackTests {
    @Test func protectedPlaybackStopsWhenTheUserIsNoLongerAuthenticated() {
        var app = AppModel()
        app.authentication = .authenticated(mvpd: "AuroraCable", type: .appleSSO, notAfter: 1)
        app.playing = AppModel.Playback(resource: "orbit-live", tokenNotAfter: 500)
        app.authentication = .notAuthenticated
        #expect(app.playing == nil)
        app.playing = AppModel.Playback(resource: "trailers", tokenNotAfter: 0)
        app.authentication = .notAuthenticated
        #expect(app.playing?.resource == "trailers")
    }
}
