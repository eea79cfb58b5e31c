import Foundation

/// Which `Host` and `Origin` values name this server. A web page the tester opens can reach a
/// server on loopback by DNS rebinding (a name of its own that resolves to 127.0.0.1) or by a
/// cross-site request; neither carries one of these names.
struct HostCheck: Sendable {
    /// The address the server binds, and the `--allowed-host` names.
    let extraNames: Set<String>
    /// `host:port` as the server's own clients send it: every request checks it first, as is.
    let ownAuthority: String?

    init(bindHost: String?, allowedHosts: Set<String>, ownAuthority: String? = nil) {
        self.ownAuthority = ownAuthority
        var names = allowedHosts
        if let bindHost, !bindHost.isEmpty, bindHost != "0.0.0.0", bindHost != "::" {
            names.insert(bindHost.lowercased())
        }
        extraNames = names
    }

    /// Whether a `Host` header (`name[:port]`, `[v6]:port`) names this server.
    func allows(host header: String) -> Bool {
        header == ownAuthority || allows(name: Self.name(ofHost: header))
    }


    func allows(name raw: String) -> Bool {
        let name = raw.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" { return true }
        if name.hasPrefix("127."), name.split(separator: ".").count == 4,
            name.split(separator: ".").allSatisfy({ UInt8($0) != nil })
        {
            return true
        }
        return extraNames.contains(name)
    }

    /// Whether `origin` is the very origin a request was sent to: `http`, one of this server's
    /// names, and the name and port of the request's `Host`. Another port on loopback is
    /// another site (another program), as is `https` or another name for the same address.
    func isOwn(origin: String, requestHost: String?) -> Bool {
        guard let requestHost, let components = URLComponents(string: origin),
            components.scheme?.lowercased() == "http", let name = components.host?.lowercased(),
            allows(name: name)
        else { return false }
        let sentTo = Self.name(ofHost: requestHost).lowercased()
        return name.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) == sentTo
            && (components.port ?? 80) == Self.port(ofHost: requestHost)
    }

    /// The port of a `Host` header, 80 when it names none; nil when it is not a number.
    static func port(ofHost header: String) -> Int? {
        let value = header.trimmingCharacters(in: .whitespaces)
        let afterName = value.hasPrefix("[") ? value.split(separator: "]", maxSplits: 1).dropFirst().first : nil
        let rest = value.hasPrefix("[") ? afterName.map(String.init) ?? "" : value
        guard let colon = rest.lastIndex(of: ":") else { return 80 }
        return Int(rest[rest.index(after: colon)...])
    }

    /// The name part of a `Host` header.
    static func name(ofHost header: String) -> String {
        let value = header.trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("["), let close = value.firstIndex(of: "]") {
            return String(value[value.index(after: value.startIndex)..<close])
        }
        return String(value.split(separator: ":", maxSplits: 1).first ?? "")
    }
}
