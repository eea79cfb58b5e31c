/// A step of a cookbook, as the step pane and the timeline name it.
public struct CookbookStep: Codable, Sendable, Equatable, Hashable {
    public let id: String
    /// The step's name in the cookbook, in English, or the SDK call it is. The string catalogs
    /// translate it under `stepTitle.…` (an SDK call keeps its name); a test holds them to this.
    public let title: String
    /// The key of the step's explanation in the string catalogs.
    public let key: String
    /// The part of the journey the step serves; steps of different integrations that do the same
    /// job share it, and `--compare` aligns on it.
    public let stage: JourneyStage

    public init(_ id: String, _ title: String, key: String, stage: JourneyStage) {
        self.id = id
        self.title = title
        self.key = key
        self.stage = stage
    }

    public var label: String { "\(id) \(title)" }

    /// The step of `integration`'s cookbook that `id` names, when it names only one (REST API
    /// V2's BA.2 is the web login on an iPhone and the code on a TV): how the live audit of an
    /// outside app titles the step of a call it recognised.
    public static func named(_ id: String, in integration: String) -> CookbookStep? {
        let steps: [CookbookStep] =
            switch Integration(rawValue: integration) {
            case .restV2?: RestV2Steps.all
            case .restV1?: RestV1Steps.all
            default: []
            }
        let matching = steps.filter { $0.id == id }
        return matching.count == 1 ? matching[0] : nil
    }
}

/// The parts of a sign-in journey every integration goes through in its own way, in the order
/// a first sign-in meets them.
public enum JourneyStage: String, Codable, Sendable, CaseIterable {
    case registration
    case checkAuthentication = "check-authentication"
    case partnerStatus = "partner-status"
    case configuration
    case providerPicker = "provider-picker"
    case partnerRequest = "partner-request"
    case partnerResponse = "partner-response"
    case partnerExchange = "partner-exchange"
    case appPicker = "app-picker"
    case regularAuthentication = "regular-authentication"
    case secondScreen = "second-screen"
    case preauthorization
    case authorization
    case logout

    /// How the side-by-side view titles the stage.
    public var title: String {
        switch self {
        case .registration: "Register the app"
        case .checkAuthentication: "Is the user authenticated?"
        case .partnerStatus: "Ask the TV-provider framework"
        case .configuration: "Load the MVPD configuration"
        case .providerPicker: "Apple's picker and provider sign-in"
        case .partnerRequest: "Get the SAML request for the provider"
        case .partnerResponse: "Get the provider's SAML response"
        case .partnerExchange: "Exchange it for an authentication"
        case .appPicker: "The app's own MVPD picker"
        case .regularAuthentication: "Sign in at the MVPD"
        case .secondScreen: "Wait for the second screen"
        case .preauthorization: "Preauthorize titles"
        case .authorization: "Authorize a play"
        case .logout: "Sign out"
        }
    }
}
