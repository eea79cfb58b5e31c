/// The colour roles every screen draws with. A theme gives each a value per colour capability.
public enum Role: String, Sendable, CaseIterable, Codable {
    case background, surface, text, muted, accent, selection, focus, error, success, warning, code
    /// The streaming app's brand colour (from the theme's `brand`).
    case brand
}

/// How a cell is drawn: foreground and background roles plus attributes.
public struct Style: Sendable, Equatable, Hashable {
    public var foreground: Role
    public var background: Role
    public var bold: Bool
    public var reverse: Bool
    public var underline: Bool
    public var dim: Bool
    /// Frames and rules. Where a role is marked by attributes instead of colour (monochrome, or a
    /// theme without that colour), its underline would underline every cell of a frame, a
    /// ladder; line art takes the role's other attributes only.
    public var isLineArt = false

    public init(
        _ foreground: Role = .text, on background: Role = .background, bold: Bool = false, reverse: Bool = false,
        underline: Bool = false, dim: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
        self.dim = dim
    }

    public static let plain = Style()

    public func bolded() -> Style {
        var copy = self
        copy.bold = true
        return copy
    }

    public func reversed() -> Style {
        var copy = self
        copy.reverse = true
        return copy
    }

    public func lineArt() -> Style {
        var copy = self
        copy.isLineArt = true
        return copy
    }

    public func on(_ role: Role) -> Style {
        var copy = self
        copy.background = role
        return copy
    }
}
