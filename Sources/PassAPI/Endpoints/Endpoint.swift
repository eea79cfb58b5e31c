/// One call a client makes: to Adobe Pass (client registration, REST API V2 and V1), to the
/// pages a browser opens for it, to the mock MVPD, or to an app's own identity provider.
///
/// Each call is defined once, in `Endpoint+Catalog.swift`. The mock registers its routes from
/// these definitions, the client builds its requests' paths and labels from them, the journal
/// and fault rules name calls by `operation`, and the audit recognises a client's calls by them.
public struct Endpoint: Sendable, Hashable, CustomStringConvertible {
    /// Who defines the call, and how its clients read a failure.
    public enum API: String, Sendable, Hashable, CaseIterable {
        /// Dynamic client registration: OAuth 2 errors (RFC 7591).
        case dcr
        case restV2 = "rest-v2"
        case restV1 = "rest-v1"
        /// The SAML pages of Adobe Pass a browser passes through (`/adobe-services/…`).
        case webAuthentication = "web"
        /// The second screen's activation site.
        case activation
        /// The mock MVPD: its login page and the endpoints the simulated framework calls.
        case mockProvider = "idp"
        /// A programmer's own identity provider (seed 003), under `/custom-idp/{requestor}`.
        case customIdP = "custom-idp"
    }

    /// What defines a call, shared by every copy: the mock's requests carry their call through
    /// several middlewares, and one reference costs less to pass on than eight fields.
    private final class Definition: Sendable {
        let operation: String
        let method: String
        let path: String
        let otherPaths: [String]
        let api: API
        let isPage: Bool
        let steps: [String: String]
        /// Each path's segments, split once: the audit matches every call of a HAR against them.
        let patterns: [[Substring]]
        /// The path's literal text around its parameters (one more than there are parameters):
        /// the mock fills a path into most of its answers, and this is all that filling needs.
        let literals: [String]
        /// How many of the path's segments are literal.
        let literalSegments: Int

        init(
            operation: String, method: String, path: String, otherPaths: [String], api: API, isPage: Bool,
            steps: [String: String]
        ) {
            self.operation = operation
            self.method = method
            self.path = path
            self.otherPaths = otherPaths
            self.api = api
            self.isPage = isPage
            self.steps = steps
            patterns = ([path] + otherPaths).map { $0.split(separator: "/") }
            var literals = [""]
            for segment in patterns[0] {
                if Endpoint.isParameter(segment) {
                    literals[literals.count - 1] += "/"
                    literals.append("")
                } else {
                    literals[literals.count - 1] += "/" + segment
                }
            }
            self.literals = literals
            literalSegments = patterns[0].filter { !Endpoint.isParameter($0) }.count
        }
    }

    private let definition: Definition

    init(
        _ operation: String, _ method: String, _ path: String, _ api: API, page: Bool = false,
        otherPaths: [String] = [], steps: [String: String] = [:]
    ) {
        definition = Definition(
            operation: operation, method: method, path: path, otherPaths: otherPaths, api: api, isPage: page,
            steps: steps)
    }

    /// The call's name, as the journal, fault rules and the audit's rules name it
    /// (`sessions.create`).
    public var operation: String { definition.operation }
    /// `GET`, `POST` or `DELETE`.
    public var method: String { definition.method }
    /// The path, with `{name}` for each parameter segment.
    public var path: String { definition.path }
    /// Other spellings of the path that serve the same call.
    public var otherPaths: [String] { definition.otherPaths }
    public var api: API { definition.api }
    /// A page a browser opens (its failures are pages), rather than a call an app makes.
    public var isPage: Bool { definition.isPage }
    /// The cookbook step the call is in, by integration (`rest-v2`, `rest-v1`, `custom-idp`).
    /// Empty for a call the cookbooks do not name; the audit recognises only the others.
    public var steps: [String: String] { definition.steps }
    private var patterns: [[Substring]] { definition.patterns }

    /// Calls are one by their name.
    public static func == (lhs: Endpoint, rhs: Endpoint) -> Bool { lhs.operation == rhs.operation }

    public func hash(into hasher: inout Hasher) { hasher.combine(operation) }

    /// `POST /api/v2/{serviceProvider}/sessions`.
    public var description: String { "\(method) \(path)" }

    /// Every path that serves the call, its own first.
    public var paths: [String] { [path] + otherPaths }

    /// The path with its parameters filled in order, each percent-encoded as one segment.
    /// Fewer values than parameters is a programming error.
    public func path(_ values: String...) -> String { path(filling: values) }

    /// The path with its parameters filled in order from `values`.
    public func path(filling values: [String]) -> String {
        let literals = definition.literals
        precondition(
            values.count == literals.count - 1, "\(self) takes \(literals.count - 1) values, not \(values.count)")
        var filled = literals[0]
        for (value, literal) in zip(values, literals.dropFirst()) {
            filled += value.formEncoded
            filled += literal
        }
        return filled.isEmpty ? "/" : filled
    }

    /// Whether `path` (no query) is one of this call's paths, any value standing for a parameter.
    public func matches(method: String, path: some StringProtocol) -> Bool {
        matches(uppercasedMethod: method.uppercased(), segments: path.split(separator: "/"))
    }

    /// `matches(method:path:)` for a request already split into its path's segments: the audit
    /// matches each call against every definition.
    public func matches(uppercasedMethod method: String, segments actual: [some StringProtocol]) -> Bool {
        guard method == self.method else { return false }
        return patterns.contains { expected in
            expected.count == actual.count
                && zip(expected, actual).allSatisfy { part, segment in Self.isParameter(part) || part == segment }
        }
    }

    /// How many of the path's segments are literal: where two calls match a request, the one
    /// with more literal segments is meant.
    public var literalSegments: Int { definition.literalSegments }

    public static func isParameter(_ segment: some StringProtocol) -> Bool {
        segment.hasPrefix("{") && segment.hasSuffix("}")
    }

    /// The call named `operation`.
    public static func named(_ operation: String) -> Endpoint? { byOperation[operation] }

    /// The call a request is: the one with the most literal segments among those that match.
    public static func matching(method: String, path: some StringProtocol) -> Endpoint? {
        let (method, segments) = (method.uppercased(), path.split(separator: "/"))
        return all.filter { $0.matches(uppercasedMethod: method, segments: segments) }
            .max { $0.literalSegments < $1.literalSegments }
    }

    private static let byOperation: [String: Endpoint] = Dictionary(
        all.map { ($0.operation, $0) }, uniquingKeysWith: { first, _ in first })
}

extension String {
    /// Percent-encoding for form values, query strings and path segments: the unreserved
    /// characters of RFC 3986 §2.3 stay, every other byte of the UTF-8 is escaped (space as
    /// %20). On bytes: every query of every call, a poll's included, is encoded here.
    public var formEncoded: String {
        let utf8 = self.utf8
        guard utf8.contains(where: { !Self.isUnreserved($0) }) else { return self }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(utf8.count * 3)
        for byte in utf8 {
            if Self.isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }
}

extension Substring {
    /// `+` as a space and `%XX` as its byte; nil for a broken escape or bytes that are not
    /// UTF-8. On bytes, not through Foundation's percent decoding: every form and query of every
    /// request comes here.
    public var formDecoded: String? {
        let utf8 = self.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard index != utf8.endIndex, let high = Self.hexValue(utf8[index]) else { return nil }
                index = utf8.index(after: index)
                guard index != utf8.endIndex, let low = Self.hexValue(utf8[index]) else { return nil }
                index = utf8.index(after: index)
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        return String(bytes: bytes, encoding: .utf8)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
