import Foundation
import LocatedJSON

/// Changes to a dashboard as JSON merge patches (RFC 7396): one for `settings`, one per
/// requestor and per MVPD by id. Scenarios and the admin API use it.
public struct DashboardPatch: Codable, Sendable, Equatable {
    public var settings: JSONValue?
    public var requestors: [String: JSONValue]
    public var mvpds: [String: JSONValue]

    public init(settings: JSONValue? = nil, requestors: [String: JSONValue] = [:], mvpds: [String: JSONValue] = [:]) {
        self.settings = settings
        self.requestors = requestors
        self.mvpds = mvpds
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case settings, requestors, mvpds }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        settings = try container.decodeIfPresent(JSONValue.self, forKey: .settings)
        requestors = try container.decode(.requestors, default: [:])
        mvpds = try container.decode(.mvpds, default: [:])
    }

    public var isEmpty: Bool { settings == nil && requestors.isEmpty && mvpds.isEmpty }

    public enum Failure: Error, CustomStringConvertible {
        case unknown(kind: String, id: String)
        case invalid(String)

        public var description: String {
            switch self {
            case .unknown(let kind, let id): "there is no \(kind) '\(id)' to change"
            case .invalid(let reason): "the changed dashboard is not valid: \(reason)"
            }
        }
    }

    /// The dashboard with the patches applied, validated like a dashboard file.
    public func applied(to dashboard: Dashboard) throws(Failure) -> Dashboard {
        // Most scenarios change nothing; the round trip through JSON is their biggest cost.
        if settings == nil, requestors.isEmpty, mvpds.isEmpty { return dashboard }
        guard var document = try? JSONSerialization.jsonObject(with: JSONEncoder().encode(dashboard)) as? [String: Any]
        else {
            throw .invalid("cannot encode the dashboard")
        }
        if let settings {
            document["settings"] = JSONMergePatch.apply(settings.foundationValue, to: document["settings"] ?? [:])
        }
        try patch(&document, list: "requestors", with: requestors, kind: "requestor")
        try patch(&document, list: "mvpds", with: mvpds, kind: "MVPD")
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]) else {
            throw .invalid("cannot encode the patched dashboard")
        }
        do {
            return try LocatedJSONDecoder().decode(Dashboard.self, from: data, file: "<patched dashboard>")
        } catch {
            throw .invalid(error.field.isEmpty ? error.message : "field '\(error.field)': \(error.message)")
        }
    }

    private func patch(_ document: inout [String: Any], list: String, with patches: [String: JSONValue], kind: String)
        throws(Failure)
    {
        guard !patches.isEmpty else { return }
        var items = document[list] as? [[String: Any]] ?? []
        for (id, change) in patches.sorted(by: { $0.key < $1.key }) {
            guard let position = items.firstIndex(where: { $0["id"] as? String == id }) else {
                throw .unknown(kind: kind, id: id)
            }
            items[position] =
                JSONMergePatch.apply(change.foundationValue, to: items[position]) as? [String: Any] ?? items[position]
        }
        document[list] = items
    }
}

extension JSONValue {
    /// The value as `JSONSerialization` represents it.
    public var foundationValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .number(let value): value.rounded() == value && abs(value) < 1e15 ? Int(value) as Any : value as Any
        case .string(let value): value
        case .array(let values): values.map(\.foundationValue)
        case .object(let members): members.mapValues(\.foundationValue)
        }
    }
}

/// RFC 7396 JSON merge patch on `JSONSerialization` values.
public enum JSONMergePatch {
    public static func apply(_ patch: Any, to target: Any) -> Any {
        guard let patchObject = patch as? [String: Any] else { return patch }
        var result = target as? [String: Any] ?? [:]
        for (key, value) in patchObject {
            if value is NSNull {
                result.removeValue(forKey: key)
            } else {
                result[key] = apply(value, to: result[key] ?? NSNull())
            }
        }
        return result
    }
}
