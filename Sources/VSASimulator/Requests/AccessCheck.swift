/// `checkAccessStatus(options:)`: reads or asks for the app's permission.
public enum AccessCheck {
    public enum Step: Sendable, Equatable {
        /// The answer, with `accessNotGranted` when access is not granted.
        case answer(AccessStatus, VSError?)
        /// The permission alert must be shown; call `answer(allowed:…)` with the user's choice.
        case ask(PermissionPrompt)
        /// The app has no usage description: the real framework raises an exception here.
        case crash(String)
    }

    public static func start(prompt: Bool, device: DeviceState, app: AppIdentity) -> Step {
        if (app.usageDescription ?? "").isEmpty {
            return .crash(
                "NSInternalInconsistencyException: the app's Info.plist must contain an NSVideoSubscriberAccountUsageDescription key"
            )
        }
        guard app.hasSingleSignOnEntitlement || app.entitlementRefusal == .rejected else {
            // Apple's documentation does not say how the refusal looks; tvsim answers `denied`.
            return .answer(
                .denied,
                VSError(
                    .accessNotGranted,
                    message:
                        "The app's provisioning profile lacks com.apple.developer.video-subscriber-single-sign-on: the framework refuses it."
                ))
        }
        let status = device.accessStatus(of: app.bundleId)
        if status == .notDetermined, prompt { return .ask(PermissionPrompt(app: app)) }
        return .answer(status, error(for: status))
    }

    /// Applies the user's answer to the alert: `true` allow, `false` deny, `nil` dismissed
    /// without a choice (the status stays undetermined).
    public static func answer(allowed: Bool?, device: DeviceState, app: AppIdentity) -> (DeviceState, Step) {
        var device = device
        if let allowed { device.appAccess[app.bundleId] = allowed ? .granted : .denied }
        let status = device.accessStatus(of: app.bundleId)
        return (device, .answer(status, error(for: status)))
    }

    static func error(for status: AccessStatus) -> VSError? {
        status == .granted
            ? nil
            : VSError(
                .accessNotGranted, message: "The user has not granted access to the TV provider (\(status.rawValue)).")
    }
}
