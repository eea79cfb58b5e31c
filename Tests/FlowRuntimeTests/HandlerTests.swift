import FlowCore
import Foundation
import MockBackendAPI
import PassAPI
import Simulation
import Synchronization
import Testing
import VSASimulator

@testable import FlowRuntime

/// A user who answers the permission alert one way and remembers what it was asked.
final class AlertAnswerer: UserAgent {
    private let asked = Mutex<[UserRequest]>([])
    let allowed: Bool?

    init(allowed: Bool?) { self.allowed = allowed }

    var requests: [UserRequest] { asked.withLock { $0 } }

    func respond(to request: UserRequest) async -> UserResponse {
        asked.withLock { $0.append(request) }
        return .permission(allowed: allowed)
    }
}

/// A back end that only counts the profiles it was asked to expire; anything else is refused.
final class ExpiringBackend: BackendControl {
    struct Refused: Error {}
    private let expired = Mutex(0)
    var expirations: Int { expired.withLock { $0 } }
    let baseURL = "http://127.0.0.1:9"

    func expireProfiles() async throws { expired.withLock { $0 += 1 } }
    func info() async throws -> ServerInfo { throw Refused() }
    func reset() async throws { throw Refused() }
    func configuration() async throws -> Dashboard { throw Refused() }
    func replaceConfiguration(_ dashboard: Dashboard) async throws { throw Refused() }
    func addFault(_ rule: FaultRule) async throws { throw Refused() }
    func faults() async throws -> [FaultRule] { throw Refused() }
    func removeFault(id: Int) async throws { throw Refused() }
    func state() async throws -> StateSnapshot { throw Refused() }
    func advanceClock(bySeconds seconds: Double) async throws { throw Refused() }
    func journal(after id: Int, limit: Int) async throws -> [HTTPExchange] { throw Refused() }
    func verifyMediaToken(_ serializedToken: String, resource: String) async throws -> MediaTokenVerification {
        throw Refused()
    }
    func stop() async {}
}

/// The framework's permission check on its own: the alert, the user's answer, the device.
@Suite struct FrameworkHandlerTests {
    static func handler(
        _ setup: AppSetup = FlowEngineTests.setup(), agent: any UserAgent, device: SimulatedDevice? = nil
    ) -> (FrameworkHandler, DeviceKeeper, Timeline) {
        let clock = VirtualClock()
        let timeline = Timeline(now: { clock.nowMilliseconds() })
        let services = FlowEngineTests.services(setup, clock: clock)
        let keeper = DeviceKeeper(
            store: MemoryDeviceStore(device ?? SimulatedDevice(platform: setup.platform, deviceIdentifier: "handler")),
            timeline: timeline)
        let handler = FrameworkHandler(
            setup: setup, catalog: services.catalog, providers: services.identityProvider,
            accounts: DemoAccounts(info: services.info), clock: clock, agent: agent, device: keeper, timeline: timeline)
        return (handler, keeper, timeline)
    }

    @Test func anUndeterminedPermissionAsksAndTheAnswerIsKept() async {
        let user = AlertAnswerer(allowed: true)
        let (handler, device, timeline) = Self.handler(agent: user)
        let outcome = await handler.perform(.checkAccessStatus(prompt: true))
        #expect(outcome == .answered(.access(.granted, nil, signedInAtSystemLevel: false)))
        #expect(user.requests.count == 1)
        #expect(device.current.system.appAccess["tv.orbit.orbit"] == .granted)
        #expect(timeline.entries.map(\.kind) == [.vsa, .screen, .user, .vsa])
        #expect(timeline.entries[2].phrase == TimelinePhrase("user.allows", party: .framework))
    }

    @Test func aDismissedAlertLeavesThePermissionUndetermined() async {
        let (handler, device, timeline) = Self.handler(agent: AlertAnswerer(allowed: nil))
        guard
            case .answered(.access(let status, let error, _)) = await handler.perform(.checkAccessStatus(prompt: true))
        else {
            Issue.record("no access answer")
            return
        }
        #expect(status == .notDetermined)
        #expect(error?.code == .accessNotGranted)
        #expect(device.current.system.appAccess.isEmpty)
        #expect(timeline.entries[2].phrase == TimelinePhrase("user.dismissesAlert", party: .framework))
    }

    @Test func withoutThePromptOptionNobodyIsAsked() async {
        let user = AlertAnswerer(allowed: true)
        let (handler, _, _) = Self.handler(agent: user)
        guard case .answered(.access(.notDetermined, _, _)) = await handler.perform(.checkAccessStatus(prompt: false))
        else {
            Issue.record("not an undetermined answer")
            return
        }
        #expect(user.requests.isEmpty)
    }

