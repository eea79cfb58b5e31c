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

    /// Whether an `Origin` (`scheme://host[:port]`) is this server itself; `null` never is.
    func allows(origin: String) -> Bool {
        guard let host = URLComponents(string: origin)?.host, !host.isEmpty else { return false }
        return allows(name: host)
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

    /// The name part of a `Host` header.
    static func name(ofHost header: String) -> String {
        let value = header.trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("["), let close = value.firstIndex(of: "]") {
            return String(value[value.index(after: value.startIndex)..<close])
        }
        return String(value.split(separator: ":", maxSplits: 1).first ?? "")
    }
}
