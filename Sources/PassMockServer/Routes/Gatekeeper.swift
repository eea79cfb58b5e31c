import Foundation
import MockBackendAPI
import PassAPI

/// Who is calling, after the Bearer token checked out.
struct Caller: Sendable {
    let clientId: String
    let requestor: RequestorSettings
}

/// The checks every REST API V2 endpoint shares, in the order the real service applies them:
/// access token, service provider, headers, MVPD.
struct Gatekeeper {
    let backend: MockBackend
    let index: DashboardIndex

    init(_ backend: MockBackend) {
        self.backend = backend
        index = backend.index
    }

    /// Validates `Authorization: Bearer …` for `serviceProvider`; with nil, for the requestor the
    /// token was issued to (REST API V1 calls that name none, such as `logout`).
    func caller(_ request: IncomingRequest, serviceProvider asked: String?) throws -> Caller {
        guard let header = request.header(.authorization) else {
            throw EnhancedFailure(.invalidAccessTokenServiceProvider, "The Authorization header is missing.")
        }
        guard let space = header.firstIndex(of: " "), header[..<space].lowercased() == "bearer" else {
            throw EnhancedFailure(.invalidAccessTokenServiceProvider, "The Authorization header is not a Bearer token.")
        }
        let token = String(header[header.index(after: space)...])
        let credentials = backend.credentials
        guard let claims = index.verifiedAccessTokens.value(token, make: { credentials.accessTokenClaims(token) })
        else {
            throw EnhancedFailure(
                .invalidAccessTokenServiceProvider, "The access token is malformed or was not issued here.")
        }
        if Int64(backend.now.timeIntervalSince1970) >= claims.exp {
            throw EnhancedFailure(
                .invalidAccessTokenServiceProvider, "The access token has expired; request a new one.")
        }
        let serviceProvider = asked ?? claims.requestor
        guard let requestor = index.requestorsById[serviceProvider] else {
            throw EnhancedFailure(.invalidParameterServiceProvider, "Unknown service provider '\(serviceProvider)'.")
        }
        guard let tokenRequestor = index.requestorsById[claims.requestor],
            let identity = index.clientIdentities.value(claims.sub, make: { credentials.clientIdentity(claims.sub) }),
            identity.softwareId == tokenRequestor.softwareStatement.softwareId,
            !tokenRequestor.softwareStatement.revoked
        else {
            throw EnhancedFailure(
                .invalidAccessTokenClientApplication, "The client application was revoked; register again.")
        }
        guard claims.requestor == serviceProvider else {
            throw EnhancedFailure(
                .invalidAccessTokenServiceProvider,
                "The access token was issued for '\(claims.requestor)', not '\(serviceProvider)'.")
        }
        return Caller(clientId: claims.sub, requestor: requestor)
    }

    func deviceIdentifier(_ request: IncomingRequest) throws -> DeviceIdentifier {
        let header = request.header(.deviceIdentifier)
        if let header,
            let known = index.parsedDeviceIdentifiers.value(header, make: { try? DeviceIdentifier.parse(header).get() })
        {
            return known
        }
        switch DeviceIdentifier.parse(header) {
        case .success(let identifier): return identifier
        case .failure(let error):
            throw EnhancedFailure(.invalidHeaderDeviceIdentifier, "AP-Device-Identifier: \(error).")
        }
    }

    func deviceInfo(_ request: IncomingRequest) throws -> DeviceInfo {
        try sharedDeviceInfo(request).value
    }

    /// The parsed `X-Device-Info`, one instance per header value, for records that keep it.
    func sharedDeviceInfo(_ request: IncomingRequest) throws -> Shared<DeviceInfo> {
        let header = request.header(.deviceInfo)
        // A device sends the same header on every call: parse it once.
        if let header,
            let known = index.parsedDeviceInfo.value(
                header, make: { (try? DeviceInfo.parse(header).get()).map(Shared.init) })
        {
            return known
        }
        switch DeviceInfo.parse(header) {
        case .success(let info): return Shared(info)
        case .failure(let error): throw EnhancedFailure(.invalidHeaderDeviceInfo, "X-Device-Info: \(error).")
        }
    }

    /// The optional partner framework status; a present but unreadable one is an error.
    func partnerFrameworkStatus(_ request: IncomingRequest) throws -> PartnerFrameworkStatus? {
        switch PartnerFrameworkStatus.parse(request.header(.partnerFrameworkStatus)) {
        case .success(let status): return status
        case .failure(.missing): return nil
        case .failure(let error):
            throw EnhancedFailure(.invalidHeaderPfsPermissionAccessNotPresent, "AP-Partner-Framework-Status: \(error).")
        }
    }

    /// The MVPD named in the path or body, integrated with the caller's requestor.
    func mvpd(_ id: String?, for requestor: RequestorSettings) throws -> MvpdSettings {
        guard let id, !id.isEmpty else {
            throw EnhancedFailure(.invalidParameterMvpd, "The mvpd parameter is missing.")
        }
        guard index.mvpdsById[id] != nil else { throw EnhancedFailure(.invalidParameterMvpd, "Unknown MVPD '\(id)'.") }
        guard let mvpd = index.integratedMvpd(id, for: requestor.id) else {
            throw EnhancedFailure(.invalidIntegration, "'\(requestor.id)' has no active integration with '\(id)'.")
        }
        return mvpd
    }

    /// A redirect URL the requestor's users may be sent to (`RedirectPolicy`).
    func redirectUrl(_ value: String?, for requestor: RequestorSettings) throws -> String? {
        guard let value, !value.isEmpty else { return nil }
        if let problem = RedirectPolicy.problem(with: value, for: requestor) {
            throw EnhancedFailure(.invalidParameterRedirectUrl, "'\(value)' \(problem).")
        }
        return value
    }

    /// Codes are short upper-case alphanumerics; anything else is rejected before lookup.
    func code(_ value: String) throws -> String {
        // Codes as devices send them (ASCII letters and digits), without Foundation's Unicode
        // trimming and character properties, which a polling device would pay on every poll.
        let bytes = value.utf8
        if (4...16).contains(bytes.count), bytes.allSatisfy(Self.isASCIIAlphanumeric) {
            return String(decoding: bytes.map { (97...122).contains($0) ? $0 - 32 : $0 }, as: UTF8.self)
        }
        let trimmed = value.trimmingCharacters(in: .whitespaces).uppercased()
        guard (4...16).contains(trimmed.count), trimmed.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else {
            throw EnhancedFailure(.invalidParameterCode, "'\(value)' is not a valid code.")
        }
        return trimmed
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
    }

    /// The live session for `code` of this requestor.
    func session(_ code: String, serviceProvider: String) throws -> AuthenticationSession {
        guard let session = backend.store.session(code: code), session.serviceProvider == serviceProvider else {
            throw EnhancedFailure(.invalidAuthenticationSession, "No authentication session has the code '\(code)'.")
        }
        guard !session.isExpired(at: backend.now) else {
            throw EnhancedFailure(.invalidAuthenticationSession, "The code '\(code)' has expired.")
        }
        return session
    }
}
