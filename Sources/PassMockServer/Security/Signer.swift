import Crypto
import Foundation
import PassAPI

/// HMAC-SHA256 signing with keys derived from the dashboard's `signingSecret`. Everything the mock
/// hands out (software statements, client secrets, access tokens, SAML assertions, media tokens,
/// login state) is signed rather than stored, so memory stays bounded however many devices poll.
struct Signer: Sendable {
    /// One key per purpose, so a token of one kind can never pass as another.
    private let keys: [Purpose: Data]

    init(secret: String) {
        let root = SymmetricKey(data: SHA256.hash(data: Data("tvsim:\(secret)".utf8)))
        var keys: [Purpose: Data] = [:]
        for purpose in Purpose.allCases {
            keys[purpose] = Data(HMAC<SHA256>.authenticationCode(for: Data(purpose.rawValue.utf8), using: root))
        }
        self.keys = keys
    }

    private func key(_ purpose: Purpose) -> SymmetricKey { SymmetricKey(data: keys[purpose]!) }

    enum Purpose: String, CaseIterable, Sendable {
        case softwareStatement, clientSecret, accessToken, partnerRequest, samlAssertion, mediaToken, webState, artifact
        case providerSession, authnRequest, refreshToken, signedRequestKey
    }

    func signature(of message: String, for purpose: Purpose) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: key(purpose)))
    }

    /// Constant-time comparison of a presented signature.
    func verify(_ signature: Data, of message: String, for purpose: Purpose) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: Data(message.utf8), using: key(purpose))
    }

    // MARK: - Compact signed tokens (JWT shape, HS256)

    /// `base64url(header).base64url(claims).base64url(signature)`.
    func token<Claims: Encodable>(_ claims: Claims, for purpose: Purpose) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let header = Base64.encodeURLSafe(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let body = Base64.encodeURLSafe((try? encoder.encode(claims)) ?? Data())
        let signed = "\(header).\(body)"
        return "\(signed).\(Base64.encodeURLSafe(signature(of: signed, for: purpose)))"
    }

    /// The claims of a token this signer issued for `purpose`, or nil if it is malformed or forged.
    func claims<Claims: Decodable>(_ type: Claims.Type, from token: String, for purpose: Purpose) -> Claims? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let presented = Base64.decode(String(parts[2])) else { return nil }
        guard verify(presented, of: "\(parts[0]).\(parts[1])", for: purpose) else { return nil }
        guard let body = Base64.decode(String(parts[1])) else { return nil }
        return try? JSONDecoder().decode(type, from: body)
    }
}
