import Foundation
import HTTPTypes
import PassAPI

/// A programmer's own identity provider (seed 003) under `/custom-idp/{requestor}`: the info
/// endpoint for the second VSA metadata request, the SAML translate endpoint, and the app's own
/// account sign-in used when single sign-on is not possible.
struct CustomIdentityProviderRoutes {
    let backend: MockBackend

    func register(into registry: inout RouteRegistry) {}
}
