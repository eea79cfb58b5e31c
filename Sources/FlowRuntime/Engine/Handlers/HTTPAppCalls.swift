import FlowCore
import Foundation
import MockBackendAPI
import PassAPI
import PassClient
import Simulation
import VSASimulator

/// Where the engine sends the app's calls (Adobe Pass, the app's own identity provider): each
/// call ends in one `APIResult` for the flow. Over HTTP in a run (`HTTPAppCalls`); the engine's
/// unit tests answer with a fake.
public protocol AppCalls: Sendable {
    func perform(_ call: APICall) async -> APIResult
}

/// Adobe Pass calls (REST API V2 and V1, client registration) and calls to an app's own
/// identity provider, over HTTP. The exchanges themselves reach the timeline through the
/// clients' observer.
struct HTTPAppCalls: AppCalls {
    let setup: AppSetup
    let client: PassClient
    let customIdentityProvider: CustomIdentityProviderClient
    let clock: any SimulationClock
    let device: DeviceKeeper
    let timeline: Timeline
    let mediaTokenVerifier: (any MediaTokenVerifying)?

    /// Performs an Adobe Pass call. The exchanges themselves reach the timeline through the
    /// client's observer.
    func perform(_ call: APICall) async -> APIResult {
        switch call {
        case .register:
            await answer(answeredBy: .dcr) { () throws(PassError) in try await register() }
        case .token:
            await answer(answeredBy: .dcr) { () throws(PassError) in try await accessToken() }
        case .v2(let call):
            await answer(answeredBy: .restV2) { () throws(PassError) in try await perform(call) }
        case .v1CheckAuthentication, .v1AuthenticationToken, .v1Configuration, .v1ProfileRequest,
            .v1TokenExchange, .v1CreateRegistrationCode, .v1Preauthorize, .v1Authorize, .v1MediaToken,
            .v1UserMetadata, .v1Logout:
            await answer(answeredBy: .restV1) { () throws(PassError) in try await performV1(call) }
        case .identityProviderInfo, .translateSAML, .customExchange, .customDeviceCode, .customPollDeviceToken:
            await answer(answeredBy: .customIdP) { () throws(PassError) in try await performCustom(call) }
        case .verifyMediaToken(let token, let resource):
            await verify(token, resource: resource)
        }
    }

    /// The answer of `work`, or its failure as a flow reads it, with codes read in `api`'s list.
    private func answer(
        answeredBy api: Endpoint.API, _ work: () async throws(PassError) -> APIResult
    ) async -> APIResult {
        do {
            return try await work()
        } catch {
            return .failed(Self.summary(error, answeredBy: api))
        }
    }

    /// Client registration, skipped when the app kept its credentials.
    private func register() async throws(PassError) -> APIResult {
        if await client.credentials != nil {
            timeline.append(.note, "Client credentials come from the app's storage; no new registration.")
            return .registered
        }
        let credentials = try await client.register()
        device.update {
            $0.apps[setup.identity.bundleId, default: AppSandbox()].clientCredentials = credentials
        }
        return .registered
    }

    private func accessToken() async throws(PassError) -> APIResult {
        let token = try await client.requestAccessToken()
        return .tokenIssued(expiresAt: clock.nowMilliseconds() + Int64(token.expiresIn) * 1000)
    }

    /// A REST API V2 call, its answer read as the type the call names.
    private func perform(_ call: V2Call) async throws(PassError) -> APIResult {
        switch call.answer {
        case .configuration: .configuration(try await client.perform(call))
        case .session: .session(try await client.perform(call))
        case .profiles: .profiles(try await client.perform(call))
        case .decisions: .decisions(try await client.perform(call))
        case .logout: .logout(try await client.perform(call))
        }
    }

    /// The app's Media Token Verifier, which the back end stands in for (its key signs the tokens).
    private func verify(_ token: String, resource: String) async -> APIResult {
        guard let mediaTokenVerifier else {
            return .mediaTokenVerified(MediaTokenVerification(.errorUnknown, "This run has no media token verifier."))
        }
        do {
            return .mediaTokenVerified(try await mediaTokenVerifier.verifyMediaToken(token, resource: resource))
        } catch {
            return .failed(
                PassErrorSummary(kind: .transport, httpStatus: nil, message: "the verifier failed: \(error)"))
        }
    }

