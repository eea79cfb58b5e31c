import Foundation
import MockBackendAPI
import PassAPI

extension V2Routes {
    func registerConfiguration(into registry: inout RouteRegistry) {
        registry.add(.configuration) { try self.configuration($0, $1) }
    }

    func configuration(_ request: IncomingRequest, _ parameters: RouteParameters) throws -> MockResponse {
        let gate = self.gate
        let caller = try gate.caller(request, serviceProvider: parameters["serviceProvider"])
        if request.header(.deviceIdentifier) != nil { _ = try gate.deviceIdentifier(request) }
        let info = request.header(.deviceInfo) == nil ? nil : try gate.deviceInfo(request)
        // Devices ask for it on every launch; it changes only with the dashboard.
        let key = "v2|\(caller.requestor.id)|\(PlatformProfile.cacheKey(info))"
        let body = backend.index.encodedAnswers.value(key) {
            EncodedBody(Reply.encode(backend.configuration(of: caller.requestor, deviceInfo: info)))
        }
        return Reply.jsonData(body ?? EncodedBody(Data()))
    }
}

extension MockBackend {
    /// The requestor's configuration as a device described by `deviceInfo` sees it (REST API V2
    /// `configuration` and V1 `config` answer the same body).
    func configuration(of requestor: RequestorSettings, deviceInfo: DeviceInfo?) -> ConfigurationResponse {
        let platform = PlatformProfile(deviceInfo)
        let mvpds = index.integratedMvpds(for: requestor.id).map { platform.describe($0) }
        let configuration = RequestorConfiguration(
            id: requestor.id, name: requestor.name, domains: requestor.domains.map { RequestorDomain(name: $0) },
            mvpds: mvpds)
        return ConfigurationResponse(
            device: platform.device, clientType: platform.clientType, os: platform.os, platform: platform.name,
            platformCategory: platform.category, sdkType: "rest", requestor: configuration)
    }
}

/// What the service infers about the requesting platform from `X-Device-Info`. Apple SSO fields
/// are only shown to Apple platforms, as the configuration is platform-specific.
struct PlatformProfile {
    let device: String
    let clientType: String
    let os: String
    let name: String
    let category: String
    let isApple: Bool

    /// What of `X-Device-Info` the profile depends on.
    static func cacheKey(_ info: DeviceInfo?) -> String {
        guard let info else { return "-" }
        return "\(info.osName)|\(info.primaryHardwareType ?? "")|\(info.model)"
    }

    init(_ info: DeviceInfo?) {
        let os = info?.osName ?? "Unknown"
        self.os = os
        switch os {
        case "iOS":
            device = info?.primaryHardwareType == "Tablet" ? "iPad" : "iPhone"
            clientType = "ios"
            name = "ios"
            category = "mobile"
            isApple = true
        case "tvOS":
            device = "AppleTV"
            clientType = "tvos"
            name = "tvos"
            category = "tv"
            isApple = true
        default:
            device = info?.model ?? "unknown"
            clientType = info == nil ? "html5" : "rest"
            name = os.lowercased()
            category = "unknown"
            isApple = false
        }
    }

    func describe(_ mvpd: MvpdSettings) -> MvpdConfiguration {
        var item = MvpdConfiguration(
            id: mvpd.id, displayName: mvpd.displayName,
            logoUrl: mvpd.logoUrl ?? "https://entitlement.auth.adobe.com/entitlement/noLogo.png",
            isTempPass: mvpd.isTempPass ? true : nil)
        guard isApple, mvpd.platformMappingId != nil else { return item }
        item.boardingStatus = mvpd.boardingStatus
        item.platformMappingId = mvpd.platformMappingId
        item.enablePlatformServices = mvpd.enablePlatformServices
        item.displayInPlatformPicker = mvpd.displayInPlatformPicker
        item.enforcePlatformPermissions = mvpd.enforcePlatformPermissions
        item.requiredMetadataFields = mvpd.requiredMetadataFields.isEmpty ? nil : mvpd.requiredMetadataFields
        return item
    }
}
