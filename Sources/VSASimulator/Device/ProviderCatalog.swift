/// The storefront's list of TV providers as Apple's picker shows them. Ids are the providers'
/// ids in Apple's catalog, which Adobe calls `platformMappingId`.
public struct ProviderCatalog: Codable, Sendable, Equatable {
    public struct Provider: Codable, Sendable, Equatable, Identifiable {
        public var id: String
        public var name: String
        /// The provider's identity provider at the mock back end (its MVPD id).
        public var identityProvider: String
        /// Whether the system can sign in to this provider (its sign-in is onboarded with Apple).
        /// Providers listed only for discovery answer `unsupportedProvider` when chosen.
        public var supportsSignIn: Bool
        /// Apple's own featured providers (shown first in Settings).
        public var featured: Bool

        public init(id: String, name: String, identityProvider: String, supportsSignIn: Bool, featured: Bool = false) {
            self.id = id
            self.name = name
            self.identityProvider = identityProvider
            self.supportsSignIn = supportsSignIn
            self.featured = featured
        }
    }

    public var providers: [Provider]

    public init(providers: [Provider]) {
        self.providers = providers
    }

    public func provider(_ id: String) -> Provider? {
        providers.first { $0.id == id }
    }
}