    /// The REST API V1 calls, with the device type the platform gives.
    private func performV1(_ call: APICall) async throws(PassError) -> APIResult {
        let deviceType: V1DeviceType = setup.platform == .ios ? .iOS : .tvOS
        switch call {
        case .v1CheckAuthentication: return .v1AuthenticationChecked(try await client.v1CheckAuthentication())
        case .v1AuthenticationToken: return .v1AuthenticationToken(try await client.v1AuthenticationToken())
        case .v1Configuration: return .configuration(try await client.v1Configuration())
        case .v1ProfileRequest(let mvpd):
            return .v1ProfileRequest(try await client.v1ProfileRequest(mvpd: mvpd, deviceType: deviceType))
        case .v1TokenExchange(let mvpd, let saml):
            try await client.v1TokenExchange(mvpd: mvpd, deviceType: deviceType, samlResponse: saml)
            return .v1TokenExchanged
        case .v1CreateRegistrationCode(let mvpd):
            return .v1RegistrationCode(try await client.v1CreateRegistrationCode(mvpd: mvpd))
        case .v1Preauthorize(let resources):
            return .v1Preauthorized(try await client.v1Preauthorize(resources: resources))
        case .v1Authorize(let resource): return .v1Authorized(try await client.v1Authorize(resource: resource))
        case .v1MediaToken(let resource): return .v1MediaToken(try await client.v1MediaToken(resource: resource))
        case .v1UserMetadata: return .v1UserMetadata(try await client.v1UserMetadata())
        case .v1Logout:
            try await client.v1Logout()
            return .v1LoggedOut
        default: throw .malformedBody("\(call) is not a REST API V1 call")
        }
    }

    /// The calls to the app's own identity provider (single sign-on, and its own sign-in).
    private func performCustom(_ call: APICall) async throws(PassError) -> APIResult {
        let idp = customIdentityProvider
        switch call {
        case .identityProviderInfo(let provider): return .identityProviderInfo(try await idp.info(provider: provider))
        case .translateSAML(let saml, let provider):
            return .customTokens(
                try await idp.translate(saml: saml, provider: provider, deviceId: device.current.deviceIdentifier))
        case .customExchange(let code, let redirectURI):
            return .customTokens(try await idp.exchange(code: code, redirectURI: redirectURI))
        case .customDeviceCode:
            let grant = try await idp.deviceAuthorization(deviceId: device.current.deviceIdentifier)
            return .customDeviceCode(grant, receivedAt: clock.nowMilliseconds())
        case .customPollDeviceToken(let deviceCode):
            switch try await idp.pollDeviceToken(deviceCode: deviceCode) {
            case .pending: return .customDevicePending(slowDown: false)
            case .slowDown: return .customDevicePending(slowDown: true)
            case .expired: return .customDeviceCodeExpired
            case .signedIn(let tokens): return .customTokens(tokens)
            }
        default: throw .malformedBody("\(call) is not a call to the app's identity provider")
        }
    }

    static func summary(_ error: PassError, answeredBy api: Endpoint.API) -> PassErrorSummary {
        switch error {
        case .plain(let plain, let status):
            PassErrorSummary(kind: .plain, httpStatus: status, message: plain.description)
        case .enhanced(let enhanced, let status):
            PassErrorSummary(
                kind: .enhanced(EnhancedCode(enhanced.code, answeredBy: api), action: enhanced.action),
                httpStatus: status,
                message: "\(enhanced.code): \(enhanced.details ?? enhanced.message)")
        case .registration(let code, let description, let status):
            PassErrorSummary(
                kind: .registration(code), httpStatus: status, message: description ?? code.rawValue)
        case .throttled(let seconds):
            PassErrorSummary(
                kind: .throttled(retryAfter: seconds), httpStatus: 429, message: "throttled (Retry-After \(seconds))")
        case .unexpectedStatus(let status, let body):
            PassErrorSummary(kind: .unexpectedStatus, httpStatus: status, message: "HTTP \(status) \(body.prefix(80))")
        case .malformedBody(let reason):
            PassErrorSummary(kind: .malformed, httpStatus: nil, message: "malformed response: \(reason)")
        case .transport(let reason):
            PassErrorSummary(kind: .transport, httpStatus: nil, message: "no response: \(reason)")
        }
    }
}
