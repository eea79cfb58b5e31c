import Foundation

/// The app asking for the permission, as the system knows it.
public struct AppIdentity: Codable, Sendable, Equatable {
    /// Bundle identifier, the key of the permission.
    public var bundleId: String
    public var displayName: String
    /// `NSVideoSubscriberAccountUsageDescription`; without it the real framework crashes the app.
    public var usageDescription: String?
    /// `com.apple.developer.video-subscriber-single-sign-on` in the provisioning profile; without
    /// it the framework refuses the app.
    public var hasSingleSignOnEntitlement: Bool
    /// How the framework refuses an app without the entitlement. Apple does not document the
    /// symptom, so it is a choice: `accessNotGranted` (the default) or `rejected`.
    public var entitlementRefusal: EntitlementRefusal
    /// Providers the app's `accountManager(_:shouldAuthenticateAccountProviderWithIdentifier:)`
    /// refuses (an outage, a provider it stopped supporting); every other one is allowed.
    public var declinedProviders: [String]

    public init(
        bundleId: String, displayName: String, usageDescription: String?, hasSingleSignOnEntitlement: Bool = true,
        declinedProviders: [String] = [], entitlementRefusal: EntitlementRefusal = .accessNotGranted
    ) {
        self.bundleId = bundleId
        self.displayName = displayName
        self.usageDescription = usageDescription
        self.hasSingleSignOnEntitlement = hasSingleSignOnEntitlement
        self.declinedProviders = declinedProviders
        self.entitlementRefusal = entitlementRefusal
    }

    /// The delegate's answer for a provider the user picked.
    public func shouldAuthenticate(_ providerId: String) -> Bool { !declinedProviders.contains(providerId) }
}

/// How the framework answers an app whose provisioning profile lacks the single sign-on
/// entitlement.
public enum EntitlementRefusal: String, Codable, Sendable, Equatable, CaseIterable {
    /// The permission reads as denied and every request fails with `accessNotGranted` (0).
    case accessNotGranted
    /// The permission is asked as usual; the system then rejects every metadata request with
    /// `rejected` (6).
    case rejected
}

/// The system alert asking for access to the TV provider.
public struct PermissionPrompt: Sendable, Equatable {
    /// The app's display name, which the title quotes.
    public let appName: String
    public let title: String
    public let message: String
    public let denyButton: String
    public let allowButton: String

    init(app: AppIdentity) {
        appName = app.displayName
        title = SystemStrings.permissionTitle(app.displayName)
        message = app.usageDescription ?? ""
        denyButton = SystemStrings.permissionDeny
        allowButton = SystemStrings.permissionAllow
    }
}

/// The provider's sign-in form inside the system UI.
public struct SignInPrompt: Sendable, Equatable {
    public let providerId: String
    public let providerName: String
    public let identityProvider: String
    /// The inline error of the previous attempt.
    public let error: String?

    public init(providerId: String, providerName: String, identityProvider: String, error: String?) {
        self.providerId = providerId
        self.providerName = providerName
        self.identityProvider = identityProvider
        self.error = error
    }
}

/// What the user can do in each system prompt.
public enum PickerChoice: Sendable, Equatable {
    case provider(String)
    case otherProvider
    case cancel
}

public enum SignInAnswer: Sendable, Equatable {
    case credentials(username: String, password: String)
    case cancel
}

/// The system UI's words in English, as the timeline records what the device showed. The
/// terminal UI draws the screens in the device's language from the string catalogs
/// (`Localization`); these follow the patterns of the system's privacy alerts and picker.
public enum SystemStrings {
    public static func permissionTitle(_ app: String) -> String { "“\(app)” Would Like Access to Your TV Provider" }
    public static let permissionDeny = "Don’t Allow"
    public static let permissionAllow = "Allow"
    public static let otherProvider = "Other TV Provider"

    /// Settings' own picker header, as Apple's Settings words it.
    public static let settingsPickerHeader =
        "Watch TV shows and movies from apps included in your TV subscription. Select your TV provider to get started."

    public static func pickerHeader(app: String, videoTitle: String?) -> String {
        if let videoTitle { return "Sign in with your TV provider to watch “\(videoTitle)” in \(app)." }
        return "Sign in with your TV provider to watch in \(app)."
    }
}
