import Foundation
import LocatedJSON
import MockBackendAPI
import PassAPI

/// Creating and finding profiles: the rules shared by sessions, profiles, decisions, logout and
/// the web login.
extension MockBackend {
    /// The profile for `key` if it exists and has not expired.
    func validProfile(_ key: ProfileKey) -> StoredProfile? {
        guard let stored = store.profile(key), !stored.isExpired(atMilliseconds: nowMilliseconds) else { return nil }
        return stored
    }

    func authenticationLifetime(of mvpd: MvpdSettings) -> Int64 {
        Int64(mvpd.authenticationLifetimeSeconds ?? settings.authenticationLifetimeSeconds) * 1000
    }

    /// TempPass and AuthNAll profiles are issued by Adobe without the MVPD.
    func ensureSyntheticProfile(_ type: ProfileType, mvpd: MvpdSettings, key: ProfileKey) {
        if let existing = store.profile(key), existing.profile.type == type {
            // A TempPass that ran out stays expired: it cannot be renewed by asking again.
            if type == .temporary || !existing.isExpired(atMilliseconds: nowMilliseconds) { return }
        }
        let now = nowMilliseconds
        let notAfter = now + authenticationLifetime(of: mvpd)
        let prefix = type == .temporary ? "temppass_" : "95cf93bcd183214a"
        var attributes: [String: ProfileAttribute] = ["userID": .plain(prefix + key.deviceId.prefix(12))]
        // A number of milliseconds, as Adobe's TempPass profiles carry it.
        if type == .temporary { attributes["expiration_date"] = ProfileAttribute(value: .number(Double(notAfter))) }
        let profile = Profile(notBefore: now, notAfter: notAfter, issuer: "Adobe", type: type, attributes: attributes)
        store.insertProfile(StoredProfile(profile: profile, personaUsername: nil), for: key, nowMilliseconds: now)
    }

    /// The profile an MVPD login creates.
    @discardableResult
    func storeRegularProfile(key: ProfileKey, persona: Persona, mvpd: MvpdSettings) -> StoredProfile {
        let now = nowMilliseconds
        let profile = Profile(
            notBefore: now, notAfter: now + authenticationLifetime(of: mvpd), issuer: mvpd.id, type: .regular,
            attributes: Self.attributes(of: persona, mvpd: nil))
        let stored = StoredProfile(profile: profile, personaUsername: persona.username)
        store.insertProfile(stored, for: key, nowMilliseconds: now)
        return stored
    }

    /// User metadata of a persona as profile attributes (zip is encrypted for the programmer).
    static func attributes(of persona: Persona, mvpd: String?) -> [String: ProfileAttribute] {
        var attributes: [String: ProfileAttribute] = ["userID": .plain(persona.userID)]
        if let household = persona.householdID { attributes["householdID"] = .plain(household) }
        if let zip = persona.zip {
            attributes["zip"] = ProfileAttribute(value: .string(Base64.encode(zip)), state: .enc)
        }
        if let rating = persona.maxRating {
            attributes["maxRating"] = ProfileAttribute(value: .object(["VCHIP": .string(rating)]))
        }
        if let mvpd { attributes["mvpd"] = .plain(mvpd) }
        for (name, value) in persona.attributes { attributes[name] = ProfileAttribute(value: value) }
        return attributes
    }

    /// Valid profiles of a device for a requestor; Apple SSO ones only when the partner framework
    /// status vouches for them.
    func visibleProfiles(
        clientId: String, deviceId: String, serviceProvider: String, partnerStatus: PartnerFrameworkStatus?,
        mvpd: String? = nil
    ) -> [String: Profile] {
        let now = nowMilliseconds
        let index = self.index
        var result: [String: Profile] = [:]
        for (key, stored) in store.profiles(clientId: clientId, deviceId: deviceId, serviceProvider: serviceProvider) {
            guard mvpd == nil || key.mvpd == mvpd, !stored.isExpired(atMilliseconds: now) else { continue }
            if stored.profile.type == .appleSSO {
                guard let status = partnerStatus,
                    status.validationFailure(
                        nowMilliseconds: now, knownProviderIds: index.knownPlatformIds,
                        mvpdPlatformMappingId: index.mvpdsById[key.mvpd]?.platformMappingId) == nil
                else { continue }
            }
            result[key.mvpd] = stored.profile
        }
        return result
    }
}
