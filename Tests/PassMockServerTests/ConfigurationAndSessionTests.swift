import Foundation
import MockBackendAPI
import PassAPI
import Testing

@testable import PassMockServer

@Suite struct ConfigurationTests {
    @Test func listsActiveIntegrationsWithApplePlatformFields() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let configuration = try await app.get("/configuration").decode(ConfigurationResponse.self)
            #expect(configuration.requestor.id == "ORBIT")
            #expect(configuration.clientType == "ios")
            let ids = configuration.requestor.mvpds.map(\.id)
            #expect(ids.count == Dashboard.builtIn.mvpds.count - 2)
            #expect(!ids.contains("Ironwood"))
            let aurora = try #require(configuration.requestor.mvpds.first { $0.id == "AuroraCable" })
            #expect(aurora.boardingStatus == .supported)
            #expect(aurora.platformMappingId == "tvsim.aurora")
            #expect(aurora.enablePlatformServices == true)
            #expect(aurora.displayInPlatformPicker == true)
            let plain = try #require(configuration.requestor.mvpds.first { $0.id == "AlderCreek" })
            #expect(plain.platformMappingId == nil)
            #expect(configuration.requestor.mvpds.first { $0.id == "TempPass_ORBIT" }?.isTempPass == true)
        }
    }

    @Test func hidesApplePlatformFieldsFromOtherPlatforms() async throws {
        try await Harness.run { harness in
            let roku = Base64.encode(#"{"model": "Ultra", "osName": "Roku OS"}"#)
            let app = try await harness.app(info: roku)
            let configuration = try await app.get("/configuration").decode(ConfigurationResponse.self)
            #expect(
                configuration.requestor.mvpds.allSatisfy { $0.platformMappingId == nil && $0.boardingStatus == nil })
        }
    }
}

@Suite struct SessionTests {
    let redirect = "https%3A%2F%2Forbit.tvsim.example%2Fdone"

