import Foundation
import MockBackendAPI

/// Where the mock may send a browser, or tell an app to send one, after a sign-in or sign-out:
/// the requestor's registered redirect URIs, pages on its registered domains, and the app's
/// own custom schemes. Anything else would make the mock an open redirect that a link in a mail
/// could use to carry a user from a trusted address to any site.
enum RedirectPolicy {
    /// Schemes a page must never send a browser to.
    static let forbiddenSchemes: Set<String> = ["javascript", "data", "vbscript", "file", "blob", "about"]

    /// Schemes that are not an app's own: they open a site, a local resource or another system
    /// handler (an Android `intent:` may carry a web fallback). A scheme outside this list, such
    /// as `adbe.orbit`, `myapp` or the SDK's `adobepass` (seed 001: `adobepass://ios.app`), can
    /// only open the app that registered it on the device.
    static let standardSchemes: Set<String> = forbiddenSchemes.union([
        "http", "https", "ftp", "ftps", "sftp", "ws", "wss", "ssh", "telnet", "gopher", "ldap", "ldaps", "news",
        "nntp", "irc", "mailto", "tel", "sms", "intent", "chrome", "view-source", "filesystem", "jar", "content",
    ])

    /// Why `target` is not a place this requestor's users may be sent, or nil when it is.
    static func problem(with target: String, for requestor: RequestorSettings) -> String? {
        if let problem = syntaxProblem(target) { return problem }
        if requestor.redirectUris.contains(target) { return nil }
        guard let url = URL(string: target), let scheme = url.scheme?.lowercased() else {
            return "is not an absolute URL"
        }
        if ["http", "https"].contains(scheme) {
            let host = (url.host ?? "").lowercased()
            if requestor.domains.contains(where: { host == $0.lowercased() || host.hasSuffix("." + $0.lowercased()) }) {
                return nil
            }
            return "is not on a domain registered for \(requestor.id) (\(requestor.domains.joined(separator: ", ")))"
        }
        if !standardSchemes.contains(scheme) { return nil }
        return "uses '\(scheme):', which is neither http(s) on a registered domain nor an app's custom scheme "
            + "(such as adbe.orbit:// or the SDK's adobepass://)"
    }

    /// `redirect_url` of a page the browser opened, when `RedirectPolicy` lets the requestor's
    /// users go there; an unknown requestor sends nobody anywhere.
    static func pageRedirect(_ value: String?, for requestor: RequestorSettings?, title: String) throws -> String? {
        guard let value, !value.isEmpty else { return nil }
        let refusal =
            requestor.map { problem(with: value, for: $0) } ?? "cannot be checked: the requestor is unknown"
        guard let refusal else { return value }
        throw PageFailure(
            status: 400, title: title, message: "The redirect_url '\(value)' \(refusal).",
            code: .invalidParameterRedirectUrl)
    }

    /// Why `target` is not an absolute URL a browser may be sent to, whoever asks: control
    /// characters (CR LF would split the `Location` header), spaces, no scheme, a script or
    /// local scheme, or http(s) without a host.
    static func syntaxProblem(_ target: String) -> String? {
        if target.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) {
            return "contains spaces or control characters"
        }
        // Strict parsing: raw characters that need escaping are refused, not re-encoded.
        guard let url = URL(string: target, encodingInvalidCharacters: false), let scheme = url.scheme?.lowercased()
        else { return "is not an absolute URL" }
        if forbiddenSchemes.contains(scheme) { return "uses a scheme a browser must not open" }
        if ["http", "https"].contains(scheme), (url.host ?? "").isEmpty { return "has no host" }
        return nil
    }
}
