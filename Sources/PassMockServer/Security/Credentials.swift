import Foundation
import MockBackendAPI
import PassAPI

/// Claims of a software statement, the JWT a programmer downloads from the TVE Dashboard.
struct SoftwareStatementClaims: Codable, Sendable {
    let iss: String
    let sub: String
    let softwareId: String
    let softwareVersion: String
    let requestor: String
    let iat: Int64

    enum CodingKeys: String, CodingKey {
        case iss, sub, requestor, iat
        case softwareId = "software_id"
        case softwareVersion = "software_version"
    }
}

/// Claims of a DCR access token.
struct AccessTokenClaims: Codable, Sendable {
    let sub: String
    let requestor: String
    let iss: String
    let scopes: String
    let iat: Int64
    let nbf: Int64
    let exp: Int64
    let jti: String
}

/// Claims of a DCR refresh token: the newest of its chain (`RefreshChains`) is exchanged once,
/// for the next.
struct RefreshTokenClaims: Codable, Sendable {
    let sub: String
    let requestor: String
    let iss: String
    let iat: Int64
    let exp: Int64
    let jti: String
    /// The chain the token belongs to: the id of the token grant that started it.
    let chain: String
    /// The token's rank in its chain.
    let gen: Int
}

/// Where a refresh token stands in its chain.
struct RefreshChainLink: Equatable {
    let id: String
    let generation: Int
}

/// Who a client id was issued to.
typealias ClientIdentity = (requestor: String, softwareId: String)

/// Issues and checks software statements, client credentials and access tokens without
/// storing any of them.
struct CredentialAuthority: Sendable {
    static let issuer = "auth.tvsim.example"
    /// A fixed issue date keeps a statement identical from run to run for the same secret.
    static let statementIssuedAt: Int64 = 1_735_689_600

    let signer: Signer

    func softwareStatement(for requestor: RequestorSettings) -> String {
        let claims = SoftwareStatementClaims(
            iss: Self.issuer, sub: requestor.softwareStatement.softwareId,
            softwareId: requestor.softwareStatement.softwareId, softwareVersion: "1.0.0", requestor: requestor.id,
            iat: Self.statementIssuedAt)
        return signer.token(claims, for: .softwareStatement)
    }

    func statementClaims(_ statement: String) -> SoftwareStatementClaims? {
        signer.claims(SoftwareStatementClaims.self, from: statement, for: .softwareStatement)
    }

    /// A client id carries its requestor and software id so that no registry is needed.
    func clientId(requestor: String, softwareId: String, nonce: String) -> String {
        Base64.encodeURLSafe(Data("tvsim1|\(requestor)|\(softwareId)|\(nonce)".utf8))
    }

    func clientSecret(for clientId: String) -> String {
        Base64.encodeURLSafe(signer.signature(of: clientId, for: .clientSecret))
    }

    func isValidSecret(_ secret: String, for clientId: String) -> Bool {
        guard let presented = Base64.decode(secret) else { return false }
        return signer.verify(presented, of: clientId, for: .clientSecret)
    }

    /// The requestor and software id inside a client id, or nil when it is not one of ours.
    func clientIdentity(_ clientId: String) -> ClientIdentity? {
        guard let data = Base64.decode(clientId) else { return nil }
        let parts = String(decoding: data, as: UTF8.self).split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "tvsim1" else { return nil }
        return (String(parts[1]), String(parts[2]))
    }

    func accessToken(clientId: String, requestor: String, now: Date, lifetime: Int, jti: String) -> String {
        let issuedAt = Int64(now.timeIntervalSince1970)
        let claims = AccessTokenClaims(
            sub: clientId, requestor: requestor, iss: Self.issuer, scopes: "api:client:v2", iat: issuedAt,
            nbf: issuedAt, exp: issuedAt + Int64(lifetime), jti: jti)
        return signer.token(claims, for: .accessToken)
    }

    func accessTokenClaims(_ token: String) -> AccessTokenClaims? {
        signer.claims(AccessTokenClaims.self, from: token, for: .accessToken)
    }

    /// A refresh token of rank `generation` in `chain`, expiring at `expiresAt` (seconds).
    func refreshToken(
        clientId: String, requestor: String, now: Date, expiresAt: Int64, jti: String,
        chain: RefreshChainLink
    ) -> String {
        let claims = RefreshTokenClaims(
            sub: clientId, requestor: requestor, iss: Self.issuer, iat: Int64(now.timeIntervalSince1970),
            exp: expiresAt, jti: jti, chain: chain.id, gen: chain.generation)
        return signer.token(claims, for: .refreshToken)
    }

    func refreshTokenClaims(_ token: String) -> RefreshTokenClaims? {
        signer.claims(RefreshTokenClaims.self, from: token, for: .refreshToken)
    }
}
