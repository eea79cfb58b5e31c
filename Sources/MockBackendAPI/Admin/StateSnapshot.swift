import Foundation
import PassAPI

/// What `GET /__tvsim/state` shows: the world as the mock sees it, secrets left out.
public struct StateSnapshot: Codable, Sendable {
    public struct Session: Codable, Sendable, Equatable {
        public let code: String
        public let serviceProvider: String
        public let deviceId: String
        public let parameters: [String: String]
        public let notAfter: Int64
        public let expired: Bool
        public let completedForMvpd: String?

        public init(
            code: String, serviceProvider: String, deviceId: String, parameters: [String: String], notAfter: Int64,
            expired: Bool, completedForMvpd: String?
        ) {
            self.code = code
            self.serviceProvider = serviceProvider
            self.deviceId = deviceId
            self.parameters = parameters
            self.notAfter = notAfter
            self.expired = expired
            self.completedForMvpd = completedForMvpd
        }
    }

    public struct StoredProfileView: Codable, Sendable, Equatable {
        public let serviceProvider: String
        public let deviceId: String
        public let mvpd: String
        public let persona: String?
        public let profile: Profile
        public let expired: Bool

        public init(
            serviceProvider: String, deviceId: String, mvpd: String, persona: String?, profile: Profile, expired: Bool
        ) {
            self.serviceProvider = serviceProvider
            self.deviceId = deviceId
            self.mvpd = mvpd
            self.persona = persona
            self.profile = profile
            self.expired = expired
        }
    }

    public let time: Int64
    public let sessions: [Session]
    public let profiles: [StoredProfileView]
    public let faults: [FaultRule]

    public init(time: Int64, sessions: [Session], profiles: [StoredProfileView], faults: [FaultRule]) {
        self.time = time
        self.sessions = sessions
        self.profiles = profiles
        self.faults = faults
    }
}
