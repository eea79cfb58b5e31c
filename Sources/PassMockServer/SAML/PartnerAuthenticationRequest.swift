import Foundation
import PassAPI

/// The SAML AuthnRequest that `sessions/sso/Apple` hands to the app, which passes it to the VSA
/// framework as `verificationToken`. Its ID is self-verifying (nonce, expiry, requestor and an
/// HMAC), so the mock needs no store to check `InResponseTo` later.
struct PartnerAuthenticationRequestBuilder {
    /// The service provider's SAML issuer; apps set `channelIdentifier` to it.
    static let serviceProviderIssuer = "https://saml.sp.auth.adobe.com"

    let signer: Signer

    struct RequestID: Equatable {
        let nonce: String
        let expiresAtMilliseconds: Int64
        let serviceProvider: String
    }

    func makeID(nonce: String, expiresAtMilliseconds: Int64, serviceProvider: String) -> String {
        let message = "\(nonce).\(expiresAtMilliseconds).\(serviceProvider)"
        let mac = signer.signature(of: message, for: .partnerRequest).prefix(12)
        let body = Base64.encodeURLSafe(Data(message.utf8))
        return "_\(body).\(Base64.encodeURLSafe(mac))"
    }

    /// The parts of an ID this server issued, or nil for a forged or foreign one.
    func parseID(_ id: String) -> RequestID? {
        guard id.hasPrefix("_") else { return nil }
        let parts = id.dropFirst().split(separator: ".")
        guard parts.count == 2, let bodyData = Base64.decode(String(parts[0])),
            let mac = Base64.decode(String(parts[1]))
        else { return nil }
        let message = String(decoding: bodyData, as: UTF8.self)
        let expected = signer.signature(of: message, for: .partnerRequest).prefix(12)
        guard mac == expected else { return nil }
        let fields = message.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, let expiry = Int64(fields[1]) else { return nil }
        return RequestID(nonce: String(fields[0]), expiresAtMilliseconds: expiry, serviceProvider: String(fields[2]))
    }

    /// The AuthnRequest document, signed by `issuer` (Adobe's service provider unless a
    /// programmer's own identity provider issues it).
    func document(
        id: String, serviceProvider: String, issuer: String = Self.serviceProviderIssuer, issueInstant: Date,
        destination: String, assertionConsumerService: String? = nil
    ) -> String {
        let instant = SAMLTime.format(issueInstant)
        let signature = AuthnRequestDocument.signature(
            id: id, issuer: issuer, issueInstant: instant, destination: destination,
            assertionConsumerService: assertionConsumerService, signer: signer)
        let service = assertionConsumerService.map { " AssertionConsumerServiceURL=\"\(Markup.escapeXML($0))\"" } ?? ""
        return """
            <samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" \
            xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="\(id)" Version="2.0" \
            IssueInstant="\(instant)" ProviderName="\(Markup.escapeXML(serviceProvider))" \
            Destination="\(Markup.escapeXML(destination))"\(service)>
              <saml:Issuer>\(Markup.escapeXML(issuer))</saml:Issuer>
              <ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
                <ds:SignatureValue>\(signature)</ds:SignatureValue>
              </ds:Signature>
              <samlp:NameIDPolicy AllowCreate="true"/>
            </samlp:AuthnRequest>
            """
    }
}

enum SAMLTime {
    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
