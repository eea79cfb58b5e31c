import FlowCore
import Foundation
import LocatedJSON
import MockBackendAPI
import PassAPI
import VSASimulator

/// A scenario: a named world (platform, integration, device, back end, faults), the user's steps,
/// and what must come out. Scenarios are JSON files; see "The scenario file format" in the tvsim
/// documentation (`Sources/tvsim/Documentation.docc/ScenarioFileFormat.md`).
public struct Scenario: Sendable, Equatable, Decodable {
    public var name: String
    public var description: String
    public var platform: DevicePlatform
    public var integration: Integration
    public var requestor: String
    public var device: GivenDevice
    public var app: AppOverrides
    public var backend: DashboardPatch
    public var faults: [FaultRule]
    public var steps: [ScriptStep]
    public var expect: Expectations

    /// The device before the first step.
    public struct GivenDevice: Sendable, Equatable, Decodable {
        public var permission: VSASimulator.AccessStatus
        public var signedIn: GivenSignIn?
        public var region: String
        public var restricted: Bool

        public init(
            permission: VSASimulator.AccessStatus = .notDetermined, signedIn: GivenSignIn? = nil, region: String = "US",
            restricted: Bool = false
        ) {
            self.permission = permission
            self.signedIn = signedIn
            self.region = region
            self.restricted = restricted
        }

