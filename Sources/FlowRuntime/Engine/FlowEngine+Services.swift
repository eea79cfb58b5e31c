import FlowCore
import MockBackendAPI
import PassClient
import VSASimulator

extension FlowEngine {
    /// The clients a run talks through, and what it knows of the back end.
    public struct Services: Sendable {
        public let client: PassClient
        public let identityProvider: IdentityProviderClient
        public let baseURL: String
        public let info: ServerInfo
        public let catalog: ProviderCatalog
        /// The programmer's own identity provider (custom-idp apps).
        public let customIdentityProvider: CustomIdentityProviderClient
        /// What the device's web views send as `Accept-Language`; nil for English (nothing sent).
        public let acceptLanguage: String?
        /// Checks the short media tokens an SDK app is given (seed 001, F.3).
        public let mediaTokenVerifier: (any MediaTokenVerifying)?

        public init(
            client: PassClient, identityProvider: IdentityProviderClient, baseURL: String, info: ServerInfo,
            catalog: ProviderCatalog, customIdentityProvider: CustomIdentityProviderClient,
            acceptLanguage: String? = nil, mediaTokenVerifier: (any MediaTokenVerifying)? = nil
        ) {
            self.mediaTokenVerifier = mediaTokenVerifier
            self.acceptLanguage = acceptLanguage
            self.client = client
            self.identityProvider = identityProvider
            self.baseURL = baseURL
            self.info = info
            self.catalog = catalog
            self.customIdentityProvider = customIdentityProvider
        }
    }
}
