import Foundation
import PassAPI

extension V2Routes {
    /// `POST /sessions/sso/{partner}`: hands out the SAML request for the partner framework, or
    /// falls back to basic authentication when partner SSO cannot be used.
    func partnerSession(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let gate = self.gate
        let caller = try gate.caller(request, serviceProvider: parameters["serviceProvider"])
        try checkPartner(parameters["partner"])
        let device = try gate.deviceIdentifier(request)
        let info = try gate.deviceInfo(request)
        var values = try sessionParameters(try request.form(), for: caller.requestor)
        let fallback = { (reason: SessionReasonType) -> MockResponse in
            let session = self.backend.openSession(
                caller: caller, deviceId: device.identifier, deviceInfo: info, parameters: values)
            return Reply.json(self.backend.nextStep(for: session, resumed: false, reason: reason))
        }
        let status: PartnerFrameworkStatus?
        do { status = try gate.partnerFrameworkStatus(request) } catch { return fallback(.pfsFallback) }
        let index = gate.index
        guard let status,
            status.validationFailure(nowMilliseconds: backend.nowMilliseconds, knownProviderIds: index.knownPlatformIds)
                == nil,
            let providerId = status.frameworkProviderInfo.id, let known = index.mvpdsByPlatformId[providerId]
        else { return fallback(.pfsFallback) }
        let mvpd = try gate.mvpd(known.id, for: caller.requestor)
        values[.mvpd] = mvpd.id
        if let shortcut = try backend.shortcut(mvpd: mvpd, caller: caller, deviceId: device.identifier) {
            return Reply.json(shortcut)
        }
        guard caller.requestor.appleSSO, mvpd.isAppleSSOCapable else { return fallback(.configurationFallback) }
        return Reply.json(partnerProfileAction(caller: caller, mvpd: mvpd))
    }

    private func partnerProfileAction(caller: Caller, mvpd: MvpdSettings) -> SessionResponse {
        let builder = PartnerAuthenticationRequestBuilder(signer: backend.signer)
        let expiry = backend.nowMilliseconds + Int64(backend.settings.partnerRequestLifetimeSeconds) * 1000
        let id = builder.makeID(
            nonce: backend.newIdentifier(), expiresAtMilliseconds: expiry, serviceProvider: caller.requestor.id)
        let path = "/api/v2/\(caller.requestor.id)/profiles/sso/Apple"
        let document = builder.document(
            id: id, serviceProvider: caller.requestor.id, issueInstant: backend.now, destination: backend.baseURL + path
        )
        return SessionResponse(
            actionName: .partnerProfile, actionType: .direct, reasonType: .none, url: path,
            sessionId: backend.newIdentifier(),
            mvpd: mvpd.id, serviceProvider: caller.requestor.id,
            authenticationRequest: PartnerAuthenticationRequest(
                request: Base64.encode(document), attributesNames: ["uid", "householdID", "zip"]))
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
        let index = gate.index
        if let failure = status.validationFailure(
            nowMilliseconds: backend.nowMilliseconds, knownProviderIds: index.knownPlatformIds)
        {
            throw EnhancedFailure(failure)
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
        let assertion = try SAMLResponseCheck(backend: backend, serviceProvider: caller.requestor.id, mvpd: mvpd)
            .verify(form["SAMLResponse"])
        let profile = storeAppleProfile(
            caller: caller, deviceId: device.identifier, mvpd: mvpd, assertion: assertion, status: status)
        return Reply.json(ProfilesResponse(profiles: [mvpd.id: profile]))
    }

    private func storeAppleProfile(
        caller: Caller, deviceId: String, mvpd: MvpdSettings, assertion: AssertionDocument,
        status: PartnerFrameworkStatus
    ) -> Profile {
        let now = backend.nowMilliseconds
        let key = ProfileKey(
            clientId: caller.clientId, deviceId: deviceId, serviceProvider: caller.requestor.id, mvpd: mvpd.id)
        let persona = backend.index.persona(userID: assertion.nameID, at: mvpd)
        var attributes = persona.map { MockBackend.attributes(of: $0, mvpd: mvpd.id) } ?? [:]
        attributes["userID"] = .plain(assertion.attributes["uid"] ?? assertion.nameID)
        attributes["mvpd"] = .plain(mvpd.id)
        let notAfter = min(status.expirationMilliseconds ?? .max, now + backend.authenticationLifetime(of: mvpd))
        let profile = Profile(
            notBefore: now, notAfter: notAfter, issuer: "Apple", type: .appleSSO, attributes: attributes)
        backend.store.insertProfile(
            StoredProfile(profile: profile, personaUsername: persona?.username), for: key, nowMilliseconds: now)
        return profile
    }

    private func checkPartner(_ partner: String) throws {
        guard partner.lowercased() == "apple" else {
            throw EnhancedFailure(.invalidParameterPartner, "Unknown partner '\(partner)'; only 'Apple' is supported.")
        }
    }
}

/// Everything `profiles/sso` checks in a SAMLResponse: encoding, issuer, `InResponseTo`, then
/// the checks shared with a programmer's own identity provider (`AssertionChecks`).
struct SAMLResponseCheck {
    let backend: MockBackend
    let serviceProvider: String
    let mvpd: MvpdSettings

    func verify(_ encoded: String?) throws -> AssertionDocument {
        func reject(_ reason: String) -> EnhancedFailure { EnhancedFailure(.invalidParameterSamlResponse, reason) }
        guard let encoded, !encoded.isEmpty else { throw reject("The SAMLResponse parameter is missing.") }
        guard let data = Base64.decode(encoded) else { throw reject("The SAMLResponse is not Base64.") }
        let assertion: AssertionDocument
        do {
            assertion = try AssertionDocument.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw reject("\(error.description.prefix(1).uppercased())\(error.description.dropFirst()).")
        }
        guard assertion.issuer == AssertionDocument.issuer(forMvpd: mvpd.id) else {
            if let other = AssertionDocument.mvpd(fromIssuer: assertion.issuer), backend.index.mvpdsById[other] != nil {
                // The provider that answered is not the one the partner framework reports.
                throw EnhancedFailure(
                    .invalidHeaderPfsProviderIdMismatch,
                    "The SAML response comes from \(other), the partner framework reports \(mvpd.id).")
            }
            throw reject("The issuer '\(assertion.issuer)' is not \(mvpd.displayName)'s identity provider.")
        }
        let builder = PartnerAuthenticationRequestBuilder(signer: backend.signer)
        guard let request = builder.parseID(assertion.inResponseTo), request.serviceProvider == serviceProvider else {
            throw reject("InResponseTo does not name a request issued to \(serviceProvider).")
        }
        guard request.expiresAtMilliseconds > backend.nowMilliseconds else {
            throw reject("The authentication request this answers has expired.")
        }
        if let problem = AssertionChecks(backend: backend).problem(
            with: assertion, audience: PartnerAuthenticationRequestBuilder.serviceProviderIssuer, replayScope: "saml")
        {
            throw reject(problem)
        }
        return assertion
    }
}
