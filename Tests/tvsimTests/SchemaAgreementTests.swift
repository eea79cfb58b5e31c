import FlowCore
import Foundation
import PassAPI
import Testing
import VSASimulator

@testable import FlowRuntime
@testable import Labs
@testable import MockBackendAPI
@testable import TerminalUI

/// The JSON Schemas of `Sources/tvsim/Schemas` name exactly the fields and choices the readers
/// take, so that an editor never offers a field tvsim refuses or misses one it reads.
@Suite struct SchemaAgreementTests {
    static func schema(_ kind: String) throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/tvsim/Schemas/\(kind).schema.json").standardizedFileURL
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// The object at `path` (members, then `$defs` names) in `schema`.
    static func object(_ schema: [String: Any], _ path: [String]) throws -> [String: Any] {
        var node = schema
        for step in path {
            let next = (node["properties"] as? [String: Any])?[step] ?? (node[step] as? [String: Any])
            node = try resolved(try #require(next as? [String: Any], "no \(step) in \(path)"), in: schema)
            // A list of objects stands for its elements.
            if node["type"] as? String == "array", let items = node["items"] as? [String: Any],
                items["$ref"] != nil || items["properties"] != nil
            {
                node = try resolved(items, in: schema)
            }
        }
        return node
    }

    static func resolved(_ node: [String: Any], in schema: [String: Any]) throws -> [String: Any] {
        guard let reference = node["$ref"] as? String else { return node }
        let name = String(reference.split(separator: "/").last ?? "")
        return try #require((schema["$defs"] as? [String: Any])?[name] as? [String: Any])
    }

    static func members(_ schema: [String: Any], _ path: [String]) throws -> Set<String> {
        Set(try #require(try object(schema, path)["properties"] as? [String: Any]).keys).subtracting(["$schema"])
    }

    static func choices(_ schema: [String: Any], _ path: [String]) throws -> [String] {
        let node = try object(schema, path)
        let items = node["items"] as? [String: Any] ?? node
        return try #require(items["enum"] as? [String], "no enum at \(path)")
    }

    static func keys<K: CodingKey & CaseIterable>(_: K.Type) -> Set<String> {
        Set(K.allCases.map(\.stringValue))
    }

    @Test func theScenarioSchemaNamesWhatTheScenarioReaderTakes() throws {
        let schema = try Self.schema("scenario")
        #expect(try Self.members(schema, []) == Self.keys(Scenario.CodingKeys.self))
        #expect(try Self.members(schema, ["device"]) == Self.keys(Scenario.GivenDevice.CodingKeys.self))
        #expect(try Self.members(schema, ["device", "signedIn"]) == Self.keys(Scenario.GivenSignIn.CodingKeys.self))
        #expect(try Self.members(schema, ["app"]) == Self.keys(Scenario.AppOverrides.CodingKeys.self))
        #expect(try Self.members(schema, ["expect"]) == Self.keys(Scenario.Expectations.CodingKeys.self))
        #expect(try Self.members(schema, ["backend"]) == Self.keys(DashboardPatch.CodingKeys.self))
        #expect(try Self.members(schema, ["$defs", "fault"]) == Self.keys(FaultRule.CodingKeys.self))
        #expect(try Self.choices(schema, ["integration"]) == Integration.allCases.map(\.rawValue))
        #expect(try Self.choices(schema, ["device", "permission"]) == AccessStatus.allCases.map(\.rawValue))
        #expect(try Self.choices(schema, ["expect", "profileType"]) == ProfileType.allCases.map(\.rawValue))
        #expect(try Self.choices(schema, ["$defs", "fault", "kind"]) == FaultRule.Kind.allCases.map(\.rawValue))
        #expect(
            try Self.choices(schema, ["$defs", "fault", "latencyDistribution"])
                == FaultRule.Distribution.allCases.map(\.rawValue))
        let route = try #require(try Self.object(schema, ["$defs", "fault", "route"])["anyOf"] as? [[String: Any]])
        #expect(route.compactMap { $0["enum"] as? [String] }.first == Endpoint.all.map(\.operation))
    }

    @Test func theLabSchemaNamesWhatTheLabReaderTakes() throws {
        let schema = try Self.schema("lab")
        #expect(try Self.members(schema, []) == Self.keys(Lab.CodingKeys.self))
        #expect(try Self.members(schema, ["$defs", "goal"]) == Self.keys(Lab.Goal.CodingKeys.self))
        #expect(try Self.members(schema, ["$defs", "hint"]) == Self.keys(Lab.Hint.CodingKeys.self))
        #expect(try Self.choices(schema, ["integration"]) == ["rest-v2", "rest-v1"])
        #expect(try Self.members(schema, ["framework"]) == Self.keys(Lab.Framework.CodingKeys.self))
        #expect(try Self.members(schema, ["$defs", "translation"]) == Self.keys(Lab.Translation.CodingKeys.self))
        #expect(try Self.members(schema, ["$defs", "words"]) == Self.keys(Lab.Translation.Words.CodingKeys.self))
        #expect(
            try Self.choices(schema, ["framework", "permission"])
                == PartnerFrameworkStatus.AccessStatus.allCases.map(\.rawValue))
    }

