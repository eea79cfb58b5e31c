import Foundation
import MockBackendAPI
import PassAPI

/// Apple single sign-on over REST API V1 (seed 000, steps 6–9): the profile request the app
/// hands to the VSA framework, and the token exchange of the framework's SAML response.
extension V1Routes {
    /// `GET /api/v1/{requestor}/profile-requests/{mvpd}?deviceType=iOS|tvOS`: the SAML
    /// AuthnRequest (Base64) the mock identity providers answer at `/idp/{mvpd}/vsa/attribute-query`.
    func profileRequest(_ call: V1Request) throws -> MockResponse {
        let caller = try call.caller()
        _ = try deviceType(call)
        _ = try appleSSOMvpd(call, call.parameters["mvpd"], for: caller.requestor)
        let request = backend.partnerAuthenticationRequest(
            requestor: caller.requestor.id, destinationPath: Endpoint.v1TokenExchange.path)
        return MockResponse(status: 200, contentType: "application/octet-stream", body: Data(request.utf8))
    }

    /// `POST /api/v1/tokens/authn`: turns the framework's SAML response into an `appleSSO`
    /// authentication token (204), with the checks of V2's `profiles/sso/Apple`.
    func tokenExchange(_ call: V1Request) throws -> MockResponse {
        let (caller, deviceId) = try call.device()
        _ = try deviceType(call)
        let mvpd = try appleSSOMvpd(call, try call.required("mvpd", .unknownIntegration), for: caller.requestor)
        // A `+` the client forgot to percent-encode arrives as a space.
        let encoded = call.inputs["SAMLResponse"]?.replacingOccurrences(of: " ", with: "+")
        let assertion: AssertionDocument
        do throws(SAMLResponseCheck.Rejection) {
            assertion = try SAMLResponseCheck(backend: backend, caller: caller, mvpd: mvpd)
                .check(encoded)
        } catch .issuer(_, let reason) {
            throw V1Failure(.authenticationSessionIssuerMismatch, details: reason)
        } catch .invalid(let reason) {
            throw V1Failure(.invalidParameterSamlResponse, details: reason)
        } catch .overQuota(let failure) {
            throw failure
        }
        let key = ProfileKey(
            clientId: caller.clientId, deviceId: deviceId, serviceProvider: caller.requestor.id, mvpd: mvpd.id)
        backend.storeAppleProfile(key: key, mvpd: mvpd, assertion: assertion, notAfterAtMost: nil)
        return Reply.noContent()
    }

    private func deviceType(_ call: V1Request) throws -> V1DeviceType {
        let text = try call.required("deviceType", .invalidDeviceInfo)
        guard let type = V1DeviceType(rawValue: text) else {
            throw V1Failure(.invalidDeviceInfo, details: "deviceType must be iOS or tvOS; got '\(text)'.")
        }
        return type
    }

    /// An MVPD integrated with the requestor on which Apple single sign-on can complete.
    private func appleSSOMvpd(_ call: V1Request, _ id: String, for requestor: RequestorSettings) throws -> MvpdSettings
    {
        let mvpd = try call.mvpd(id, for: requestor)
        guard requestor.appleSSO, mvpd.isAppleSSOCapable else {
            throw V1Failure(
                .unknownIntegration,
                details: requestor.appleSSO
                    ? "\(mvpd.displayName) is not enabled for Apple single sign-on."
                    : "'\(requestor.id)' does not use Apple single sign-on.")
        }
        return mvpd
    }
}
