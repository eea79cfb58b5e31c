import Foundation
import LocatedJSON

/// The terminal's colour capability. A truecolor terminal is drawn as a 256-colour one.
public enum ColorCapability: String, Sendable, CaseIterable {
    case mono
    /// The eight basic colours only (`TERM=xterm`): the bright ones do not exist there.
    case ansi8
    case ansi16
    case ansi256

    /// Decided by one pure function of the environment and what curses reports: `NO_COLOR`
    /// (any value) means no colour but bold and reverse stay; a dumb or missing `TERM` means none;
    /// 256, 16 or 8 colours as the terminal has them.
    public static func detect(environment: [String: String], hasColors: Bool, colors: Int) -> ColorCapability {
        if let value = environment["NO_COLOR"], !value.isEmpty { return .mono }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" || !hasColors { return .mono }
        if colors >= 256 { return .ansi256 }
        if colors >= 16 { return .ansi16 }
        if colors >= 8 { return .ansi8 }
        return .mono
    }
}

/// A colour as the terminal receives it: `nil` is the terminal's default colour.
public typealias TerminalColor = Int?

/// A text attribute a terminal draws without colour.
public enum TextAttribute: String, Sendable, Hashable, CaseIterable, Comparable {
    // In the order of their SGR parameters.
    case bold, dim, underline, reverse

    /// The SGR parameter that turns it on.
    public var sgr: String {
        switch self {
        case .bold: "1"
        case .dim: "2"
        case .underline: "4"
        case .reverse: "7"
        }
    }

    public static func < (lhs: TextAttribute, rhs: TextAttribute) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How one role looks at each capability.
public struct RoleAppearance: Sendable, Equatable, Decodable {
    public var c256: TerminalColor
    public var c16: TerminalColor
    /// Attributes used instead of colour in monochrome (`bold`, `reverse`, `underline`, `dim`).
    public var mono: Set<TextAttribute>

    public init(c256: TerminalColor, c16: TerminalColor, mono: Set<TextAttribute> = []) {
        self.c256 = c256
        self.c16 = c16
        self.mono = mono
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case c256, c16, mono }

    static let names16 = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "bright-black", "bright-red",
        "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan", "bright-white",
    ]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if (try? container.decode(String.self, forKey: .c256)) == "default" {
            c256 = nil
        } else {
            let value = try container.decode(Int.self, forKey: .c256)
            guard (0...255).contains(value) else { throw container.invalid(.c256, "must be 0–255 or \"default\"") }
            c256 = value
        }
        let name = try container.decode(String.self, forKey: .c16)
        if name == "default" {
            c16 = nil
        } else {
            guard let index = Self.names16.firstIndex(of: name) else {
                throw container.invalid(
                    .c16, "\"\(name)\" is not one of default, \(Self.names16.joined(separator: ", "))")
            }
            c16 = index
        }
        var mono: Set<TextAttribute> = []
        for name in try container.decode(.mono, default: [String]()) {
            guard let attribute = TextAttribute(rawValue: name) else {
                let known = TextAttribute.allCases.map(\.rawValue).joined(separator: ", ")
                throw container.invalid(.mono, "\"\(name)\" is not one of \(known)")
            }
            mono.insert(attribute)
        }
        self.mono = mono
    }
}

/// A theme: every role's appearance, and the streaming app's brand.
public struct Theme: Sendable, Equatable, Decodable {
    public var name: String
    public var description: String
    public var brandName: String
    public var roles: [Role: RoleAppearance]

    enum CodingKeys: String, CodingKey, CaseIterable { case name, description, brand, roles }
    enum BrandKeys: String, CodingKey, CaseIterable { case name, accent }

    public init(name: String, description: String, brandName: String, roles: [Role: RoleAppearance]) {
        self.name = name
        self.description = description
        self.brandName = brandName
        self.roles = roles
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decode(.description, default: "")
        let brand = try container.nestedContainer(keyedBy: BrandKeys.self, forKey: .brand)
        brandName = try brand.decode(String.self, forKey: .name)
        let accent = try brand.decode(RoleAppearance.self, forKey: .accent)
        let raw = try container.decode([String: RoleAppearance].self, forKey: .roles)
        var roles: [Role: RoleAppearance] = [.brand: accent]
        for (key, value) in raw {
            guard let role = Role(rawValue: key), role != .brand else {
                throw container.invalid(
                    .roles,
                    "'\(key)' is not a role (\(Role.allCases.filter { $0 != .brand }.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            roles[role] = value
        }
        for role in Role.allCases where roles[role] == nil {
            throw container.invalid(.roles, "the role '\(role.rawValue)' is missing")
        }
        self.roles = roles
    }

    public func appearance(_ role: Role) -> RoleAppearance {
        roles[role] ?? RoleAppearance(c256: nil, c16: nil)
    }
}
