import Foundation
import MockBackendAPI
import PassAPI

extension V2Routes {
    func registerSessions(into registry: inout RouteRegistry) {
        registry.add(.createSession) { try self.createSession($0, $1) }
        registry.add(.resumeSession) { try self.resumeSession($0, $1) }
        registry.add(.retrieveSession) { try self.retrieveSession($0, $1) }
    }

    /// `POST /sessions`: the streaming device starts authentication.
    func createSession(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let gate = self.gate
        let caller = try gate.caller(request, serviceProvider: parameters["serviceProvider"])
        let device = try gate.deviceIdentifier(request)
        let info = try gate.sharedDeviceInfo(request)
        let form = try request.form()
        let values = try sessionParameters(form, for: caller.requestor)
        if let mvpdId = values[.mvpd],
            let shortcut = try backend.shortcut(
                mvpd: gate.mvpd(mvpdId, for: caller.requestor), caller: caller, deviceId: device.identifier)
        {
            return Reply.json(shortcut)
        }
        let session = backend.openSession(
            caller: caller, deviceId: device.identifier, deviceInfo: info, parameters: values)
        return Reply.json(backend.nextStep(for: session, resumed: false))
    }

    /// `POST /sessions/{code}`: a second screen completes the parameters of a session.
    func resumeSession(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let gate = self.gate
        let caller = try gate.caller(request, serviceProvider: parameters["serviceProvider"])
        let code = try gate.code(parameters["code"])
        var session = try gate.session(code, serviceProvider: caller.requestor.id)
        let values = try sessionParameters(try request.form(), for: caller.requestor)
        if let mvpdId = values[.mvpd] {
            let mvpd = try gate.mvpd(mvpdId, for: caller.requestor)
            let owner = Caller(clientId: session.clientId, requestor: caller.requestor)
            if var shortcut = try backend.shortcut(mvpd: mvpd, caller: owner, deviceId: session.deviceId) {
                shortcut.code = session.code
                return Reply.json(shortcut)
            }
        }
        session = backend.store.updateSession(code: code) { $0.parameters.merge(values) } ?? session
        // A partner request's fallback, once complete, says again why it fell back.
        let reason = session.missingParameters.isEmpty ? session.fallbackReason ?? .none : .none
        return Reply.json(backend.nextStep(for: session, resumed: true, reason: reason))
    }

    /// `GET /sessions/{code}`: what a second screen needs to know about a typed code.
    func retrieveSession(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let gate = self.gate
        let caller = try gate.caller(request, serviceProvider: parameters["serviceProvider"])
        let code = try gate.code(parameters["code"])
        let session = try gate.session(code, serviceProvider: caller.requestor.id)
        return Reply.json(backend.status(of: session))
    }

    /// Validates the optional `mvpd`, `domainName`, `redirectUrl` of a sessions form.
    func sessionParameters(_ form: [String: String], for requestor: RequestorSettings) throws
        -> [SessionParameter: String]
    {
        var values: [SessionParameter: String] = [:]
        if let mvpd = form["mvpd"], !mvpd.isEmpty { values[.mvpd] = mvpd }
        // A registered value is kept as the dashboard's own string, shared by every session.
        if let domain = form["domainName"] ?? form["domain"], !domain.isEmpty {
            values[.domainName] = requestor.domains.first { $0 == domain } ?? domain
        }
        if let redirect = try gate.redirectUrl(form["redirectUrl"], for: requestor) {
            values[.redirectUrl] = requestor.redirectUris.first { $0 == redirect } ?? redirect
        }
        return values
    }
}

extension MockBackend {
    /// The answer when no login is needed for `mvpd`: TempPass, AuthNAll degradation, or an
    /// existing valid profile. Nil when the user must authenticate.
    func shortcut(mvpd: MvpdSettings, caller: Caller, deviceId: String) throws -> SessionResponse? {
        let key = ProfileKey(
            clientId: caller.clientId, deviceId: deviceId, serviceProvider: caller.requestor.id, mvpd: mvpd.id)
        let reason: SessionReasonType
        if mvpd.isTempPass {
            ensureSyntheticProfile(.temporary, mvpd: mvpd, key: key)
            reason = .temporary
        } else if mvpd.degradation == .authNAll {
            ensureSyntheticProfile(.degraded, mvpd: mvpd, key: key)
            reason = .degraded
        } else if let stored = validProfile(key) {
            reason = stored.profile.type == .regular ? .authenticated : .authenticatedSSO
        } else {
            return nil
        }
        return SessionResponse(
            actionName: .authorize, actionType: .direct, reasonType: reason,
            url: Endpoint.authorize.path(caller.requestor.id, mvpd.id), sessionId: newIdentifier(),
            mvpd: mvpd.id, serviceProvider: caller.requestor.id)
    }

