import PassAPI

/// Who takes part in a flow: the person at the device, the app, Apple's TV-provider framework,
/// Adobe Pass, the MVPD, a programmer's own identity provider, and a browser (the second
/// screen's, or the web view a sign-in page opens in). The sequence diagram draws one lane
/// for each, in this order.
public enum TimelineParty: String, Sendable, CaseIterable, Codable, Comparable {
    case user
    case browser
    case app
    case framework
    case adobe
    case mvpd
    case identityProvider = "idp"
    /// A server that is none of the above: a HAR's calls to hosts tvsim does not know.
    case other

    public static func < (lhs: TimelineParty, rhs: TimelineParty) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Who sends `exchange` and who answers it, from the call's definition: Adobe Pass's APIs
    /// answer the app, its pages a browser; the mock MVPD's pages answer a browser and its
    /// other endpoints the TV-provider framework.
    public static func route(of exchange: HTTPExchange) -> TimelineRoute {
        guard let endpoint = Endpoint.matching(method: exchange.method, path: exchange.path) else {
            return TimelineRoute(.app, .other)
        }
        let caller: TimelineParty = endpoint.isPage ? .browser : .app
        switch endpoint.api {
        case .dcr, .restV2, .restV1: return TimelineRoute(caller, .adobe)
        case .webAuthentication, .activation: return TimelineRoute(.browser, .adobe)
        case .mockProvider: return TimelineRoute(endpoint.isPage ? .browser : .framework, .mvpd)
        case .customIdP: return TimelineRoute(caller, .identityProvider)
        }
    }
}

/// Who an entry of the timeline goes from and to: a call or an answer between two parties, or,
/// when both are one party, something that happens at that party alone.
public struct TimelineRoute: Sendable, Hashable {
    public let from: TimelineParty
    public let to: TimelineParty
    /// The line answers a call `to` made (drawn dashed), rather than being a call of its own.
    public let answers: Bool

    public init(_ from: TimelineParty, _ to: TimelineParty, answers: Bool = false) {
        self.from = from
        self.to = to
        self.answers = answers
    }

    /// Something that happens at `party` alone.
    public static func at(_ party: TimelineParty) -> TimelineRoute { TimelineRoute(party, party) }

    public var isNote: Bool { from == to }

    /// The framework calling one of the app's delegate methods.
    public static let frameworkToApp = TimelineRoute(.framework, .app)
    /// The framework answering a call of the app's.
    public static let frameworkAnswer = TimelineRoute(.framework, .app, answers: true)
    /// The app calling the framework.
    public static let appToFramework = TimelineRoute(.app, .framework)
}
