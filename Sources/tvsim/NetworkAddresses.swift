import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The addresses by which other machines reach this one, for `tvsim serve --host` on anything but
/// loopback.
enum NetworkAddresses {
    /// Whether `host` (a `--host` value) is reachable only from this machine.
    static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased()
        return name == "localhost" || name == "::1" || name.hasPrefix("127.")
    }

    /// Whether `host` binds every interface.
    static func isWildcard(_ host: String) -> Bool { host == "0.0.0.0" || host == "::" || host == "[::]" }

    /// The IPv4 addresses of the interfaces that are up and not loopback, in the system's order.
    static func external() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        for pointer in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let entry = pointer.pointee
            guard let address = entry.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                entry.ifa_flags & UInt32(IFF_UP) != 0, entry.ifa_flags & UInt32(IFF_LOOPBACK) == 0
            else { continue }
            var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let status = getnameinfo(
                address, socklen_t(MemoryLayout<sockaddr_in>.size), &name, socklen_t(name.count), nil, 0,
                NI_NUMERICHOST)
            if status == 0 { addresses.append(String(cString: name)) }
        }
        return addresses
    }
}
