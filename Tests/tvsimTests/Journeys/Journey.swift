import Foundation
import Testing

/// A person at the built `tvsim` in a terminal: open it, press keys, wait for what the screen
/// shows, read a cell's colour, quit. Journeys are written over this, a few lines each.
///
/// Each journey has a tmux server of its own. At most `Journey.gate.limit` run at once, so that the
/// whole suite stays within two cores without a journey waiting on a starved one.
struct Journey: Sendable {
    let session: TmuxSession
    let width: Int
    let height: Int

    /// A window's size: the journeys spread over the two a presenter and a laptop have.
    struct Window: Sendable {
        let width: Int
        let height: Int
        static let large = Window(width: 120, height: 36)
        static let small = Window(width: 80, height: 24)
    }

    /// Opens `tvsim arguments` (a device file of its own unless `deviceState` is false).
    static func open(
        _ arguments: [String] = [], window: Window = .large, term: String = "xterm-256color",
        deviceState: Bool = true, environment: [String: String] = [:]
    ) async throws -> Journey {
        await gate.enter()
        // The session gives its place back when it goes, a session that failed to start included.
        let session = try await TmuxSession.start(
            arguments: arguments, width: window.width, height: window.height, term: term, deviceState: deviceState,
            environment: environment, onEnd: { Task { await gate.leave() } })
        return Journey(session: session, width: window.width, height: window.height)
    }

    /// Plays an asciicast as a viewer does (`asciinema play`), `speed` times faster.
    static func play(cast path: String, window: Window = .large, speed: Double = 1) async throws -> Journey {
        await gate.enter()
        let session = try await TmuxSession.start(
            arguments: ["play", "-s", "\(speed)", path], width: window.width, height: window.height,
            deviceState: false, program: try OutsideTool.asciinema.require(), onEnd: { Task { await gate.leave() } })
        return Journey(session: session, width: window.width, height: window.height)
    }

    /// Presses keys by tmux's names (`Enter`, `Escape`, `Up`, `F3`, `C-c`, `k`), one after
    /// another as fingers do: after esc, a pause longer than curses' wait for an escape sequence
    /// (25 ms), or esc and the next key would read as one Alt key.
    func press(_ keys: String...) async throws {
        for key in keys {
            try await session.keys(key)
            if key == "Escape" { try await Task.sleep(for: .milliseconds(80)) }
        }
    }

    /// The way most journeys begin on a free device: the permission alert answered with Allow
    /// (`a`), then the app's home, signed out.
    func allowAccess() async throws {
        await see("Would Like Access")
        try await press("a")
        await see("› Sign in with your TV provider")
    }

    /// From a free device, Allow and then the home's sign-in: Apple's TV-provider picker.
    func openApplePicker() async throws {
        try await allowAccess()
        try await press("Enter")
        await see("⌕ Search")
    }

    /// Types `text` as it is, letter by letter (accents and all).
    func type(_ text: String) async throws {
        try await session.run(["send-keys", "-t", "s", "-l", text])
    }

    /// Waits until the screen shows `text` (up to `seconds`), recording an issue that shows the
    /// screen if it never does.
    @discardableResult
    func see(_ text: String, seconds: Double = 15, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        let seen = await session.waitFor(text, seconds: seconds)
        if !seen { Issue.record("never saw “\(text)”:\n\(session.lastScreen)", sourceLocation: sourceLocation) }
        return seen
    }

    /// Waits until the screen shows none of `text` (up to `seconds`).
    @discardableResult
    func seeNo(_ text: String, seconds: Double = 15, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if await !session.screen().contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("“\(text)” stayed on screen:\n\(session.lastScreen)", sourceLocation: sourceLocation)
        return false
    }

    /// The screen now, as text.
    var screen: String { get async { await session.screen() } }

    /// The screen's rows with each cell's style.
    func styledRows() async throws -> [[StyledCell]] {
        let raw = try await session.run(["capture-pane", "-p", "-e", "-t", "s"])
        return raw.split(separator: "\n", omittingEmptySubsequences: false).map { StyledCell.parse(String($0)) }
    }

    /// The style of the first letter of the first place the screen shows `text`.
    func style(of text: String) async throws -> CellStyle? {
        let wanted = Array(text)
        for row in try await styledRows() {
            let letters = row.map(\.character)
            guard wanted.count <= letters.count else { continue }
            for start in 0...(letters.count - wanted.count) where Array(letters[start..<start + wanted.count]) == wanted
            {
                return row[start].style
            }
        }
        return nil
    }

    func resize(_ width: Int, _ height: Int) async throws { try await session.resize(width, height) }

