import Foundation
import PassAPI

/// The REST API V1 ("clientless") operations: any `V1Call`, sent the one way and read as its
/// answer's kind says, and a typed method for each call. V1 names the device with `deviceId` and
/// the requestor with `requestor` parameters; the DCR Bearer token is the same as V2's.
extension PassClient {
    /// Sends a V1 call whose answer is a JSON body.
    public func perform<Answer: Decodable>(_ call: V1Call) async throws(PassError) -> Answer {
        try decode(Answer.self, try await send(call), expecting: call.success)
    }

    /// Sends a V1 call whose success carries nothing to read (`204`).
    public func performWithoutAnswer(_ call: V1Call) async throws(PassError) {
        let response = try await send(call)
        guard call.success.contains(response.status) else { throw failure(response) }
    }

    /// Sends a V1 call answered by its status: `true` on success, `false` on 403
    /// (`checkauthn`: no valid authentication token).
    public func performCheck(_ call: V1Call) async throws(PassError) -> Bool {
        let response = try await send(call)
        if response.status == 403 { return false }
        guard call.success.contains(response.status) else { throw failure(response) }
        return true
    }

    /// Sends a V1 call for a token: the token, or why there is none (404 none, 410 expired).
    public func performTokenLookup(_ call: V1Call) async throws(PassError) -> V1TokenLookup {
        let response = try await send(call)
        switch response.status {
        case 404: return .missing
        case 410: return .expired
        default: return .found(try decode(V1AuthenticationToken.self, response, expecting: call.success))
        }
    }

    /// Sends a V1 call whose answer is text (a profile request, opaque to the app).
    public func performText(_ call: V1Call) async throws(PassError) -> String {
        let response = try await send(call)
        guard call.success.contains(response.status) else { throw failure(response) }
        return String(decoding: response.body, as: UTF8.self)
    }

    public func v1CheckAuthentication() async throws(PassError) -> Bool {
        try await performCheck(.checkAuthentication)
    }

    public func v1AuthenticationToken() async throws(PassError) -> V1TokenLookup {
        try await performTokenLookup(.authenticationToken)
    }

    public func v1ProfileRequest(mvpd: String, deviceType: V1DeviceType) async throws(PassError) -> String {
        try await performText(.profileRequest(mvpd: mvpd, deviceType: deviceType))
    }

    public func v1Configuration() async throws(PassError) -> ConfigurationResponse {
        try await perform(V1Call.configuration)
    }

    public func v1CreateRegistrationCode(mvpd: String?) async throws(PassError) -> V1RegistrationCode {
        try await perform(.createRegistrationCode(mvpd: mvpd))
    }

    public func v1TokenExchange(mvpd: String, deviceType: V1DeviceType, samlResponse: String) async throws(PassError) {
        try await performWithoutAnswer(.tokenExchange(mvpd: mvpd, deviceType: deviceType, samlResponse: samlResponse))
    }

    public func v1Preauthorize(resources: [String]) async throws(PassError) -> V1PreauthorizeResponse {
        try await perform(.preauthorize(resources: resources))
    }

    public func v1Authorize(resource: String) async throws(PassError) -> V1Authorization {
        try await perform(.authorize(resource: resource))
    }

    public func v1MediaToken(resource: String) async throws(PassError) -> V1MediaToken {
        try await perform(.mediaToken(resource: resource))
    }

    public func v1UserMetadata() async throws(PassError) -> V1UserMetadata {
        try await perform(.userMetadata)
    }

    public func v1Logout() async throws(PassError) {
        try await performWithoutAnswer(.logout)
    }

    /// The call on the wire: its path, query and form filled with the client's requestor and
    /// device where the call asks for them.
    private func send(_ call: V1Call) async throws(PassError) -> WireResponse {
        var headers = commonHeaders
        var body: Data?
        if let form = call.form {
            headers.append(("Content-Type", "application/x-www-form-urlencoded"))
            body = FormBody(form.map { ($0.name, filled($0.value)) }).data
        }
        return try await authorized(
            call.endpoint, call.values.map(filled), query: call.query.map { ($0.name, filled($0.value)) },
            headers: headers, body: body)
    }

    private func filled(_ value: V1Call.Value) -> String {
        switch value {
        case .text(let text): text
        case .requestor: configuration.serviceProvider
        case .deviceIdentifier: configuration.deviceIdentifier.identifier
        case .deviceInfo: deviceInfoHeader
        }
    }

    /// The page a browser or web view opens to sign in for a registration code; the MVPD login
    /// ends on `redirectUrl`, which the documentation requires to be the last parameter.
    public func v1AuthenticateURL(registrationCode: String, mvpd: String, domainName: String, redirectUrl: String?)
        -> String
    {
        var query = [
            ("requestor_id", configuration.serviceProvider), ("mso_id", mvpd), ("reg_code", registrationCode),
            ("domain_name", domainName), ("noflash", "true"), ("no_iframe", "true"),
        ]
        if let redirectUrl { query.append(("redirect_url", redirectUrl)) }
        return url(Endpoint.v1Authenticate.path, query: query)
    }

    /// The logout page a web view opens, so that the MVPD's session ends too.
    public func v1LogoutURL(redirectUrl: String) -> String {
        url(
            Endpoint.v1LogoutInBrowser.path,
            query: [
                ("requestor_id", configuration.serviceProvider),
                ("deviceId", configuration.deviceIdentifier.identifier),
                ("redirect_url", redirectUrl),
            ])
    }
}
