import Foundation
import PassMockServer

/// What a tester can change on the back end during a run (the admin API's powers).
public protocol Backstage: Sendable {
    func expireProfiles() async throws
}

/// The embedded back end, changed directly.
public struct EmbeddedBackstage: Backstage {
    public let backend: MockBackend

    public init(backend: MockBackend) {
        self.backend = backend
    }

    public func expireProfiles() async {
        backend.expireAllProfiles()
    }
}

/// A running `tvsim serve`, changed through its admin API.
public struct RemoteBackstage: Backstage {
    public let admin: AdminClient

    public init(admin: AdminClient) {
        self.admin = admin
    }

    public func expireProfiles() async throws {
        try await admin.expireProfiles()
    }
}

/// A run with no back end to change (engine tests): changes are refused.
public struct NoBackstage: Backstage {
    public init() {}

    public func expireProfiles() async throws {
        throw BackstageUnavailable()
    }
}

public struct BackstageUnavailable: Error, CustomStringConvertible {
    public var description: String { "this run has no access to the back end" }
}
