import Foundation
import MockBackendAPI
import PassAPI

/// Registration codes (`/reggie/v1/{requestor}/regcode`) and the configuration. A code is an
/// authentication session of the shared store, so the activation site, the V2 session calls and
/// the MVPD login chain complete it like a V2 code.
extension V1Routes {
    /// The longest `ttl` a code may ask for: 10 hours.
    static let maximumCodeLifetime = 36_000

    func createRegistrationCode(_ call: V1Request) throws -> MockResponse {
        let caller = try call.caller()
        let deviceId = try call.deviceId()
        // Legacy clients describe the device with `deviceType` instead of `device_info`.
        let info = try call.deviceInfo(required: (call.inputs["deviceType"] ?? "").isEmpty)
        var parameters: [SessionParameter: String] = [:]
        if let mvpd = call.inputs["mvpd"], !mvpd.isEmpty {
            parameters[.mvpd] = try call.mvpd(mvpd, for: caller.requestor).id
        }
        let lifetime = try codeLifetime(call.inputs["ttl"])
        let now = backend.now
        var session = AuthenticationSession(
            code: backend.newCode(), sessionId: backend.random.uuidValue(), serviceProvider: caller.requestor.id,
            clientId: caller.clientId, deviceId: deviceId, sharedDeviceInfo: info.map(Shared.init),
            parameters: SessionParameters(parameters),
            notBefore: now,
            notAfter: now.addingTimeInterval(TimeInterval(lifetime)))
        session.userAgent = call.request.header(.userAgent)
        session.isV1RegistrationCode = true
        backend.store.insertSession(session, now: now)
        return call.reply(record(of: session, requestor: caller.requestor), root: "regcode")
    }

    func retrieveRegistrationCode(_ call: V1Request) throws -> MockResponse {
        let caller = try call.caller()
        let session = try call.registrationCode(call.parameters["code"], requestor: caller.requestor.id)
        return call.reply(record(of: session, requestor: caller.requestor), root: "regcode")
    }

    func deleteRegistrationCode(_ call: V1Request) throws -> MockResponse {
        let caller = try call.caller()
        let session = try call.registrationCode(call.parameters["code"], requestor: caller.requestor.id)
        backend.store.removeSession(code: session.code)
        return Reply.noContent()
    }

    /// `GET /api/v1/config/{requestor}`: the same body as V2's configuration.
    func configuration(_ call: V1Request) throws -> MockResponse {
        let caller = try call.caller()
        let info = try call.deviceInfo()
        return call.reply(backend.configuration(of: caller.requestor, deviceInfo: info), root: "config")
    }

    /// Seconds from the `ttl` parameter: default 30 minutes (the dashboard's code lifetime),
    /// at most 10 hours.
    private func codeLifetime(_ text: String?) throws -> Int {
        guard let text, !text.isEmpty else { return backend.settings.codeLifetimeSeconds }
        guard let seconds = Int(text), (1...Self.maximumCodeLifetime).contains(seconds) else {
            throw V1Failure(
                .badRequest, message: "Invalid 'ttl'",
                details: "ttl must be a whole number of seconds from 1 to \(Self.maximumCodeLifetime); got '\(text)'.")
        }
        return seconds
    }

    func record(of session: AuthenticationSession, requestor: RequestorSettings) -> V1RegistrationCode {
        let normalized = session.deviceInfo.flatMap { try? Reply.encoder.encode($0) }.map(Base64.encode)
        let info = V1RegistrationCode.Info(
            deviceId: session.deviceId, deviceInfo: normalized, userAgent: session.userAgent,
            originalUserAgent: session.userAgent, authorizationType: "OAUTH2",
            sourceApplicationInformation: V1RegistrationCode.SourceApplication(
                id: requestor.softwareStatement.softwareId, name: requestor.name, version: "1.0.0"))
        return V1RegistrationCode(
            id: session.sessionId, code: session.code, requestor: session.serviceProvider,
            mvpd: session.parameters[.mvpd], generated: session.notBefore.milliseconds,
            expires: session.notAfter.milliseconds, info: info)
    }
}
