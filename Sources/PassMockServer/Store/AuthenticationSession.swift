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
    /// The `User-Agent` of the device that asked for the code (REST API V1 reports it).
    var userAgent: String? = nil

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

/// A REST API V1 authorization: one resource for one client on one device of a requestor. It
/// lets `tokens/authz` and `tokens/media` answer without deciding again.
struct V1AuthorizationKey: Hashable, Sendable {
    let clientId: String
    let deviceId: String
    let requestor: String
    /// The resource id (the `<title>` of an MRSS document).
    let resource: String
}

struct StoredAuthorization: Sendable {
    let mvpd: String
    /// The resource as the app sent it (an id or an MRSS document).
    let resource: String
    /// Epoch milliseconds.
    let notAfter: Int64

    func isExpired(atMilliseconds now: Int64) -> Bool { now >= notAfter }
}
