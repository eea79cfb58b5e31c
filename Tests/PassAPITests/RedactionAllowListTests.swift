import Foundation
import Testing

@testable import PassAPI

/// Redaction turned around: a header keeps its value only when it is known to carry nothing
/// secret, and a body is searched by key in every format the mock reads, or masked by pattern
/// when it does not parse.
@Suite struct RedactionAllowListTests {
    private func body(_ text: String, _ type: String?) -> String {
        String(decoding: Redaction.body(Data(text.utf8), contentType: type), as: UTF8.self)
    }

    @Test func headersNobodyListedKeepOnlyTheirNames() {
        for name in [
            "X-Api-Key", "X-Auth-Token", "X-Access-Token", "Adobe-Subject-Token", "AD-Service-Token",
            "AP-TempPass-Identity", "X-Something-New",
        ] {
            #expect(Redaction.header(name: name, value: "s3cr3t") == Redaction.marker, "\(name)")
        }
        for (name, value) in [
            ("User-Agent", "Orbit/1.0 CFNetwork"), ("AP-Device-Identifier", "fingerprint YWJj"),
            ("X-Device-Info", "eyJvc05hbWUiOiJpT1MifQ=="), ("Content-Type", "application/json"),
            ("Retry-After", "6"), ("Sec-Fetch-Site", "same-origin"), ("Access-Control-Allow-Origin", "*"),
        ] {
            #expect(Redaction.header(name: name, value: value) == value, "\(name)")
        }
    }

    @Test func cookiesKeepTheirNamesAndAttributesButNoValue() {
        #expect(
            Redaction.header(name: "Cookie", value: "session=abc123; theme=dark")
                == "session=‹redacted›; theme=‹redacted›")
        #expect(
            Redaction.header(name: "Set-Cookie", value: "sid=xyz; Path=/; HttpOnly")
                == "sid=‹redacted›; Path=/; HttpOnly")
        #expect(Redaction.header(name: "set-cookie", value: "sid=xyz") == "sid=‹redacted›")
    }

    @Test func aBodyThatDoesNotParseStillHasItsSecretPairsMasked() {
        let truncated = body(#"{"username":"demo","password":"hunter2""#, "application/json")
        #expect(!truncated.contains("hunter2") && truncated.contains("demo"), "\(truncated)")
        let unquoted = body(#"{"client_secret": s3cr3t, "ok": 1"#, "application/json")
        #expect(!unquoted.contains("s3cr3t"), "\(unquoted)")
        let prose = body("user: demo\npassword: hunter2\n", "text/plain")
        #expect(prose == "user: demo\npassword: ‹redacted›\n")
        let brokenXML = body("<login><password>hunter2</password><user>demo", "application/xml")
        #expect(!brokenXML.contains("hunter2") && brokenXML.contains("demo"), "\(brokenXML)")
    }

    @Test func xmlElementsNamedLikeSecretsAreHiddenByAParser() {
        let xml = #"""
            <?xml version="1.0"?><register xmlns:c="urn:c"><client_id>app</client_id>\#
            <c:client_secret>XMLSECRET</c:client_secret><Password><![CDATA[hunter2]]></Password>\#
            <note a="1 &amp; 2">kept &lt;here&gt;</note></register>
            """#
        let redacted = body(xml, "application/xml")
        #expect(!redacted.contains("XMLSECRET") && !redacted.contains("hunter2"), "\(redacted)")
        #expect(redacted.contains("<client_id>app</client_id>"))
        #expect(redacted.contains("<c:client_secret>‹redacted›</c:client_secret>"))
        #expect(redacted.contains(#"<note a="1 &amp; 2">kept &lt;here&gt;</note>"#))
        // Still a document a parser reads.
        #expect(Redaction.xmlElementsRedacted(redacted) != nil)
        // A document without such an element comes back byte for byte.
        let plain = "<a>\n  <b x='1'/>\n</a>"
        #expect(Redaction.xmlElementsRedacted(plain) == plain)
    }

    @Test func aUserCodeIsHiddenWhereverItGoes() {
        #expect(
            body(#"{"device_code":"d","user_code":"BCDF-GHJK","interval":5}"#, "application/json")
                == #"{"device_code":"‹redacted›","interval":5,"user_code":"‹redacted›"}"#)
        #expect(body("user_code=BCDF-GHJK&x=1", "application/x-www-form-urlencoded") == "user_code=‹redacted›&x=1")
        #expect(
            Redaction.url("/custom-idp/ORBIT/activate?user_code=BCDFGHJK")
                == "/custom-idp/ORBIT/activate?user_code=‹redacted›")
    }

    @Test func jsonCarriedInAJSONStringIsSearchedToo() throws {
        let inner = #"{\"password\":\"hunter2\",\"user\":\"demo\"}"#
        let redacted = body(#"{"payload":"\#(inner)","n":1}"#, "application/json")
        #expect(!redacted.contains("hunter2"), "\(redacted)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(redacted.utf8)) as? [String: Any])
        let payload = try #require(object["payload"] as? String)
        #expect(payload == #"{"password":"‹redacted›","user":"demo"}"#)
    }
}
