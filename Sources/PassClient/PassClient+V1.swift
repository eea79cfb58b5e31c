import Foundation
import PassAPI

/// The REST API V1 ("clientless") operations. V1 names the device with `deviceId` and the
/// requestor with `requestor` parameters; the DCR Bearer token is the same as V2's.
extension PassClient {
    /// `GET /api/v1/checkauthn`: 200 means a valid authentication token exists, 403 that none does.
    public func v1CheckAuthentication() async throws(PassError) -> Bool {
        let response = try await authorized(
            .v1CheckAuthentication, query: v1DeviceQuery, headers: commonHeaders)
        switch response.status {
        case 200: return true
        case 403: return false
        default: throw failure(response)
        }
    }

    /// `GET /api/v1/tokens/authn`.
    public func v1AuthenticationToken() async throws(PassError) -> V1TokenLookup {
        let response = try await authorized(
            .v1AuthenticationToken, query: v1DeviceQuery, headers: commonHeaders)
        switch response.status {
        case 404: return .missing
        case 410: return .expired
        default: return .found(try decode(V1AuthenticationToken.self, response))
        }
    }

    /// `GET /api/v1/config/{requestor}`: the MVPD list, the same body as V2's configuration.
    public func v1Configuration() async throws(PassError) -> ConfigurationResponse {
        let response = try await authorized(
            .v1Configuration, requestor, headers: commonHeaders)
        return try decode(ConfigurationResponse.self, response)
    }

    /// `POST /reggie/v1/{requestor}/regcode`.
    public func v1CreateRegistrationCode(mvpd: String?) async throws(PassError) -> V1RegistrationCode {
        let form =
            [("deviceId", configuration.deviceIdentifier.identifier)]
            + [("device_info", deviceInfoHeader)] + (mvpd.map { [("mvpd", $0)] } ?? [])
        let response = try await authorized(
            .v1CreateRegistrationCode, requestor,
            headers: commonHeaders + [("Content-Type", "application/x-www-form-urlencoded")], body: FormBody(form).data)
        return try decode(V1RegistrationCode.self, response, expecting: [200, 201])
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

    /// `GET /api/v1/{requestor}/profile-requests/{mvpd}`: the opaque request for Apple's framework.
    public func v1ProfileRequest(mvpd: String, deviceType: V1DeviceType) async throws(PassError) -> String {
        let response = try await authorized(
            .v1ProfileRequest, requestor, mvpd, query: [("deviceType", deviceType.rawValue)], headers: commonHeaders)
        guard response.status == 200 else { throw failure(response) }
        return String(decoding: response.body, as: UTF8.self)
    }

    /// `POST /api/v1/tokens/authn`: exchanges the provider's SAML response (Base64; URL-encoded
    /// once here by the form) for an authentication token. Success is `204 No Content`.
    public func v1TokenExchange(mvpd: String, deviceType: V1DeviceType, samlResponse: String) async throws(PassError) {
        let form = FormBody([
            ("requestor", configuration.serviceProvider), ("deviceId", configuration.deviceIdentifier.identifier),
            ("mvpd", mvpd), ("deviceType", deviceType.rawValue), ("SAMLResponse", samlResponse),
        ])
        let response = try await authorized(
            .v1TokenExchange, headers: commonHeaders + [("Content-Type", "application/x-www-form-urlencoded")],
            body: form.data)
        guard response.status == 204 else { throw failure(response) }
    }

    /// `GET /api/v1/preauthorize` for several resources.
    public func v1Preauthorize(resources: [String]) async throws(PassError) -> V1PreauthorizeResponse {
        let response = try await authorized(
            .v1Preauthorize, query: v1DeviceQuery + [("resource", resources.joined(separator: ","))],
            headers: commonHeaders)
        return try decode(V1PreauthorizeResponse.self, response)
    }

    /// `GET /api/v1/authorize` for one resource.
    public func v1Authorize(resource: String) async throws(PassError) -> V1Authorization {
        let response = try await authorized(
            .v1Authorize, query: v1DeviceQuery + [("resource", resource)], headers: commonHeaders)
        return try decode(V1Authorization.self, response)
    }

    /// `GET /api/v1/tokens/media`: the short media token for an authorized resource.
    public func v1MediaToken(resource: String) async throws(PassError) -> V1MediaToken {
        let response = try await authorized(
            .v1MediaToken, query: v1DeviceQuery + [("resource", resource)], headers: commonHeaders)
        return try decode(V1MediaToken.self, response)
    }

    /// `GET /api/v1/tokens/usermetadata`, where `tokenSource` says whether Apple signed the user in.
    public func v1UserMetadata() async throws(PassError) -> V1UserMetadata {
        let response = try await authorized(
            .v1UserMetadata, query: v1DeviceQuery, headers: commonHeaders)
        return try decode(V1UserMetadata.self, response)
    }

    /// `DELETE /api/v1/logout`: Adobe forgets the tokens; the MVPD is not told.
    public func v1Logout() async throws(PassError) {
        let response = try await authorized(
            .v1Logout, query: v1DeviceQuery, headers: commonHeaders)
        guard response.status == 204 || response.status == 200 else { throw failure(response) }
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

    private var v1DeviceQuery: [(String, String)] {
        [
            ("requestor", configuration.serviceProvider), ("deviceId", configuration.deviceIdentifier.identifier),
            ("device_info", deviceInfoHeader),
        ]
    }
}
