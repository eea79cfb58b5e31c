import Foundation
import MockBackendAPI
import PassAPI

/// The tvOS second-screen sign-in (RFC 8628 device authorization): the TV gets a device code and
/// a user code, the user enters the user code on a plain HTML page and signs in, the TV polls the
/// token endpoint.
extension CustomIdentityProviderRoutes {
    /// `POST /custom-idp/{requestor}/device/code` with form `deviceId`.
    func deviceCode(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let requestor = try requestor(parameters["requestor"])
        let form: [String: String]
        do { form = try request.form() } catch {
            throw failure(400, "invalid_request", "The body must be an application/x-www-form-urlencoded form.")
        }
        guard let deviceId = form["deviceId"]?.trimmingCharacters(in: .whitespaces), !deviceId.isEmpty else {
            throw failure(400, "invalid_request", "The deviceId parameter is missing.")
        }
        let lifetime = backend.settings.codeLifetimeSeconds
        let now = backend.nowMilliseconds
        // Consonants only, as RFC 8628 suggests, so that no code spells a word.
        let userCode = backend.random.string(length: 8, alphabet: "BCDFGHJKLMNPQRSTVWXZ")
        let grant = CustomIdentityStore.DeviceGrant(
            requestor: requestor.id, deviceCode: randomToken(), userCode: userCode, deviceId: deviceId,
            expiresAt: now + Int64(lifetime) * 1000, intervalMilliseconds: Int64(Self.pollInterval) * 1000)
        backend.customIdentity.insertDevice(grant, now: now)
        return Reply.json(
            CustomDeviceAuthorization(
                deviceCode: grant.deviceCode, userCode: Self.displayed(userCode),
                verificationUri: backend.baseURL + Endpoint.customDevicePage.path(requestor.id), expiresIn: lifetime,
                interval: Self.pollInterval))
    }

    /// `ABCDEFGH` → `ABCD-EFGH`, as the TV shows it.
    static func displayed(_ userCode: String) -> String {
        "\(userCode.prefix(4))-\(userCode.dropFirst(4))"
    }

    /// What the user typed, without spaces or dashes, upper-case.
    static func normalized(_ typed: String) -> String {
        typed.filter { !$0.isWhitespace && $0 != "-" }.uppercased()
    }

    /// `GET /custom-idp/{requestor}/device[?user_code=…]`: the code form.
    func devicePage(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let requestor = try pageRequestor(parameters["requestor"])
        return Reply.html(
            Pages.customDeviceStart(
                requestor: requestor, action: devicePath(requestor), error: nil, code: request.query["user_code"] ?? "")
        )
    }

    /// `POST /custom-idp/{requestor}/device`: first the user code alone, then with the sign-in.
    func deviceSubmit(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let requestor = try pageRequestor(parameters["requestor"])
        let form = try request.form()
        let userCode = Self.normalized(form["user_code"] ?? "")
        let codeRefused = { (message: String) -> MockResponse in
            Reply.html(
                Pages.customDeviceStart(
                    requestor: requestor, action: devicePath(requestor), error: message, code: form["user_code"] ?? ""),
                status: 400)
        }
        guard let grant = backend.customIdentity.device(userCode: userCode), grant.requestor == requestor.id else {
            return codeRefused("That code is not valid. Check the code on your TV.")
        }
        guard !grant.isExpired(at: backend.nowMilliseconds) else {
            return codeRefused("That code has expired. Get a new code on your TV.")
        }
        if let approval = grant.approval {
            return Reply.html(
                Pages.customDeviceDone(
                    requestor: requestor, providerName: backend.index.mvpdsById[approval.mvpd]?.displayName))
        }
        let hidden = [("user_code", Self.displayed(userCode))]
        guard form["username"] != nil else {
            return signInPage(requestor: requestor, action: devicePath(requestor), hidden: hidden, form: form)
        }
        let (mvpd, persona): (MvpdSettings, Persona)
        do {
            (mvpd, persona) = try authenticate(form, requestor: requestor)
        } catch {
            return signInPage(
                requestor: requestor, action: devicePath(requestor), hidden: hidden, form: form, error: error)
        }
        guard
            backend.customIdentity.approve(
                userCode: userCode, .init(mvpd: mvpd.id, username: persona.username), now: backend.nowMilliseconds)
        else { return codeRefused("That code has expired. Get a new code on your TV.") }
        return Reply.html(Pages.customDeviceDone(requestor: requestor, providerName: mvpd.displayName))
    }

    private func devicePath(_ requestor: RequestorSettings) -> String {
        Endpoint.customDevicePage.path(requestor.id)
    }
}
