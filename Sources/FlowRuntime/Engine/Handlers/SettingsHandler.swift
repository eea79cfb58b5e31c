import FlowCore
import Foundation
import MockBackendAPI
import Simulation
import VSASimulator

/// What a tester changes outside the app: the device's Settings, and the back end.
struct SettingsHandler: Sendable {
    let setup: AppSetup
    let clock: any SimulationClock
    let device: DeviceKeeper
    let timeline: Timeline
    /// The back end a tester may change during the run; nil when the run has no access to it.
    let backend: (any BackendControl)?

    func adjust(_ adjustment: Adjustment) async {
        switch adjustment {
        case .signOutOfProvider:
            let name = device.current.system.signIn?.providerId ?? "no provider"
            device.update { $0.system.signIn = nil }
            timeline.append(
                .user,
                TimelinePhrase(
                    "user.removesProvider",
                    ["settings": device.current.system.platform.settingsPath, "provider": name],
                    party: .framework)
            )
        case .setPermission(let status):
            let bundleId = setup.identity.bundleId
            device.update { $0.system.appAccess[bundleId] = status == .notDetermined ? nil : status }
            timeline.append(
                .user,
                TimelinePhrase(
                    "user.setsPermission.\(status.rawValue)", ["app": setup.identity.displayName], party: .framework))
        case .expireProviderSignIn:
            if device.current.system.signIn != nil {
                let now = clock.nowMilliseconds()
                device.update { $0.system.signIn?.expiresAt = now }
            }
            timeline.append(.user, TimelinePhrase("user.expiresSignIn", party: .framework))
        case .expireAdobeProfiles:
            await expireAdobeProfiles()
        case .signInToProvider:
            // The framework's part: the engine hands it to the framework handler.
            break
        }
    }

    private func expireAdobeProfiles() async {
        do {
            guard let backend else { throw NoBackendAccess() }
            try await backend.expireProfiles()
            // A tester's control of the back end, not a call the user's device makes: a note.
            timeline.append(.user, TimelinePhrase("user.expiresProfiles"))
        } catch {
            timeline.append(.note, "The back end's profiles could not be expired: \(error)")
        }
    }
}

/// A run that was given no back end to change (engine tests) refuses changes to it.
struct NoBackendAccess: Error, CustomStringConvertible {
    var description: String { "this run has no access to the back end" }
}
