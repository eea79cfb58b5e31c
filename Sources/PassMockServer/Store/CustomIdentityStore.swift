import Foundation
import Synchronization

/// The state of the programmers' own identity providers (`/custom-idp/{requestor}`): the
/// authentication requests their info endpoint issued, one-time authorization codes of the web
/// sign-in, and device codes of the second-screen sign-in. Bounded, entries carry their expiry.
final class CustomIdentityStore: Sendable {
    /// An AuthnRequest handed out as `verificationToken`.
    struct IssuedRequest: Sendable {
        let requestor: String
        let mvpd: String
        let expiresAt: Int64
    }

    /// Who signed in, at which TV provider.
    struct Subscriber: Sendable, Equatable {
        let mvpd: String
        let username: String
    }

    /// An authorization code of the web sign-in.
    struct AuthorizationGrant: Sendable {
        let requestor: String
        let subscriber: Subscriber
        let redirectURI: String
        let expiresAt: Int64
    }

    /// A device code and the user code shown next to it.
    struct DeviceGrant: Sendable {
        let requestor: String
        let deviceCode: String
        let userCode: String
        let deviceId: String
        let expiresAt: Int64
        let intervalMilliseconds: Int64
        var lastPoll: Int64?
        var approval: Subscriber?

        func isExpired(at now: Int64) -> Bool { now >= expiresAt }
    }

    enum PollOutcome: Equatable {
        case unknown
        case expired
        case slowDown
        case pending
        case approved(Subscriber)
    }

    private struct State {
        var requests: BoundedStore<String, IssuedRequest>
        var codes: BoundedStore<String, AuthorizationGrant>
        var devices: BoundedStore<String, DeviceGrant>
        /// User code → device code.
        var userCodes: BoundedStore<String, String>
    }

    private let state: Mutex<State>

    init(capacity: Int) {
        state = Mutex(
            State(
                requests: BoundedStore(capacity: capacity), codes: BoundedStore(capacity: capacity),
                devices: BoundedStore(capacity: capacity), userCodes: BoundedStore(capacity: capacity)))
    }

    // MARK: Authentication requests

    func recordRequest(id: String, _ request: IssuedRequest, now: Int64) {
        state.withLock { $0.requests.insert(request, for: id) { $0.expiresAt <= now } }
    }

    func issuedRequest(id: String) -> IssuedRequest? {
        state.withLock { $0.requests[id] }
    }

    // MARK: Authorization codes

    func insertCode(_ code: String, _ grant: AuthorizationGrant, now: Int64) {
        state.withLock { $0.codes.insert(grant, for: code) { $0.expiresAt <= now } }
    }

    /// The grant of `code`, removed so that it can be exchanged only once.
    func takeCode(_ code: String) -> AuthorizationGrant? {
        state.withLock { $0.codes.remove(code) }
    }

    // MARK: Device codes

    func insertDevice(_ grant: DeviceGrant, now: Int64) {
        state.withLock { state in
            state.devices.insert(grant, for: grant.deviceCode) { $0.isExpired(at: now) }
            state.userCodes.insert(grant.deviceCode, for: grant.userCode) { [devices = state.devices] in
                devices[$0]?.isExpired(at: now) ?? true
            }
        }
    }

    func device(userCode: String) -> DeviceGrant? {
        state.withLock { state in state.userCodes[userCode].flatMap { state.devices[$0] } }
    }

    /// Records the sign-in for a live user code, once: false when the code is unknown, expired
    /// or already signed in (a second sign-in must not replace whose tokens the TV gets).
    func approve(userCode: String, _ subscriber: Subscriber, now: Int64) -> Bool {
        state.withLock { state in
            guard let deviceCode = state.userCodes[userCode], let grant = state.devices[deviceCode],
                !grant.isExpired(at: now), grant.approval == nil
            else { return false }
            state.devices.update(deviceCode) { $0.approval = subscriber }
            return true
        }
    }

    /// One poll of the device at `now`: expiry first, then the pace, then the user's progress.
    /// An approved grant is handed out once and removed.
    func poll(deviceCode: String, requestor: String, now: Int64) -> PollOutcome {
        state.withLock { state in
            guard let grant = state.devices[deviceCode], grant.requestor == requestor else { return .unknown }
            if grant.isExpired(at: now) { return .expired }
            state.devices.update(deviceCode) { $0.lastPoll = now }
            if let last = grant.lastPoll, now - last < grant.intervalMilliseconds { return .slowDown }
            guard let approval = grant.approval else { return .pending }
            state.devices.remove(deviceCode)
            state.userCodes.remove(grant.userCode)
            return .approved(approval)
        }
    }

    func reset() {
        state.withLock { state in
            state.requests.removeAll()
            state.codes.removeAll()
            state.devices.removeAll()
            state.userCodes.removeAll()
        }
    }
}
