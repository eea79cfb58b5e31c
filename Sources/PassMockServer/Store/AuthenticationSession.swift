import Foundation
import PassAPI

/// An authentication session and its code, from `POST /sessions` until it expires.
struct AuthenticationSession: Sendable {
    let code: String
    let sessionId: String
    let serviceProvider: String
    let clientId: String
    let deviceId: String
    let deviceInfo: DeviceInfo?
    var parameters: [SessionParameter: String]
    let notBefore: Date
    var notAfter: Date
    /// Set once the user signed in at the MVPD for this code.
    var completedProfile: ProfileKey?

    var missingParameters: [SessionParameter] {
        SessionParameter.allCases.filter { (parameters[$0] ?? "").isEmpty }
    }

    func isExpired(at now: Date) -> Bool { now >= notAfter }
}

/// Profiles belong to one client registration on one device, per requestor and MVPD: new
/// credentials or a new device identifier mean signing in again, as documented.
struct ProfileKey: Hashable, Sendable, Codable {
    let clientId: String
    let deviceId: String
    let serviceProvider: String
    let mvpd: String
}

struct StoredProfile: Sendable {
    var profile: Profile
    /// The persona that signed in, for entitlement and parental checks (nil for degraded/TempPass).
    var personaUsername: String?

    func isExpired(atMilliseconds now: Int64) -> Bool { now >= profile.notAfter }
}
