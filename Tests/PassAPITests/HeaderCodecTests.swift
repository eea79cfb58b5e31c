import Foundation
import Simulation
import Testing

@testable import PassAPI

@Suite struct DeviceIdentifierTests {
    @Test func roundTrips() throws {
        let identifier = DeviceIdentifier(identifier: "ba23d141-d715-561c-94f4-e9e4c966b1eb")
        #expect(identifier.headerValue == "fingerprint YmEyM2QxNDEtZDcxNS01NjFjLTk0ZjQtZTllNGM5NjZiMWVi")
        #expect(try DeviceIdentifier.parse(identifier.headerValue).get() == identifier)
    }

    @Test func acceptsAnyCaseTypeAndUnpaddedBase64() throws {
        #expect(try DeviceIdentifier.parse("FINGERPRINT ZGV2aWNl").get().identifier == "device")
        #expect(try DeviceIdentifier.parse("fInGeRpRiNt ZGV2aWNl").get().identifier == "device")
        // Spaces between the type and the value, or inside a wrapped value, are not part of it.
        #expect(try DeviceIdentifier.parse("fingerprint   ZGV2 aWNl").get().identifier == "device")
    }

    /// The keyword read on bytes must not take a longer or different word for it.
    @Test func theKeywordIsTheWholeWord() {
        #expect(DeviceIdentifier.parse("fingerprintZGV2aWNl") == .failure(.unsupportedType("fingerprintZGV2aWNl")))
        #expect(DeviceIdentifier.parse("fingerprints ZGV2aWNl") == .failure(.unsupportedType("fingerprints")))
        #expect(DeviceIdentifier.parse("fingerpr1nt ZGV2aWNl") == .failure(.unsupportedType("fingerpr1nt")))
        #expect(DeviceIdentifier.parse("fingerprint\tZGV2aWNl") == .failure(.unsupportedType("fingerprint\tZGV2aWNl")))
    }

    @Test func rejectsWhatTheServiceRejects() {
        #expect(DeviceIdentifier.parse(nil) == .failure(.missing))
        #expect(DeviceIdentifier.parse("") == .failure(.missing))
        #expect(DeviceIdentifier.parse("serial abc") == .failure(.unsupportedType("serial")))
        // The type alone, or with a trailing space: the error says what is missing.
        #expect(DeviceIdentifier.parse("fingerprint") == .failure(.missingIdentifier))
        #expect(DeviceIdentifier.parse("fingerprint ") == .failure(.missingIdentifier))
        // Nothing but padding, or a NUL byte: refused, never stored as a device id.
        #expect(DeviceIdentifier.parse("fingerprint ====").isFailure)
        #expect(DeviceIdentifier.parse("fingerprint AA==") == .failure(.controlCharacters))
        #expect(DeviceIdentifier.parse("fingerprint !!!") == .failure(.notBase64))
        #expect(DeviceIdentifier.parse("fingerprint IA==") == .failure(.empty))
    }
}

@Suite struct DeviceInfoTests {
    func header(_ json: String) -> String { Base64.encode(json) }

    @Test func roundTrips() throws {
        let info = DeviceInfo.appleTV(applicationId: "ORBIT")
        #expect(try DeviceInfo.parse(info.headerValue).get() == info)
    }

    @Test func toleratesTheDocumentedMissingComma() throws {
        let json = """
            {
              "model": "AppleTV",
              "osName": "tvOS"
              "osVendor": "Apple"
            }
            """
        let info = try DeviceInfo.parse(header(json)).get()
        #expect(info.osName == "tvOS")
        #expect(info.osVendor == "Apple")
    }

