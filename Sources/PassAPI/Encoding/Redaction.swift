import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Hides secrets in anything tvsim shows or records (journal, timeline, `--json` output):
/// client secrets, tokens, passwords, authorization codes, SAML artifacts and signatures. A
/// hidden value leaves only the marker: no part of a secret is kept.
public enum Redaction {
    public static let marker = "‹redacted›"

    /// Field names whose values are secrets, in forms, query strings and JSON.
    public static let secretFields: Set<String> = [
        "client_secret", "password", "access_token", "refresh_token", "providersessiontoken", "clientsecret",
        "accesstoken", "refreshtoken", "device_code", "samlart", "relaystate", "token", "serializedtoken",
        // RFC 8628's user code signs a device in as surely as a password, for as long as it lives.
        "user_code",
    ]

    /// Names that are secrets only in an OAuth exchange (a form with `grant_type`, a redirect
    /// back to the app): elsewhere `code` is a registration code the user is meant to read.
    static let oauthSecretFields: Set<String> = ["code"]

    /// JSON members holding a SAML document (XML or Base64 of it) whose signature is hidden.
    static let samlFields: Set<String> = ["samlResponse", "SAMLResponse", "saml", "verificationToken"]

    /// JSON objects whose `request` member is a SAML document: the AuthnRequest that
    /// `sessions/sso/Apple` hands out for the partner framework.
    static let samlRequestHolders: Set<String> = ["authenticationRequest"]

    public static func isSecretField(_ name: String) -> Bool {
        secretFields.contains(name.lowercased())
    }

    /// A header value with secrets hidden. Only headers known to carry nothing secret keep their
    /// value; any other (`X-Api-Key`, `Adobe-Subject-Token`, a header nobody here knows) keeps
    /// only its name. Credentials keep their scheme, cookies their names, and addresses
    /// (`Location`, `Referer`: the mock's pages carry relay states and codes in theirs) their
    /// parameters but the secret ones.
    public static func header(name: String, value: String) -> String {
        let name = name.lowercased()
        switch name {
        case "authorization", "proxy-authorization": return authorization(value)
        case "location", "referer", "content-location": return redirect(value)
        case "cookie": return cookieNames(value, separator: ";")
        case "set-cookie": return setCookie(value)
        default:
            let shown =
                shownHeaders.contains(name) || name.hasPrefix("access-control-") || name.hasPrefix("sec-fetch-")
                || name.hasPrefix("sec-ch-")
            return shown ? value : marker
        }
    }

    /// Headers whose values are shown: the standard ones that describe a message, a connection
    /// or a client, and the Adobe Pass ones that identify a device or describe the platform.
    /// `AP-TempPass-Identity` (an e-mail address) and the single sign-on tokens are not here.
    static let shownHeaders: Set<String> = [
        "accept", "accept-charset", "accept-encoding", "accept-language", "accept-ranges", "age", "allow",
        "cache-control", "connection", "content-encoding", "content-language", "content-length", "content-range",
        "content-security-policy", "content-type", "cross-origin-opener-policy", "cross-origin-resource-policy",
        "date", "dnt", "etag", "expect", "expires", "forwarded", "host", "if-match", "if-modified-since",
        "if-none-match", "if-range", "if-unmodified-since", "keep-alive", "last-modified", "origin",
        "permissions-policy", "pragma", "priority", "range", "referrer-policy", "retry-after", "server",
        "strict-transport-security", "te", "trailer", "transfer-encoding", "upgrade", "upgrade-insecure-requests",
        "user-agent", "vary", "via", "www-authenticate", "x-content-type-options", "x-forwarded-for",
        "x-forwarded-host", "x-forwarded-proto", "x-frame-options", "x-request-id", "x-requested-with",
        "ap-device-identifier", "x-device-info", "ap-partner-framework-status", "ap-visitor-identifier",
        "ap-sdk-identifier", "adobe-request-id", "adobe-response-confidence", "x-tvsim-fault",
    ]

    /// `a=1; b=2` as `a=‹redacted›; b=‹redacted›`: which cookies came, none of their values.
    private static func cookieNames(_ value: String, separator: Character) -> String {
        value.split(separator: separator, omittingEmptySubsequences: false).map { pair in
            let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return "\(name)=\(marker)"
        }.joined(separator: "\(separator)")
    }

