import ArgumentParser
import Foundation
import PassAPI
import TerminalUI

/// `tvsim themes list|preview`.
struct Themes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the themes, or preview one.", subcommands: [List.self, Preview.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the themes: the built-in ones and those of $TVSIM_THEMES.")

        func run() throws {
            let library = ThemeLibrary.standard()
            for entry in library.available() {
                let name = entry.name.padding(toLength: 16, withPad: " ", startingAt: 0)
                let source =
                    entry.isBuiltIn
                    ? "built in, \(entry.path)"
                    : library.builtIns.contains { $0.name == entry.name }
                        ? "\(entry.path), instead of the built-in one" : entry.path
                switch Result(catching: { try entry.read() }) {
                case .success(let theme): Console.line("\(name) \(theme.description)  (\(source))")
                case .failure(let error): Console.line("\(name) BROKEN: \(error)")
                }
            }
        }
    }

    struct Preview: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a theme's roles in 256, 16 and 8 colours and monochrome.")

        @Argument(help: "A theme name or file.")
        var name: String

        func run() throws {
            let loaded = ThemeLibrary.standard().load(name)
            if let problem = loaded.problem { throw CommandFailure(problem) }
            let theme = loaded.theme
            let color = isatty(STDOUT_FILENO) == 1 && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
            Console.line("\(theme.name) — \(theme.description)  (app: \(theme.brandName))")
            Console.line("role        256 colours      16 colours       8 colours        monochrome")
            for role in Role.allCases {
                let appearance = theme.appearance(role)
                let sample = " \(role.rawValue) "
                // A page colour is shown as the UI paints it: behind the theme's text.
                let behind = Self.backgroundRoles.contains(role)
                let text = theme.appearance(.text)
                let c256 =
                    color
                    ? Self.paint(sample, appearance.c256, extended: true, behindText: behind, in: text.c256)
                    : Self.name(appearance.c256, behind: behind)
                let c16 =
                    color
                    ? Self.paint(sample, appearance.c16, extended: false, behindText: behind, in: text.c16)
                    : Self.name(appearance.c16, behind: behind)
                // Eight colours have no bright ones: what the terminal is sent for the role.
                let eight = theme.resolve(behind ? Style(.text, on: role) : Style(role, on: .background), for: .ansi8)
                let c8 = color ? Self.paint(sample, eight) : Self.describe(eight, behind: behind)
                let mono =
                    appearance.mono.isEmpty ? "plain" : appearance.mono.sorted().map(\.rawValue).joined(separator: "+")
                // The swatches are tvsim's own escape sequences; the theme file's words are made safe.
                Console.painted(
                    role.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
                        + Self.pad(c256, sample.count, color)
                        + Self.pad(c16, sample.count, color) + Self.pad(c8, sample.count, color)
                        + TerminalSafeText.make(mono, keepingLines: false))
            }
        }

        /// The roles the UI paints behind text rather than as text.
        static let backgroundRoles: Set<Role> = [.background, .surface, .selection]

        static func name(_ color: Int?, behind: Bool) -> String {
            (behind ? "bg " : "") + (color.map(String.init) ?? "default")
        }

        /// `text` in `color`; or, `behindText`, on `color` in the text role's colour `textColor`.
        static func paint(
            _ text: String, _ color: Int?, extended: Bool, behindText: Bool = false, in textColor: Int? = nil
        )
            -> String
        {
            guard let color else { return text }
            func code(_ color: Int, background: Bool) -> String {
                if extended { return "\(background ? 48 : 38);5;\(color)" }
                let base = background ? (color < 8 ? 40 : 92) : (color < 8 ? 30 : 82)
                return "\(base + color)"
            }
            let codes =
                behindText
                ? [code(color, background: true)] + (textColor.map { [code($0, background: false)] } ?? [])
                : [code(color, background: false)]
            return "\u{1B}[\(codes.joined(separator: ";"))m\(text)\u{1B}[0m"
        }

        static func paint(_ text: String, _ style: ResolvedStyle) -> String {
            var codes = style.foreground.map { ["\(30 + $0)"] } ?? []
            if let background = style.background { codes.append("\(40 + background)") }
            // Bold and dim only: the preview's colours are the cell's own.
            codes += [TextAttribute.bold, .dim].filter(style.attributes.contains).map(\.sgr)
            return codes.isEmpty ? text : "\u{1B}[\(codes.joined(separator: ";"))m\(text)\u{1B}[0m"
        }

        static func describe(_ style: ResolvedStyle, behind: Bool) -> String {
            guard behind else { return describe(style) }
            return "bg " + (style.background.map(String.init) ?? "default")
        }

        static func describe(_ style: ResolvedStyle) -> String {
            ([style.foreground.map(String.init) ?? "default"] + style.attributes.sorted().map(\.rawValue))
                .joined(separator: "+")
        }

        static func pad(_ text: String, _ visible: Int, _ colored: Bool) -> String {
            let width = colored ? visible : text.count
            return text + String(repeating: " ", count: max(1, 17 - width))
        }
    }
}
