import Foundation
import PassMockServer

/// What a tester can change on the back end during a run (the admin API's powers).
public protocol Backstage: Sendable {
    func expireProfiles() async
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

/// A back end the run does not control (`--server` without admin access): changes are refused.
public struct NoBackstage: Backstage {
    public init() {}
    public func expireProfiles() async {}
}
