import PassAPI
import VSASimulator

/// Which integration the simulated app uses.
public enum Integration: String, Codable, Sendable, CaseIterable {
    case restV2 = "rest-v2"
    case restV1 = "rest-v1"
    case sdk
    /// A programmer's own identity provider with Apple's single sign-on, without Adobe Pass.
    case customIdP = "custom-idp"

    public var displayName: String {
        switch self {
        case .restV2: "REST API V2"
        case .restV1: "REST API V1"
        case .sdk: "AccessEnabler SDK"
        case .customIdP: "Custom identity provider"
        }
    }
}

/// One title of the app's catalog as the home screen lists it.
public struct CatalogItem: Codable, Sendable, Equatable, Identifiable {
    public var id: String
    public var title: String
    public var rating: String?
    public var free: Bool

    public init(id: String, title: String, rating: String? = nil, free: Bool = false) {
        self.id = id
        self.title = title
        self.rating = rating
        self.free = free
    }
}

/// Everything the simulated streaming app is: its identity for the system, its requestor at
/// Adobe Pass, its catalog and the choices its developers made.
public struct AppSetup: Codable, Sendable, Equatable {
    public var identity: AppIdentity
    public var platform: DevicePlatform
    public var integration: Integration
    public var requestor: String
    public var domainName: String
    /// Where the web login ends (a custom scheme the web view watches for).
    public var redirectUrl: String
    public var catalog: [CatalogItem]
    /// Providers the app features at the top of Apple's picker (platform ids).
    public var featuredProviders: [String]
    /// Whether Apple's picker lists only the providers the app supports.
    public var filtersSupportedProviders: Bool
    /// Seconds between two polls of `profiles/code/{code}` (the documented range is 3–5).
    public var pollingInterval: Int
    /// Whether the app lets the framework show the permission alert (`checkAccessStatus` with
    /// the prompt option). An app that never asks stays `notDetermined`: VSA404.
    public var asksPermission: Bool = true
    /// Whether the app validates the framework's answers as REST API V2's cookbook asks (B.2,
    /// C.4, C.11, D.2, D.6). An app that does not sends whatever it got, and the server's own
    /// checks answer (`pfs_fallback`, `invalid_header_pfs_*`).
    public var validatesPartnerStatus: Bool = true
    /// The SDK on an Apple TV after Apple's picker: the silent exchange (seed 004) or a
    /// registration code (seed 001); the requestor's setting.
    public var sdkTVAppleSSO: SDKTVAppleSSO = .silentExchange
    /// The providers a custom identity provider's app lists in Apple's picker
    /// (`supportedAccountProviderIdentifiers`); nil lists every one. A single provider skips the
    /// list (seed 003, step 4). The Adobe integrations take theirs from the configuration.
    public var supportedProviders: [String]?
    /// An SDK app that opens the MVPD login in an SFSafariViewController: the SDK calls
    /// `navigateToUrl:useSVC:` and the login ends on the app's custom scheme, not on
    /// `adobepass://ios.app` (seed 001, C.3 and C.5).
    public var usesSafariViewController = false
    /// An SDK app waits for `setRequestorComplete` before its first entitlement call (seed 001,
    /// B.2, the recommended option); one that does not sees its call queued by the SDK.
    public var waitsForSetRequestorComplete = true
    /// A REST API V2 app sends `domainName` and `redirectUrl` with the partner authentication
    /// request (C.5). They serve only a fallback to basic authentication, so an app may leave them
    /// out; a fallback then answers `resume` and the app resumes the session with them (C.8).
    public var sendsFallbackParameters = true
    /// An SDK app whose Media Token Verifier is set up with this one resource id, whatever the
    /// title (a misconfiguration); nil verifies each token for the title being played (F.3).
    public var mediaTokenVerifierResource: String?
    /// A REST API V2 app keeps its access token for its lifetime (seed 002, A.4); `false` plays
    /// one that asks a new token at every launch, for `tvsim audit` to find.
    public var keepsAccessToken = true

    public init(
        identity: AppIdentity, platform: DevicePlatform, integration: Integration, requestor: String,
        domainName: String, redirectUrl: String, catalog: [CatalogItem], featuredProviders: [String] = [],
        filtersSupportedProviders: Bool = true, pollingInterval: Int = 4
    ) {
        self.identity = identity
        self.platform = platform
        self.integration = integration
        self.requestor = requestor
        self.domainName = domainName
        self.redirectUrl = redirectUrl
        self.catalog = catalog
        self.featuredProviders = featuredProviders
        self.filtersSupportedProviders = filtersSupportedProviders
        self.pollingInterval = pollingInterval
    }

    public func item(_ id: String) -> CatalogItem? { catalog.first { $0.id == id } }

    /// The `deviceType` REST API V1 asks of a profile request and a token exchange.
    var v1DeviceType: V1DeviceType { platform == .ios ? .iOS : .tvOS }
}