    /// Quits with `q` (or the keys given) and checks that tvsim exited with `status` and left
    /// the terminal as it found it.
    func quit(
        with keys: [String] = ["q"], status: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for key in keys { try await session.keys(key) }
        await see("EXITED \(status)", sourceLocation: sourceLocation)
        #expect(TmuxSession.restored(session.sttyAfterExit), "\(session.sttyAfterExit)", sourceLocation: sourceLocation)
    }

    /// How many journeys run at once.
    static let gate = Gate(limit: 2)

    /// A counting semaphore for journeys and for the other tests that run `tvsim` as a whole:
    /// `enter` waits for a free place, first come first served. A test that times a session
    /// (`tvsim record`'s pace) takes every place, and so runs with no other `tvsim` beside it.
    actor Gate {
        let limit: Int
        private var running = 0
        private var waiting: [(places: Int, continuation: CheckedContinuation<Void, Never>)] = []

        init(limit: Int) { self.limit = limit }

        func enter(places: Int = 1) async {
            if waiting.isEmpty, running + places <= limit {
                running += places
                return
            }
            await withCheckedContinuation { waiting.append((places, $0)) }
        }

        func leave(places: Int = 1) {
            running -= places
            while let next = waiting.first, running + next.places <= limit {
                waiting.removeFirst()
                running += next.places
                next.continuation.resume()
            }
        }

        /// Runs `body` in one place, as a journey runs: a timed test does not run beside it.
        func besideOthers<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
            await enter()
            defer { leave() }
            return try await body()
        }

        /// Runs `body` with no journey beside it.
        func alone<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
            await enter(places: limit)
            defer { leave(places: limit) }
            return try await body()
        }
    }
}

/// How a cell is drawn, as tmux reports it (SGR).
struct CellStyle: Equatable, Sendable, CustomStringConvertible {
    /// Colours as SGR spells them: `1` (red of 8), `9` (bright red), `196` (of 256), nil (default).
    var foreground: Int?
    var background: Int?
    var bold = false
    var reverse = false
    var dim = false
    var underline = false

    var description: String {
        "fg \(foreground.map(String.init) ?? "default") bg \(background.map(String.init) ?? "default")"
            + (bold ? " bold" : "") + (reverse ? " reverse" : "") + (dim ? " dim" : "")
    }

    /// Whether the colour is one of the reds (of 8, 16 or 256 colours).
    static func isRed(_ colour: Int?) -> Bool {
        guard let colour else { return false }
        return [1, 9, 124, 160, 196, 197, 203, 88, 52, 161, 167, 203, 204, 209].contains(colour)
    }

    mutating func apply(_ parameters: [Int]) {
        var index = 0
        let codes = parameters.isEmpty ? [0] : parameters
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: self = CellStyle()
            case 1: bold = true
            case 2: dim = true
            case 4: underline = true
            case 7: reverse = true
            case 22: bold = false; dim = false
            case 24: underline = false
            case 27: reverse = false
            case 30...37: foreground = code - 30
            case 90...97: foreground = code - 90 + 8
            case 39: foreground = nil
            case 40...47: background = code - 40
            case 100...107: background = code - 100 + 8
            case 49: background = nil
            case 38, 48:
                // 38;5;n (256 colours); 38;2;r;g;b (true colour, kept as a packed value).
                var colour: Int?
                if index + 2 < codes.count, codes[index + 1] == 5 {
                    colour = codes[index + 2]
                    index += 2
                } else if index + 4 < codes.count, codes[index + 1] == 2 {
                    colour = 1_000 + (codes[index + 2] << 16 | codes[index + 3] << 8 | codes[index + 4])
                    index += 4
                }
                if code == 38 { foreground = colour } else { background = colour }
            default: break
            }
            index += 1
        }
    }
}

/// A character on screen and its style.
struct StyledCell: Sendable {
    let character: Character
    let style: CellStyle

    /// One row of `capture-pane -e`: its text, with the SGR sequences taken as styles.
    static func parse(_ line: String) -> [StyledCell] {
        var cells: [StyledCell] = []
        var style = CellStyle()
        var characters = line.makeIterator()
        while let character = characters.next() {
            guard character == "\u{1B}" else {
                cells.append(StyledCell(character: character, style: style))
                continue
            }
            guard characters.next() == "[" else { continue }
            var parameters = ""
            while let next = characters.next() {
                if next.isLetter {
                    if next == "m" { style.apply(parameters.split(separator: ";").map { Int($0) ?? 0 }) }
                    break
                }
                parameters.append(next)
            }
        }
        return cells
    }
}
