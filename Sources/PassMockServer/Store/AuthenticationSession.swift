import Foundation
import PassAPI
import Simulation

/// An authentication session and its code, from `POST /sessions` until it expires. The store
/// keeps up to its cap of these (50 000 by default), so what is long or rare is held by reference
/// or in compact form and spelled out when read.
struct AuthenticationSession: Sendable {
    let code: String
    /// The session id, a UUID: 16 bytes instead of a 36-character string.
    private let sessionUUID: UUID
    let serviceProvider: String
    let clientId: String
    let deviceId: String
    /// Shared with the device's other sessions (see `Shared`).
    let sharedDeviceInfo: Shared<DeviceInfo>?
    var parameters: SessionParameters
    let notBefore: Date
    var notAfter: Date
    /// Set once the user signed in at the MVPD for this code; most codes never are.
    private var completion: Shared<ProfileKey>?
    /// The `User-Agent` of the device that asked for the code (REST API V1 reports it).
    var userAgent: String? = nil
    /// A REST API V1 registration code: the activation site signs it in through the V1 services
    /// (seed 000, step 10), not through REST API V2's `authenticate`.
    var isV1RegistrationCode = false
    /// Why a partner request fell back to this session (`configuration_fallback`, `pfs_fallback`);
    /// resuming it with the missing parameters answers that reason again.
    var fallbackReason: SessionReasonType? = nil

    init(
        code: String, sessionId: UUID, serviceProvider: String, clientId: String, deviceId: String,
        sharedDeviceInfo: Shared<DeviceInfo>?, parameters: SessionParameters, notBefore: Date, notAfter: Date
    ) {
        self.code = code
        sessionUUID = sessionId
        self.serviceProvider = serviceProvider
        self.clientId = clientId
        self.deviceId = deviceId
        self.sharedDeviceInfo = sharedDeviceInfo
        self.parameters = parameters
        self.notBefore = notBefore
        self.notAfter = notAfter
    }

    /// Lower case, as the service writes it.
    var sessionId: String { sessionUUID.lowercaseText }

    var deviceInfo: DeviceInfo? { sharedDeviceInfo?.value }

    var completedProfile: ProfileKey? {
        get { completion?.value }
        set { completion = newValue.map(Shared.init) }
    }

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
