import Foundation
import PassAPI

/// What a mock identity provider reads from a `verificationToken`: the AuthnRequest's ID,
/// issuer (the service provider's entity id) and signature. Both service providers of the mock
/// (Adobe's and a programmer's own identity provider) sign their requests with the server key.
struct AuthnRequestDocument: Equatable {
    let id: String
    let issuer: String
    let issueInstant: String
    let destination: String
    let assertionConsumerService: String?
    let signature: String?

    /// The exact text the signature covers.
    static func signedContent(
        id: String, issuer: String, issueInstant: String, destination: String, assertionConsumerService: String?
    ) -> String {
        [id, issuer, issueInstant, destination, assertionConsumerService ?? ""].joined(separator: "|")
    }

    static func signature(
        id: String, issuer: String, issueInstant: String, destination: String, assertionConsumerService: String?,
        signer: Signer
    ) -> String {
        let content = signedContent(
            id: id, issuer: issuer, issueInstant: issueInstant, destination: destination,
            assertionConsumerService: assertionConsumerService)
        return Base64.encode(signer.signature(of: content, for: .authnRequest))
    }

    /// Reads a Base64 (or plain XML) AuthnRequest, its elements found by SAML namespace and
    /// local name; nil when the token is not one.
    static func parse(verificationToken token: String) -> AuthnRequestDocument? {
        guard let xml = SAMLName.document(fromXMLOrBase64: token), let tree = XMLElementTree(xml),
            let request = tree.first(SAMLName.authnRequest), let id = request.attributes["ID"],
            let issuer = tree.first(SAMLName.issuer)?.text, let instant = request.attributes["IssueInstant"]
        else { return nil }
        return AuthnRequestDocument(
            id: id, issuer: issuer.trimmingCharacters(in: .whitespacesAndNewlines), issueInstant: instant,
            destination: request.attributes["Destination"] ?? "",
            assertionConsumerService: request.attributes["AssertionConsumerServiceURL"],
            signature: tree.first(SAMLName.signatureValue)?.text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether the request comes from one of the mock's service providers: signed with the
    /// server key, or (unsigned) issued by Adobe, whose request ID alone is self-verifying.
    func isVouched(by signer: Signer) -> Bool {
        guard let signature else { return issuer == PartnerAuthenticationRequestBuilder.serviceProviderIssuer }
        guard let presented = Base64.decode(signature) else { return false }
        let content = Self.signedContent(
            id: id, issuer: issuer, issueInstant: issueInstant, destination: destination,
            assertionConsumerService: assertionConsumerService)
        return signer.verify(presented, of: content, for: .authnRequest)
    }

    /// Where the identity provider's answer is meant to go: the consumer service if the request
    /// names one, else the service provider itself.
    var recipient: String { assertionConsumerService ?? issuer }
}
