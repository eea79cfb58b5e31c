import Foundation
import HTTPTypes
import MockBackendAPI
import PassAPI

/// REST API V1 ("clientless"), reference §B. It shares the back end's requestors, MVPDs,
/// personas, codes and authentication tokens with REST API V2: a V1 registration code is an
/// authentication session, and a V1 authentication token is a profile.
struct V1Routes {
    let backend: MockBackend

    func register(into registry: inout RouteRegistry) {
        add(&registry, .v1CreateRegistrationCode, Self.createRegistrationCode)
        add(&registry, .v1RetrieveRegistrationCode, Self.retrieveRegistrationCode)
        add(&registry, .v1DeleteRegistrationCode, Self.deleteRegistrationCode)
        add(&registry, .v1Configuration, Self.configuration)
        registry.add(.v1Authenticate) { request, _ in try self.authenticateInBrowser(request) }
        add(&registry, .v1AuthenticateRegistrationCode, Self.tokenForCode)
        add(&registry, .v1FreePreview, Self.freePreview)
        add(&registry, .v1CheckAuthentication, Self.checkAuthentication)
        add(&registry, .v1CheckAuthenticationForCode, Self.checkAuthenticationForCode)
        add(&registry, .v1AuthenticationToken, Self.authenticationToken)
        add(&registry, .v1TokenExchange, Self.tokenExchange)
        add(&registry, .v1Authorize, Self.authorize)
        add(&registry, .v1AuthorizationToken, Self.authorizationToken)
        add(&registry, .v1MediaToken, Self.mediaToken)
        add(&registry, .v1Preauthorize, Self.preauthorize)
        add(&registry, .v1PreauthorizeForCode, Self.preauthorizeForCode)
        add(&registry, .v1Logout, Self.logout)
        registry.add(.v1LogoutInBrowser) { request, _ in try self.logoutInBrowser(request) }
        add(&registry, .v1UserMetadata, Self.userMetadata)
        // An opaque octet stream: no .json/.xml variants (errors still follow Accept/format).
        add(&registry, .v1ProfileRequest, Self.profileRequest, suffixes: false)
    }

    /// Registers a V1 JSON/XML endpoint, with its `.json` and `.xml` spellings, in the V1 group:
    /// errors the handler throws become V1 errors in the call's format.
    private func add(
        _ registry: inout RouteRegistry, _ endpoint: Endpoint,
        _ handler: @escaping @Sendable (V1Routes) -> (V1Request) throws -> MockResponse, suffixes: Bool = true
    ) {
        let routes = self
        registry.add(endpoint, suffixes: suffixes ? ["", ".json", ".xml"] : [""]) { request, parameters, context in
            let call = try V1Request(request: request, parameters: parameters, backend: routes.backend)
            // The call's own parameters (its form too) now decide the style of its errors.
            context.notes.v1Style = call.style
            return try handler(routes)(call)
        }
    }
}

/// One V1 request: its parameters (query and form together; the form wins) and the answer style
/// they ask for, with the checks every V1 endpoint shares.
struct V1Request {
    let request: IncomingRequest
    let parameters: RouteParameters
    let inputs: [String: String]
    let style: V1Style
    let backend: MockBackend
    let gate: Gatekeeper

    init(request: IncomingRequest, parameters: RouteParameters, backend: MockBackend) throws {
        self.request = request
        self.parameters = parameters
        self.backend = backend
        gate = Gatekeeper(backend)
        let form = request.method == "GET" ? [:] : try request.form()
        inputs = request.query.merging(form) { _, fromForm in fromForm }
        style = V1Style(path: request.path, inputs: inputs, accept: request.header(.accept), index: gate.index)
    }

    /// A parameter that must be present and not empty.
    func required(_ name: String, _ code: V1ErrorCode) throws -> String {
        guard let value = inputs[name], !value.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw V1Failure.missing(name, code)
        }
        return value
    }

    /// The Bearer token's caller, for the requestor named by the `{requestor}` path segment or
    /// by the first parameter of `names` present (`requestor` unless told otherwise). A call
    /// that names none is the token's requestor's, as real clients' `logout?deviceId=…` is.
    func caller(_ names: String...) throws -> Caller {
        let names = names.isEmpty ? ["requestor"] : names
        let named = names.lazy.compactMap { inputs[$0] }.first { !$0.isEmpty }
        let fromPath = parameters["requestor"]
        let asked = fromPath.isEmpty ? named : fromPath
        if let signed = try gate.signedV1Caller(request) {
            if let asked, asked != signed.requestor.id {
                throw EnhancedFailure(
                    .invalidAccessTokenServiceProvider,
                    "The request was signed for '\(signed.requestor.id)' and names '\(asked)'.")
            }
            return signed
        }
        return try gate.caller(request, serviceProvider: asked)
    }

    /// `deviceId`, used as given: the same text as a V2 `AP-Device-Identifier` decodes to names
    /// the same device.
    func deviceId() throws -> String { try required("deviceId", .invalidDeviceId) }

    /// The caller and `deviceId` of a call about one device's tokens, with its `device_info`
    /// checked when sent.
    func device() throws -> (caller: Caller, deviceId: String) {
        let caller = try caller()
        let deviceId = try deviceId()
        _ = try deviceInfo()
        return (caller, deviceId)
    }

    /// `device_info` (parameter) or `X-Device-Info` (header), Base64 JSON; checked when sent.
    func deviceInfo(required: Bool = false) throws -> DeviceInfo? {
        guard let value = inputs["device_info"] ?? request.header(.deviceInfo) else {
            if required { throw V1Failure.missing("device_info", .invalidDeviceInfo) }
            return nil
        }
        // A device sends the same value on every call (a polling device every few seconds):
        // parse it once per dashboard, as the REST API V2 routes do.
        if let known = gate.index.parsedDeviceInfo.value(
            value, make: { (try? DeviceInfo.parse(value).get()).map(Shared.init) })
        {
            return known.value
        }
        switch DeviceInfo.parse(value) {
        case .success(let info): return info
        case .failure(let error): throw V1Failure(.invalidDeviceInfo, details: "device_info: \(error).")
        }
    }

    /// The integrated MVPD named `id`; unknown or disabled integrations are `unknown_integration`.
    func mvpd(_ id: String, for requestor: RequestorSettings) throws -> MvpdSettings {
        guard let mvpd = gate.index.integratedMvpd(id, for: requestor.id) else {
            let known = gate.index.mvpdsById[id] != nil
            throw V1Failure(
                .unknownIntegration,
                details: known
                    ? "'\(requestor.id)' has no active integration with '\(id)'." : "There is no MVPD '\(id)'.")
        }
        return mvpd
    }

    /// The live registration code `raw` of `requestor`; unknown or expired codes are a 404.
    func registrationCode(_ raw: String, requestor: String) throws -> AuthenticationSession {
        let code = raw.trimmingCharacters(in: .whitespaces).uppercased()
        guard let session = backend.store.session(code: code), session.serviceProvider == requestor,
            !session.isExpired(at: backend.now)
        else { throw V1Failure.unknownRegistrationCode(raw) }
        return session
    }

    func reply<T: Encodable>(_ value: T, root: String, status: Int = 200) -> MockResponse {
        V1Reply.body(value, root: root, style: style, status: status)
    }
}
