/// Text from outside (a HAR, a request's headers and path, a file) made safe to print to a
/// terminal: every control character a terminal would act on is shown instead of sent.
///
/// C0 controls and DEL are shown in caret notation (`^[` for ESC, `^G` for BEL), C1 controls and
/// the bidirectional overrides and isolates (which reorder what a reader sees) as `\u{…}`. Line
/// feeds and tabs stay when the caller prints several lines. Everything else passes unchanged.
public enum TerminalSafeText {
    public static func make(_ text: String, keepingLines: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { needsShowing($0, keepingLines: keepingLines) }) else {
            return text
        }
        var shown = ""
        shown.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            guard needsShowing(scalar, keepingLines: keepingLines) else {
                shown.unicodeScalars.append(scalar)
                continue
            }
            shown += visible(scalar)
        }
        return shown
    }

    /// A JSON document with the characters a terminal acts on written as JSON escapes
    /// (`\u009b`, `\u202e`): the same document to a parser, and nothing raw to a terminal.
    /// (An encoder escapes C0 itself; C1, DEL and the bidirectional controls it leaves, and in a
    /// JSON document they can only be inside strings.)
    public static func escapingControls(json: String) -> String {
        guard json.unicodeScalars.contains(where: { needsShowing($0, keepingLines: true) }) else { return json }
        var escaped = ""
        for scalar in json.unicodeScalars {
            guard needsShowing(scalar, keepingLines: true) else {
                escaped.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            escaped += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return escaped
    }

    /// Whether a terminal would act on `scalar` rather than show it.
    static func needsShowing(_ scalar: Unicode.Scalar, keepingLines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepingLines
        case 0x00...0x1F, 0x7F, 0x80...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00...0x1F: "^" + String(Unicode.Scalar(UInt8(scalar.value + 0x40)))
        case 0x7F: "^?"
        default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
