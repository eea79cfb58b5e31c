import Foundation

/// Frames as the escape sequences a terminal would receive: each changed run is a cursor move,
/// its style as SGR parameters (the theme's colours for a 256-colour terminal) and its text.
struct ANSIFrameEncoder {
    let theme: Theme
    let capability: ColorCapability

    /// The escape sequences from `previous` to `buffer`; nil when nothing changed.
    func encode(_ buffer: CellBuffer, since previous: CellBuffer?) -> String? {
        var output = previous?.size == buffer.size ? "" : "\u{1B}[0m\u{1B}[2J"
        var current: ResolvedStyle?
        let runs = buffer.changes(since: previous?.size == buffer.size ? previous : nil)
        if runs.isEmpty, output.isEmpty { return nil }
        for run in runs {
            output += "\u{1B}[\(run.y + 1);\(run.x + 1)H"
            let style = theme.resolve(run.style, for: capability)
            if style != current {
                output += Self.sgr(style)
                current = style
            }
            output += run.text
        }
        return output + "\u{1B}[0m"
    }

    static func sgr(_ style: ResolvedStyle) -> String {
        var parameters = ["0"] + TextAttribute.allCases.filter(style.attributes.contains).map(\.sgr)
        if let foreground = style.foreground { parameters.append("38;5;\(foreground)") }
        if let background = style.background { parameters.append("48;5;\(background)") }
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }
}

/// An asciicast v2 file (what `asciinema play` plays): a JSON header line, then one
/// `[seconds, "o", text]` line per frame.
public final class AsciicastWriter {
    private let handle: FileHandle
    private let started = ContinuousClock.now
    private let encoder: ANSIFrameEncoder
    private var previous: CellBuffer?
    /// The file's seconds per second of the session: a session played faster than it is meant
    /// to be seen (`tvsim record`) is written at the pace it is meant for.
    private let timeScale: Double

    /// Creates (or truncates) `path` and writes the header.
    public init(path: String, size: Size, theme: Theme, title: String, timeScale: Double = 1) throws {
        self.timeScale = timeScale
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        encoder = ANSIFrameEncoder(theme: theme, capability: .ansi256)
        let header: [String: Any] = [
            "version": 2, "width": size.width, "height": size.height,
            "timestamp": Int(Date().timeIntervalSince1970), "title": title,
            "env": ["TERM": "xterm-256color", "SHELL": "/bin/sh"],
        ]
        try write(JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]))
    }

    /// Records a frame: only what changed since the last one, and nothing when nothing did.
    public func record(_ buffer: CellBuffer) {
        guard let text = encoder.encode(buffer, since: previous) else { return }
        previous = buffer
        let elapsed = (ContinuousClock.now - started).components
        let seconds = (Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18) * timeScale
        let event: [Any] = [(seconds * 1000).rounded() / 1000, "o", text]
        try? write(JSONSerialization.data(withJSONObject: event))
    }

    public func close() {
        try? handle.close()
    }

    private func write(_ line: Data) throws {
        try handle.write(contentsOf: line + Data("\n".utf8))
    }
}

/// The terminal UI with no terminal: frames go to an asciicast file, no key ever comes (the
/// scenario plays itself), each read waits its timeout as a terminal would.
public final class RecordingBackend: TerminalBackend {
    public let size: Size
    public let capability = ColorCapability.ansi256
    private let writer: AsciicastWriter
    /// How much faster than real time the session runs: reads wait that much less.
    private let timeScale: Double

    public init(size: Size, writer: AsciicastWriter, timeScale: Double = 1) {
        self.size = size
        self.writer = writer
        self.timeScale = timeScale
    }

    public func present(_ buffer: CellBuffer) { writer.record(buffer) }

    public func readKey(timeoutMilliseconds: Int) -> Key? {
        Thread.sleep(forTimeInterval: Double(timeoutMilliseconds) / 1000 / timeScale)
        return nil
    }

    public func stop() { writer.close() }
}

/// A live session recorded as it is drawn: every frame goes to the terminal and to the file.
public final class TeeRecordingBackend: TerminalBackend {
    private let inner: any TerminalBackend
    private let writer: AsciicastWriter

    public init(_ inner: any TerminalBackend, writer: AsciicastWriter) {
        self.inner = inner
        self.writer = writer
    }

    public var size: Size { inner.size }
    public var capability: ColorCapability { inner.capability }

    public func present(_ buffer: CellBuffer) {
        inner.present(buffer)
        writer.record(buffer)
    }

    public func readKey(timeoutMilliseconds: Int) -> Key? { inner.readKey(timeoutMilliseconds: timeoutMilliseconds) }

    public func stop() {
        inner.stop()
        writer.close()
    }
}
