/// A key the user pressed (or a resize, which the terminal reports like a key).
public enum Key: Sendable, Equatable, Hashable {
    case character(Character)
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right, pageUp, pageDown, home, end
    case function(Int)
    case controlL
    case resize

    /// A printable character, if this key is one.
    public var printable: Character? {
        if case .character(let character) = self, !character.isNewline,
            character.unicodeScalars.allSatisfy({ $0.value >= 0x20 })
        {
            return character
        }
        return nil
    }
}

/// Where frames go and keys come from: curses on a real terminal, memory in tests.
public protocol TerminalBackend: AnyObject {
    var size: Size { get }
    var capability: ColorCapability { get }
    /// Draws the buffer, writing only what changed since the last frame.
    func present(_ buffer: CellBuffer)
    /// The next key, or nil when none came within the timeout.
    func readKey(timeoutMilliseconds: Int) -> Key?
    /// Gives the terminal back as it was.
    func stop()
}

/// A backend that keeps the screen in memory and reads keys from a queue: what screen tests
/// and benchmarks drive.
public final class MemoryBackend: TerminalBackend {
    public private(set) var size: Size
    public let capability: ColorCapability
    public private(set) var screen: CellBuffer
    public private(set) var frames = 0
    /// Bytes a terminal would have received, estimated from the changed runs.
    public private(set) var bytesWritten = 0
    private var keys: [Key] = []

    public init(size: Size, capability: ColorCapability = .mono) {
        self.size = size
        self.capability = capability
        screen = CellBuffer(size: size)
    }

    public func present(_ buffer: CellBuffer) {
        for run in buffer.changes(since: screen.size == buffer.size ? screen : nil) {
            // A cursor move, an attribute change and the text itself.
            bytesWritten += 8 + 12 + run.text.utf8.count
        }
        screen = buffer
        frames += 1
    }

    public func readKey(timeoutMilliseconds: Int) -> Key? {
        keys.isEmpty ? nil : keys.removeFirst()
    }

    public func stop() {}

    public func press(_ keys: Key...) { self.keys += keys }

    public func type(_ text: String) { keys += text.map(Key.character) }

    public func resize(to size: Size) {
        self.size = size
        keys.append(.resize)
    }

    public var text: String { screen.text }
}
