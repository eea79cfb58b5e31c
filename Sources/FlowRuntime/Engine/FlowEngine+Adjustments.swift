import FlowCore
import Foundation
import VSASimulator

extension FlowEngine {
    func adjust(_ adjustment: Adjustment) async {
        switch adjustment {
        case .signOutOfProvider:
            let name = device.system.signIn?.providerId ?? "no provider"
            device.system.signIn = nil
            saveDevice()
            timeline.append(.user, "\(device.system.platform.settingsPath): removes the TV provider (\(name))")
        case .setPermission(let status):
            if status == .notDetermined {
                device.system.appAccess[machine.setup.identity.bundleId] = nil
            } else {
                device.system.appAccess[machine.setup.identity.bundleId] = status
            }
            saveDevice()
            timeline.append(
                .user, "Settings: sets \(machine.setup.identity.displayName)'s TV Provider access to \(status.rawValue)"
            )
        case .expireProviderSignIn:
            if device.system.signIn != nil {
                device.system.signIn?.expiresAt = clock.nowMilliseconds()
                saveDevice()
            }
            timeline.append(.user, "The device's TV provider sign-in expires")
        case .expireAdobeProfiles:
            do {
                guard let backend else { throw NoBackendAccess() }
                try await backend.expireProfiles()
                timeline.append(.user, "The back end expires every Adobe profile")
            } catch {
                timeline.append(.note, "The back end's profiles could not be expired: \(error)")
            }
        }
    }
}

/// A run that was given no back end to change (engine tests) refuses changes to it.
struct NoBackendAccess: Error, CustomStringConvertible {
    var description: String { "this run has no access to the back end" }
}