    /// A `Set-Cookie` value without the cookie's value; its attributes (`Path`, `HttpOnly`) stay.
    private static func setCookie(_ value: String) -> String {
        guard let end = value.firstIndex(of: ";") else { return cookieNames(value, separator: ";") }
        return cookieNames(String(value[..<end]), separator: ";") + value[end...]
    }

    /// The scheme stays (`Bearer`, `Basic`); the credentials go whole: the end of a Basic value
    /// is the end of the password.
    private static func authorization(_ value: String) -> String {
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return marker }
        return "\(parts[0]) \(marker)"
    }

    /// A URL-encoded form or query string with secret values hidden and SAML signatures removed.
    /// `oauth` hides an authorization code too; a form that carries `grant_type` is one.
    public static func formEncoded(_ text: String, oauth: Bool = false) -> String {
        let pairs = text.split(separator: "&", omittingEmptySubsequences: false)
        let oauth = oauth || pairs.contains { $0.hasPrefix("grant_type=") }
        return pairs.map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return String(pair) }
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            if isSecretField(name) || (oauth && oauthSecretFields.contains(name)) { return "\(parts[0])=\(marker)" }
            if name == "SAMLResponse",
                let value = String(parts[1]).replacingOccurrences(of: "+", with: " ")
                    .removingPercentEncoding
            {
                return
                    "\(parts[0])=\(samlResponseBase64(value).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
            }
            return String(pair)
        }.joined(separator: "&")
    }

    /// A URL with secret query parameters hidden.
    public static func url(_ text: String) -> String {
        url(text, oauth: false)
    }

    /// A redirect's target: where an identity provider sends the authorization code.
    public static func redirect(_ text: String) -> String {
        url(text, oauth: true)
    }

    private static func url(_ text: String, oauth: Bool) -> String {
        guard let question = text.firstIndex(of: "?") else { return text }
        return String(text[..<question]) + "?"
            + formEncoded(String(text[text.index(after: question)...]), oauth: oauth)
    }

    /// A JSON document with secret members hidden; non-JSON text is returned unchanged.
    public static func json(_ data: Data) -> Data {
        // Most documents hold no secret member: they need no parsing and re-encoding, which is
        // what every recorded exchange would otherwise pay.
        guard mayHoldSecretMember(data) else { return data }
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return data
        }
        var changed = false
        let cleaned = redactJSON(object, changed: &changed)
        // Nothing hidden: the document stays as it came, byte for byte.
        guard changed else { return data }
        return (try? JSONSerialization.data(withJSONObject: cleaned, options: [.sortedKeys, .fragmentsAllowed])) ?? data
    }

    /// Member names are compared case-insensitively, so this reads every quoted string of the
    /// document, lowercased, against the secret and SAML field names, in one pass over the bytes
    /// (every recorded exchange pays for it). A name may be written with escapes
    /// (`"p\u0061ssword"`) or in letters that lowercase to ASCII ones (the Kelvin sign): a
    /// document with any escape, or a non-ASCII byte in a short string, is parsed, and its
    /// members judged by their decoded names.
    static func mayHoldSecretMember(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): return true
                case UInt8(ascii: "\""):
                    var end = index + 1
                    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") {
                        end += 1
                    }
                    guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return end < bytes.count }
                    if isMemberName(bytes[(index + 1)..<end]) { return true }
                    index = end + 1
                default: index += 1
                }
            }
            return false
        }
    }

    /// Whether the bytes of a quoted string may name a secret or SAML member: equal to one once
    /// lowercased, or short and not ASCII (then only a parse can tell). Compared in place, since
    /// a configuration holds hundreds of strings.
    private static func isMemberName(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard bytes.count <= longestMemberName * 3 else { return false }
        if bytes.contains(where: { $0 >= 0x80 }) { return true }
        guard let names = lowercasedMemberNames[bytes.count] else { return false }
        return names.contains { name in
            zip(name, bytes).allSatisfy { expected, byte in
                expected == (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
            }
        }
    }

    /// The secret and SAML member names, lowercased, by their length in bytes.
    private static let lowercasedMemberNames = Dictionary(
        grouping: (secretFields.union(samlFields).union(samlRequestHolders).map { $0.lowercased() }).map {
            Array($0.utf8)
        },
        by: \.count)

    /// A letter that lowercases to ASCII takes at most three bytes, so no string longer than three
    /// times the longest name can be one.
    private static let longestMemberName = lowercasedMemberNames.keys.max() ?? 0

    /// A secret's value is hidden; a secret's name holding an object or a list (a decision's
    /// `token`, whose `notBefore` and `notAfter` are not secret) is searched like any other, so
    /// only what is secret inside it goes. `changed` says whether anything went.
    private static func redactJSON(_ value: Any, changed: inout Bool) -> Any {
        if let object = value as? [String: Any] {
            var copy: [String: Any] = [:]
            for (key, member) in object {
                if isSecretField(key), !(member is [String: Any] || member is [Any]) {
                    copy[key] = marker
                    changed = true
                } else if samlFields.contains(key), let text = member as? String {
                    copy[key] = samlDocumentRedacted(text)
                    changed = changed || copy[key] as? String != text
                } else if samlRequestHolders.contains(key),
                    var holder = redactJSON(member, changed: &changed) as? [String: Any]
                {
                    if let request = holder["request"] as? String {
                        holder["request"] = samlDocumentRedacted(request)
                        changed = changed || holder["request"] as? String != request
                    }
                    copy[key] = holder
                } else if let text = member as? String, let nested = jsonInString(text) {
                    // JSON carried as a string (a payload, a state) is searched like the rest.
                    var nestedChanged = false
                    let cleaned = redactJSON(nested, changed: &nestedChanged)
                    copy[key] =
                        nestedChanged
                        ? (try? JSONSerialization.data(withJSONObject: cleaned, options: [.sortedKeys]))
                            .map { String(decoding: $0, as: UTF8.self) } ?? marker : text
                    changed = changed || nestedChanged
                } else {
                    copy[key] = redactJSON(member, changed: &changed)
                }
            }
            return copy
        }
        if let array = value as? [Any] { return array.map { redactJSON($0, changed: &changed) } }
        return value
    }

    /// The object or array a string holds as JSON text, if it does.
    private static func jsonInString(_ text: String) -> Any? {
        guard let first = text.first(where: { !$0.isWhitespace }), first == "{" || first == "[" else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// Removes the content of `SignatureValue` elements from a SAML XML document.
    public static func samlSignatureRemoved(_ xml: String) -> String {
        xml.replacingOccurrences(
            of: #"(<(?:ds:)?SignatureValue>)[^<]*(</(?:ds:)?SignatureValue>)"#, with: "$1\(marker)$2",
            options: .regularExpression)
    }

    /// A SAML document as apps pass it around, raw XML or Base64, with its signature removed
    /// and its encoding kept.
    public static func samlDocumentRedacted(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("<")
            ? samlSignatureRemoved(text) : samlResponseBase64(text)
    }

    /// A Base64 SAML response with its signature removed (still Base64).
    public static func samlResponseBase64(_ base64: String) -> String {
        guard let data = Base64.decode(base64) else { return base64 }
        return Base64.encode(samlSignatureRemoved(String(decoding: data, as: UTF8.self)))
    }

    /// A body with secrets hidden, read by its declared type: HTML and XML as such; JSON as JSON
    /// when it is JSON; anything else (a form, no type, a wrong type, JSON that does not parse)
    /// as a form too, after its JSON members if it parses as JSON. The first byte decides
    /// nothing, so a form that starts with `{` or `[` still has its secrets hidden. Multipart
    /// form fields are hidden by their names whatever the declared type.
    public static func body(_ data: Data, contentType: String?) -> Data {
        multipartFieldsRedacted(typedBody(data, contentType: contentType))
    }

    private static func typedBody(_ data: Data, contentType: String?) -> Data {
        let type = contentType?.lowercased() ?? ""
        // A markup type on a body without markup is a wrong type: read like an untyped body.
        let markup = data.contains(UInt8(ascii: "<"))
        if type.contains("html"), markup { return Data(html(String(decoding: data, as: UTF8.self)).utf8) }
        if type.contains("xml"), markup {
            let unsigned = samlSignatureRemoved(String(decoding: data, as: UTF8.self))
            return Data((xmlElementsRedacted(unsigned) ?? secretPairsMasked(unsigned)).utf8)
        }
        // A body that is nothing but Base64 of an XML document: REST API V1 hands out its
        // AuthnRequest so (`profile-request`, application/octet-stream).
        if isBase64Text(data), let xml = Base64.decode(String(decoding: data, as: UTF8.self)),
            xml.first == UInt8(ascii: "<")
        {
            return Data(samlResponseBase64(String(decoding: data, as: UTF8.self)).utf8)
        }
        let members = json(data)
        if members != data { return members }
        // The hot path: every answer the serve log shows is JSON naming no secret member and
        // holding no form pair, which byte scans tell without reading the text again.
        if type.contains("json"), !data.contains(UInt8(ascii: "=")), !mayHoldSecretMember(data) { return data }
        let text = String(decoding: data, as: UTF8.self)
        guard mayNameASecret(text) else { return data }
        if type.contains("json"), isJSON(data) { return data }
        return Data(secretPairsMasked(formEncoded(text)).utf8)
    }

    /// `multipart/form-data` parts (RFC 7578) whose field name is a secret's, with their content
    /// hidden. Only a body that holds a part header is read again.
    static func multipartFieldsRedacted(_ data: Data) -> Data {
        guard mayHoldFormData(data) else { return data }
        let text = String(decoding: data, as: UTF8.self)
        let part =
            /(?i)(content-disposition:[ \t]*form-data;[^\r\n]*?\bname="?)([^";\r\n]+)("?[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([\s\S]*?)(\r?\n--)/
            .matchingSemantics(.unicodeScalar)  // CR LF is one Character; the parts need its two bytes.
        let redacted = text.replacing(part) { match -> String in
            let name = String(match.2)
            let content = isSecretField(name) ? marker : String(match.4)
            return String(match.1) + name + String(match.3) + content + String(match.5)
        }
        return Data(redacted.utf8)
    }

    /// Whether `-data` appears in any letter case (`form-data`), in one pass over the bytes: every
    /// recorded exchange pays for it, and almost none holds a multipart part.
    private static func mayHoldFormData(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard bytes.count >= 5 else { return false }
            for index in 0...(bytes.count - 5) where bytes[index] == UInt8(ascii: "-") {
                // ASCII letters lower-case with 0x20.
                if bytes[index + 1] | 0x20 == UInt8(ascii: "d"), bytes[index + 2] | 0x20 == UInt8(ascii: "a"),
                    bytes[index + 3] | 0x20 == UInt8(ascii: "t"), bytes[index + 4] | 0x20 == UInt8(ascii: "a")
                {
                    return true
                }
            }
            return false
        }
    }

    /// Only Base64 characters (either alphabet, with padding), and enough of them to hold a
    /// document: a form or a JSON text never passes.
    private static func isBase64Text(_ data: Data) -> Bool {
        data.count >= 64
            && data.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "-"),
                    UInt8(ascii: "_"), UInt8(ascii: "="):
                    true
                default: false
                }
            }
    }

    private static func isJSON(_ data: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
    }

    /// HTML pages mark secrets they display (demo passwords) with `class="secret"`; a link's
    /// target is a redirect, whose authorization code or artifact is hidden as in `Location`;
    /// a form's hidden inputs carry what a redirect would (a relay state, a SAML response).
    public static func html(_ text: String) -> String {
        var marked = text.replacingOccurrences(
            of: #"(<code class="secret">)[^<]*(</code>)"#, with: "$1\(marker)$2", options: .regularExpression)
        if marked.contains("href=\"") {
            marked = marked.replacing(/href="([^"]*)"/) { match in
                let target = String(match.1).replacingOccurrences(of: "&amp;", with: "&")
                return "href=\"" + redirect(target).replacingOccurrences(of: "&", with: "&amp;") + "\""
            }
        }
        guard marked.contains("<input") else { return marked }
        return marked.replacing(/<input\b[^>]*>/) { match in input(String(match.0)) }
    }

    /// An `<input>` tag with its value hidden when its name is a secret's, as a form field of a
    /// redirect would be, and a SAML response's signature removed.
    private static func input(_ tag: String) -> String {
        guard let name = tag.firstMatch(of: /\bname="([^"]*)"/).map({ String($0.1) }),
            let value = tag.firstMatch(of: /\bvalue="([^"]*)"/)
        else { return tag }
        let hidden: String
        if isSecretField(name) || oauthSecretFields.contains(name) {
            hidden = marker
        } else if samlFields.contains(name) {
            hidden = samlResponseBase64(String(value.1))
        } else {
            return tag
        }
        return tag.replacingCharacters(in: value.range, with: "value=\"\(hidden)\"")
    }

    // MARK: Bodies that do not parse

    /// Every name whose value may be hidden, lowercased: what a body must mention to need more
    /// than a glance.
    private static let namesHidden = secretFields.union(oauthSecretFields).union(samlFields.map { $0.lowercased() })

    private static func mayNameASecret(_ text: String) -> Bool {
        let lowercased = text.lowercased()
        return namesHidden.contains { lowercased.contains($0) }
    }

    /// Secret-looking pairs masked in text that did not parse as what it claims to be: a JSON
    /// member (`"password": "x"`), an element (`<password>x`), a form or header pair
    /// (`password=x`, `password: x`). Names are matched in any letter case.
    public static func secretPairsMasked(_ text: String) -> String {
        guard mayNameASecret(text) else { return text }
        return secretPairPatterns.reduce(text) { text, pattern in
            pattern.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$1\(marker)")
        }
    }

    private static let secretPairPatterns: [NSRegularExpression] = {
        let names = secretFields.sorted().map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        return [
            #"("(?:\#(names))"\s*:\s*)(?:"(?:[^"\\]|\\.)*"?|[^,}\]\s]+)"#,
            #"(<(?:[\w.-]+:)?(?:\#(names))\b[^>]*>)[^<]*"#,
            #"((?:^|[\s&;?,{(])(?:\#(names))\s*[=:]\s*)[^\s&;,"'<>}]+"#,
        ].map { try! NSRegularExpression(pattern: $0, options: [.caseInsensitive]) }
    }()

    // MARK: XML

    /// An XML document with the text of elements named like secrets (`<client_secret>`,
    /// `<ns:password>`) hidden, read with a parser. The document comes back as it was when it
    /// holds no such element, rewritten from what the parser read when it does, and nil when it
    /// is not well-formed.
    public static func xmlElementsRedacted(_ xml: String) -> String? {
        let parser = XMLParser(data: Data(xml.utf8))
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let writer = RedactingXMLWriter()
        parser.delegate = writer
        guard parser.parse(), !writer.tooDeep else { return nil }
        guard writer.hidSomething else { return xml }
        let declaration = xml.hasPrefix("<?xml") ? #"<?xml version="1.0" encoding="UTF-8"?>"# : ""
        return declaration + writer.output
    }
}

