import Foundation
import MockBackendAPI
import PassAPI

extension V2Routes {
    func registerPartnerSSO(into registry: inout RouteRegistry) {
        registry.add(.partnerSession) { try self.partnerSession($0, $1) }
        registry.add(.partnerProfile) { try self.partnerProfile($0, $1) }
    }

    /// `POST /sessions/sso/{partner}`: hands out the SAML request for the partner framework, or
    /// falls back to basic authentication when partner SSO cannot be used.
    func partnerSession(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let gate = self.gate
        let caller = try gate.caller(request, serviceProvider: parameters["serviceProvider"])
        try checkPartner(parameters["partner"])
        let device = try gate.deviceIdentifier(request)
        let info = try gate.sharedDeviceInfo(request)
        var values = try sessionParameters(try request.form(), for: caller.requestor)
        let fallback = { (reason: SessionReasonType) -> MockResponse in
            let session = self.backend.openSession(
                caller: caller, deviceId: device.identifier, deviceInfo: info, parameters: values,
                fallbackReason: reason)
            return Reply.json(self.backend.nextStep(for: session, resumed: false, reason: reason))
        }
        let status: PartnerFrameworkStatus?
        do { status = try gate.partnerFrameworkStatus(request) } catch { return fallback(.pfsFallback) }
        let index = gate.index
        // A known provider names the MVPD even when the status fails, so that the fallback is a
        // session with a code for that MVPD (authenticate, pfs_fallback).
        if let providerId = status?.frameworkProviderInfo.id, let known = index.mvpdsByPlatformId[providerId],
            let mvpd = try? gate.mvpd(known.id, for: caller.requestor)
        {
            values[.mvpd] = mvpd.id
        }
        guard let status,
            status.validationFailure(nowMilliseconds: backend.nowMilliseconds, knownProviderIds: index.knownPlatformIds)
                == nil,
            let providerId = status.frameworkProviderInfo.id, let known = index.mvpdsByPlatformId[providerId]
        else { return fallback(.pfsFallback) }
        let mvpd = try gate.mvpd(known.id, for: caller.requestor)
        if let shortcut = try backend.shortcut(mvpd: mvpd, caller: caller, deviceId: device.identifier) {
            return Reply.json(shortcut)
        }
        guard caller.requestor.appleSSO, mvpd.isAppleSSOCapable else { return fallback(.configurationFallback) }
        return Reply.json(partnerProfileAction(caller: caller, mvpd: mvpd))
    }

    private func partnerProfileAction(caller: Caller, mvpd: MvpdSettings) -> SessionResponse {
        let path = Endpoint.partnerProfile.path(caller.requestor.id, "Apple")
        let request = backend.partnerAuthenticationRequest(requestor: caller.requestor.id, destinationPath: path)
        return SessionResponse(
            actionName: .partnerProfile, actionType: .direct, reasonType: .none, url: path,
            sessionId: backend.newIdentifier(),
            mvpd: mvpd.id, serviceProvider: caller.requestor.id,
            authenticationRequest: PartnerAuthenticationRequest(
                request: request, attributesNames: ["uid", "householdID", "zip"]))
    }

    /// `POST /profiles/sso/{partner}`: turns the partner framework's SAML response into an
    /// `appleSSO` profile.
    func partnerProfile(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let gate = self.gate
        let caller = try gate.caller(request, serviceProvider: parameters["serviceProvider"])
        try checkPartner(parameters["partner"])
        let device = try gate.deviceIdentifier(request)
        _ = try gate.deviceInfo(request)
        guard let status = try gate.partnerFrameworkStatus(request) else {
            throw EnhancedFailure(
                .invalidHeaderPfsPermissionAccessNotPresent, "AP-Partner-Framework-Status is missing.")
        }
        // Seed 002, C.13: a request that passes the basic checks but not the partner ones gets
        // "the basic profile retrieval flow", the profiles the device already has; Adobe's error
        // list answers a 400 instead, which `partnerCheckFailure: error` chooses.
        func partnerCheckFailed(_ failure: EnhancedFailure) throws -> MockResponse {
            guard backend.settings.partnerCheckFailure == .basicProfiles else { throw failure }
            let profiles = backend.visibleProfiles(
                clientId: caller.clientId, deviceId: device.identifier, serviceProvider: caller.requestor.id,
                partnerStatus: status)
            return Reply.json(ProfilesResponse(profiles: profiles))
        }
        let index = gate.index
        if let failure = status.validationFailure(
            nowMilliseconds: backend.nowMilliseconds, knownProviderIds: index.knownPlatformIds)
        {
            return try partnerCheckFailed(EnhancedFailure(failure))
        }
        let mvpd = try gate.mvpd(
            index.mvpdsByPlatformId[status.frameworkProviderInfo.id ?? ""]?.id, for: caller.requestor)
        let form = try request.form()
        guard caller.requestor.appleSSO, mvpd.isAppleSSOCapable else {
            // Partner SSO is off: the endpoint answers like a plain profiles lookup.
            let profiles = backend.visibleProfiles(
                clientId: caller.clientId, deviceId: device.identifier, serviceProvider: caller.requestor.id,
                partnerStatus: status)
            return Reply.json(ProfilesResponse(profiles: profiles))
        }
        let assertion: AssertionDocument
        do {
            assertion = try SAMLResponseCheck(backend: backend, caller: caller, mvpd: mvpd)
                .verify(form["SAMLResponse"])
        } catch let failure as EnhancedFailure where failure.code == .invalidHeaderPfsProviderIdMismatch {
            return try partnerCheckFailed(failure)
        }
        let key = ProfileKey(
            clientId: caller.clientId, deviceId: device.identifier, serviceProvider: caller.requestor.id, mvpd: mvpd.id)
        let profile = backend.storeAppleProfile(
            key: key, mvpd: mvpd, assertion: assertion, notAfterAtMost: status.expirationMilliseconds)
        return Reply.json(ProfilesResponse(profiles: [mvpd.id: profile]))
    }

