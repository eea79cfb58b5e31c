/// The one escaping of text tvsim puts into HTML and XML: the mock's pages and documents (SAML,
/// V1 bodies, media tokens) and the reports it writes, so that none escapes differently.
public enum Markup {
    /// HTML text and attribute values: `&`, `<`, `>`, `"` and `'`.
    public static func escapeHTML(_ text: String) -> String { escape(text, apostrophe: true) }

    /// XML text and double-quoted attribute values: `&`, `<`, `>` and `"`. Apostrophes stay as
    /// they are, as in every XML document the mock has written.
    public static func escapeXML(_ text: String) -> String { escape(text, apostrophe: false) }

    private static func escape(_ text: String, apostrophe: Bool) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'" where apostrophe: escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
