import Foundation
import PassAPI

/// The REST API V2 operations: any `V2Call`, sent the one way, and a typed method for each call.
extension PassClient {
    /// Sends a REST API V2 call with the device's headers and its answer's success statuses.
    public func perform<Answer: Decodable>(_ call: V2Call) async throws(PassError) -> Answer {
        var headers = call.identifiesDevice ? deviceHeaders : commonHeaders
        headers += partnerHeader(call.partnerStatus)
        var body: Data?
        switch call.body {
        case .form(let fields):
            headers.append(("Content-Type", "application/x-www-form-urlencoded"))
            body = FormBody(fields.map { ($0.name, $0.value) }).data
        case .resources(let resources):
            headers.append(("Content-Type", "application/json;charset=utf-8"))
            body = try? JSONEncoder.requestBody.encode(DecisionsRequest(resources: resources))
        case nil:
            break
        }
        let response = try await authorized(
            call.endpoint, [requestor] + call.values, query: call.query.map { ($0.name, $0.value) }, headers: headers,
            body: body)
        return try decode(Answer.self, response, expecting: call.success)
    }

    public func configuration() async throws(PassError) -> ConfigurationResponse {
        try await perform(V2Call.configuration)
    }

    public func createSession(mvpd: String?, domainName: String?, redirectUrl: String?) async throws(PassError)
        -> SessionResponse
    {
        try await perform(.createSession(mvpd: mvpd, domainName: domainName, redirectUrl: redirectUrl))
    }

    public func resumeSession(code: String, mvpd: String?, domainName: String?, redirectUrl: String?)
        async throws(PassError) -> SessionResponse
    {
        try await perform(.resumeSession(code: code, mvpd: mvpd, domainName: domainName, redirectUrl: redirectUrl))
    }

    /// `GET /sessions/{code}`: a session's status, which no flow reads (second screens and
    /// tests do), so it has no `V2Call`.
    public func retrieveSession(code: String) async throws(PassError) -> SessionStatusResponse {
        let response = try await authorized(.retrieveSession, requestor, code, headers: commonHeaders)
        return try decode(SessionStatusResponse.self, response)
    }

    public func profiles(partnerStatus: PartnerFrameworkStatus? = nil) async throws(PassError) -> ProfilesResponse {
        try await perform(.profiles(partnerStatus))
    }

    public func profile(mvpd: String, partnerStatus: PartnerFrameworkStatus? = nil) async throws(PassError)
        -> ProfilesResponse
    {
        try await perform(.profileForMvpd(mvpd, partnerStatus))
    }

    public func profile(code: String) async throws(PassError) -> ProfilesResponse {
        try await perform(.profileForCode(code))
    }

    public func preauthorize(mvpd: String, resources: [String], partnerStatus: PartnerFrameworkStatus? = nil)
        async throws(PassError) -> DecisionsResponse
    {
        try await perform(.preauthorize(mvpd: mvpd, resources: resources, partnerStatus))
    }

    public func authorize(mvpd: String, resources: [String], partnerStatus: PartnerFrameworkStatus? = nil)
        async throws(PassError) -> DecisionsResponse
    {
        try await perform(.authorize(mvpd: mvpd, resources: resources, partnerStatus))
    }

    public func logout(mvpd: String, redirectUrl: String?) async throws(PassError) -> LogoutResponse {
        try await perform(.logout(mvpd: mvpd, redirectUrl: redirectUrl))
    }

    public func partnerSession(
        partner: String = "Apple", partnerStatus: PartnerFrameworkStatus?, domainName: String?, redirectUrl: String?
    ) async throws(PassError) -> SessionResponse {
        try await perform(
            .partnerSession(partnerStatus, domainName: domainName, redirectUrl: redirectUrl, partner: partner))
    }

    public func partnerProfile(partner: String = "Apple", samlResponse: String, partnerStatus: PartnerFrameworkStatus?)
        async throws(PassError) -> ProfilesResponse
    {
        try await perform(.partnerProfile(samlResponse: samlResponse, partnerStatus, partner: partner))
    }

    /// `AP-Partner-Framework-Status` only when it is valid per Adobe's reference; a status without
    /// a provider is left out rather than sent with an empty `frameworkProviderInfo` (the header
    /// is optional on every call that takes it).
    private func partnerHeader(_ status: PartnerFrameworkStatus?) -> [(name: String, value: String)] {
        guard let status, status.isComplete else { return [] }
        return [(HeaderName.partnerFrameworkStatus, status.headerValue)]
    }
}
