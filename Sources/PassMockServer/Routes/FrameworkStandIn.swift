import Foundation
import PassAPI

/// What a lab sets for its stand-in of Apple's TV-provider framework: the provider the device is
/// signed in to, as which persona, and the app's permission. A trainee's client has no framework;
/// `POST /__tvsim/lab/framework` answers what a `VSAccountMetadataRequest` would.
public struct FrameworkStandIn: Sendable, Equatable {
    public let mvpd: String
    public let username: String
    public let accessStatus: PartnerFrameworkStatus.AccessStatus

    public init(mvpd: String, username: String, accessStatus: PartnerFrameworkStatus.AccessStatus) {
        self.mvpd = mvpd
        self.username = username
        self.accessStatus = accessStatus
    }
}

extension IdentityProviderRoutes {
    struct StandInRequest: Codable {
        /// The SAML request of `POST /sessions/sso/Apple`, as the app hands it to the framework.
        let verificationToken: String?
        let attributeNames: [String]?
    }

    /// The metadata, as the framework gives it and as the app sends it on.
    struct StandInResponse: Codable {
        let accessStatus: String
        /// The provider's identifier in Apple's catalog (`tvsim.aurora`).
        let accountProviderIdentifier: String?
        /// Epoch milliseconds.
        let authenticationExpirationDate: Int64?
        /// The `AP-Partner-Framework-Status` header this metadata makes.
        let partnerFrameworkStatus: String
        /// With a verification token: the provider's SAML response, whitespace between elements
        /// removed and Base64-encoded once, as `POST /profiles/sso/Apple` takes it.
        let samlResponse: String?
    }

    /// The lab's framework: its permission and provider, and the SAML response to a verification
    /// token. Without permission the framework names no provider, as the real one does.
    func standIn(_ request: IncomingRequest) throws -> MockResponse {
        guard let standIn = backend.frameworkStandIn else {
            throw IdentityProviderFailure(
                status: 404, error: "no_lab_framework",
                message: "No lab with a framework stand-in is running: start tvsim serve --lab apple-sso-partner.")
        }
        try requireDevice(request)
        let query =
            request.body.isEmpty
            ? StandInRequest(verificationToken: nil, attributeNames: nil)
            : try body(StandInRequest.self, request)
        let mvpd = try provider(standIn.mvpd)
        guard standIn.accessStatus == .granted, let persona = backend.index.persona(standIn.username, at: mvpd) else {
            let status = PartnerFrameworkStatus(
                accessStatus: standIn.accessStatus, providerId: nil, expirationDateMilliseconds: nil)
            return Reply.json(
                StandInResponse(
                    accessStatus: standIn.accessStatus.rawValue, accountProviderIdentifier: nil,
                    authenticationExpirationDate: nil, partnerFrameworkStatus: status.headerValue, samlResponse: nil))
        }
        let expiry = backend.nowMilliseconds + backend.authenticationLifetime(of: mvpd)
        let status = PartnerFrameworkStatus(
            accessStatus: .granted, providerId: mvpd.platformMappingId, expirationDateMilliseconds: expiry)
        let saml = try query.verificationToken.map { token in
            let xml = try assertion(for: persona, mvpd: mvpd, verificationToken: token, names: query.attributeNames)
                .xml
            let collapsed = xml.replacing(/>\s+</, with: "><").trimmingCharacters(in: .whitespacesAndNewlines)
            return Base64.encode(Data(collapsed.utf8))
        }
        return Reply.json(
            StandInResponse(
                accessStatus: "granted", accountProviderIdentifier: mvpd.platformMappingId,
                authenticationExpirationDate: expiry, partnerFrameworkStatus: status.headerValue, samlResponse: saml))
    }
}