    private func checkPartner(_ partner: String) throws {
        guard partner.lowercased() == "apple" else {
            throw EnhancedFailure(.invalidParameterPartner, "Unknown partner '\(partner)'; only 'Apple' is supported.")
        }
    }
}

extension MockBackend {
    /// A SAML AuthnRequest for the partner framework (Base64), answerable at `destinationPath`.
    /// REST API V2 `sessions/sso/Apple` and V1 `profile-requests` hand out the same kind.
    func partnerAuthenticationRequest(requestor: String, destinationPath: String) -> String {
        let builder = PartnerAuthenticationRequestBuilder(signer: signer)
        let expiry = nowMilliseconds + Int64(settings.partnerRequestLifetimeSeconds) * 1000
        let id = builder.makeID(nonce: newIdentifier(), expiresAtMilliseconds: expiry, serviceProvider: requestor)
        let document = builder.document(
            id: id, serviceProvider: requestor, issueInstant: now, destination: baseURL + destinationPath)
        return Base64.encode(document)
    }

    /// Stores the `appleSSO` profile a verified SAML response stands for. It ends with the
    /// MVPD's authentication lifetime, or earlier when the partner framework says so.
    @discardableResult
    func storeAppleProfile(key: ProfileKey, mvpd: MvpdSettings, assertion: AssertionDocument, notAfterAtMost: Int64?)
        -> Profile
    {
        let now = nowMilliseconds
        let persona = index.persona(userID: assertion.nameID, at: mvpd)
        var attributes = persona.map { MockBackend.attributes(of: $0, mvpd: mvpd.id) } ?? [:]
        attributes["userID"] = .plain(assertion.attributes["uid"] ?? assertion.nameID)
        attributes["mvpd"] = .plain(mvpd.id)
        let notAfter = min(notAfterAtMost ?? .max, now + authenticationLifetime(of: mvpd))
        let profile = Profile(
            notBefore: now, notAfter: notAfter, issuer: "Apple", type: .appleSSO, attributes: attributes)
        store.insertProfile(
            StoredProfile(profile: profile, personaUsername: persona?.username), for: key, nowMilliseconds: now)
        return profile
    }
}

/// Everything `profiles/sso` (and V1's token exchange) checks in a SAMLResponse: encoding,
/// issuer, `InResponseTo`, then the checks shared with a programmer's own identity provider
/// (`AssertionChecks`: audience, signature, validity window, one-time use).
struct SAMLResponseCheck {
    let backend: MockBackend
    let caller: Caller
    let mvpd: MvpdSettings

    var serviceProvider: String { caller.requestor.id }

    /// Why a SAML response was refused; each API words it with its own codes.
    enum Rejection: Error {
        /// Issued by another MVPD's identity provider (`other`), or by an unknown issuer.
        case issuer(other: String?, reason: String)
        case invalid(String)
        /// The client spent more SAML responses than its quota while they are all still valid.
        case overQuota(QuotaExceeded)
    }

    /// The REST API V2 wording of the checks.
    func verify(_ encoded: String?) throws -> AssertionDocument {
        do throws(Rejection) {
            return try check(encoded)
        } catch .issuer(let other?, _) {
            // The provider that answered is not the one the partner framework reports.
            throw EnhancedFailure(
                .invalidHeaderPfsProviderIdMismatch,
                "The SAML response comes from \(other), the partner framework reports \(mvpd.id).")
        } catch .issuer(nil, let reason), .invalid(let reason) {
            throw EnhancedFailure(.invalidParameterSamlResponse, reason)
        } catch .overQuota(let failure) {
            throw failure
        }
    }

    func check(_ encoded: String?) throws(Rejection) -> AssertionDocument {
        func reject(_ reason: String) -> Rejection { .invalid(reason) }
        guard let encoded, !encoded.isEmpty else { throw reject("The SAMLResponse parameter is missing.") }
        guard let data = Base64.decode(encoded) else { throw reject("The SAMLResponse is not Base64.") }
        let assertion: AssertionDocument
        do {
            assertion = try AssertionDocument.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw reject("\(error.description.prefix(1).uppercased())\(error.description.dropFirst()).")
        }
        guard assertion.issuer == AssertionDocument.issuer(forMvpd: mvpd.id) else {
            let other = AssertionDocument.mvpd(fromIssuer: assertion.issuer).flatMap {
                backend.index.mvpdsById[$0] == nil ? nil : $0
            }
            throw .issuer(
                other: other, reason: "The issuer '\(assertion.issuer)' is not \(mvpd.displayName)'s identity provider."
            )
        }
        let builder = PartnerAuthenticationRequestBuilder(signer: backend.signer)
        guard let request = builder.parseID(assertion.inResponseTo), request.serviceProvider == serviceProvider else {
            throw reject("InResponseTo does not name a request issued to \(serviceProvider).")
        }
        guard request.expiresAtMilliseconds > backend.nowMilliseconds else {
            throw reject("The authentication request this answers has expired.")
        }
        let problem: String?
        do {
            problem = try AssertionChecks(backend: backend).problem(
                with: assertion, audience: PartnerAuthenticationRequestBuilder.serviceProviderIssuer,
                replayScope: "saml", owner: "client:\(caller.clientId)",
                answersRequestUntil: request.expiresAtMilliseconds)
        } catch {
            throw .overQuota(error)
        }
        if let problem { throw reject(problem) }
        return assertion
    }
}