    func openSession(
        caller: Caller, deviceId: String, deviceInfo: Shared<DeviceInfo>?, parameters: [SessionParameter: String],
        fallbackReason: SessionReasonType? = nil
    ) -> AuthenticationSession {
        let now = self.now
        var session = AuthenticationSession(
            code: newCode(), sessionId: random.uuidValue(), serviceProvider: caller.requestor.id,
            clientId: caller.clientId, deviceId: deviceId, sharedDeviceInfo: deviceInfo,
            parameters: SessionParameters(parameters),
            notBefore: now, notAfter: now.addingTimeInterval(TimeInterval(settings.codeLifetimeSeconds)))
        session.fallbackReason = fallbackReason
        store.insertSession(session, now: now)
        return session
    }

    /// `authenticate`/`interactive` when the session is complete, else `resume` (or `retry`
    /// when resuming) with the missing parameters.
    func nextStep(for session: AuthenticationSession, resumed: Bool, reason: SessionReasonType = .none)
        -> SessionResponse
    {
        let missing = session.missingParameters
        let sp = session.serviceProvider
        var response = SessionResponse(
            actionName: .authenticate, actionType: .interactive, reasonType: reason,
            url: Endpoint.authenticate.path(sp, session.code), code: session.code, sessionId: session.sessionId,
            mvpd: session.parameters[.mvpd], serviceProvider: sp, notBefore: String(session.notBefore.milliseconds),
            notAfter: String(session.notAfter.milliseconds))
        if !missing.isEmpty {
            response.actionName = resumed ? .retry : .resume
            response.actionType = .direct
            response.missingParameters = missing.map(\.rawValue)
            response.url = Endpoint.resumeSession.path(sp, session.code)
            if reason != .none { response.reasonType = .missingParametersFallback }
        }
        return response
    }

    func status(of session: AuthenticationSession) -> SessionStatusResponse {
        var existing = ["serviceProvider": session.serviceProvider]
        for (name, value) in session.parameters { existing[name.rawValue] = value }
        let missing = session.missingParameters.map(\.rawValue)
        return SessionStatusResponse(
            existingParameters: existing, missingParameters: missing.isEmpty ? nil : missing,
            device: session.deviceInfo.map(DeviceDescription.init(normalizing:)),
            notBefore: String(session.notBefore.milliseconds), notAfter: String(session.notAfter.milliseconds))
    }
}

extension Date {
    /// Milliseconds since 1970, held to what an `Int64` counts: a date read from a client's
    /// document (a SAML assertion's window) may lie anywhere a `Date` can.
    var milliseconds: Int64 {
        let milliseconds = (timeIntervalSince1970 * 1000).rounded(.down)
        guard !milliseconds.isNaN else { return 0 }
        return Int64(exactly: milliseconds) ?? (milliseconds < 0 ? .min : .max)
    }
}

extension DeviceDescription {
    /// The normalized description the service derives from `X-Device-Info`.
    init(normalizing info: DeviceInfo) {
        self.init(
            type: info.primaryHardwareType ?? "Unknown", model: info.model,
            hardware: Hardware(
                name: info.model, vendor: info.vendor, version: info.version, manufacturer: info.manufacturer),
            operatingSystem: OperatingSystem(
                name: info.osName, family: info.osFamily, vendor: info.osVendor, version: info.osVersion),
            display: info.displayWidth == nil
                ? nil
                : Display(
                    width: info.displayWidth, height: info.displayHeight, ppi: info.displayPpi,
                    diagonalSize: info.diagonalScreenSize),
            applicationId: info.applicationId,
            connection: info.connectionType == nil && info.connectionIp == nil
                ? nil
                : Connection(
                    ipAddress: info.connectionIp, port: info.connectionPort, secure: info.connectionSecure,
                    type: info.connectionType))
    }
}
