import CNCurses
import Foundation

/// The real terminal, through ncursesw. Every call happens on the thread that created it.
public final class CursesBackend: TerminalBackend {
    public private(set) var size: Size
    public let capability: ColorCapability
    private let theme: Theme
    private var previous: CellBuffer?
    private var pairs: [Pair: Int32] = [:]
    private var stopped = false

    private struct Pair: Hashable {
        let foreground: Int
        let background: Int
    }

    /// Initializes curses: locale first, `ESCDELAY` 25 ms unless the user set it, keypad, no echo,
    /// no cursor, colours when the terminal has them.
    public init(theme: Theme, environment: [String: String] = ProcessInfo.processInfo.environment) {
        setlocale(LC_ALL, "")
        if environment["ESCDELAY"] == nil { set_escdelay(25) }
        initscr()
        cbreak()
        noecho()
        nonl()
        keypad(tvs_stdscr(), true)
        Self.defineHomeAndEnd()
        curs_set(0)
        let hasColors = has_colors()
        if hasColors {
            start_color()
            use_default_colors()
        }
        capability = ColorCapability.detect(environment: environment, hasColors: hasColors, colors: Int(tvs_colors()))
        self.theme = theme
        size = Size(width: Int(tvs_cols()), height: Int(tvs_lines()))
        TerminalRestore.shared.armed = true
    }

    /// Whether this system's terminfo describes the terminal type `name` (checked before curses
    /// starts, so that an unknown `TERM` is refused with advice instead of curses' bare exit).
    public static func knowsTerminal(_ name: String) -> Bool { tvs_terminal_known(name) != 0 }

    public func present(_ buffer: CellBuffer) {
        if buffer.size != previous?.size { erase() }
        for run in buffer.changes(since: previous) {
            _ = tvs_attrset(attributes(for: run.style))
            _ = tvs_mvaddstr(Int32(run.y), Int32(run.x), run.text)
        }
        refresh()
        previous = buffer
    }

    /// Escapes read together with an earlier one, each still to be given as a key.
    private var queuedEscapes = 0

    public func readKey(timeoutMilliseconds: Int) -> Key? {
        if queuedEscapes > 0 {
            queuedEscapes -= 1
            return .escape
        }
        timeout(Int32(timeoutMilliseconds))
        var character: UInt32 = 0
        let result = tvs_get_wch(&character)
        if result == tvs_err() { return nil }
        if result == tvs_key_code_yes() {
            let key = Self.functionKey(Int32(character))
            if key == .resize {
                size = Size(width: Int(tvs_cols()), height: Int(tvs_lines()))
                previous = nil
            }
            return key
        }
        let key = Self.characterKey(character)
        if key == .escape {
            switch drainAfterEscape() {
            case .nothing: break
            case .escapes(let count): queuedEscapes = count
            case .unknownSequence: return nil
            }
        }
        if key == .controlL { repaintAll() }
        return key
    }

    /// Home and End as the terminals in use send them, whatever TERM claims: inside tmux or
    /// screen with TERM=xterm-256color the keys arrive as `ESC [1~` and `ESC [4~`, which xterm's
    /// terminfo does not list, and would otherwise be dropped as unknown sequences.
    private static func defineHomeAndEnd() {
        let sequences: [(String, Int32)] = [
            ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME),
            ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END), ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END),
        ]
        for (sequence, key) in sequences { _ = define_key(sequence, key) }
    }

    /// What followed an escape at once: nothing (Esc), more escapes (Esc pressed again quickly,
    /// each its own key), or other bytes: a key sequence curses did not recognise (a TERM that
    /// does not match the terminal), whose bytes must not act as Esc plus letters.
    enum AfterEscape: Equatable {
        case nothing
        case escapes(Int)
        case unknownSequence
    }

    private func drainAfterEscape() -> AfterEscape {
        timeout(0)
        var pending: [UInt32] = []
        var character: UInt32 = 0
        while tvs_get_wch(&character) != tvs_err() { pending.append(character) }
        return Self.afterEscape(pending)
    }

    static func afterEscape(_ pending: [UInt32]) -> AfterEscape {
        if pending.isEmpty { return .nothing }
        return pending.allSatisfy { $0 == 27 } ? .escapes(pending.count) : .unknownSequence
    }

    /// Ctrl-L: forget what curses believes is on screen, so the next frame rewrites every cell
    /// (and text another program wrote into the terminal disappears).
    private func repaintAll() {
        clearok(tvs_stdscr(), true)
        previous = nil
    }

    public func stop() {
        guard !stopped else { return }
        stopped = true
        TerminalRestore.shared.restore()
    }

    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_NPAGE: .pageDown
        case KEY_PPAGE: .pageUp
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_ENTER: .enter
        case KEY_BTAB: .backTab
        case KEY_RESIZE: .resize
        case tvs_key_f(1)...tvs_key_f(12): .function(Int(code - tvs_key_f(0)))
        default: nil
        }
    }

    static func characterKey(_ value: UInt32) -> Key? {
        switch value {
        case 10, 13: return .enter
        case 27: return .escape
        case 9: return .tab
        case 8, 127: return .backspace
        case 12: return .controlL
        default:
            guard let scalar = Unicode.Scalar(value), value >= 0x20 else { return nil }
            return .character(Character(scalar))
        }
    }

    // MARK: Colours

    private func attributes(for style: Style) -> Int32 {
        let resolved = theme.resolve(style, for: capability)
        var attributes = tvs_attr_normal()
        if capability != .mono {
            attributes |= tvs_color_pair(pair(resolved.foreground ?? -1, resolved.background ?? -1))
        }
        let flags = resolved.attributes
        if flags.contains(.bold) { attributes |= tvs_attr_bold() }
        if flags.contains(.reverse) { attributes |= tvs_attr_reverse() }
        if flags.contains(.underline) { attributes |= tvs_attr_underline() }
        if flags.contains(.dim) { attributes |= tvs_attr_dim() }
        return attributes
    }

    /// Colour pairs are made on first use and capped at what the terminal offers.
    private func pair(_ foreground: Int, _ background: Int) -> Int32 {
        let key = Pair(foreground: foreground, background: background)
        if let existing = pairs[key] { return existing }
        let next = Int32(pairs.count + 1)
        guard next < tvs_color_pairs() else { return 0 }
        init_pair(Int16(next), Int16(foreground), Int16(background))
        pairs[key] = next
        return next
    }
}
