import Foundation

/// What an app does to the partner framework's SAML response before sending it to Adobe Pass:
/// collapse runs of spaces and tabs, drop line breaks, trim, then Base64. (The form encoding
/// that follows URL-encodes the result once.)
public enum SAMLResponseEncoding {
    public static func cleaned(_ xml: String) -> String {
        xml.replacingOccurrences(of: "[ \\t]+", with: " ", options: .regularExpression)
            .components(separatedBy: .newlines).joined()
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public static func encoded(_ xml: String) -> String {
        Base64.encode(cleaned(xml))
    }
}