    @Test func theDashboardSchemaNamesWhatTheDashboardReaderTakes() throws {
        let schema = try Self.schema("dashboard")
        #expect(try Self.members(schema, []) == Self.keys(Dashboard.CodingKeys.self))
        #expect(try Self.members(schema, ["settings"]) == Self.keys(ServerSettings.CodingKeys.self))
        #expect(
            try Self.members(schema, ["settings", "throttling"]) == Self.keys(ServerSettings.Throttling.CodingKeys.self)
        )
        #expect(try Self.members(schema, ["settings", "limits"]) == Self.keys(ServerSettings.Limits.CodingKeys.self))
        #expect(try Self.members(schema, ["$defs", "requestor"]) == Self.keys(RequestorSettings.CodingKeys.self))
        #expect(
            try Self.members(schema, ["$defs", "requestor", "softwareStatement"])
                == Self.keys(SoftwareStatementSettings.CodingKeys.self))
        #expect(
            try Self.members(schema, ["$defs", "requestor", "resources"]) == Self.keys(ResourceSettings.CodingKeys.self)
        )
        #expect(try Self.members(schema, ["$defs", "mvpd"]) == Self.keys(MvpdSettings.CodingKeys.self))
        #expect(try Self.members(schema, ["$defs", "persona"]) == Self.keys(Persona.CodingKeys.self))
        #expect(
            try Self.choices(schema, ["$defs", "requestor", "sdkTVAppleSSO"]) == SDKTVAppleSSO.allCases.map(\.rawValue))
        #expect(
            try Self.choices(schema, ["$defs", "mvpd", "boardingStatus"]) == BoardingStatus.allCases.map(\.rawValue))
        #expect(try Self.choices(schema, ["$defs", "mvpd", "degradation"]) == DegradationRule.allCases.map(\.rawValue))
        for rating in try Self.choices(schema, ["$defs", "persona", "maxRating"]) {
            #expect(ParentalRating(rating) != nil, "\(rating)")
        }
    }

    @Test func theThemeSchemaNamesWhatTheThemeReaderTakes() throws {
        let schema = try Self.schema("theme")
        #expect(try Self.members(schema, []) == Self.keys(Theme.CodingKeys.self))
        #expect(try Self.members(schema, ["brand"]) == Self.keys(Theme.BrandKeys.self))
        #expect(try Self.members(schema, ["$defs", "appearance"]) == Self.keys(RoleAppearance.CodingKeys.self))
        #expect(try Self.members(schema, ["roles"]) == Set(Role.allCases.filter { $0 != .brand }.map(\.rawValue)))
        #expect(try Self.choices(schema, ["$defs", "appearance", "c16"]) == ["default"] + RoleAppearance.names16)
        #expect(
            Set(try Self.choices(schema, ["$defs", "appearance", "mono"]))
                == Set(TextAttribute.allCases.map(\.rawValue)))
    }
}
