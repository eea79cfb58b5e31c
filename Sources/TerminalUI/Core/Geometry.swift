/// A size in terminal cells.
public struct Size: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }
}

/// A rectangle of cells.
public struct Rect: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The rectangle shrunk by `amount` on every side.
    public func inset(_ amount: Int) -> Rect { inset(horizontal: amount, vertical: amount) }

    public func inset(horizontal: Int, vertical: Int) -> Rect {
        Rect(x: x + horizontal, y: y + vertical, width: width - 2 * horizontal, height: height - 2 * vertical)
    }

    /// Splits off `width` columns on the left.
    public func splitLeft(_ columns: Int) -> (left: Rect, right: Rect) {
        let left = min(max(0, columns), width)
        return (
            Rect(x: x, y: y, width: left, height: height), Rect(x: x + left, y: y, width: width - left, height: height)
        )
    }

    /// Splits off `height` rows at the top.
    public func splitTop(_ rows: Int) -> (top: Rect, bottom: Rect) {
        let top = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: top), Rect(x: x, y: y + top, width: width, height: height - top))
    }

    /// A rectangle of `size` centred in this one.
    public func centered(width: Int, height: Int) -> Rect {
        let w = min(width, self.width)
        let h = min(height, self.height)
        return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
    }

    /// One row of this rectangle.
    public func row(_ index: Int) -> Rect { Rect(x: x, y: y + index, width: width, height: 1) }
}
