import Foundation
import PassAPI

/// The REST API V2 operations.
extension PassClient {
    /// `GET /configuration`.
    public func configuration() async throws(PassError) -> ConfigurationResponse {
        let response = try await authorized(.configuration, requestor, headers: deviceHeaders)
        return try decode(ConfigurationResponse.self, response)
    }

    /// `POST /sessions` with whatever parameters the device has.
    public func createSession(mvpd: String?, domainName: String?, redirectUrl: String?) async throws(PassError)
        -> SessionResponse
    {
        let body = sessionForm(mvpd: mvpd, domainName: domainName, redirectUrl: redirectUrl)
        let response = try await authorized(
            .createSession, requestor, headers: deviceHeaders + [("Content-Type", "application/x-www-form-urlencoded")],
            body: body.data)
        return try decode(SessionResponse.self, response)
    }

    /// `POST /sessions/{code}` from a second screen.
    public func resumeSession(code: String, mvpd: String?, domainName: String?, redirectUrl: String?)
        async throws(PassError) -> SessionResponse
    {
        let body = sessionForm(mvpd: mvpd, domainName: domainName, redirectUrl: redirectUrl)
        let response = try await authorized(
            .resumeSession, requestor, code,
            headers: commonHeaders + [("Content-Type", "application/x-www-form-urlencoded")], body: body.data)
        return try decode(SessionResponse.self, response)
    }

    /// `GET /sessions/{code}`.
    public func retrieveSession(code: String) async throws(PassError) -> SessionStatusResponse {
        let response = try await authorized(.retrieveSession, requestor, code, headers: commonHeaders)
        return try decode(SessionStatusResponse.self, response)
    }

    /// `GET /profiles`, with the partner framework status when the app has one.
    public func profiles(partnerStatus: PartnerFrameworkStatus? = nil) async throws(PassError) -> ProfilesResponse {
        let response = try await authorized(.profiles, requestor, headers: deviceHeaders + partnerHeader(partnerStatus))
        return try decode(ProfilesResponse.self, response)
    }

    /// `GET /profiles/{mvpd}`.
    public func profile(mvpd: String, partnerStatus: PartnerFrameworkStatus? = nil) async throws(PassError)
        -> ProfilesResponse
    {
        let response = try await authorized(
            .profileForMvpd, requestor, mvpd, headers: deviceHeaders + partnerHeader(partnerStatus))
        return try decode(ProfilesResponse.self, response)
    }

    /// `GET /profiles/code/{code}`: empty until the login for the code completes.
    public func profile(code: String) async throws(PassError) -> ProfilesResponse {
        let response = try await authorized(.profileForCode, requestor, code, headers: deviceHeaders)
        return try decode(ProfilesResponse.self, response)
    }

    /// `POST /decisions/preauthorize/{mvpd}`.
    public func preauthorize(mvpd: String, resources: [String], partnerStatus: PartnerFrameworkStatus? = nil)
        async throws(PassError) -> DecisionsResponse
    {
        try await decisions(.preauthorize, mvpd: mvpd, resources: resources, partnerStatus: partnerStatus)
    }

    /// `POST /decisions/authorize/{mvpd}`.
    public func authorize(mvpd: String, resources: [String], partnerStatus: PartnerFrameworkStatus? = nil)
        async throws(PassError) -> DecisionsResponse
    {
        try await decisions(.authorize, mvpd: mvpd, resources: resources, partnerStatus: partnerStatus)
    }

    private func decisions(
        _ endpoint: Endpoint, mvpd: String, resources: [String], partnerStatus: PartnerFrameworkStatus?
    )
        async throws(PassError) -> DecisionsResponse
    {
        let body = try? JSONEncoder.requestBody.encode(DecisionsRequest(resources: resources))
        let response = try await authorized(
            endpoint, requestor, mvpd,
            headers: deviceHeaders + partnerHeader(partnerStatus) + [
                ("Content-Type", "application/json;charset=utf-8")
            ],
            body: body)
        return try decode(DecisionsResponse.self, response)
    }

    /// `GET /logout/{mvpd}`.
    public func logout(mvpd: String, redirectUrl: String?) async throws(PassError) -> LogoutResponse {
        let query = redirectUrl.map { [("redirectUrl", $0)] } ?? []
        let response = try await authorized(.logout, requestor, mvpd, query: query, headers: deviceHeaders)
        return try decode(LogoutResponse.self, response)
    }

    /// `POST /sessions/sso/{partner}`: the SAML request for the partner framework, or a fallback.
    public func partnerSession(
        partner: String = "Apple", partnerStatus: PartnerFrameworkStatus?, domainName: String?, redirectUrl: String?
    ) async throws(PassError) -> SessionResponse {
        let body = sessionForm(mvpd: nil, domainName: domainName, redirectUrl: redirectUrl)
        let response = try await authorized(
            .partnerSession, requestor, partner,
            headers: deviceHeaders + partnerHeader(partnerStatus) + [
                ("Content-Type", "application/x-www-form-urlencoded")
            ],
            body: body.data)
        return try decode(SessionResponse.self, response)
    }

    /// `POST /profiles/sso/{partner}`. `samlResponse` is the Base64 SAML response; it is
    /// URL-encoded once here, as the form requires.
    public func partnerProfile(partner: String = "Apple", samlResponse: String, partnerStatus: PartnerFrameworkStatus?)
        async throws(PassError) -> ProfilesResponse
    {
        let response = try await authorized(
            .partnerProfile, requestor, partner,
            headers: deviceHeaders + partnerHeader(partnerStatus) + [
                ("Content-Type", "application/x-www-form-urlencoded")
            ],
            body: FormBody([("SAMLResponse", samlResponse)]).data)
        return try decode(ProfilesResponse.self, response, expecting: [200, 201])
    }

    private func sessionForm(mvpd: String?, domainName: String?, redirectUrl: String?) -> FormBody {
        FormBody(
            [("mvpd", mvpd), ("domainName", domainName), ("redirectUrl", redirectUrl)].compactMap { name, value in
                value.map { (name, $0) }
            })
    }

    /// `AP-Partner-Framework-Status` only when it is valid per Adobe's reference; a status without
    /// a provider is left out rather than sent with an empty `frameworkProviderInfo` (the header
    /// is optional on every call that takes it).
    private func partnerHeader(_ status: PartnerFrameworkStatus?) -> [(name: String, value: String)] {
        guard let status, status.isComplete else { return [] }
        return [(HeaderName.partnerFrameworkStatus, status.headerValue)]
    }
}
