import Foundation
import Synchronization

/// The `X-Device-Info` header: Base64 of a JSON object describing the streaming device.
///
/// Decoding is tolerant of two documented quirks of real clients: a snippet in Adobe's docs
/// sends `type` instead of `primaryHardwareType`, and the sample header used across the V2
/// pages is missing a comma between two members.
public struct DeviceInfo: Codable, Sendable, Equatable {
    public var primaryHardwareType: String?
    public var model: String
    public var version: String?
    public var manufacturer: String?
    public var vendor: String?
    public var osName: String
    public var osFamily: String?
    public var osVendor: String?
    public var osVersion: String?
    public var browserName: String?
    public var browserVendor: String?
    public var browserVersion: String?
    public var userAgent: String?
    public var displayWidth: Int?
    public var displayHeight: Int?
    public var displayPpi: Int?
    public var diagonalScreenSize: String?
    public var connectionIp: String?
    public var connectionPort: String?
    public var connectionType: String?
    public var connectionSecure: Bool?
    public var applicationId: String?

    public init(
        primaryHardwareType: String? = nil, model: String, version: String? = nil, manufacturer: String? = nil,
        vendor: String? = nil, osName: String, osFamily: String? = nil, osVendor: String? = nil,
        osVersion: String? = nil, displayWidth: Int? = nil, displayHeight: Int? = nil,
        connectionType: String? = nil, applicationId: String? = nil
    ) {
        self.primaryHardwareType = primaryHardwareType
        self.model = model
        self.version = version
        self.manufacturer = manufacturer
        self.vendor = vendor
        self.osName = osName
        self.osFamily = osFamily
        self.osVendor = osVendor
        self.osVersion = osVersion
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
        self.connectionType = connectionType
        self.applicationId = applicationId
    }

    /// A simulated iPhone.
    public static func iPhone(applicationId: String) -> DeviceInfo {
        DeviceInfo(
            primaryHardwareType: "MobilePhone", model: "iPhone", version: "15,3", manufacturer: "Apple",
            vendor: "Apple", osName: "iOS", osFamily: "iOS", osVendor: "Apple", osVersion: "18.2",
            displayWidth: 1179, displayHeight: 2556, connectionType: "WiFi", applicationId: applicationId)
    }

    /// A simulated Apple TV.
    public static func appleTV(applicationId: String) -> DeviceInfo {
        DeviceInfo(
            primaryHardwareType: "SetTopBox", model: "AppleTV", version: "14,1", manufacturer: "Apple",
            vendor: "Apple", osName: "tvOS", osFamily: "tvOS", osVendor: "Apple", osVersion: "18.2",
            displayWidth: 3840, displayHeight: 2160, connectionType: "LAN", applicationId: applicationId)
    }

    public var headerValue: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Base64.encode((try? encoder.encode(self)) ?? Data())
    }

    // MARK: - Decoding

    public static let hardwareTypes: Set<String> = [
        "Camera", "DataCollectionTerminal", "Desktop", "EmbeddedNetworkModule", "eReader", "GamesConsole",
        "GeolocationTracker", "Glasses", "MediaPlayer", "MobilePhone", "PaymentTerminal", "PluginModem",
        "SetTopBox", "TV", "Tablet", "WirelessHotspot", "Wristwatch", "Unknown",
    ]

    public static let osNames: Set<String> = [
        "Android", "Chrome OS", "Linux", "Mac OS", "OS X", "OpenBSD", "Roku OS", "Windows", "iOS", "tvOS", "webOS",
    ]

    public enum ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        case missing
        case notBase64
        case notJSON
        case missingField(String)
        case invalidValue(field: String, value: String)

        public var description: String {
            switch self {
            case .missing: "the header is missing"
            case .notBase64: "the value is not valid Base64"
            case .notJSON: "the decoded value is not a JSON object"
            case .missingField(let field): "the required key '\(field)' is missing"
            case .invalidValue(let field, let value): "'\(value)' is not a valid value for '\(field)'"
            }
        }
    }

    /// Parses a header value, tolerating the documented quirks.
    public static func parse(_ value: String?) -> Result<DeviceInfo, ParseError> {
        guard let value else { return .failure(.missing) }
        // A client sends the same header on every call, and the audit reads each call's several
        // times: the last values read are kept, and a full cache starts again.
        if let known = recentlyParsed.withLock({ $0[value] }) { return known }
        let parsed = parseAfresh(value)
        recentlyParsed.withLock { recent in
            if recent.count >= 256 { recent.removeAll(keepingCapacity: true) }
            recent[value] = parsed
        }
        return parsed
    }

    private static let recentlyParsed = Mutex<[String: Result<DeviceInfo, ParseError>]>([:])

    private static func parseAfresh(_ value: String) -> Result<DeviceInfo, ParseError> {
        guard !value.trimmingCharacters(in: .whitespaces).isEmpty else { return .failure(.missing) }
        guard let data = Base64.decode(value) else { return .failure(.notBase64) }
        guard var object = jsonObject(data) else { return .failure(.notJSON) }
        if object["primaryHardwareType"] == nil, let type = object["type"] {
            object["primaryHardwareType"] = type
        }
        object["type"] = nil
        for required in ["model", "osName"] where (object[required] as? String)?.isEmpty ?? true {
            return .failure(.missingField(required))
        }
        if let type = object["primaryHardwareType"] as? String, !hardwareTypes.contains(type) {
            return .failure(.invalidValue(field: "primaryHardwareType", value: type))
        }
        if let os = object["osName"] as? String, !osNames.contains(os) {
            return .failure(.invalidValue(field: "osName", value: os))
        }
        normalizeScalars(&object)
        guard let normalized = try? JSONSerialization.data(withJSONObject: object),
            let info = try? JSONDecoder().decode(DeviceInfo.self, from: normalized)
        else { return .failure(.notJSON) }
        return .success(info)
    }

    /// Parses JSON, retrying once with commas inserted between members separated only by a
    /// line break (the documented sample's typo).
    private static func jsonObject(_ data: Data) -> [String: Any]? {
        if let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] { return object }
        let text = String(decoding: data, as: UTF8.self)
        let repaired = text.replacingOccurrences(
            of: #"("|\d|true|false|null|\}|\])(\s*\n\s*)(")"#, with: "$1,$2$3", options: .regularExpression)
        return (try? JSONSerialization.jsonObject(with: Data(repaired.utf8))) as? [String: Any]
    }

    /// Clients send numbers as strings and strings as numbers; accept either for each field.
    private static func normalizeScalars(_ object: inout [String: Any]) {
        let integerKeys: Set<String> = ["displayWidth", "displayHeight", "displayPpi"]
        for (key, value) in object {
            if integerKeys.contains(key) {
                if let text = value as? String { object[key] = Int(text) }
            } else if key == "connectionSecure" {
                if let text = value as? String { object[key] = text.lowercased() == "true" }
            } else if let number = value as? NSNumber, !(value is Bool) {
                object[key] = number.stringValue
            }
        }
    }
}
