import FlowCore
import Foundation
import PassClient
import VSASimulator

/// A world made ready for one scenario: the app as the scenario changes it, and the device as
/// it is before the first step.
extension SimulationWorld {
    public func appSetup(for scenario: Scenario) throws -> AppSetup {
        var setup = try appSetup(
            platform: scenario.platform, integration: scenario.integration, requestor: scenario.requestor)
        if let filters = scenario.app.filtersSupportedProviders { setup.filtersSupportedProviders = filters }
        if let description = scenario.app.usageDescription {
            setup.identity.usageDescription = description.isEmpty ? nil : description
        }
        if let featured = scenario.app.featuredProviders { setup.featuredProviders = featured }
        if let asks = scenario.app.asksPermission { setup.asksPermission = asks }
        if let validates = scenario.app.validatesPartnerStatus { setup.validatesPartnerStatus = validates }
        if let entitled = scenario.app.singleSignOnEntitlement { setup.identity.hasSingleSignOnEntitlement = entitled }
        if let refusal = scenario.app.entitlementRefusal { setup.identity.entitlementRefusal = refusal }
        if let declined = scenario.app.declinedProviders { setup.identity.declinedProviders = declined }
        if let supported = scenario.app.supportedProviders { setup.supportedProviders = supported }
        if let safari = scenario.app.usesSafariViewController { setup.usesSafariViewController = safari }
        if let waits = scenario.app.waitsForSetRequestorComplete { setup.waitsForSetRequestorComplete = waits }
        if let sends = scenario.app.sendsFallbackParameters { setup.sendsFallbackParameters = sends }
        if let resource = scenario.app.mediaTokenVerifierResource { setup.mediaTokenVerifierResource = resource }
        if let keeps = scenario.app.keepsAccessToken { setup.keepsAccessToken = keeps }
        return setup
    }

    /// The device before the first step; a given system sign-in is made for real at the
    /// provider's identity provider, so later attribute queries work.
    public func givenDevice(for scenario: Scenario, setup: AppSetup) async throws
        -> SimulatedDevice
    {
        var device = SimulatedDevice(
            platform: scenario.platform, deviceIdentifier: "scenario-\(scenario.platform.rawValue)-device")
        device.system.region = scenario.device.region
        device.system.accessRestricted = scenario.device.restricted
        if scenario.device.permission != .notDetermined {
            device.system.appAccess[setup.identity.bundleId] = scenario.device.permission
        }
        if let given = scenario.device.signedIn {
            guard let provider = catalog.provider(given.provider) else {
                throw ScenarioError.unknownProvider(given.provider)
            }
            guard provider.supportsSignIn else { throw ScenarioError.providerWithoutSignIn(given.provider) }
            let password =
                info.personas.first { $0.username.lowercased() == given.persona.lowercased() }?.password
                ?? given.persona
            let idp = IdentityProviderClient(baseURL: baseURL, clock: clock, observer: nil)
            let signIn = try await idp.signIn(
                mvpd: provider.identityProvider, username: given.persona, password: password)
            let expiry =
                given.expiresIn.map { clock.nowMilliseconds() + Int64($0) * 1000 }
                ?? signIn.authenticationExpirationDate
            device.system.signIn = SystemSignIn(
                providerId: provider.id, identityProvider: provider.identityProvider,
                userDisplayName: signIn.userDisplayName,
                userID: signIn.userID, providerSessionToken: signIn.providerSessionToken, expiresAt: expiry)
        }
        return device
    }
}
