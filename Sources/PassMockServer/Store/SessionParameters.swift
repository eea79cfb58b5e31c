import PassAPI

/// The parameters of an authentication session (MVPD, domain, redirect URL), held as three
/// fields: a session keeps them for its whole life, and a dictionary would cost an allocation
/// of its own in each of the store's tens of thousands of sessions.
struct SessionParameters: Sendable, Equatable, Sequence {
    private var mvpd: String?
    private var domainName: String?
    private var redirectUrl: String?

    init(_ values: [SessionParameter: String] = [:]) {
        for (name, value) in values { self[name] = value }
    }

    subscript(_ name: SessionParameter) -> String? {
        get {
            switch name {
            case .mvpd: mvpd
            case .domainName: domainName
            case .redirectUrl: redirectUrl
            }
        }
        set {
            switch name {
            case .mvpd: mvpd = newValue
            case .domainName: domainName = newValue
            case .redirectUrl: redirectUrl = newValue
            }
        }
    }

    /// Sets every parameter `values` has; the others keep their value.
    mutating func merge(_ values: [SessionParameter: String]) {
        for (name, value) in values { self[name] = value }
    }

    /// The parameters that are set, in declaration order.
    func makeIterator() -> some IteratorProtocol<(key: SessionParameter, value: String)> {
        SessionParameter.allCases.compactMap { name in self[name].map { (key: name, value: $0) } }.makeIterator()
    }
}
