import Foundation
import PassAPI

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

    init(
        code: String, sessionId: String, serviceProvider: String, clientId: String, deviceId: String,
        sharedDeviceInfo: Shared<DeviceInfo>?, parameters: SessionParameters, notBefore: Date, notAfter: Date
    ) {
        guard let uuid = UUID(lowercaseText: sessionId) ?? UUID(uuidString: sessionId) else {
            preconditionFailure("session ids are UUIDs: \(sessionId)")
        }
        self.code = code
        sessionUUID = uuid
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

extension UUID {
    /// The canonical lower-case text of a UUID (`8-4-4-4-12` hex digits), read on bytes; nil for
    /// any other text. Foundation reads it with `sscanf`, which every new session paid for.
    init?(lowercaseText text: String) {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return nil }
        let parsed = withUnsafeMutableBytes(of: &bytes) { raw -> Bool in
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    guard utf8[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let high = Self.hexValue(utf8[position]), let low = Self.hexValue(utf8[position + 1]) else {
                    return false
                }
                raw[index] = high << 4 | low
                position += 2
            }
            return true
        }
        guard parsed else { return nil }
        self.init(uuid: bytes)
    }

    /// The canonical text in lower case, as the service writes session ids.
    var lowercaseText: String {
        withUnsafeBytes(of: uuid) { raw in
            String(unsafeUninitializedCapacity: 36) { text in
                var position = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    text[position] = Self.hexDigit(raw[index] >> 4)
                    text[position + 1] = Self.hexDigit(raw[index] & 0x0F)
                    position += 2
                }
                return position
            }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