    @Test func acceptsTypeInsteadOfPrimaryHardwareType() throws {
        let info = try DeviceInfo.parse(header(#"{"type": "MobilePhone", "model": "iPhone", "osName": "iOS"}"#)).get()
        #expect(info.primaryHardwareType == "MobilePhone")
    }

    @Test func acceptsNumbersAsStringsAndURLSafeBase64() throws {
        let json = #"{"model": "iPhone", "osName": "iOS", "displayWidth": "1179", "osVersion": 18}"#
        let urlSafe = Base64.encodeURLSafe(Data(json.utf8))
        let info = try DeviceInfo.parse(urlSafe).get()
        #expect(info.displayWidth == 1179)
        #expect(info.osVersion == "18")
    }

    @Test func rejectsBrokenValues() {
        #expect(DeviceInfo.parse(nil) == .failure(.missing))
        #expect(DeviceInfo.parse("%%%") == .failure(.notBase64))
        #expect(DeviceInfo.parse(header("[1,2]")) == .failure(.notJSON))
        #expect(DeviceInfo.parse(header(#"{"osName": "iOS"}"#)) == .failure(.missingField("model")))
        #expect(
            DeviceInfo.parse(header(#"{"model": "x", "osName": "Plan9"}"#))
                == .failure(.invalidValue(field: "osName", value: "Plan9")))
        #expect(
            DeviceInfo.parse(header(#"{"model": "x", "osName": "iOS", "primaryHardwareType": "Toaster"}"#))
                == .failure(.invalidValue(field: "primaryHardwareType", value: "Toaster")))
    }
}

@Suite struct PartnerFrameworkStatusTests {
    let now: Int64 = 1_800_000_000_000
    let known: Set<String> = ["tvsim.aurora", "tvsim.beacon"]

    func status(_ access: PartnerFrameworkStatus.AccessStatus?, _ id: String?, _ expiry: Int64?)
        -> PartnerFrameworkStatus
    {
        PartnerFrameworkStatus(accessStatus: access, providerId: id, expirationDateMilliseconds: expiry)
    }

    @Test func encodesTheDocumentedShape() throws {
        let value = status(.granted, "tvsim.aurora", now + 1000).headerValue
        let json = try #require(Base64.decode(value))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: [String: String]])
        #expect(object["frameworkPermissionInfo"]?["accessStatus"] == "granted")
        #expect(object["frameworkProviderInfo"]?["id"] == "tvsim.aurora")
        #expect(object["frameworkProviderInfo"]?["expirationDate"] == String(now + 1000))
    }

    @Test func mapsEveryConditionToItsCode() {
        func check(_ status: PartnerFrameworkStatus, mvpd: String? = nil) -> ErrorCode? {
            status.validationFailure(nowMilliseconds: now, knownProviderIds: known, mvpdPlatformMappingId: mvpd)
        }
        #expect(check(status(nil, "tvsim.aurora", nil)) == .invalidHeaderPfsPermissionAccessNotPresent)
        #expect(check(status(.notDetermined, "tvsim.aurora", nil)) == .invalidHeaderPfsPermissionAccessNotDetermined)
        #expect(check(status(.denied, "tvsim.aurora", nil)) == .invalidHeaderPfsPermissionAccessNotGranted)
        #expect(check(status(.restricted, "tvsim.aurora", nil)) == .invalidHeaderPfsPermissionAccessNotGranted)
        #expect(check(status(.granted, nil, nil)) == .invalidHeaderPfsProviderIdNotDetermined)
        #expect(check(status(.granted, "unknown", nil)) == .invalidHeaderPfsProviderIdNotDetermined)
        #expect(
            check(status(.granted, "tvsim.aurora", nil), mvpd: "tvsim.beacon") == .invalidHeaderPfsProviderIdMismatch)
        #expect(check(status(.granted, "tvsim.aurora", now - 1)) == .invalidHeaderPfsProviderInfoExpired)
        #expect(check(status(.granted, "tvsim.aurora", now + 60_000)) == nil)
        #expect(check(status(.granted, "tvsim.aurora", nil), mvpd: "tvsim.aurora") == nil)
    }

    @Test func parseReportsMissingMembers() {
        let broken = Base64.encode(#"{"frameworkPermissionInfo": {"accessStatus": "granted"}}"#)
        #expect(PartnerFrameworkStatus.parse(broken) == .failure(.notJSON("missing 'frameworkProviderInfo'")))
        #expect(PartnerFrameworkStatus.parse("***") == .failure(.notBase64))
        #expect(PartnerFrameworkStatus.parse(nil) == .failure(.missing))
    }
}

@Suite struct RedactionTests {
    @Test func hidesCredentialsWholeKeepingOnlyTheScheme() {
        let value = Redaction.header(name: "authorization", value: "Bearer abcdefghijklmnopqrstuvwxyz")
        #expect(value == "Bearer ‹redacted›")
        // A Basic value ends with the end of the password: nothing of it is kept.
        #expect(
            Redaction.header(name: "Authorization", value: "Basic ZGVtbzpodW50ZXIyaHVudGVyMg==") == "Basic ‹redacted›")
        #expect(Redaction.header(name: "Authorization", value: "Bearer letmein") == "Bearer ‹redacted›")
        #expect(Redaction.header(name: "X-Device-Info", value: "abc") == "abc")
        #expect(Redaction.header(name: "Proxy-Authorization", value: "Basic dTpw") == "Basic ‹redacted›")
        // A page's address in Referer carries what the page was opened with.
        #expect(
            Redaction.header(name: "Referer", value: "http://127.0.0.1:9/idp/A/login?RelayState=r3l4y&x=1&code=c0de")
                == "http://127.0.0.1:9/idp/A/login?RelayState=‹redacted›&x=1&code=‹redacted›")
    }

    @Test func hidesSecretsInFormsQueriesAndJSON() throws {
        #expect(
            Redaction.formEncoded("client_id=a&client_secret=s3cr3t&grant_type=x")
                == "client_id=a&client_secret=‹redacted›&grant_type=x")
        #expect(Redaction.url("/login?password=hunter2&user=a") == "/login?password=‹redacted›&user=a")
        let json = Redaction.json(Data(#"{"access_token":"t","nested":{"password":"p"},"ok":1}"#.utf8))
        #expect(
            String(decoding: json, as: UTF8.self)
                == #"{"access_token":"‹redacted›","nested":{"password":"‹redacted›"},"ok":1}"#)
    }

    @Test func sniffsBodiesSentWithoutAContentType() {
        let form = Redaction.body(Data("client_id=a&client_secret=b".utf8), contentType: nil)
        #expect(String(decoding: form, as: UTF8.self) == "client_id=a&client_secret=‹redacted›")
        let json = Redaction.body(Data(#"{"password":"p"}"#.utf8), contentType: "text/plain")
        #expect(String(decoding: json, as: UTF8.self) == #"{"password":"‹redacted›"}"#)
        let html = Redaction.body(Data(#"<td><code class="secret">demo</code></td>"#.utf8), contentType: "text/html")
        #expect(String(decoding: html, as: UTF8.self) == #"<td><code class="secret">‹redacted›</code></td>"#)
    }

    @Test func readsABodyByItsTypeNotItsFirstByte() {
        func text(_ body: String, _ type: String?) -> String {
            String(decoding: Redaction.body(Data(body.utf8), contentType: type), as: UTF8.self)
        }
        let form = "application/x-www-form-urlencoded"
        #expect(text("{x}=1&password=hunter2", form) == "{x}=1&password=‹redacted›")
        #expect(text("[a]=1&client_secret=s", form) == "[a]=1&client_secret=‹redacted›")
        #expect(text("[a]=1&client_secret=s", nil) == "[a]=1&client_secret=‹redacted›")
        // Declared JSON that does not parse is read as a form as well.
        #expect(text("{broken&password=p", "application/json") == "{broken&password=‹redacted›")
        // A member name written with escapes is judged by its decoded name.
        #expect(
            text(#"{"p\u0061ssword":"hunter2","ok":1}"#, "application/json") == #"{"ok":1,"password":"‹redacted›"}"#)
        #expect(text(#"{"Client\u005fSecret":"s"}"#, nil) == #"{"Client_Secret":"‹redacted›"}"#)
        // A markup type on a body without markup is read like an untyped one.
        #expect(text("client_id=a&client_secret=s", "application/xml") == "client_id=a&client_secret=‹redacted›")
        #expect(text("client_id=a&client_secret=s", "text/html") == "client_id=a&client_secret=‹redacted›")
        #expect(text(#"{"password":"p"}"#, "application/soap+xml") == #"{"password":"‹redacted›"}"#)
    }

    /// Multipart form fields are hidden by name, whatever type the body claims.
    @Test func hidesMultipartFieldsByName() {
        let body =
            "--X\r\nContent-Disposition: form-data; name=\"client_id\"\r\n\r\nabc\r\n"
            + "--X\r\nContent-Disposition: form-data; name=\"client_secret\"\r\n\r\nMULTIPARTSECRET\r\n"
            + "--X\r\ncontent-disposition: Form-Data; name=Password\r\nContent-Type: text/plain\r\n\r\nhunter2\r\n--X--\r\n"
        for type in ["multipart/form-data; boundary=X", "application/xml", nil] {
            let redacted = String(decoding: Redaction.body(Data(body.utf8), contentType: type), as: UTF8.self)
            #expect(!redacted.contains("MULTIPARTSECRET") && !redacted.contains("hunter2"), "\(type ?? "no type")")
            #expect(redacted.contains("\r\n\r\nabc\r\n"), "a field that is no secret stays")
            #expect(redacted.components(separatedBy: "‹redacted›").count == 3)
        }
    }

    @Test func removesSAMLSignatures() {
        let xml = "<a><ds:SignatureValue>c2lnbmF0dXJl</ds:SignatureValue></a>"
        #expect(Redaction.samlSignatureRemoved(xml) == "<a><ds:SignatureValue>‹redacted›</ds:SignatureValue></a>")
        let form = "SAMLResponse=" + Base64.encode(xml).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let redacted = Redaction.formEncoded(form)
        let value = redacted.dropFirst("SAMLResponse=".count).removingPercentEncoding!
        #expect(String(decoding: Base64.decode(value)!, as: UTF8.self).contains("‹redacted›"))
    }
}

@Suite struct SAMLResponseEncodingTests {
    @Test func collapsesWhitespaceAndLineBreaksLikeTheCookbook() {
        let xml = "<a>\n    <b>x  y</b>\n\t<c/>\n</a>\n"
        #expect(SAMLResponseEncoding.cleaned(xml) == "<a> <b>x y</b> <c/></a>")
        #expect(SAMLResponseEncoding.encoded(xml) == Base64.encode("<a> <b>x y</b> <c/></a>"))
    }
}

@Suite struct WireTypeTests {
    @Test func enhancedErrorUsesTheCatalog() throws {
        let error = EnhancedError(.invalidHeaderDeviceIdentifier, trace: "t-1")
        #expect(error.status == 400)
        #expect(error.action == .none)
        let json = try JSONEncoder().encode(EnhancedError(.authenticatedProfileExpired, details: "d", trace: "t"))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(Set(object.keys) == ["action", "status", "code", "message", "details", "helpUrl", "trace"])
        #expect(object["action"] as? String == "authentication")
        #expect(object["status"] as? Int == 403)
    }

    @Test func everyCodeHasAMessageAndAnAbsoluteHelpURL() {
        for code in ErrorCode.allCases {
            #expect(!code.message.isEmpty)
            #expect(code.helpUrl.hasPrefix("https://"))
        }
    }

    @Test func sessionResponseDecodesTheDocumentedSample() throws {
        let sample = """
            {"actionName":"authenticate","actionType":"interactive","reasonType":"none","url":"/api/v2/authenticate/REF30/8ER640M",
             "code":"8ER640M","sessionId":"1b614390-6610-4d14-9421-6565f6e75958","mvpd":"Cablevision","serviceProvider":"REF30",
             "notBefore":"1733735289035","notAfter":"1733737089035"}
            """
        let response = try JSONDecoder().decode(SessionResponse.self, from: Data(sample.utf8))
        #expect(response.actionName == .authenticate)
        #expect(Int64(response.notAfter!)! - Int64(response.notBefore!)! == 1_800_000)
    }
}

@Suite struct JSONRedactionTests {
    @Test func aDocumentWithoutSecretMembersIsLeftByteForByte() {
        let body = Data(#"{"zeta": 1, "alpha": {"name": "Aurora Cable"}}"#.utf8)
        #expect(Redaction.json(body) == body)
    }

    @Test func secretMembersAreFoundInAnyCaseAndAtAnyDepth() throws {
        let body = Data(#"{"outer": {"Password": "hunter2", "list": [{"access_token": "abc"}]}}"#.utf8)
        let text = String(decoding: Redaction.json(body), as: UTF8.self)
        #expect(!text.contains("hunter2"))
        #expect(!text.contains("abc"))
        #expect(text.contains(Redaction.marker))
    }

    /// Names written so that only a decoder sees them: with an escape, or with a letter that
    /// lowercases to an ASCII one (the Kelvin sign in "to\u{212A}en").
    @Test func namesOnlyADecoderReadsAreFoundToo() {
        for body in [#"{"p\u0061ssword": "hunter2"}"#, "{\"to\u{212A}en\": \"hunter2\"}", #"{"TOKEN":"hunter2"}"#] {
            let text = String(decoding: Redaction.json(Data(body.utf8)), as: UTF8.self)
            #expect(!text.contains("hunter2"), "\(body)")
        }
    }

    /// A member whose name only contains or starts like a secret's is not one.
    @Test func namesThatOnlyResembleASecretAreLeft() {
        let body = Data(#"{"tokens": 1, "xpassword": 2, "token_type": "Bearer", "name": "token "}"#.utf8)
        #expect(Redaction.json(body) == body)
    }
}

extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}

@Suite struct MoreSecretsTests {
    @Test func artifactsRelayStatesTokensAndCodesInLinksAreHidden() {
        #expect(
            Redaction.url("/adobe-services/saml/artifact?SAMLart=abc123&RelayState=xyz")
                == "/adobe-services/saml/artifact?SAMLart=‹redacted›&RelayState=‹redacted›")
        #expect(Redaction.url("/x?token=t0k3n&mvpd=A") == "/x?token=‹redacted›&mvpd=A")
        let json = Redaction.json(Data(#"{"serializedToken":"PHNhbWw+","expires":"1"}"#.utf8))
        #expect(String(decoding: json, as: UTF8.self) == #"{"expires":"1","serializedToken":"‹redacted›"}"#)
        let page = #"<a href="adbe.orbit://auth/done?code=SECRET&amp;state=s">Continue</a>"#
        #expect(Redaction.html(page) == #"<a href="adbe.orbit://auth/done?code=‹redacted›&amp;state=s">Continue</a>"#)
    }

    @Test func hiddenInputsOfAFormAreHiddenByName() {
        let form = #"""
            <input type="hidden" name="RelayState" value="eyJ.secret.sig"><input name="username" value="demo">
            <input type="hidden" name="SAMLart" value="AAQ"><input value="x" name="plain">
            """#
        #expect(
            Redaction.html(form) == #"""
                <input type="hidden" name="RelayState" value="‹redacted›"><input name="username" value="demo">
                <input type="hidden" name="SAMLart" value="‹redacted›"><input value="x" name="plain">
                """#)
    }
}

/// The Base64 decoder reads what Foundation's strict decoder reads once whitespace is dropped, the
/// URL-safe alphabet mapped and padding completed, to the same bytes; but where Foundation lets
/// `=` stand anywhere (`/Q=w`, `QUJD==`, `==`), it takes padding only where it completes the last
/// group, as RFC 4648 §3.3 asks.
@Suite struct Base64DecoderTests {
    /// What `Base64.decode` must answer for `text`.
    static func expected(_ text: String) -> Data? {
        let symbols = text.filter { !" \t\n\r".contains($0) }
        let data = symbols.prefix { $0 != "=" }
        let padding = symbols.count - data.count
        let paddingCompletesLastGroup =
            padding == 0 || (data.count % 4 == 2 && padding <= 2) || (data.count % 4 == 3 && padding <= 1)
        guard symbols.dropFirst(data.count).allSatisfy({ $0 == "=" }), paddingCompletesLastGroup else { return nil }
        return foundationDecode(text)
    }

    static func foundationDecode(_ text: String) -> Data? {
        var bytes = Array(text.utf8).filter { !" \t\n\r".utf8.contains($0) }
        bytes = bytes.map {
            $0 == UInt8(ascii: "-") ? UInt8(ascii: "+") : $0 == UInt8(ascii: "_") ? UInt8(ascii: "/") : $0
        }
        guard !bytes.isEmpty, bytes.count % 4 != 1 else { return nil }
        bytes += Array(repeating: UInt8(ascii: "="), count: (4 - bytes.count % 4) % 4)
        return Data(base64Encoded: Data(bytes))
    }

    @Test func agreesWithFoundationWherePaddingIsValidOnEdgeCases() {
        let cases = [
            "", " ", "=", "==", "====", "QQ", "QQ=", "QQ==", "QQ===", "QUI", "QUI=", "QUI==", "QUJD", "QUJD=",
            "QUJD==", "QR==", "QUJ=", "Q", "QUJDR", "QU JD", "QU\nJD", "QQ==QQ==", "A=BC", "-_-_", "+/+/", "QQ =",
            "Q Q = =", "!!!!", "QUJD\u{00E9}",
        ]
        for text in cases {
            #expect(Base64.decode(text) == Self.expected(text), "\(text.debugDescription)")
        }
    }

    @Test func agreesWithFoundationWherePaddingIsValidOnSeededText() {
        let seed: UInt64 = 2026
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array("AQgw+/-_= \n!".utf8) + Array("abcXYZ0189".utf8)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...14, using: &generator)
            let text = String(
                decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self)
            #expect(Base64.decode(text) == Self.expected(text), "seed \(seed): \(text.debugDescription)")
        }
    }

    @Test func decodesWhatItEncodes() {
        var generator = SeededGenerator(seed: 7)
        for length in 0..<64 {
            let data = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let expected: Data? = data.isEmpty ? nil : data
            #expect(Base64.decode(Base64.encode(data)) == expected)
            #expect(Base64.decode(Base64.encodeURLSafe(data)) == expected)
        }
    }
}
