import Foundation

/// `AP-Partner-Framework-Status`: Base64 of the JSON that reports the Apple (VSA) permission and
/// the signed-in provider to Adobe Pass.
public struct PartnerFrameworkStatus: Codable, Sendable, Equatable {
    public var frameworkPermissionInfo: PermissionInfo
    public var frameworkProviderInfo: ProviderInfo

    public init(frameworkPermissionInfo: PermissionInfo, frameworkProviderInfo: ProviderInfo) {
        self.frameworkPermissionInfo = frameworkPermissionInfo
        self.frameworkProviderInfo = frameworkProviderInfo
    }

    public init(accessStatus: AccessStatus?, providerId: String?, expirationDateMilliseconds: Int64?) {
        frameworkPermissionInfo = PermissionInfo(accessStatus: accessStatus)
        frameworkProviderInfo = ProviderInfo(
            id: providerId, expirationDate: expirationDateMilliseconds.map(String.init))
    }

    public enum AccessStatus: String, Codable, Sendable, CaseIterable {
        case granted
        case denied
        case restricted
        case notDetermined
    }

    public struct FrameworkError: Codable, Sendable, Equatable {
        public var code: String
        public var message: String

        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    public struct PermissionInfo: Codable, Sendable, Equatable {
        public var accessStatus: AccessStatus?
        public var error: FrameworkError?

        public init(accessStatus: AccessStatus?, error: FrameworkError? = nil) {
            self.accessStatus = accessStatus
            self.error = error
        }
    }

    public struct ProviderInfo: Codable, Sendable, Equatable {
        /// The provider's `platformMappingId` (Apple `accountProviderIdentifier`).
        public var id: String?
        /// Epoch milliseconds as a string.
        public var expirationDate: String?
        public var error: FrameworkError?

        public init(id: String?, expirationDate: String?, error: FrameworkError? = nil) {
            self.id = id
            self.expirationDate = expirationDate
            self.error = error
        }
    }

    /// Whether the status has every member Adobe's reference requires: `accessStatus`, the
    /// provider's `id` and its `expirationDate`. Without a provider (a device not signed in at
    /// system level, a permission not granted) no valid header can be written.
    public var isComplete: Bool {
        frameworkPermissionInfo.accessStatus != nil && frameworkProviderInfo.id != nil
            && frameworkProviderInfo.expirationDate != nil
    }

    public var headerValue: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Base64.encode((try? encoder.encode(self)) ?? Data())
    }

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case missing
        case notBase64
        case notJSON(String)

        public var description: String {
            switch self {
            case .missing: "the header is missing"
            case .notBase64: "the value is not valid Base64"
            case .notJSON(let reason): "the decoded value is not the expected JSON (\(reason))"
            }
        }
    }

    public static func parse(_ value: String?) -> Result<PartnerFrameworkStatus, ParseError> {
        guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else { return .failure(.missing) }
        guard let data = Base64.decode(value) else { return .failure(.notBase64) }
        do {
            return .success(try JSONDecoder().decode(PartnerFrameworkStatus.self, from: data))
        } catch DecodingError.keyNotFound(let key, _) {
            return .failure(.notJSON("missing '\(key.stringValue)'"))
        } catch DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty {
            return .failure(.notJSON("bad value at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"))
        } catch {
            return .failure(.notJSON("not JSON"))
        }
    }

    /// The expiration date in epoch milliseconds, if present and numeric.
    public var expirationMilliseconds: Int64? {
        frameworkProviderInfo.expirationDate.flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The enhanced error code this status earns on `profiles/sso/{partner}`, or nil when it is
    /// good enough for Apple SSO. `mvpdPlatformMappingId` is the id expected for the MVPD, if
    /// the request names one; `knownProviderIds` are the platform ids of all configured MVPDs.
    public func validationFailure(
        nowMilliseconds: Int64, knownProviderIds: Set<String>, mvpdPlatformMappingId: String? = nil
    ) -> ErrorCode? {
        switch frameworkPermissionInfo.accessStatus {
        case nil: return .invalidHeaderPfsPermissionAccessNotPresent
        case .notDetermined: return .invalidHeaderPfsPermissionAccessNotDetermined
        case .denied, .restricted: return .invalidHeaderPfsPermissionAccessNotGranted
        case .granted: break
        }
        guard let id = frameworkProviderInfo.id, !id.isEmpty, knownProviderIds.contains(id) else {
            return .invalidHeaderPfsProviderIdNotDetermined
        }
        if let expected = mvpdPlatformMappingId, expected != id { return .invalidHeaderPfsProviderIdMismatch }
        if let expiry = expirationMilliseconds, expiry <= nowMilliseconds {
            return .invalidHeaderPfsProviderInfoExpired
        }
        if frameworkProviderInfo.expirationDate != nil, expirationMilliseconds == nil {
            return .invalidHeaderPfsProviderInfoExpired
        }
        return nil
    }
}