/// Writes back what `XMLParser` reads, with the text inside secret elements hidden.
private final class RedactingXMLWriter: NSObject, XMLParserDelegate {
    private(set) var output = ""
    private(set) var hidSomething = false
    private(set) var tooDeep = false
    private var depth = 0
    /// The depth of the outermost secret element open, if any: everything inside it is hidden.
    private var secretDepth: Int?
    private var hiddenInElement = false

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        depth += 1
        // A document nested deeper than any a client sends is not rewritten; the masks apply.
        guard depth <= 256 else {
            tooDeep = true
            return parser.abortParsing()
        }
        let name = qualifiedName ?? elementName
        let local = name.split(separator: ":").last.map(String.init) ?? name
        if secretDepth == nil, Redaction.isSecretField(local) {
            secretDepth = depth
            hiddenInElement = false
        }
        let attributeText = attributes.sorted { $0.key < $1.key }.map {
            " \($0.key)=\"\(Self.escaped($0.value, quotes: true))\""
        }
        output += "<\(name)\(attributeText.joined())>"
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        write(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        write(String(decoding: CDATABlock, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, foundComment comment: String) {
        if secretDepth == nil { output += "<!--\(comment)-->" }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        output += "</\(qualifiedName ?? elementName)>"
        if secretDepth == depth { secretDepth = nil }
        depth -= 1
    }

    private func write(_ text: String) {
        guard secretDepth != nil else { return output += Self.escaped(text, quotes: false) }
        guard !hiddenInElement, !text.allSatisfy(\.isWhitespace) else { return }
        hiddenInElement = true
        hidSomething = true
        output += Redaction.marker
    }

    private static func escaped(_ text: String, quotes: Bool) -> String {
        var escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        if quotes { escaped = escaped.replacingOccurrences(of: "\"", with: "&quot;") }
        return escaped
    }
}