    @Test func completeParametersAskForInteractiveAuthentication() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let session = try await app.postForm(
                "/sessions", "mvpd=Cascade&domainName=orbit.tvsim.example&redirectUrl=\(redirect)"
            )
            .decode(SessionResponse.self)
            #expect(session.actionName == .authenticate)
            #expect(session.actionType == .interactive)
            #expect(session.reasonType == SessionReasonType.none)
            let code = try #require(session.code)
            #expect(code.count == 7)
            #expect(session.url == "/api/v2/authenticate/ORBIT/\(code)")
            #expect(Int64(session.notAfter!)! - Int64(session.notBefore!)! == 1_800_000)
        }
    }

    @Test func missingParametersAskToResume() async throws {
        try await Harness.run { harness in
            let app = try await harness.app(info: Harness.appleTV)
            let session = try await app.postForm("/sessions", "").decode(SessionResponse.self)
            #expect(session.actionName == .resume)
            #expect(session.actionType == .direct)
            #expect(session.missingParameters == ["mvpd", "domainName", "redirectUrl"])
            #expect(session.url == "/api/v2/ORBIT/sessions/\(session.code!)")
        }
    }

    @Test func resumeCompletesOrRetries() async throws {
        try await Harness.run { harness in
            let tv = try await harness.app(device: "tv", info: Harness.appleTV)
            let code = try #require(try await tv.postForm("/sessions", "").decode(SessionResponse.self).code)
            let phone = try await harness.app(device: "phone")
            let partial = try await phone.postForm("/sessions/\(code)", "mvpd=Cascade").decode(SessionResponse.self)
            #expect(partial.actionName == .retry)
            #expect(partial.missingParameters == ["domainName", "redirectUrl"])
            #expect(partial.code == code)
            let status = try await phone.get("/sessions/\(code)").decode(SessionStatusResponse.self)
            #expect(status.existingParameters["mvpd"] == "Cascade")
            #expect(status.existingParameters["serviceProvider"] == "ORBIT")
            #expect(status.device?.type == "SetTopBox")
            #expect(status.device?.operatingSystem?.name == "tvOS")
            let complete = try await phone.postForm(
                "/sessions/\(code)", "domainName=orbit.tvsim.example&redirectUrl=\(redirect)"
            )
            .decode(SessionResponse.self)
            #expect(complete.actionName == .authenticate)
            #expect(complete.url == "/api/v2/authenticate/ORBIT/\(code)")
        }
    }

    @Test func rejectsBadSessionInput() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            expectError(try await app.postForm("/sessions", "mvpd=Nobody"), .invalidParameterMvpd)
            expectError(try await app.postForm("/sessions", "mvpd=Ironwood"), .invalidIntegration)
            expectError(try await app.postForm("/sessions", "redirectUrl=not%20a%20url"), .invalidParameterRedirectUrl)
            expectError(try await app.postForm("/sessions", "mvpd=%G1"), .badRequest)
            expectError(try await app.postForm("/sessions/abc!", ""), .invalidParameterCode)
            expectError(try await app.postForm("/sessions/ABCDEFG", ""), .invalidAuthenticationSession)
            expectError(try await app.get("/sessions/ABCDEFG"), .invalidAuthenticationSession)
            let noDevice = try await harness.send(
                .post, "/api/v2/ORBIT/sessions",
                headers: [("Authorization", "Bearer \(app.token)"), ("X-Device-Info", Harness.iPhone)])
            expectError(noDevice, .invalidHeaderDeviceIdentifier)
            let badInfo = try await harness.send(
                .post, "/api/v2/ORBIT/sessions",
                headers: [
                    ("Authorization", "Bearer \(app.token)"), ("AP-Device-Identifier", app.deviceId.headerValue),
                    ("X-Device-Info", "%%%"),
                ])
            expectError(badInfo, .invalidHeaderDeviceInfo)
            let badJSONInfo = try await harness.send(
                .post, "/api/v2/ORBIT/sessions",
                headers: [
                    ("Authorization", "Bearer \(app.token)"), ("AP-Device-Identifier", app.deviceId.headerValue),
                    ("X-Device-Info", Base64.encode("{\"model\": ")),
                ])
            expectError(badJSONInfo, .invalidHeaderDeviceInfo)
        }
    }

    @Test func headerNamesAreCaseInsensitive() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let reply = try await harness.send(
                .post, "/api/v2/ORBIT/sessions",
                headers: [
                    ("authorization", "Bearer \(app.token)"), ("ap-device-identifier", app.deviceId.headerValue),
                    ("x-device-info", Harness.iPhone), ("content-type", "application/x-www-form-urlencoded"),
                ],
                body: "mvpd=Cascade")
            #expect(reply.status == 200)
        }
    }

    @Test func codesExpireAfterThirtyMinutes() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let code = try #require(try await app.postForm("/sessions", "").decode(SessionResponse.self).code)
            harness.clock.advance(by: 1_799)
            #expect(try await app.get("/sessions/\(code)").status == 200)
            harness.clock.advance(by: 1)
            expectError(try await app.get("/sessions/\(code)"), .invalidAuthenticationSession)
            expectError(try await app.get("/profiles/code/\(code)"), .invalidAuthenticationSession)
        }
    }

    @Test func tempPassAndDegradationAuthorizeDirectly() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            let temp = try await app.postForm("/sessions", "mvpd=TempPass_ORBIT").decode(SessionResponse.self)
            #expect(temp.actionName == .authorize)
            #expect(temp.reasonType == .temporary)
            #expect(temp.url == "/api/v2/ORBIT/decisions/authorize/TempPass_ORBIT")
            let degraded = try await app.postForm("/sessions", "mvpd=ThunderBay").decode(SessionResponse.self)
            #expect(degraded.reasonType == .degraded)
            let profiles = try await app.get("/profiles").decode(ProfilesResponse.self)
            #expect(profiles.profiles["ThunderBay"]?.type == .degraded)
            #expect(profiles.profiles["ThunderBay"]?.issuer == "Adobe")
            let temporary = try #require(profiles.profiles["TempPass_ORBIT"])
            #expect(temporary.type == .temporary)
            // Adobe's TempPass sample carries the expiry as a number of milliseconds.
            let expiry = try #require(temporary.attributes["expiration_date"])
            #expect(expiry.value == .number(Double(temporary.notAfter)))
        }
    }

    @Test func anExistingProfileSkipsAuthentication() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            try await app.signIn(mvpd: "Cascade")
            let session = try await app.postForm("/sessions", "mvpd=Cascade").decode(SessionResponse.self)
            #expect(session.actionName == .authorize)
            #expect(session.reasonType == .authenticated)
            #expect(session.code == nil)
        }
    }

    @Test func theSingularSessionPathIsAccepted() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            #expect(try await app.postForm("/session", "mvpd=Cascade").status == 200)
        }
    }
}