        enum CodingKeys: String, CodingKey, CaseIterable { case permission, signedIn, region, restricted }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let permission = try container.decodeChoice(
                .permission, orDefault: "notDetermined",
                from: VSASimulator.AccessStatus.allCases.map(\.rawValue))
            self.permission = VSASimulator.AccessStatus(rawValue: permission)!
            signedIn = try container.decodeIfPresent(GivenSignIn.self, forKey: .signedIn)
            region = try container.decode(.region, default: "US")
            restricted = try container.decode(.restricted, default: false)
        }
    }

    /// A system-level TV-provider sign-in present before the scenario starts.
    public struct GivenSignIn: Sendable, Equatable, Decodable {
        /// The provider's id in Apple's catalog (`platformMappingId`).
        public var provider: String
        public var persona: String
        /// Seconds until the sign-in expires; negative for one that already has.
        public var expiresIn: Int?
        /// A hundred years either way, so that the expiry date stays a date.
        public static let longestExpiry = 3_153_600_000

        enum CodingKeys: String, CodingKey, CaseIterable { case provider, persona, expiresIn }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            provider = try container.decode(String.self, forKey: .provider)
            persona = try container.decode(String.self, forKey: .persona)
            expiresIn = try container.decodeIfPresent(.expiresIn, in: -Self.longestExpiry...Self.longestExpiry)
        }
    }

    /// Choices of the app's developers a scenario may change.
    public struct AppOverrides: Sendable, Equatable, Decodable {
        public var filtersSupportedProviders: Bool?
        /// An empty string removes the usage description (the framework then crashes the app).
        public var usageDescription: String?
        public var featuredProviders: [String]?
        public var asksPermission: Bool?
        public var validatesPartnerStatus: Bool?
        /// `false` removes the single sign-on entitlement from the app's provisioning profile.
        public var singleSignOnEntitlement: Bool?
        /// How the framework refuses an app without the entitlement (`accessNotGranted`, `rejected`).
        public var entitlementRefusal: EntitlementRefusal?
        /// Providers the app's `shouldAuthenticateAccountProviderWithIdentifier` refuses.
        public var declinedProviders: [String]?
        /// A custom identity provider's app: the providers it lists in Apple's picker.
        public var supportedProviders: [String]?
        /// An SDK app that opens the MVPD login in an SFSafariViewController (`navigateToUrl:useSVC`).
        public var usesSafariViewController: Bool?
        /// `false`: an SDK app that calls checkAuthentication without waiting for
        /// setRequestorComplete (seed 001, B.2, the second option).
        public var waitsForSetRequestorComplete: Bool?
        /// `false`: a REST API V2 app that leaves `domainName` and `redirectUrl` out of C.5.
        public var sendsFallbackParameters: Bool?
        /// An SDK app whose Media Token Verifier checks every token against this one resource id.
        public var mediaTokenVerifierResource: String?
        /// `false`: a REST API V2 app that asks a new access token at every launch.
        public var keepsAccessToken: Bool?

        public init() {}

        enum CodingKeys: String, CodingKey, CaseIterable {
            case filtersSupportedProviders, usageDescription, featuredProviders, asksPermission, validatesPartnerStatus
            case singleSignOnEntitlement, declinedProviders, supportedProviders, usesSafariViewController
            case waitsForSetRequestorComplete, entitlementRefusal, sendsFallbackParameters, mediaTokenVerifierResource
            case keepsAccessToken
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            filtersSupportedProviders = try container.decodeIfPresent(Bool.self, forKey: .filtersSupportedProviders)
            usageDescription = try container.decodeIfPresent(String.self, forKey: .usageDescription)
            featuredProviders = try container.decodeIfPresent([String].self, forKey: .featuredProviders)
            asksPermission = try container.decodeIfPresent(Bool.self, forKey: .asksPermission)
            validatesPartnerStatus = try container.decodeIfPresent(Bool.self, forKey: .validatesPartnerStatus)
            singleSignOnEntitlement = try container.decodeIfPresent(Bool.self, forKey: .singleSignOnEntitlement)
            entitlementRefusal =
                try container.contains(.entitlementRefusal)
                ? EntitlementRefusal(
                    rawValue: container.decodeChoice(
                        .entitlementRefusal, from: EntitlementRefusal.allCases.map(\.rawValue))) : nil
            declinedProviders = try container.decodeIfPresent([String].self, forKey: .declinedProviders)
            supportedProviders = try container.decodeIfPresent([String].self, forKey: .supportedProviders)
            usesSafariViewController = try container.decodeIfPresent(Bool.self, forKey: .usesSafariViewController)
            waitsForSetRequestorComplete = try container.decodeIfPresent(
                Bool.self, forKey: .waitsForSetRequestorComplete)
            sendsFallbackParameters = try container.decodeIfPresent(Bool.self, forKey: .sendsFallbackParameters)
            mediaTokenVerifierResource = try container.decodeIfPresent(
                String.self, forKey: .mediaTokenVerifierResource)
            keepsAccessToken = try container.decodeIfPresent(Bool.self, forKey: .keepsAccessToken)
        }
    }

    /// What must hold at the end.
    public struct Expectations: Sendable, Equatable, Decodable {
        /// The status codes, exactly and in order.
        public var codes: [String]?
        public var authenticated: Bool?
        public var mvpd: String?
        public var profileType: ProfileType?
        /// Authorization answers in order: `permit <title>` or `deny <title> <code>`.
        public var decisions: [String]?
        /// Cookbook step ids that must appear in this order (others may come between).
        public var steps: [String]?
        /// SDK callback names that must appear in this order.
        public var callbacks: [String]?
        /// The app crashes (a missing usage description).
        public var crash: Bool?
        /// `steps` and `callbacks` are the whole lists, not subsequences.
        public var exact: Bool?
        /// Texts that appear in this order in the timeline, each in a line's title or detail (a
        /// request field, a note), others between them.
        public var mentions: [String]?
        /// The ids of the conformance rules a REST app's run breaks (`tvsim audit`); without it,
        /// a REST run must break none.
        public var findings: [String]?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case codes, authenticated, mvpd, profileType, decisions, steps, callbacks, crash, exact, mentions
            case findings
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            codes = try container.decodeIfPresent([String].self, forKey: .codes)
            authenticated = try container.decodeIfPresent(Bool.self, forKey: .authenticated)
            mvpd = try container.decodeIfPresent(String.self, forKey: .mvpd)
            if let type = try container.decodeIfPresent(String.self, forKey: .profileType) {
                guard let parsed = ProfileType(rawValue: type) else {
                    throw container.invalid(
                        .profileType,
                        "\"\(type)\" is not one of \(ProfileType.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                profileType = parsed
            }
            decisions = try container.decodeIfPresent([String].self, forKey: .decisions)
            steps = try container.decodeIfPresent([String].self, forKey: .steps)
            callbacks = try container.decodeIfPresent([String].self, forKey: .callbacks)
            crash = try container.decodeIfPresent(Bool.self, forKey: .crash)
            exact = try container.decodeIfPresent(Bool.self, forKey: .exact)
            mentions = try container.decodeIfPresent([String].self, forKey: .mentions)
            findings = try container.decodeIfPresent([String].self, forKey: .findings)
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, platform, integration, requestor, device, app, backend, faults, steps, expect
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Without a `name` field the name stays empty here; `parse` and `load` take it from the
        // file name.
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        guard !container.contains(.name) || Self.isValidName(name) else {
            throw container.invalid(.name, "must be letters, digits, '-' or '_'")
        }
        description = try container.decode(String.self, forKey: .description)
        platform = DevicePlatform(rawValue: try container.decodeChoice(.platform, from: ["ios", "tvos"]))!
        integration = Integration(
            rawValue: try container.decodeChoice(.integration, from: Integration.allCases.map(\.rawValue)))!
        requestor = try container.decode(.requestor, default: "ORBIT")
        device = try container.decode(.device, default: GivenDevice())
        app = try container.decode(.app, default: AppOverrides())
        backend = try container.decode(.backend, default: DashboardPatch())
        faults = try container.decode(.faults, default: [])
        var stepsContainer = try container.nestedUnkeyedContainer(forKey: .steps)
        var steps: [ScriptStep] = []
        while !stepsContainer.isAtEnd {
            let text = try stepsContainer.decode(String.self)
            do {
                steps.append(try ScriptStep.parse(text))
            } catch {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: container.codingPath + [CodingKeys.steps, Index(steps.count)],
                        debugDescription: error.description))
            }
        }
        self.steps = steps
        expect = try container.decode(Expectations.self, forKey: .expect)
    }

    private struct Index: CodingKey {
        let intValue: Int?
        let stringValue: String
        init(_ value: Int) {
            intValue = value
            stringValue = "Index \(value)"
        }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.init(intValue) }
    }

    /// Reads a scenario file, with every mistake located by file, line and field.
    public static func load(path: String) throws(DataFileError) -> Scenario {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DataFileError(file: path, location: .init(line: 1, column: 1), field: "", message: "cannot be read")
        }
        return try decode(Array(data), file: path)
    }

    /// Reads the text of the scenario file `file`. The scenario is named after the file (see
    /// `name(fromFile:)`); a `name` field, which the file may leave out, must say the same.
    public static func parse(_ text: String, file: String) throws(DataFileError) -> Scenario {
        try decode(Array(text.utf8), file: file)
    }

    private static func decode(_ bytes: [UInt8], file: String) throws(DataFileError) -> Scenario {
        let root = try JSONNode.parse(bytes, file: file)
        var scenario = try LocatedJSONDecoder().decode(Scenario.self, from: root, file: file)
        let fileName = name(fromFile: file)
        if let written = root.member("name") {
            guard scenario.name == fileName else {
                throw DataFileError(
                    file: file, location: written.value.location, field: "name",
                    message: "\"\(scenario.name)\" is not the file's name, '\(fileName)'; remove the field (the name "
                        + "comes from the file name) or rename the file")
            }
        } else {
            guard isValidName(fileName) else {
                throw DataFileError(
                    file: file, location: root.location, field: "",
                    message: "the scenario is named after its file, and '\(fileName)' cannot be a name: use letters, "
                        + "digits, '-' or '_' in the file name")
            }
            scenario.name = fileName
        }
        return scenario
    }

    /// The name a scenario file gives its scenario: the last component of its path, without
    /// `.json`.
    public static func name(fromFile file: String) -> String {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        return last.hasSuffix(".json") ? String(last.dropLast(5)) : last
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }
}

extension KeyedDecodingContainer {
    func decodeChoice(_ key: Key, orDefault fallback: String, from allowed: [String]) throws -> String {
        contains(key) ? try decodeChoice(key, from: allowed) : fallback
    }
}
