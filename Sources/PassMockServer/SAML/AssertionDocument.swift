import Foundation
import PassAPI

/// The SAML response a mock MVPD identity provider answers to an attribute query: issuer,
/// `InResponseTo`, validity window, subject and attributes. The mock signs every provider's
/// assertions with one server key; the issuer check ties an assertion to its MVPD.
struct AssertionDocument: Equatable {
    var responseID: String
    var inResponseTo: String
    var issuer: String
    var issueInstant: Date
    var notBefore: Date
    var notOnOrAfter: Date
    var nameID: String
    /// Attribute name → value, written in name order.
    var attributes: [String: String]
    var signature: String = ""
    /// The service provider the assertion is for (the request's issuer), if any.
    var audience: String? = nil
    /// Where the answer is meant to be delivered (the request's consumer service or issuer).
    var recipient: String? = nil

    static func issuer(forMvpd mvpd: String) -> String { "urn:tvsim:idp:\(mvpd)" }

    static func mvpd(fromIssuer issuer: String) -> String? {
        let prefix = "urn:tvsim:idp:"
        return issuer.hasPrefix(prefix) ? String(issuer.dropFirst(prefix.count)) : nil
    }

    /// The exact text the signature covers.
    var signedContent: String {
        let attributeText = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
            separator: "\n")
        return [
            responseID, inResponseTo, issuer, SAMLTime.format(notBefore), SAMLTime.format(notOnOrAfter), nameID,
            attributeText, audience ?? "", recipient ?? "",
        ].joined(separator: "|")
    }

    mutating func sign(with signer: Signer) {
        signature = Base64.encode(signer.signature(of: signedContent, for: .samlAssertion))
    }

    func hasValidSignature(_ signer: Signer) -> Bool {
        guard let presented = Base64.decode(signature) else { return false }
        return signer.verify(presented, of: signedContent, for: .samlAssertion)
    }

    /// Pretty-printed XML, the way a provider's auth context returns it (apps must collapse the
    /// whitespace before encoding it, as the cookbooks say).
    var xml: String {
        let attributeXML = attributes.sorted { $0.key < $1.key }.map { name, value in
            """
                  <saml:Attribute Name="\(Markup.escapeXML(name))">
                    <saml:AttributeValue>\(Markup.escapeXML(value))</saml:AttributeValue>
                  </saml:Attribute>
            """
        }.joined(separator: "\n")
        let instant = SAMLTime.format(issueInstant)
        return """
            <samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" \
            xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="\(Markup.escapeXML(responseID))" \
            InResponseTo="\(Markup.escapeXML(inResponseTo))" Version="2.0" IssueInstant="\(instant)">
              <saml:Issuer>\(Markup.escapeXML(issuer))</saml:Issuer>
              <samlp:Status>
                <samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/>
              </samlp:Status>
              <saml:Assertion ID="\(Markup.escapeXML(responseID))-a" IssueInstant="\(instant)" Version="2.0">
                <saml:Issuer>\(Markup.escapeXML(issuer))</saml:Issuer>
                <saml:Subject>
            \(subjectXML)
                </saml:Subject>
            \(conditionsXML)
                <saml:AttributeStatement>
            \(attributeXML)
                </saml:AttributeStatement>
                <ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
                  <ds:SignatureValue>\(signature)</ds:SignatureValue>
                </ds:Signature>
              </saml:Assertion>
            </samlp:Response>
            """
    }

    /// The subject, with a bearer confirmation naming the request and recipient when known.
    private var subjectXML: String {
        var lines = ["      <saml:NameID>\(Markup.escapeXML(nameID))</saml:NameID>"]
        if let recipient {
            lines += [
                "      <saml:SubjectConfirmation Method=\"urn:oasis:names:tc:SAML:2.0:cm:bearer\">",
                "        <saml:SubjectConfirmationData InResponseTo=\"\(Markup.escapeXML(inResponseTo))\" "
                    + "Recipient=\"\(Markup.escapeXML(recipient))\" NotOnOrAfter=\"\(SAMLTime.format(notOnOrAfter))\"/>",
                "      </saml:SubjectConfirmation>",
            ]
        }
        return lines.joined(separator: "\n")
    }

    /// The validity window, restricted to the audience when known.
    private var conditionsXML: String {
        let window = "NotBefore=\"\(SAMLTime.format(notBefore))\" NotOnOrAfter=\"\(SAMLTime.format(notOnOrAfter))\""
        guard let audience else { return "    <saml:Conditions \(window)/>" }
        return [
            "    <saml:Conditions \(window)>",
            "      <saml:AudienceRestriction>",
            "        <saml:Audience>\(Markup.escapeXML(audience))</saml:Audience>",
            "      </saml:AudienceRestriction>",
            "    </saml:Conditions>",
        ].joined(separator: "\n")
    }

    enum ParseError: Error, Equatable, CustomStringConvertible {
        case notSAML
        case missing(String)
        case badTime(String)
        case notSuccess

        var description: String {
            switch self {
            case .notSAML: "the SAMLResponse is not a SAML response document"
            case .missing(let part): "the SAMLResponse has no \(part)"
            case .badTime(let part): "the SAMLResponse has an unreadable \(part)"
            case .notSuccess: "the SAMLResponse status is not Success"
            }
        }
    }

    /// Reads a document produced by `xml` (whitespace between elements may have been collapsed).
    static func parse(_ xml: String) throws(ParseError) -> AssertionDocument {
        guard xml.contains("<samlp:Response") else { throw .notSAML }
        guard let id = XMLText.attribute("ID", ofElement: "samlp:Response", in: xml) else { throw .missing("ID") }
        guard let inResponseTo = XMLText.attribute("InResponseTo", ofElement: "samlp:Response", in: xml) else {
            throw .missing("InResponseTo")
        }
        guard let issuer = XMLText.text(ofElement: "saml:Issuer", in: xml) else { throw .missing("Issuer") }
        guard let status = XMLText.attribute("Value", ofElement: "samlp:StatusCode", in: xml) else {
            throw .missing("StatusCode")
        }
        guard status.hasSuffix(":Success") else { throw .notSuccess }
        guard let instantText = XMLText.attribute("IssueInstant", ofElement: "samlp:Response", in: xml),
            let instant = SAMLTime.parse(instantText)
        else { throw .badTime("IssueInstant") }
        guard let notBeforeText = XMLText.attribute("NotBefore", ofElement: "saml:Conditions", in: xml),
            let notBefore = SAMLTime.parse(notBeforeText)
        else { throw .badTime("NotBefore") }
        guard let notAfterText = XMLText.attribute("NotOnOrAfter", ofElement: "saml:Conditions", in: xml),
            let notAfter = SAMLTime.parse(notAfterText)
        else { throw .badTime("NotOnOrAfter") }
        guard let nameID = XMLText.text(ofElement: "saml:NameID", in: xml) else { throw .missing("NameID") }
        guard let signature = XMLText.text(ofElement: "ds:SignatureValue", in: xml) else { throw .missing("signature") }
        return AssertionDocument(
            responseID: id, inResponseTo: inResponseTo, issuer: issuer, issueInstant: instant, notBefore: notBefore,
            notOnOrAfter: notAfter, nameID: nameID, attributes: parseAttributes(xml),
            signature: signature.trimmingCharacters(in: .whitespacesAndNewlines),
            audience: XMLText.text(ofElement: "saml:Audience", in: xml)?.trimmingCharacters(in: .whitespaces),
            recipient: XMLText.attribute("Recipient", ofElement: "saml:SubjectConfirmationData", in: xml))
    }

    private static func parseAttributes(_ xml: String) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = xml[...]
        while let start = rest.range(of: "<saml:Attribute Name=\"") {
            guard let nameEnd = rest[start.upperBound...].firstIndex(of: "\""),
                let valueStart = rest.range(of: "<saml:AttributeValue>", range: nameEnd..<rest.endIndex),
                let valueEnd = rest.range(of: "</saml:AttributeValue>", range: valueStart.upperBound..<rest.endIndex)
            else { break }
            let name = XMLText.unescape(String(rest[start.upperBound..<nameEnd]))
            attributes[name] = XMLText.unescape(String(rest[valueStart.upperBound..<valueEnd.lowerBound]))
            rest = rest[valueEnd.upperBound...]
        }
        return attributes
    }
}
