import PassAPI
import VSASimulator

@testable import FlowCore

/// A small world for reducer tests: an MVPD with Apple SSO, one that is only listed in Apple's
/// picker, and a plain one.
enum Fixture {
    /// The reducers' clock in these tests: 1 January 2026.
    static let now: Int64 = 1_767_225_600_000
    static let later: Int64 = now + 3_600_000
    /// An access token's end: six hours, as the mock issues them.
    static let tokenExpiry: Int64 = now + 21_600_000

    static let aurora = MvpdConfiguration(
        id: "Aurora", displayName: "Aurora Cable", logoUrl: "", boardingStatus: .supported,
        platformMappingId: "p.aurora", enablePlatformServices: true, displayInPlatformPicker: true,
        requiredMetadataFields: ["userID"])
    static let bluebonnet = MvpdConfiguration(
        id: "Bluebonnet", displayName: "Bluebonnet", logoUrl: "", boardingStatus: .picker,
        platformMappingId: "p.bluebonnet", enablePlatformServices: false, displayInPlatformPicker: true)
    static let cascade = MvpdConfiguration(id: "Cascade", displayName: "Cascade", logoUrl: "")

    static func configuration(_ mvpds: [MvpdConfiguration] = [aurora, bluebonnet, cascade]) -> ConfigurationResponse {
        ConfigurationResponse(
            device: "iPhone", clientType: "ios", os: "iOS", platform: "ios", platformCategory: "mobile",
            sdkType: "rest",
            requestor: RequestorConfiguration(id: "APP", name: "App", domains: [], mvpds: mvpds))
    }

    static var directory: ConfigurationDirectory { ConfigurationDirectory(configuration()) }

    static func setup(_ platform: DevicePlatform = .ios, _ integration: Integration = .restV2) -> AppSetup {
        AppSetup(
            identity: AppIdentity(bundleId: "app", displayName: "App", usageDescription: "Why"), platform: platform,
            integration: integration, requestor: "APP", domainName: "app.example", redirectUrl: "app://done",
            catalog: [CatalogItem(id: "show", title: "Show"), CatalogItem(id: "free", title: "Free", free: true)],
            featuredProviders: ["p.aurora"])
    }

    static func profile(_ type: ProfileType, notAfter: Int64 = later) -> Profile {
        Profile(
            notBefore: 0, notAfter: notAfter, issuer: type == .appleSSO ? "Apple" : "Aurora", type: type,
            attributes: [:])
    }

    static func profiles(_ mvpd: String, _ type: ProfileType, notAfter: Int64 = later) -> ProfilesResponse {
        ProfilesResponse(profiles: [mvpd: profile(type, notAfter: notAfter)])
    }

    static let noProfiles = ProfilesResponse(profiles: [:])

    static func session(
        _ action: SessionActionName, _ type: SessionActionType = .direct, reason: SessionReasonType = .none,
        code: String? = nil, mvpd: String? = nil, request: PartnerAuthenticationRequest? = nil
    ) -> SessionResponse {
        SessionResponse(
            actionName: action, actionType: type, reasonType: reason,
            url: code.map { "/api/v2/authenticate/APP/\($0)" },
            code: code, sessionId: "s", mvpd: mvpd, serviceProvider: "APP", notBefore: "0", notAfter: "1800000",
            authenticationRequest: request)
    }

    static let samlRequest = PartnerAuthenticationRequest(type: "saml", request: "PHNhbWw+", attributesNames: ["uid"])

    static func known(
        _ access: VSASimulator.AccessStatus?, provider: String? = nil, expiry: Int64? = nil, signedIn: Bool = false
    ) -> FrameworkStatus {
        FrameworkStatus(access: access, providerId: provider, expiry: expiry, signedInAtSystemLevel: signedIn)
    }

    static let silentRequest = MetadataRequest(
        isInterruptionAllowed: false, includeAccountProviderIdentifier: true,
        includeAuthenticationExpirationDate: true)

    /// Apple's picker as the REST API V2 and SDK apps ask for it with this configuration.
    static func pickerRequest(videoTitle: String? = nil, channel: String? = nil) -> MetadataRequest {
        ApplePicker.request(
            supported: ["p.aurora", "p.bluebonnet"], featured: ["p.aurora"], videoTitle: videoTitle,
            channelIdentifier: channel)
    }

    static func step(_ step: CookbookStep) -> Effect { .record(.step(step)) }
    static func note(_ remark: Remark) -> Effect { .record(.note(remark)) }
    static func callback(_ callback: SDKCallback) -> Effect {
        .record(.callback(callback))
    }
    static func status(_ code: StatusCode, _ details: Remark? = nil, origin: StatusCode.Origin = .sdk) -> Effect {
        .record(.status(code, details: details, origin: origin))
    }
}
