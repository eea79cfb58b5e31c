import PassAPI

/// The moments of a flow worth a timeline line. Each integration tells them in its own words:
/// REST API V2 names the cookbook step; the SDK names its API call and the callbacks the app gets.
enum Moment: Sendable, Equatable {
    case registering
    case requestingToken
    case checkingPartnerStatus
    case loadingProfiles
    case profileSelected
    case continuingWithPartner
    case loadingConfiguration
    case requestorReady(Bool)
    case showingApplePicker
    case requestingPartnerAuthentication
    case continuingWithDecisions
    case continuingWithBasic
    case askingFrameworkForSAML
    case creatingPartnerProfile
    case showingAppPicker([MvpdConfiguration])
    case selectedProvider(String?)
    case creatingSession
    case openingWebLogin(String)
    case webLoginReturned(String)
    case showingCode(String)
    case polling
    case authenticationStatus(Bool, String)
    case tokenSource(String)
    case preauthorizing
    case preauthorized([String])
    case authorizing
    case refreshingPartnerStatus
    case permitted(resource: String, token: String)
    case denied(resource: String, code: String, description: String)
    case loggingOut
    case logoutAction
    case openingLogoutPage(String)
    /// The silent metadata request after the permission check (named only where it is a step).
    case askingFrameworkSilently
    // REST API V1 only.
    case readingAdobeToken
    case tokenGenerated
    case retrievingMediaToken
    case readingTokenSource

    func notes(_ integration: Integration) -> [FlowNote] {
        switch integration {
        case .restV2: restNotes
        case .restV1: v1Notes
        case .sdk: sdkNotes
        case .customIdP: customNotes
        }
    }

    private var restNotes: [FlowNote] {
        typealias Steps = RestV2Steps
        switch self {
        case .registering: return [.step(Steps.registerClient)]
        case .requestingToken: return [.step(Steps.retrieveToken)]
        case .checkingPartnerStatus: return [.step(Steps.silentPartnerStatus)]
        case .loadingProfiles: return [.step(Steps.retrieveProfiles)]
        case .profileSelected: return [.step(Steps.selectProfile)]
        case .continuingWithPartner: return [.step(Steps.continuePartner)]
        case .loadingConfiguration: return [.step(Steps.retrieveConfiguration)]
        case .showingApplePicker: return [.step(Steps.interactivePartnerStatus)]
        case .requestingPartnerAuthentication: return [.step(Steps.partnerRequest)]
        case .continuingWithDecisions: return [.step(Steps.continueDecisions)]
        case .continuingWithBasic: return [.step(Steps.continueBasic)]
        case .askingFrameworkForSAML: return [.step(Steps.partnerAuthentication)]
        case .creatingPartnerProfile: return [.step(Steps.partnerProfile)]
        case .showingAppPicker: return [.step(Steps.appPicker)]
        case .creatingSession: return [.step(Steps.createSession)]
        case .openingWebLogin: return [.step(Steps.webLogin)]
        case .showingCode: return [.step(Steps.showCode)]
        case .polling: return [.step(Steps.pollProfile)]
        case .preauthorizing: return [.step(Steps.preauthorize)]
        case .authorizing: return [.step(Steps.authorize)]
        case .refreshingPartnerStatus: return [.step(Steps.decisionPartnerStatus)]
        case .loggingOut: return [.step(Steps.logout)]
        case .logoutAction: return [.step(Steps.logoutAction)]
        case .openingLogoutPage: return [.note("Opening the MVPD logout page in a hidden web view.")]
        case .requestorReady, .selectedProvider, .webLoginReturned, .authenticationStatus, .tokenSource, .preauthorized,
            .permitted, .denied, .readingAdobeToken, .tokenGenerated, .retrievingMediaToken, .readingTokenSource,
            .askingFrameworkSilently:
            return []
        }
    }

    private var v1Notes: [FlowNote] {
        typealias Steps = RestV1Steps
        switch self {
        case .registering: return [.step(Steps.registerClient)]
        case .requestingToken: return [.step(Steps.retrieveToken)]
        case .loadingProfiles: return [.step(Steps.checkAdobeToken)]
        case .readingAdobeToken: return [.step(Steps.readAdobeToken)]
        case .checkingPartnerStatus: return [.step(Steps.silentPartnerStatus)]
        case .loadingConfiguration: return [.step(Steps.fetchConfiguration)]
        case .showingApplePicker: return [.step(Steps.interactivePartnerStatus)]
        case .requestingPartnerAuthentication: return [.step(Steps.profileRequest)]
        case .askingFrameworkForSAML: return [.step(Steps.forwardToPartner)]
        case .creatingPartnerProfile: return [.step(Steps.tokenExchange)]
        case .tokenGenerated: return [.step(Steps.tokenGenerated)]
        case .continuingWithBasic: return [.step(Steps.regularAuthentication)]
        case .showingAppPicker: return [.step(Steps.appPicker)]
        case .creatingSession: return [.step(Steps.regularAuthentication)]
        case .openingWebLogin: return [.step(Steps.webLogin)]
        case .showingCode: return [.step(Steps.showCode)]
        case .polling: return [.step(Steps.retrieveAdobeToken)]
        case .preauthorizing: return [.step(Steps.preauthorize)]
        case .authorizing: return [.step(Steps.authorize)]
        case .retrievingMediaToken: return [.step(Steps.mediaToken)]
        case .readingTokenSource: return [.step(Steps.tokenSource)]
        case .loggingOut: return [.step(Steps.logout)]
        case .openingLogoutPage: return [.note("Opening the logout page in a web view, so the MVPD session ends too.")]
        case .continuingWithPartner:
            return [.note("The device is signed in to a TV provider: single sign-on is tried silently.")]
        case .profileSelected, .continuingWithDecisions, .refreshingPartnerStatus, .logoutAction, .requestorReady,
            .selectedProvider, .webLoginReturned, .authenticationStatus, .tokenSource, .preauthorized, .permitted,
            .denied, .askingFrameworkSilently:
            return []
        }
    }