    @Test func anAppWithoutAUsageDescriptionCrashes() async {
        var setup = FlowEngineTests.setup()
        setup.identity.usageDescription = nil
        let (handler, _, timeline) = Self.handler(setup, agent: AlertAnswerer(allowed: true))
        guard case .crashed(let message) = await handler.perform(.checkAccessStatus(prompt: true)) else {
            Issue.record("the app did not crash")
            return
        }
        #expect(message.contains("NSVideoSubscriberAccountUsageDescription"))
        #expect(timeline.entries.last?.kind == .note)
    }

    @Test func aSystemSignInThatHasNotExpiredCounts() async {
        var signedIn = SimulatedDevice(platform: .ios, deviceIdentifier: "handler")
        signedIn.system.signIn = SystemSignIn(
            providerId: "p", identityProvider: "P", userDisplayName: "u", userID: "u", providerSessionToken: "t",
            expiresAt: VirtualClock.defaultStart.milliseconds + 1)
        signedIn.system.appAccess["tv.orbit.orbit"] = .granted
        let (handler, device, _) = Self.handler(agent: AlertAnswerer(allowed: nil), device: signedIn)
        #expect(
            await handler.perform(.checkAccessStatus(prompt: true))
                == .answered(.access(.granted, nil, signedInAtSystemLevel: true)))
        device.update { $0.system.signIn?.expiresAt = VirtualClock.defaultStart.milliseconds }
        #expect(!handler.signedInAtSystemLevel)
    }
}

/// What a tester changes in Settings and on the back end, on its own.
@Suite struct SettingsHandlerTests {
    static func handler(backend: (any BackendControl)?) -> (SettingsHandler, DeviceKeeper, Timeline) {
        let clock = VirtualClock()
        let timeline = Timeline(now: { clock.nowMilliseconds() })
        var device = SimulatedDevice(platform: .tvos, deviceIdentifier: "settings")
        device.system.signIn = SystemSignIn(
            providerId: "tvsim.aurora", identityProvider: "AuroraCable", userDisplayName: "Jordan", userID: "u",
            providerSessionToken: "t", expiresAt: .max)
        let keeper = DeviceKeeper(store: MemoryDeviceStore(device), timeline: timeline)
        let handler = SettingsHandler(
            setup: FlowEngineTests.setup(.tvos), clock: clock, device: keeper, timeline: timeline, backend: backend)
        return (handler, keeper, timeline)
    }

    @Test func removingTheProviderSignsTheDeviceOutAndSaysWhere() async {
        let (settings, device, timeline) = Self.handler(backend: nil)
        await settings.adjust(.signOutOfProvider)
        #expect(device.current.system.signIn == nil)
        #expect(
            timeline.entries.map(\.phrase) == [
                TimelinePhrase(
                    "user.removesProvider", ["settings": DevicePlatform.tvos.settingsPath, "provider": "tvsim.aurora"],
                    party: .framework)
            ])
    }

    @Test func thePermissionSwitchSetsOrForgetsTheAppsAccess() async {
        let (settings, device, _) = Self.handler(backend: nil)
        await settings.adjust(.setPermission(.denied))
        #expect(device.current.system.appAccess == ["tv.orbit.orbit": .denied])
        await settings.adjust(.setPermission(.notDetermined))
        #expect(device.current.system.appAccess.isEmpty, "a fresh install: no entry at all")
    }

    @Test func anExpiredSignInEndsNow() async {
        let (settings, device, timeline) = Self.handler(backend: nil)
        await settings.adjust(.expireProviderSignIn)
        #expect(device.current.system.signIn?.expiresAt == VirtualClock.defaultStart.milliseconds)
        #expect(timeline.entries.last?.phrase == TimelinePhrase("user.expiresSignIn", party: .framework))
    }

    @Test func profilesExpireOnlyWhereTheRunReachesTheBackEnd() async {
        let (alone, _, aloneTimeline) = Self.handler(backend: nil)
        await alone.adjust(.expireAdobeProfiles)
        #expect(aloneTimeline.entries.map(\.kind) == [.note])
        #expect(aloneTimeline.entries[0].title.contains("this run has no access to the back end"))

        let backend = ExpiringBackend()
        let (settings, _, timeline) = Self.handler(backend: backend)
        await settings.adjust(.expireAdobeProfiles)
        #expect(backend.expirations == 1)
        #expect(timeline.entries.map(\.phrase) == [TimelinePhrase("user.expiresProfiles")])
    }
}
