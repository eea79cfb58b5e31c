import Foundation
import LocatedJSON
import MockBackendAPI
import PassAPI
import Testing

@testable import PassMockServer

/// Registration codes, configuration, formats, plain and enhanced errors, and the pipeline's
/// answers on V1 paths.
@Suite struct V1RoutesTests {
    @Test func aRegistrationCodeRecordDescribesTheDevice() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            let record = try await app.registrationCode([("mvpd", "Cascade")])
            #expect(record.code.count == 7)
            #expect(record.requestor == "ORBIT")
            #expect(record.mvpd == "Cascade")
            #expect(record.expires - record.generated == 1_800_000)
            #expect(record.generated == harness.backend.nowMilliseconds)
            #expect(UUID(uuidString: record.id) != nil)
            #expect(record.info.deviceId == "device-1")
            #expect(record.info.authorizationType == "OAUTH2")
            #expect(record.info.sourceApplicationInformation?.id == "orbit-ios-tvos")
            let info = try #require(record.info.deviceInfo.flatMap(Base64.decode))
            #expect(try JSONDecoder().decode(DeviceInfo.self, from: info).osName == "iOS")
            let again = try await harness.send(
                .get, "/reggie/v1/ORBIT/regcode/\(record.code.lowercased())", headers: app.auth)
            #expect(try again.decode(V1RegistrationCode.self) == record)
        }
    }

    @Test func registrationCodesTakeTheirParametersFromTheQueryAndTheHeader() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            let reply = try await harness.send(
                .post, "/reggie/v1/ORBIT/regcode?deviceId=tv-9&ttl=600",
                headers: app.auth + [("X-Device-Info", Harness.appleTV), ("User-Agent", "OrbitTV/2.1")])
            let record = try reply.decode(V1RegistrationCode.self)
            #expect(record.info.deviceId == "tv-9")
            #expect(record.mvpd == nil)
            #expect(record.expires - record.generated == 600_000)
            #expect(record.info.userAgent == "OrbitTV/2.1")
            #expect(reply.jsonObject?["mvpd"] == nil)
        }
    }

    @Test func registrationCodesRejectBadParameters() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            let path = "/reggie/v1/ORBIT/regcode"
            let missingDevice = try await app.postForm(path, [("device_info", app.deviceInfo)])
            expectV1Error(missingDevice, .invalidDeviceId)
            #expect(missingDevice.error?.message == V1ErrorCode.invalidDeviceId.message)
            expectV1Error(try await app.postForm(path, [("deviceId", "d")]), .invalidDeviceInfo)
            expectV1Error(
                try await app.postForm(path, [("deviceId", "d"), ("device_info", "not base64!")]), .invalidDeviceInfo)
            let long = try await app.postForm(
                path, [("deviceId", "d"), ("device_info", app.deviceInfo), ("ttl", "36001")])
            expectV1Error(long, "bad_request", status: 400)
            #expect(long.error?.details?.contains("36000") == true)
            #expect(
                try await app.postForm(path, [("deviceId", "d"), ("device_info", app.deviceInfo), ("ttl", "36000")])
                    .status == 200)
            expectV1Error(
                try await app.postForm(
                    path, [("deviceId", "d"), ("device_info", app.deviceInfo), ("mvpd", "Ironwood")]),
                .unknownIntegration)
            expectV1Error(
                try await app.postForm(path, [("deviceId", "d"), ("device_info", app.deviceInfo), ("mvpd", "Nobody")]),
                .unknownIntegration)
        }
    }

    @Test func registrationCodesAreDeletedAndExpire() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            let first = try await app.registrationCode()
            let deleted = try await harness.send(.delete, "/reggie/v1/ORBIT/regcode/\(first.code)", headers: app.auth)
            #expect(deleted.status == 204)
            #expect(deleted.body.isEmpty)
            expectV1Error(
                try await harness.send(.get, "/reggie/v1/ORBIT/regcode/\(first.code)", headers: app.auth),
                "invalid_registration_code", status: 404)
            expectV1Error(
                try await harness.send(.delete, "/reggie/v1/ORBIT/regcode/\(first.code)", headers: app.auth),
                "invalid_registration_code", status: 404)
            let second = try await app.registrationCode([("ttl", "60")])
            harness.clock.advance(by: 61)
            expectV1Error(
                try await harness.send(.get, "/reggie/v1/ORBIT/regcode/\(second.code)", headers: app.auth),
                "invalid_registration_code", status: 404)
        }
    }

    @Test func theConfigurationIsTheV2Configuration() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            let v1 = try await harness.send(
                .get, "/api/v1/config/ORBIT", headers: app.auth + [("X-Device-Info", Harness.appleTV)])
            let v2 = try await harness.send(
                .get, "/api/v2/ORBIT/configuration", headers: app.auth + [("X-Device-Info", Harness.appleTV)])
            #expect(v1.status == 200)
            let configuration = try v1.decode(ConfigurationResponse.self)
            #expect(configuration == (try v2.decode(ConfigurationResponse.self)))
            #expect(configuration.device == "AppleTV")
            #expect(configuration.requestor.mvpds.contains { $0.platformMappingId == "tvsim.aurora" })
            let byParameter = try await harness.send(
                .get, "/api/v1/config/ORBIT?device_info=\(Harness.appleTV.formEncoded)", headers: app.auth)
            #expect(try byParameter.decode(ConfigurationResponse.self) == configuration)
            let xml = try await harness.send(.get, "/api/v1/config/ORBIT.xml", headers: app.auth)
            #expect(xml.header("Content-Type")?.hasPrefix("application/xml") == true)
            #expect(xml.text.contains("<config>"))
            #expect(xml.text.contains("<mvpds>\n      <mvpd>\n"))
            #expect(xml.text.contains("<id>AuroraCable</id>"))
        }
    }

    @Test func theFormatComesFromTheSuffixTheParameterOrAccept() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            let code = try await app.registrationCode().code
            let path = "/reggie/v1/ORBIT/regcode/\(code)"
            for (uri, headers) in [
                ("\(path).xml", [(String, String)]()), ("\(path)?format=xml", []),
                (path, [("Accept", "application/xml")]), (path, [("Accept", "text/html, application/xml;q=0.9")]),
            ] {
                let reply = try await harness.send(.get, uri, headers: app.auth + headers)
                #expect(reply.status == 200)
                #expect(reply.header("Content-Type") == "application/xml;charset=utf-8", "\(uri)")
                #expect(reply.text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\""))
                #expect(reply.text.contains("<regcode>\n  <code>\(code)</code>\n"), "\(reply.text)")
                #expect(reply.text.contains("<info>"))
                #expect(reply.text.contains("<deviceId>device-1</deviceId>"))
            }
            for (uri, headers) in [
                ("\(path).json", [("Accept", "application/xml")]),
                ("\(path)?format=json", [("Accept", "application/xml")]),
                (path, [("Accept", "application/json, application/xml")]), (path, []),
            ] {
                let reply = try await harness.send(.get, uri, headers: app.auth + headers)
                #expect(try reply.decode(V1RegistrationCode.self).code == code, "\(uri)")
            }
        }
    }

    @Test func errorsArePlainOrEnhancedPerRequestorInJSONOrXML() async throws {
        try await Harness.run { harness in
            let orbit = try await V1App(harness)
            let lite = try await V1App(harness, requestor: "ORBITLITE")
            expectV1Error(try await orbit.get("/api/v1/checkauthn"), .authenticationSessionMissing)
            let plain = try await lite.get("/api/v1/checkauthn")
            expectPlainError(plain, status: 403, message: "Forbidden")
            #expect(plain.text == #"{"details":null,"message":"Forbidden","status":403}"#)
            let missing = try await lite.postForm("/reggie/v1/ORBITLITE/regcode", [("device_info", lite.deviceInfo)])
            expectPlainError(missing, status: 400, message: "Required 'deviceId' is not present")
            let xml = try await lite.get("/api/v1/checkauthn.xml")
            #expect(xml.status == 403)
            #expect(
                xml.text.hasSuffix(
                    "<error>\n  <details/>\n  <message>Forbidden</message>\n  <status>403</status>\n</error>\n"))
            let enhancedXML = try await orbit.get("/api/v1/checkauthn", headers: [("Accept", "application/xml")])
            #expect(enhancedXML.text.contains("<code>authentication_session_missing</code>"))
            #expect(enhancedXML.text.contains("<action>authentication</action>"))
            #expect(enhancedXML.text.contains("<trace>\(enhancedXML.header("Adobe-Request-Id")!)</trace>"))
        }
    }

    @Test func theDashboardSwitchesEnhancedErrors() async throws {
        try await Harness.run { harness in
            #expect(harness.backend.dashboard.requestors.map(\.v1EnhancedErrors) == [true, false])
            let patch = try JSONDecoder().decode(
                DashboardPatch.self, from: Data(#"{"requestors": {"ORBIT": {"v1EnhancedErrors": false}}}"#.utf8))
            harness.backend.replaceDashboard(try patch.applied(to: harness.backend.dashboard))
            let app = try await V1App(harness)
            expectPlainError(try await app.get("/api/v1/tokens/authn"), status: 404, message: "Not Found")
        }
    }

    @Test func theDashboardFieldIsABooleanThatDefaultsToTrue() throws {
        func requestor(_ extra: String) throws(DataFileError) -> RequestorSettings {
            let text = #"{"id": "APP", "name": "App", "softwareStatement": {"softwareId": "app"}\#(extra)}"#
            return try LocatedJSONDecoder().decode(RequestorSettings.self, from: Data(text.utf8), file: "r.json")
        }
        #expect(try requestor("").v1EnhancedErrors)
        #expect(try !requestor(#", "v1EnhancedErrors": false"#).v1EnhancedErrors)
        do {
            _ = try requestor(#", "v1EnhancedErrors": "no""#)
            Issue.record("a string was accepted")
        } catch {
            #expect(error.field == "v1EnhancedErrors")
        }
        let typo = #"{"id": "APP", "name": "App", "softwareStatement": {"softwareId": "app"}, "v1EnhancedError": true}"#
        #expect(throws: DataFileError.self) {
            try LocatedJSONDecoder().decode(RequestorSettings.self, from: Data(typo.utf8), file: "r.json")
        }
    }

    @Test func everyV1CallNeedsATokenForItsRequestor() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            let none = try await harness.send(.get, "/api/v1/checkauthn?requestor=ORBIT&deviceId=d")
            expectV1Error(none, "invalid_access_token_service_provider", status: 401)
            #expect(none.error?.action == .applicationRegistration)
            let other = try await harness.send(
                .get, "/api/v1/checkauthn?requestor=ORBITLITE&deviceId=d", headers: app.auth)
            // ORBITLITE answers plain errors, even to a caller holding another requestor's token.
            expectPlainError(other, status: 401, message: "Unauthorized")
            #expect(other.plainError?.details?.contains("issued for 'ORBIT'") == true)
            expectV1Error(
                try await harness.send(.get, "/api/v1/checkauthn?requestor=NOBODY&deviceId=d", headers: app.auth),
                .invalidRequestor)
            // A call that names no requestor is the token's requestor's: ORBIT has no profile on d.
            let noRequestor = try await harness.send(.get, "/api/v1/checkauthn?deviceId=d", headers: app.auth)
            expectV1Error(noRequestor, .authenticationSessionMissing, status: 403)
            expectPlainError(
                try await harness.send(.get, "/reggie/v1/ORBITLITE/regcode/ABCDEFG", headers: app.auth),
                status: 401, message: "Unauthorized")
        }
    }

    @Test func aLogoutThatNamesNoRequestorEndsTheTokensRequestorsProfile() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            try await app.signIn(mvpd: "Cascade")
            #expect(try await app.get("/api/v1/checkauthn").status == 200)
            let logout = try await harness.send(.delete, "/api/v1/logout?deviceId=\(app.deviceId)", headers: app.auth)
            #expect(logout.status < 400, "\(logout.text)")
            expectV1Error(try await app.get("/api/v1/checkauthn"), .authenticationSessionMissing, status: 403)
            // Without a token there is nobody to name: 401, as for any V1 call.
            let anonymous = try await harness.send(.delete, "/api/v1/logout?deviceId=\(app.deviceId)")
            expectV1Error(anonymous, "invalid_access_token_service_provider", status: 401)
        }
    }

    @Test func thePipelineAnswersV1ErrorsOnV1Paths() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            let wrongMethod = try await harness.send(.put, "/api/v1/checkauthn?requestor=ORBIT", headers: app.auth)
            expectV1Error(wrongMethod, .internalError, status: 405)
            #expect(wrongMethod.header("Allow") == "GET, HEAD")
            let plainMethod = try await harness.send(.patch, "/api/v1/tokens/authn?requestor=ORBITLITE")
            expectPlainError(plainMethod, status: 405, message: "Method Not Allowed")
            #expect(plainMethod.header("Allow") == "GET, HEAD, POST")
            let unknown = try await harness.send(.get, "/api/v1/nothing/here?format=xml")
            #expect(unknown.status == 404)
            #expect(unknown.text.contains("<code>unknown_resource</code>"))
            let large = try await harness.send(
                .post, "/reggie/v1/ORBITLITE/regcode", headers: app.auth,
                body: String(repeating: "a", count: 70_000))
            expectPlainError(large, status: 413, message: "Payload Too Large")
            // The V2 shape is untouched.
            expectError(try await harness.send(.put, "/api/v2/ORBIT/configuration"), .invalidHttpMethod)
        }
    }

    @Test func faultsOnV1OperationsAnswerV1Codes() async throws {
        try await Harness.run { harness in
            let app = try await V1App(harness)
            harness.backend.addFault(
                try FaultRule(route: "v1.checkauthn", fault: .status(412, code: "authentication_session_expired")))
            let faulted = try await app.get("/api/v1/checkauthn")
            expectV1Error(faulted, .authenticationSessionExpired, status: 412)
            #expect(faulted.error?.details == "Injected fault.")
            harness.backend.removeAllFaults()
            harness.backend.addFault(try FaultRule(route: "v1.tokens.authn", fault: .status(500, code: nil)))
            expectV1Error(try await app.get("/api/v1/tokens/authn"), .internalError, status: 500)
            harness.backend.removeAllFaults()
            harness.backend.addFault(
                try FaultRule(route: "v1.tokens.usermetadata", fault: .throttle(retryAfterSeconds: 3)))
            let throttled = try await app.get("/api/v1/tokens/usermetadata")
            #expect(throttled.status == 429)
            #expect(throttled.header("Content-Type") == "text/html")
            #expect(throttled.header("Retry-After") == "3")
        }
    }

    @Test func theThrottleCoversV1() async throws {
        var dashboard = Dashboard.builtIn
        dashboard.settings.throttling = .init(enabled: true, requestsPerSecond: 1, burst: 2)
        try await Harness.run(dashboard: dashboard) { harness in
            for _ in 0..<2 { #expect(try await harness.send(.get, "/api/v1/checkauthn").status == 401) }
            let throttled = try await harness.send(.get, "/reggie/v1/ORBIT/regcode/ABCDEFG")
            #expect(throttled.status == 429)
            #expect(throttled.text.contains("429 Too Many Requests"))
        }
    }
}
