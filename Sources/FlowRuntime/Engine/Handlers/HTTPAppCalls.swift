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
        case .v1(let call):
            await answer(answeredBy: .restV1) { () throws(PassError) in try await performV1(call) }
        case .customIdP(let call):
            await answer(answeredBy: .customIdP) { () throws(PassError) in try await perform(call) }
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

    /// A REST API V1 call, its answer read as the call's kind of answer says.
    private func performV1(_ call: V1Call) async throws(PassError) -> APIResult {
        switch call.answer {
        case .authenticationCheck: return .v1AuthenticationChecked(try await client.performCheck(call))
        case .authenticationToken: return .v1AuthenticationToken(try await client.performTokenLookup(call))
        case .configuration: return .configuration(try await client.perform(call))
        case .profileRequest: return .v1ProfileRequest(try await client.performText(call))
        case .registrationCode: return .v1RegistrationCode(try await client.perform(call))
        case .preauthorization: return .v1Preauthorized(try await client.perform(call))
        case .authorization: return .v1Authorized(try await client.perform(call))
        case .mediaToken: return .v1MediaToken(try await client.perform(call))
        case .userMetadata: return .v1UserMetadata(try await client.perform(call))
        case .tokenExchange:
            try await client.performWithoutAnswer(call)
            return .v1TokenExchanged
        case .logout:
            try await client.performWithoutAnswer(call)
            return .v1LoggedOut
        }
    }

    /// A call to the app's own identity provider (single sign-on, and its own sign-in), its
    /// answer read as the type the call names; the device's id is the running device's.
    private func perform(_ call: CustomIdentityProviderCall) async throws(PassError) -> APIResult {
        let idp = customIdentityProvider
        let deviceId = device.current.deviceIdentifier
        switch call.answer {
        case .info: return .identityProviderInfo(try await idp.perform(call, deviceId: deviceId))
        case .tokens: return .customTokens(try await idp.perform(call, deviceId: deviceId))
        case .deviceAuthorization:
            return .customDeviceCode(
                try await idp.perform(call, deviceId: deviceId), receivedAt: clock.nowMilliseconds())
        case .devicePoll:
            switch try await idp.poll(call) {
            case .pending: return .customDevicePending(slowDown: false)
            case .slowDown: return .customDevicePending(slowDown: true)
            case .expired: return .customDeviceCodeExpired
            case .signedIn(let tokens): return .customTokens(tokens)
            }
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
