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

    /// Reads a SAML response: the elements are found by their SAML namespace and local name,
    /// whatever prefixes the document uses. A document that is not well-formed XML, or has no
    /// response in the SAML protocol namespace, is `notSAML`.
    static func parse(_ xml: String) throws(ParseError) -> AssertionDocument {
        guard let tree = XMLElementTree(xml), let response = tree.first(SAMLName.response) else { throw .notSAML }
        guard let id = response.attributes["ID"] else { throw .missing("ID") }
        guard let inResponseTo = response.attributes["InResponseTo"] else { throw .missing("InResponseTo") }
        guard let issuer = tree.first(SAMLName.issuer)?.text else { throw .missing("Issuer") }
        guard let status = tree.first(SAMLName.statusCode)?.attributes["Value"] else { throw .missing("StatusCode") }
        guard status.hasSuffix(":Success") else { throw .notSuccess }
        guard let instant = response.attributes["IssueInstant"].flatMap(SAMLTime.parse) else {
            throw .badTime("IssueInstant")
        }
        let conditions = tree.first(SAMLName.conditions)
        guard let notBefore = conditions?.attributes["NotBefore"].flatMap(SAMLTime.parse) else {
            throw .badTime("NotBefore")
        }
        guard let notAfter = conditions?.attributes["NotOnOrAfter"].flatMap(SAMLTime.parse) else {
            throw .badTime("NotOnOrAfter")
        }
        guard let nameID = tree.first(SAMLName.nameID)?.text else { throw .missing("NameID") }
        guard let signature = tree.first(SAMLName.signatureValue)?.text else { throw .missing("signature") }
        return AssertionDocument(
            responseID: id, inResponseTo: inResponseTo, issuer: issuer, issueInstant: instant, notBefore: notBefore,
            notOnOrAfter: notAfter, nameID: nameID, attributes: attributes(in: tree),
            signature: signature.trimmingCharacters(in: .whitespacesAndNewlines),
            audience: tree.first(SAMLName.audience)?.text.trimmingCharacters(in: .whitespaces),
            recipient: tree.first(SAMLName.subjectConfirmationData)?.attributes["Recipient"])
    }

    /// Each named attribute's first value.
    private static func attributes(in tree: XMLElementTree) -> [String: String] {
        var attributes: [String: String] = [:]
        for attribute in tree.all(SAMLName.attribute) {
            guard let name = attribute.attributes["Name"],
                let value = attribute.children.first(where: { $0.name == SAMLName.attributeValue })
            else { continue }
            attributes[name] = value.text
        }
        return attributes
    }
}
