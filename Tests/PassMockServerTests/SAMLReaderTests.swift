import Foundation
import Testing

@testable import PassMockServer

/// SAML documents are read by namespace and local name, not by the prefixes the mock writes.
@Suite struct SAMLReaderTests {
    static let assertionNamespace = "urn:oasis:names:tc:SAML:2.0:assertion"

    static func assertion() -> AssertionDocument {
        var document = AssertionDocument(
            responseID: "_r1", inResponseTo: "_q1", issuer: AssertionDocument.issuer(forMvpd: "Cascade"),
            issueInstant: Date(timeIntervalSince1970: 1_700_000_000),
            notBefore: Date(timeIntervalSince1970: 1_700_000_000),
            notOnOrAfter: Date(timeIntervalSince1970: 1_700_000_600),
            nameID: "user & <1>", attributes: ["zip": "10001", "householdID": "h'1"], audience: "https://sp.example",
            recipient: "https://sp.example/acs")
        document.sign(with: Signer(secret: "test"))
        return document
    }

    @Test func theMocksOwnDocumentReadsBack() throws {
        let document = Self.assertion()
        #expect(try AssertionDocument.parse(document.xml) == document)
    }

    @Test func aSaml2PrefixIsTheSameAssertion() throws {
        let document = Self.assertion()
        let xml = document.xml.replacingOccurrences(of: "saml:", with: "saml2:")
            .replacingOccurrences(of: "xmlns:saml=", with: "xmlns:saml2=")
        #expect(xml.contains("<saml2:Issuer>"))
        #expect(try AssertionDocument.parse(xml) == document)
    }

    @Test func aDefaultNamespaceIsTheSameAssertion() throws {
        let document = Self.assertion()
        let xml = document.xml.replacingOccurrences(of: "<saml:", with: "<")
            .replacingOccurrences(of: "</saml:", with: "</")
            .replacingOccurrences(of: "xmlns:saml=", with: "xmlns=")
        #expect(xml.contains(#"xmlns="\#(Self.assertionNamespace)""#) && xml.contains("<Issuer>"))
        #expect(try AssertionDocument.parse(xml) == document)
    }

    @Test func aWrongNamespaceIsRefusedLikeAMalformedDocument() throws {
        let document = Self.assertion()
        let foreign = document.xml.replacingOccurrences(
            of: "urn:oasis:names:tc:SAML:2.0:protocol", with: "urn:example:not-saml")
        #expect(throws: AssertionDocument.ParseError.notSAML) { try AssertionDocument.parse(foreign) }
        let malformed = String(document.xml.prefix(document.xml.count / 2))
        #expect(throws: AssertionDocument.ParseError.notSAML) { try AssertionDocument.parse(malformed) }
        #expect(throws: AssertionDocument.ParseError.notSAML) { try AssertionDocument.parse("not xml") }
    }

    /// The tree is walked recursively: a document nested deeper than any SAML response or MRSS
    /// item is refused while it is read, before it can overflow the stack of a server thread.
    @Test func aDocumentNestedThousandsDeepIsRefused() throws {
        func nested(_ depth: Int) -> String {
            #"<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_x">"#
                + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</samlp:Response>"
        }
        #expect(XMLElementTree(nested(XMLElementTree.maximumDepth - 2)) != nil)
        #expect(XMLElementTree(nested(XMLElementTree.maximumDepth)) == nil)
        #expect(XMLElementTree(nested(20_000)) == nil)
        #expect(throws: AssertionDocument.ParseError.notSAML) { try AssertionDocument.parse(nested(20_000)) }
    }

    @Test func assertionElementsOutsideTheirNamespaceAreNotRead() throws {
        let xml = Self.assertion().xml.replacingOccurrences(
            of: #"xmlns:saml="\#(Self.assertionNamespace)""#, with: #"xmlns:saml="urn:example:other""#)
        #expect(throws: AssertionDocument.ParseError.missing("Issuer")) { try AssertionDocument.parse(xml) }
    }

    @Test func anAuthnRequestIsReadWhateverItsPrefixes() throws {
        let builder = PartnerAuthenticationRequestBuilder(signer: Signer(secret: "test"))
        let xml = builder.document(
            id: "_a1", serviceProvider: "ORBIT", issueInstant: Date(timeIntervalSince1970: 1_700_000_000),
            destination: "https://idp.example", assertionConsumerService: "https://sp.example/acs")
        let original = try #require(AuthnRequestDocument.parse(verificationToken: xml))
        let renamed = xml.replacingOccurrences(of: "samlp:", with: "p:").replacingOccurrences(of: "saml:", with: "a:")
            .replacingOccurrences(of: "xmlns:samlp=", with: "xmlns:p=").replacingOccurrences(
                of: "xmlns:saml=", with: "xmlns:a=")
        #expect(AuthnRequestDocument.parse(verificationToken: renamed) == original)
        #expect(original.isVouched(by: Signer(secret: "test")))
        let foreign = xml.replacingOccurrences(of: "urn:oasis:names:tc:SAML:2.0:protocol", with: "urn:example:x")
        #expect(AuthnRequestDocument.parse(verificationToken: foreign) == nil)
    }
}

/// A date from a client's document may lie anywhere a `Date` can; its milliseconds saturate.
@Suite struct DateMillisecondsTests {
    @Test func anyDateHasMillisecondsAnInt64Holds() {
        #expect(Date(timeIntervalSince1970: 1.5).milliseconds == 1_500)
        #expect(Date(timeIntervalSince1970: -1.5).milliseconds == -1_500)
        #expect(Date(timeIntervalSince1970: 1e300).milliseconds == .max)
        #expect(Date(timeIntervalSince1970: -1e300).milliseconds == .min)
        #expect(Date(timeIntervalSince1970: .nan).milliseconds == 0)
        #expect(Date.distantFuture.milliseconds == 64_092_211_200_000)
        for year in ["99999-01-01T00:00:00Z", "+275760-09-13T00:00:00Z", "9999-12-31T23:59:59.999Z"] {
            if let date = SAMLTime.parse(year) { _ = date.milliseconds }
        }
    }
}