    private var customNotes: [FlowNote] {
        typealias Steps = CustomIdentityProviderSteps
        switch self {
        case .checkingPartnerStatus: return [.step(Steps.accessStatus)]
        case .askingFrameworkSilently: return [.step(Steps.silentAccount)]
        case .showingApplePicker: return [.step(Steps.interactiveAccount)]
        case .requestingPartnerAuthentication: return [.step(Steps.identityProviderInfo)]
        case .askingFrameworkForSAML: return [.step(Steps.secondMetadataRequest)]
        case .creatingPartnerProfile: return [.step(Steps.translate)]
        case .authorizing: return [.step(Steps.entitlements)]
        case .loggingOut: return [.step(Steps.forgetTokens)]
        case .continuingWithBasic: return [.step(Steps.ownSignIn)]
        case .openingWebLogin: return [.step(Steps.webSignIn)]
        case .webLoginReturned: return [.step(Steps.exchangeCode)]
        case .showingCode: return [.step(Steps.showDeviceCode)]
        case .polling: return [.step(Steps.pollToken)]
        default: return []
        }
    }

    private var sdkNotes: [FlowNote] {
        typealias Steps = SDKSteps
        switch self {
        case .registering, .requestingToken, .checkingPartnerStatus, .loadingProfiles, .continuingWithPartner,
            .continuingWithDecisions, .continuingWithBasic, .creatingSession, .polling, .refreshingPartnerStatus,
            .logoutAction, .profileSelected, .readingAdobeToken, .tokenGenerated, .retrievingMediaToken,
            .readingTokenSource, .askingFrameworkSilently:
            return []
        case .loadingConfiguration: return [.step(Steps.setRequestor)]
        case .requestorReady(let success):
            return [
                .callback(
                    name: "setRequestorComplete",
                    arguments: success ? "ACCESS_ENABLER_STATUS_SUCCESS" : "ACCESS_ENABLER_STATUS_ERROR")
            ]
        case .showingApplePicker: return [.step(Steps.getAuthentication)]
        case .requestingPartnerAuthentication, .askingFrameworkForSAML, .creatingPartnerProfile:
            return self == .requestingPartnerAuthentication ? [.step(Steps.partnerExchange)] : []
        case .showingAppPicker(let mvpds):
            return [
                .step(Steps.displayProviderDialog),
                .callback(name: "displayProviderDialog", arguments: "[\(mvpds.count) MVPD objects]"),
            ]
        case .selectedProvider(let mvpd):
            return [.note("The app calls setSelectedProvider(\(mvpd ?? "nil")).")]
        case .openingWebLogin(let url):
            return [.step(Steps.navigateToUrl), .callback(name: "navigateToUrl", arguments: url)]
        case .webLoginReturned(let url):
            return [.step(Steps.handleExternalURL), .note("The app calls handleExternalURL(\(url)).")]
        case .showingCode:
            return [
                .step(Steps.registrationCode)
            ]
        case .authenticationStatus(let success, let code):
            return [.callback(name: "setAuthenticationStatus", arguments: "\(success ? 1 : 0), \"\(code)\"")]
        case .tokenSource(let source):
            return [.step(Steps.getMetadata), .callback(name: "setMetadataStatus", arguments: "tokenSource=\(source)")]
        case .preauthorizing: return [.step(Steps.checkPreauthorizedResources)]
        case .preauthorized(let resources):
            return [.callback(name: "preauthorizedResources", arguments: "[\(resources.joined(separator: ", "))]")]
        case .authorizing: return [.step(Steps.getAuthorization)]
        case .permitted(let resource, let token):
            return [.callback(name: "setToken", arguments: "\(token.prefix(16))…, \(resource)")]
        case .denied(let resource, let code, let description):
            return [.callback(name: "tokenRequestFailed", arguments: "\(resource), \(code), \"\(description)\"")]
        case .loggingOut: return [.step(Steps.logout)]
        case .openingLogoutPage(let url): return [.callback(name: "navigateToUrl", arguments: url)]
        }
    }
}
